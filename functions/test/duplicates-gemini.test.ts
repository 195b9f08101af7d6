// Gemini as a second opinion on likely duplicates (issue 26, item 1), with the real @google/genai
// SDK pointed at a local stand-in of Gemini's REST API, through the planning job the trigger runs,
// on the emulators: what it is sent, how its verdicts move the uncertain suggestions, that any
// failure stores the scorer's list exactly, and that it is not asked when nothing is uncertain.
import assert from 'node:assert/strict';
import { geminiSettingsFor } from '../src/config.js';
import { db } from '../src/data/firestore.js';
import {
  applyJudgements,
  MAX_JUDGED,
  MAX_LOWER,
  MAX_RAISE,
  redacted,
  UNCERTAIN_BELOW,
  uncertainOf,
} from '../src/duplicates/gemini.js';
import { DUPLICATE_THRESHOLD } from '../src/duplicates/score.js';
import { runPlanning, type PlanningOptions } from '../src/planning/job.js';
import type { HelpRequest } from '../src/requests/model.js';
import { requestStore } from '../src/requests/store.js';
import type { GeminiSettings } from '../src/shared/gemini.js';
import { call, expectStatus, registeredUser, uniqueId, type TestUser } from './helpers/api.js';
import { GeminiStandIn, type ReceivedCall, type Scripted } from './helpers/gemini-standin.js';
import { disaster, north, quietRequest, storedRequest } from './helpers/planning-fixtures.js';
import { plannedDeterministically, requestDocument } from './helpers/request-document.js';

/** A phrase of the duplicate judge's system instruction (duplicates/gemini.ts): how its calls are told apart. */
const JUDGING = 'find duplicate help requests';
const PHONE = '+639170000001';
const SON_PHONE_AS_WRITTEN = '0917 555 1234';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const round2 = (value: number) => Math.round(value * 100) / 100;

/** Gemini's answer: verdicts on the numbered candidates. */
const verdicts = (...judgements: { candidate: number; verdict: string; confidence: number }[]): Scripted => ({
  kind: 'plan',
  plan: { judgements },
});

/** What a judging call was sent. */
function promptOf(judging: ReceivedCall): {
  request: Record<string, unknown>;
  candidates: ({ candidate: number; description: string } & Record<string, unknown>)[];
} {
  return JSON.parse(judging.body.contents[0].parts[0].text as string);
}

describe('which suggestions Gemini judges, and how far its verdicts move them', () => {
  const suggestion = (id: string, score: number) => ({ id, score, reasons: ['near' as const] });

  it(`judges only the uncertain ones, from ${DUPLICATE_THRESHOLD} up to under ${UNCERTAIN_BELOW}, the best ${MAX_JUDGED}`, () => {
    const ranked = [0.95, 0.8, 0.79, 0.7, 0.6, 0.55, 0.5].map((score, i) => suggestion(`s${i}`, score));
    assert.deepEqual(
      uncertainOf(ranked).map((s) => s.score),
      [0.79, 0.7, 0.6],
    );
    assert.deepEqual(uncertainOf([suggestion('a', 1), suggestion('b', 0.8)]), []);
    assert.deepEqual(uncertainOf([]), []);
  });

  it("moves a score at most by its bounds, within 0 to 1, and re-ranks, ties in the scorer's order", () => {
    const ranked = [suggestion('a', 0.9), suggestion('b', 0.79), suggestion('c', 0.5)];
    const judged = applyJudgements(ranked, ['b', 'c'], {
      judgements: [
        { candidate: 1, verdict: 'different', confidence: 1 },
        { candidate: 2, verdict: 'same', confidence: 1 },
      ],
    });
    assert.deepEqual(judged, [
      { id: 'a', score: 0.9, reasons: ['near'] },
      { id: 'c', score: round2(0.5 + MAX_RAISE), reasons: ['near', 'model_judged_same'] },
      { id: 'b', score: round2(0.79 - MAX_LOWER), reasons: ['near', 'model_judged_different'] },
    ]);
    const top = applyJudgements([suggestion('a', 0.95)], ['a'], {
      judgements: [{ candidate: 1, verdict: 'same', confidence: 1 }],
    });
    assert.equal(top[0]!.score, 1);
  });

  it('masks the numbers and addresses people write to be reached, and keeps house numbers and counts', () => {
    assert.equal(
      redacted('5 kami sa 12 Rizal St., tawag 0917 123 4567 o +63 (917) 765-4321, maria@example.org'),
      '5 kami sa 12 Rizal St., tawag [number] o [number], [email]',
    );
  });
});

