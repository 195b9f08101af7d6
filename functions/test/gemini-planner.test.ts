// The Gemini planner, with the real @google/genai SDK pointed at a local stand-in of Gemini's REST
// API, run from this process through the same planning job the trigger runs, on the emulators.
import assert from 'node:assert/strict';
import { workflowOutputStore } from '../src/workflow/store.js';
import { db } from '../src/data/firestore.js';
import type { GeminiSettings } from '../src/planning/gemini.js';
import { GEMINI_PLANS_PER_MINUTE, runPlanning } from '../src/planning/job.js';
import { registeredUser, type TestUser } from './helpers/api.js';
import { GeminiStandIn, type Scripted } from './helpers/gemini-standin.js';
import { disaster, north, quietRequest, resource, spot, storedRequest } from './helpers/planning-fixtures.js';
import { verify } from './helpers/trust.js';

describe('Gemini planner (against a local stand-in of the REST API)', () => {
  const gemini = new GeminiStandIn();
  let disasterId: string;
  let owner: TestUser;

  before(async () => {
    db();
    await gemini.start();
    disasterId = (await disaster()).id;
    owner = await registeredUser('affected_individual');
  });
  after(() => gemini.stop());

  const settings = (overrides: Partial<GeminiSettings> = {}): GeminiSettings => ({
    apiKey: 'test-key',
    baseUrl: gemini.url,
    model: 'gemini-2.5-flash',
    timeoutMs: 400,
    maxAttempts: 3,
    initialBackoffMs: 20,
    ...overrides,
  });

  /** A rescue request with two boats, a busy boat and a responder and volunteer nearby. */
  async function scene() {
    const at = spot();
    const boat = await resource(north(at, 1), { category: 'boat', name: 'Boat A' });
    const truck = await resource(north(at, 3), { category: 'vehicle', name: 'Truck B' });
    const busy = await resource(north(at, 1), { category: 'boat', status: 'in_use', task_id: 'task-x' });
    const responder = await registeredUser('responder', { location: north(at, 2) });
    const volunteer = await verify(
      await registeredUser('volunteer', { location: north(at, 2), availability: 'available' }),
    );
    const bystander = await registeredUser('affected_individual', { location: north(at, 1) });
    const request = await quietRequest({ owner: owner.uid, disasterId, at, need: 'rescue' });
    return { request, boat, truck, busy, responder, volunteer, bystander };
  }

  async function plan(requestId: string, script: Scripted[], overrides: Partial<GeminiSettings> = {}) {
    gemini.answer(...script);
    const outcome = await runPlanning(requestId, { gemini: settings(overrides) });
    const output = (await workflowOutputStore.doc(requestId).get()).data();
    const request = await storedRequest(requestId);
    return { outcome, output, request };
  }

  it('uses a good plan: reworded tasks, chosen resources and assignees, and records the model', async () => {
    const s = await scene();
    const { outcome, output, request } = await plan(s.request.id, [
      {
        kind: 'plan',
        plan: {
          rationale: 'Two people on a roof: boat rescue first, truck to move them on.',
          tasks: [
            {
              instructions: 'Take Boat A to the roof and lift both people off.',
              role_required: 'responder',
              priority: 1,
              suggested_assignee_id: s.responder.uid,
            },
            {
              instructions: 'Meet the boat at the bridge with dry clothes.',
              role_required: 'volunteer',
              priority: 2,
              suggested_assignee_id: s.volunteer.uid,
            },
            {
              instructions: 'Check the neighbouring houses.',
              role_required: 'volunteer',
              priority: 3,
              suggested_assignee_id: null,
            },
          ],
          resources: [
            { resource_id: s.boat.id, reason: 'nearest boat' },
            { resource_id: s.truck.id, reason: 'onward transport' },
          ],
        },
      },
    ]);
    assert.equal(outcome, 'planned');
    assert.equal(output?.planner, 'gemini');
    assert.equal(output?.model, 'gemini-2.5-flash');
    assert.equal(output?.fallback_reason, null);
    assert.equal(output?.rationale, 'Two people on a roof: boat rescue first, truck to move them on.');
    assert.deepEqual(
      output?.tasks.map((t) => [t.instructions, t.priority, t.suggested_assignee_id]),
      [
        ['Take Boat A to the roof and lift both people off.', 1, s.responder.uid],
        ['Meet the boat at the bridge with dry clothes.', 2, s.volunteer.uid],
        ['Check the neighbouring houses.', 3, null],
      ],
    );
    assert.deepEqual(
      output?.resources.map((r) => [r.resource_id, r.name, r.reason]),
      [
        [s.boat.id, 'Boat A', 'nearest boat'],
        [s.truck.id, 'Truck B', 'onward transport'],
      ],
    );
    assert.equal(request?.planning.state, 'planned');
    assert.equal(request?.planning.planner, 'gemini');
    assert.equal(request?.potential_matches?.resources.length, 2);

    assert.equal(gemini.calls.length, 1);
    const [sent] = gemini.calls;
    assert.equal(sent?.path, '/v1beta/models/gemini-2.5-flash:generateContent');
    assert.equal(sent?.apiKey, 'test-key');
    assert.equal(sent?.body.generationConfig?.responseMimeType, 'application/json');
    assert.equal(sent?.body.generationConfig?.responseJsonSchema?.type, 'object');
    const prompt = JSON.stringify(sent?.body.contents);
    assert.ok(prompt.includes(s.boat.id) && !prompt.includes(s.busy.id), 'only eligible candidates are offered');
    assert.ok(!prompt.includes(s.bystander.uid));
  });

  it('drops invented, busy and ineligible ids and says so', async () => {
    const s = await scene();
    const { output } = await plan(s.request.id, [
      {
        kind: 'plan',
        plan: {
          rationale: 'Use everything.',
          tasks: [
            {
              instructions: 'Rescue.',
              role_required: 'responder',
              priority: 1,
              suggested_assignee_id: s.volunteer.uid,
            },
            { instructions: 'Help.', role_required: 'volunteer', priority: 2, suggested_assignee_id: s.bystander.uid },
            {
              instructions: 'Coordinate.',
              role_required: 'responder',
              priority: 2,
              suggested_assignee_id: 'made-up-user',
            },
          ],
          resources: [
            { resource_id: 'made-up-resource', reason: 'x' },
            { resource_id: s.busy.id, reason: 'busy' },
            { resource_id: s.boat.id, reason: 'ok' },
            { resource_id: s.boat.id, reason: 'twice' },
          ],
        },
      },
    ]);
    assert.equal(output?.planner, 'gemini');
    assert.deepEqual(
      output?.tasks.map((t) => t.suggested_assignee_id),
      [null, null, null],
    );
    assert.deepEqual(
      output?.resources.map((r) => r.resource_id),
      [s.boat.id],
    );
    assert.match(output?.rationale ?? '', /6 suggested id\(s\) were not eligible/);
  });

  it('retries a 429 and uses the plan that follows', async () => {
    const s = await scene();
    const { output } = await plan(s.request.id, [
      { kind: 'error', status: 429 },
      {
        kind: 'plan',
        plan: {
          rationale: 'After the quota reset.',
          tasks: [{ instructions: 'Rescue.', role_required: 'responder', priority: 1 }],
          resources: [],
        },
      },
    ]);
    assert.equal(gemini.calls.length, 2);
    assert.equal(output?.planner, 'gemini');
    assert.equal(output?.rationale, 'After the quota reset.');
  });

  const fallbacks: [string, Scripted[], number, RegExp, string][] = [
    [
      'malformed JSON',
      [{ kind: 'text', text: '{"rationale": "cut off' }],
      1,
      /malformed JSON/,
      'gemini_invalid_answer',
    ],
    [
      'an answer that breaks the schema',
      [
        {
          kind: 'plan',
          plan: { rationale: 'x', tasks: [{ instructions: 'x', role_required: 'admin', priority: 9 }], resources: [] },
        },
      ],
      1,
      /does not match/,
      'gemini_invalid_answer',
    ],
    ['lasting 503s', [{ kind: 'error', status: 503 }], 3, /after 3 attempt\(s\): HTTP 503/, 'gemini_unavailable'],
    ['time-outs', [{ kind: 'hang' }], 3, /after 3 attempt\(s\): time-out/, 'gemini_unavailable'],
    ['a blocked prompt', [{ kind: 'blocked', reason: 'SAFETY' }], 1, /blocked the prompt \(SAFETY\)/, 'gemini_blocked'],
    [
      'a withheld answer (finish reason SAFETY)',
      [{ kind: 'finish', reason: 'SAFETY' }],
      1,
      /finish reason SAFETY/,
      'gemini_blocked',
    ],
    ['a refused API key (403, not retried)', [{ kind: 'error', status: 403 }], 1, /HTTP 403/, 'gemini_unavailable'],
  ];
  for (const [what, script, calls, reason, code] of fallbacks) {
    it(`falls back to the deterministic plan on ${what}, and the request is planned, not lost or stuck`, async () => {
      const s = await scene();
      const started = Date.now();
      const { outcome, output, request } = await plan(s.request.id, script);
      assert.equal(outcome, 'planned');
      assert.equal(gemini.calls.length, calls);
      assert.equal(output?.planner, 'deterministic');
      assert.match(output?.fallback_reason ?? '', reason);
      assert.equal(output?.fallback_code, code);
      assert.match(output?.rationale ?? '', /Gemini was not used/);
      assert.deepEqual(
        output?.resources.map((r) => r.resource_id),
        [s.boat.id, s.truck.id],
      );
      assert.equal(output?.tasks.length, 2);
      assert.equal(request?.planning.state, 'planned');
      assert.equal(request?.planning.planner, 'deterministic');
      assert.equal(request?.planning.lease_expires_at, null);
      assert.ok(Date.now() - started < 5000);
    });
  }

  it(`uses the deterministic plan without calling Gemini once the shared budget of ${GEMINI_PLANS_PER_MINUTE} calls a minute is spent`, async () => {
    const s = await scene();
    // Not across a minute boundary: the counter is per minute.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 5000) await new Promise((resolve) => setTimeout(resolve, left + 100));
    const windowStart = Math.floor(Date.now() / 60_000) * 60_000;
    const counter = db().collection('rate_limits').doc(`gemini:planner:global:${windowStart}`);
    await counter.set({ count: GEMINI_PLANS_PER_MINUTE }, { merge: true });
    try {
      const { outcome, output } = await plan(s.request.id, [
        { kind: 'plan', plan: { rationale: 'x', tasks: [], resources: [] } },
      ]);
      assert.equal(outcome, 'planned');
      assert.equal(gemini.calls.length, 0);
      assert.equal(output?.planner, 'deterministic');
      assert.match(output?.fallback_reason ?? '', /budget/);
      assert.equal(output?.fallback_code, 'gemini_budget_spent');
    } finally {
      await counter.delete();
    }
  });
});