describe("Gemini's second opinion on likely duplicates (against a local stand-in of the REST API)", () => {
  const gemini = new GeminiStandIn();
  let admin: TestUser;

  before(async () => {
    db();
    await gemini.start();
    admin = await registeredUser('admin');
  });
  after(() => gemini.stop());

  /** The settings the trigger would use (config.ts GEMINI_USES.duplicates), pointed at the stand-in, short time-outs. */
  const judgeSettings = (): GeminiSettings =>
    geminiSettingsFor('duplicates', 'test-key', { GEMINI_BASE_URL: gemini.url, DUPLICATES_GEMINI_TIMEOUT_MS: '400' });

  const plannerSettings = (): GeminiSettings => ({
    apiKey: 'test-key',
    baseUrl: gemini.url,
    model: 'gemini-2.5-flash',
    timeoutMs: 400,
    maxAttempts: 1,
    initialBackoffMs: 20,
  });

  /**
   * A rescue request (its own number, and its son's written in its place note) with, in its own
   * disaster: a report from the same number, same words (certain, 1.0); a neighbour's with other
   * words for the same house (uncertain, ~0.7) and a shorter one (uncertain, ~0.5). `certain`:
   * the first only; `none`: no other request.
   */
  async function scene(others: 'uncertain' | 'certain' | 'none' = 'uncertain') {
    const flood = await disaster();
    const at = north(flood.location, 1);
    const candidate = async (fields: Partial<HelpRequest>) => {
      const stored = requestDocument({
        id: uniqueId('req'),
        owner_id: uniqueId('owner'),
        disaster_id: flood.id,
        created_at: hoursAgo(2),
        planning: plannedDeterministically(hoursAgo(2)),
        ...fields,
      });
      await requestStore.doc(stored.id).set(stored);
      return stored;
    };
    const certain = await candidate({
      ...(others === 'none' ? { status: 'fulfilled' } : {}),
      channel: 'sms',
      requester_contact: { channel: 'sms', phone: PHONE },
      description: 'Grandmother and two kids on the roof of the blue house, water is rising',
      location: north(at, 0.05),
      created_at: hoursAgo(1),
    });
    const uncertain =
      others === 'uncertain'
        ? [
            await candidate({ description: 'Kids on the roof of a house, water rising', location: north(at, 0.1) }),
            await candidate({ description: 'Stuck on the roof of the blue house', location: north(at, 0.15) }),
          ]
        : [];
    const owner = await registeredUser('affected_individual');
    const request = await quietRequest({
      owner: owner.uid,
      disasterId: flood.id,
      at,
      seed: {
        channel: 'sms',
        requester_contact: { channel: 'sms', phone: PHONE },
        description: 'Grandmother and two kids stuck on the roof of the blue house, water rising',
        location_text: `Blue house by the chapel, call my son ${SON_PHONE_AS_WRITTEN}`,
      },
    });
    return { flood, request, certain, uncertain };
  }

  /** Plans the request (again, from pending) and reads what was stored. */
  async function plan(request: HelpRequest, options: Partial<PlanningOptions>) {
    const current = (await storedRequest(request.id))!;
    await requestStore.update(request.id, { planning: { ...current.planning, state: 'pending' } });
    const outcome = await runPlanning(request.id, { gemini: null, ...options });
    return { outcome, stored: (await storedRequest(request.id))! };
  }

  /** The scorer's list, stored by a planning run without Gemini: what every fallback must store again. */
  async function scorersList(request: HelpRequest) {
    const { stored } = await plan(request, { duplicatesGemini: null });
    assert.ok(stored.possible_duplicates, 'scored');
    assert.deepEqual(stored.possible_duplicates_judge, { judge: 'deterministic', model: null, fallback_code: null });
    return stored.possible_duplicates;
  }

  it('a verdict of same raises an uncertain suggestion and says so; Gemini is sent no number, name field, id or point', async () => {
    const s = await scene();
    const before = await scorersList(s.request);
    const [first, second] = s.uncertain.map((u) => before.find((d) => d.id === u.id)!);
    assert.ok(first && second, `both uncertain candidates suggested: ${JSON.stringify(before)}`);
    for (const d of [first, second]) assert.ok(d.score >= DUPLICATE_THRESHOLD && d.score < UNCERTAIN_BELOW);
    assert.ok(before.find((d) => d.id === s.certain.id)!.score >= UNCERTAIN_BELOW);

    gemini.answer(
      verdicts({ candidate: 1, verdict: 'same', confidence: 1 }, { candidate: 2, verdict: 'unsure', confidence: 0.3 }),
    );
    const { outcome, stored } = await plan(s.request, { duplicatesGemini: judgeSettings() });
    assert.equal(outcome, 'planned');

    // One call, about the two uncertain suggestions only, best first.
    assert.equal(gemini.calls.length, 1);
    const [judging] = gemini.callsAbout(JUDGING);
    assert.ok(judging);
    assert.equal(judging.body.generationConfig?.responseMimeType, 'application/json');
    assert.equal(judging.body.generationConfig?.responseJsonSchema?.type, 'object');
    const prompt = promptOf(judging);
    assert.deepEqual(
      prompt.candidates.map((c) => [c.candidate, c.description]),
      [
        [1, s.uncertain[0]!.description],
        [2, s.uncertain[1]!.description],
      ],
    );
    // Other people's requests leave the service: their words, a distance band, hours apart; never more.
    assert.deepEqual(Object.keys(prompt.request).sort(), ['description', 'location_text', 'need']);
    for (const sent of prompt.candidates)
      assert.deepEqual(Object.keys(sent).sort(), [
        'candidate',
        'description',
        'distance',
        'hours_apart',
        'location_text',
        'need',
      ]);
    const sent = JSON.stringify(judging.body);
    for (const secret of [
      PHONE,
      PHONE.slice(1),
      SON_PHONE_AS_WRITTEN,
      s.request.id,
      s.request.owner_id,
      s.certain.id,
      ...s.uncertain.flatMap((u) => [u.id, u.owner_id]),
    ])
      assert.ok(!sent.includes(secret), `not sent: ${secret}`);
    assert.equal(prompt.request.location_text, 'Blue house by the chapel, call my son [number]');
    // 100 m and 150 m north: bands, never the points (the first on a band's edge).
    assert.ok(['under 100 m', '100 to 300 m'].includes(String(prompt.candidates[0]!.distance)));
    assert.equal(prompt.candidates[1]!.distance, '100 to 300 m');
    assert.deepEqual(
      prompt.candidates.map((c) => c.hours_apart),
      [2, 2],
    );

    const after = stored.possible_duplicates!;
    assert.deepEqual(
      after.find((d) => d.id === first.id),
      {
        id: first.id,
        score: round2(first.score + MAX_RAISE),
        reasons: [...first.reasons, 'model_judged_same'],
      },
    );
    assert.deepEqual(
      after.find((d) => d.id === second.id),
      second,
      'unsure: as the scorer left it',
    );
    assert.deepEqual(
      after.find((d) => d.id === s.certain.id),
      before.find((d) => d.id === s.certain.id),
      'never sent: as the scorer left it',
    );
    const scores = after.map((d) => d.score);
    assert.deepEqual(
      scores,
      [...scores].sort((a, b) => b - a),
      'best first',
    );
    assert.deepEqual(stored.possible_duplicates_judge, {
      judge: 'gemini',
      model: 'gemini-2.5-flash',
      fallback_code: null,
    });
    assert.equal(stored.planning.planner, 'deterministic', 'the plan is not Gemini’s: only the duplicates were judged');

    // Staff see who judged, and the reason (the contract test checks the shape against the declaration).
    const view = expectStatus(await call('GET', `/requests/${s.request.id}`, { token: admin.token }), 200);
    assert.deepEqual(view.possible_duplicates, after);
    assert.deepEqual(view.possible_duplicates_judge, stored.possible_duplicates_judge);
  });

  it('a verdict of different lowers a suggestion below the ones left alone, and keeps it listed', async () => {
    const s = await scene();
    const before = await scorersList(s.request);
    gemini.answer(verdicts({ candidate: 1, verdict: 'different', confidence: 1 }));
    const { stored } = await plan(s.request, { duplicatesGemini: judgeSettings() });
    assert.equal(gemini.callsAbout(JUDGING).length, 1);
    const first = before.find((d) => d.id === s.uncertain[0]!.id)!;
    const second = before.find((d) => d.id === s.uncertain[1]!.id)!;
    const lowered = {
      id: first.id,
      score: round2(first.score - MAX_LOWER),
      reasons: [...first.reasons, 'model_judged_different'],
    };
    assert.ok(lowered.score < second.score, 'demoted under the other');
    assert.deepEqual(stored.possible_duplicates, [before.find((d) => d.id === s.certain.id), second, lowered]);
    assert.equal(stored.possible_duplicates_judge?.judge, 'gemini');
  });

  it('the planner and the second opinion, both on Gemini, are asked at once in the same run, each once', async () => {
    const s = await scene();
    await scorersList(s.request);
    gemini.answer({
      kind: 'plan',
      plan: {
        rationale: 'Boat to the blue house.',
        tasks: [{ instructions: 'Take the boat to the blue house.', role_required: 'responder', priority: 1 }],
        resources: [],
      },
    });
    gemini.answerWhen(JUDGING, verdicts({ candidate: 2, verdict: 'same', confidence: 0.5 }));
    const { stored } = await plan(s.request, { gemini: plannerSettings(), duplicatesGemini: judgeSettings() });
    assert.equal(gemini.calls.length, 2);
    assert.equal(gemini.callsAbout(JUDGING).length, 1);
    assert.equal(stored.planning.planner, 'gemini');
    const raised = stored.possible_duplicates!.find((d) => d.id === s.uncertain[1]!.id)!;
    assert.ok(raised.reasons.includes('model_judged_same'));
    assert.equal(stored.possible_duplicates_judge?.judge, 'gemini');
  });

  const fallbacks: [string, Scripted[], string][] = [
    ['an error (500, retried once)', [{ kind: 'error', status: 500 }], 'gemini_unavailable'],
    ['time-outs', [{ kind: 'hang' }], 'gemini_unavailable'],
    ['malformed JSON', [{ kind: 'text', text: '{"judgements": [{"candidate": 1, "verd' }], 'gemini_invalid_answer'],
    ['garbage', [{ kind: 'text', text: 'These look like the same family to me.' }], 'gemini_invalid_answer'],
    [
      'an out-of-range confidence',
      [verdicts({ candidate: 1, verdict: 'same', confidence: 7 })],
      'gemini_invalid_answer',
    ],
    ['an unknown verdict', [verdicts({ candidate: 1, verdict: 'merge them', confidence: 1 })], 'gemini_invalid_answer'],
    [
      'a candidate it was not sent',
      [verdicts({ candidate: 3, verdict: 'same', confidence: 1 })],
      'gemini_invalid_answer',
    ],
    [
      'a candidate judged twice',
      [
        verdicts(
          { candidate: 1, verdict: 'same', confidence: 1 },
          { candidate: 1, verdict: 'different', confidence: 1 },
        ),
      ],
      'gemini_invalid_answer',
    ],
    ['a blocked prompt', [{ kind: 'blocked', reason: 'SAFETY' }], 'gemini_blocked'],
  ];
  for (const [what, script, code] of fallbacks) {
    it(`on ${what}, stores the scorer's list exactly, says why, and the request is planned in bounded time`, async () => {
      const s = await scene();
      const before = await scorersList(s.request);
      gemini.answer(...script);
      const started = Date.now();
      const { outcome, stored } = await plan(s.request, { duplicatesGemini: judgeSettings() });
      // Two attempts of 400 ms and one back-off of at most 500 ms, and the run's own reads and writes.
      assert.ok(Date.now() - started < 5000, `bounded: ${Date.now() - started} ms`);
      assert.equal(outcome, 'planned');
      assert.ok(gemini.callsAbout(JUDGING).length >= 1, 'Gemini was asked');
      assert.deepEqual(stored.possible_duplicates, before);
      assert.deepEqual(stored.possible_duplicates_judge, { judge: 'deterministic', model: null, fallback_code: code });
      assert.equal(stored.planning.state, 'planned');
    });
  }

  it('is not asked when no suggestion is uncertain, nor when there are none', async () => {
    const s = await scene('certain');
    const planAnswer: Scripted = {
      kind: 'plan',
      plan: {
        rationale: 'Boat.',
        tasks: [{ instructions: 'Boat.', role_required: 'responder', priority: 1 }],
        resources: [],
      },
    };
    gemini.answer(planAnswer);
    gemini.answerWhen(JUDGING, verdicts({ candidate: 1, verdict: 'different', confidence: 1 }));
    const { stored } = await plan(s.request, { gemini: plannerSettings(), duplicatesGemini: judgeSettings() });
    assert.deepEqual(
      stored.possible_duplicates?.map((d) => d.id),
      [s.certain.id],
      'one suggestion, certain',
    );
    assert.equal(gemini.calls.length, 1, 'the planner was asked');
    assert.deepEqual(gemini.callsAbout(JUDGING), [], 'no duplicate was sent to be judged');
    assert.deepEqual(stored.possible_duplicates_judge, { judge: 'deterministic', model: null, fallback_code: null });

    const alone = await scene('none');
    gemini.answer(planAnswer);
    gemini.answerWhen(JUDGING, verdicts());
    const { stored: lonely } = await plan(alone.request, {
      gemini: plannerSettings(),
      duplicatesGemini: judgeSettings(),
    });
    assert.deepEqual(lonely.possible_duplicates, []);
    assert.deepEqual(gemini.callsAbout(JUDGING), []);
    assert.equal(lonely.possible_duplicates_judge?.judge, 'deterministic');
  });
});
