// Likely duplicates across people and channels (issue 26, item 1): the scorer on a slice of the
// labelled corpus, and over the emulators what planning and placement store, and who sees it.
import assert from 'node:assert/strict';
import { requestStore } from '../src/requests/store.js';
import { db } from '../src/data/firestore.js';
import { rankDuplicates, phonesInText } from '../src/duplicates/score.js';
import { duplicateSearchOf, isFoundBy, readDuplicateCandidates } from '../src/duplicates/search.js';
import { MAX_GEOHASH_RANGES } from '../src/shared/geo.js';
import { fold, similarity, trigrams } from '../src/duplicates/text.js';
import { runPlanning } from '../src/planning/job.js';
import type { HelpRequest } from '../src/requests/model.js';
import { call, expectStatus, registeredUser, uniqueId, type TestUser } from './helpers/api.js';
import { duplicateCorpus, evaluateTopK } from './helpers/duplicate-corpus.js';
import { disaster, join, north, storedRequest, waitFor } from './helpers/planning-fixtures.js';
import { requestDocument } from './helpers/request-document.js';
import { readyTask } from './helpers/tasks-fixtures.js';
import { verify } from './helpers/trust.js';

describe('the duplicate scorer', () => {
  it('folds accents and matches words with typos in the three languages', () => {
    assert.equal(fold('Niños en el TEJADO, ¡ayúdenos!'), 'ninos en el tejado ayudenos');
    const pairs: [string, string][] = [
      ['Nasa bubong kami, tumataas ang tubig, may sanggol', 'nasa bubung kami, tumataas ang tubg, may sangol'],
      ['Atrapados en el techo con un bebé de tres meses', 'atrapados en el tcho con un bebe de tres mese'],
      ['Trapped on the roof with a baby of three months', 'trapped on teh roof with a baby of thre months'],
    ];
    for (const [a, b] of pairs) assert.ok(similarity(trigrams(a), trigrams(b)) > 0.5, `${a} ~ ${b}`);
    assert.ok(similarity(trigrams('Trapped on the roof'), trigrams('No drinking water left')) < 0.1);
    // Only the words of asking in common: nothing.
    assert.equal(similarity(trigrams('Please help, urgent!'), trigrams('Tulong po, kailangan agad')), 0);
  });

  it('reads the numbers written in a text in the country of the sender', () => {
    assert.deepEqual(phonesInText('ang number nila ay 0917 123 4567', '+639181112222'), ['+639171234567']);
    assert.deepEqual(phonesInText('call +63 917-123-4567 or 0063 918 765 4321', null), [
      '+639171234567',
      '+639187654321',
    ]);
    assert.deepEqual(phonesInText('we are 4 people at 12 Rizal St.', '+639181112222'), []);
  });

  it('finds the true duplicates of a slice of the labelled corpus (precision and recall of the top 3)', () => {
    const { requests } = duplicateCorpus({ seed: 7, clusters: 80, singletons: 300 });
    const result = evaluateTopK(
      requests,
      (request, candidates) => rankDuplicates(request, candidates),
      (request, earlier) => earlier.filter((other) => isFoundBy(duplicateSearchOf(request), other)),
    );
    assert.ok(result.findable > 100, `a slice with duplicates to find (${result.findable})`);
    assert.ok(result.precision >= 0.9, `precision ${result.precision.toFixed(3)} >= 0.9`);
    assert.ok(result.recall >= 0.8, `recall ${result.recall.toFixed(3)} >= 0.8`);
  });

  it('is deterministic and order-independent: the same candidates in any order give the same suggestions', () => {
    const { requests } = duplicateCorpus({ seed: 3, clusters: 20, singletons: 60 });
    const subject = requests[requests.length - 1]!;
    const candidates = requests.slice(0, -1).map((r) => ({ ...r, location: r.point }));
    const forward = rankDuplicates({ ...subject, location: subject.point }, candidates);
    const backward = rankDuplicates({ ...subject, location: subject.point }, [...candidates].reverse());
    assert.deepEqual(backward, forward);
  });
});

describe('likely duplicates at planning time (emulators)', () => {
  let admin: TestUser;
  let flood: Awaited<ReturnType<typeof disaster>>;
  const SMS_PHONE = '+639171234567';

  /** An SMS request already planned, written through the data layer. */
  async function smsRequest(fields: Partial<HelpRequest>): Promise<HelpRequest> {
    const request = requestDocument({
      id: uniqueId('req'),
      owner_id: uniqueId('sms-owner'),
      disaster_id: flood.id,
      type_of_need: 'rescue',
      channel: 'sms',
      requester_contact: { channel: 'sms', phone: SMS_PHONE },
      description: 'Pamilya Reyes, lima kami, nasa bubong na, tumataas ang tubig, may sanggol',
      location_text: '12 Mabini St., malapit sa kapilya',
      location: north(flood.location, 1),
      ...fields,
    });
    await requestStore.doc(request.id).set(request);
    return request;
  }

  async function planned(id: string): Promise<HelpRequest> {
    return waitFor(`request ${id} planned`, async () => {
      const request = await storedRequest(id);
      return request?.planning.state === 'planned' && request.possible_duplicates !== undefined ? request : undefined;
    });
  }

  async function appRequest(owner: TestUser, body: Record<string, unknown>): Promise<HelpRequest> {
    const created = expectStatus(
      await call('POST', '/requests', {
        token: owner.token,
        body: { disaster_id: flood.id, type_of_need: 'rescue', location: north(flood.location, 1.1), ...body },
      }),
      201,
    );
    return planned(created.id);
  }

  before(async () => {
    db();
    admin = await registeredUser('admin');
  });
  // A disaster of its own for each test, far from the others: no test sees another's requests.
  beforeEach(async () => {
    flood = await disaster();
  });

  it('a request from another person and channel, near, for the same need, gets the suggestion with its reasons; a far one and a neighbour with another need do not', async () => {
    const original = await smsRequest({});
    const far = await smsRequest({ location: north(flood.location, 9), requester_contact: null });
    const otherNeed = await smsRequest({
      type_of_need: 'food',
      description: 'Pamilya Reyes, lima kami, wala nang bigas',
      requester_contact: null,
    });
    await Promise.all([original, far, otherNeed].map((r) => planned(r.id)));

    const neighbour = await registeredUser('affected_individual');
    const repeat = await appRequest(neighbour, {
      description: 'The Reyes family, 5 of them, on the roof, water rising (nasa bubong, may sanggol)',
    });
    const suggestions = repeat.possible_duplicates!;
    const forOriginal = suggestions.find((s) => s.id === original.id);
    assert.ok(forOriginal, `the SMS request is suggested: ${JSON.stringify(suggestions)}`);
    assert.ok(forOriginal.score >= 0.5 && forOriginal.score <= 1);
    for (const reason of ['near', 'same_need', 'close_in_time'] as const)
      assert.ok(forOriginal.reasons.includes(reason), reason);
    assert.ok(!forOriginal.reasons.includes('same_phone'), 'the app user has no phone of theirs in common');
    assert.equal(
      suggestions.find((s) => s.id === far.id),
      undefined,
      'the far request is not suggested',
    );
    assert.equal(
      suggestions.find((s) => s.id === otherNeed.id),
      undefined,
      'the other need next door is not suggested',
    );
    const scores = suggestions.map((s) => s.score);
    assert.deepEqual(
      scores,
      [...scores].sort((a, b) => b - a),
      'best first',
    );
  });

  it('shows the suggestions in the staff view only: never to the requester, the assignee or a volunteer of the area', async () => {
    const original = await smsRequest({});
    await planned(original.id);
    const owner = await registeredUser('affected_individual');
    const repeat = await appRequest(owner, {
      description: 'Reyes family of five on the roof with a baby, water rising',
    });
    assert.ok(
      repeat.possible_duplicates!.some((s) => s.id === original.id),
      'suggested',
    );

    const staff = expectStatus(await call('GET', `/requests/${repeat.id}`, { token: admin.token }), 200);
    assert.equal(staff.view, 'staff');
    assert.deepEqual(staff.possible_duplicates, repeat.possible_duplicates);

    const assignee = await verify(await registeredUser('volunteer', { availability: 'available' }));
    await readyTask(admin, assignee, flood.id, { request_id: repeat.id, role_required: 'volunteer' });
    const member = await verify(await registeredUser('volunteer'));
    await join(flood.id, member);
    for (const [who, user, view] of [
      ['owner', owner, 'owner'],
      ['assignee', assignee, 'assignee'],
      ['area volunteer', member, 'area'],
    ] as const) {
      const one = expectStatus(await call('GET', `/requests/${repeat.id}`, { token: user.token }), 200);
      assert.equal(one.view, view, who);
      assert.equal('possible_duplicates' in one, false, `${who}: no possible_duplicates`);
      assert.ok(!JSON.stringify(one).includes(original.id), `${who}: nothing of the other request`);
      const list = expectStatus(
        await call('GET', `/requests/disaster/${flood.id}?limit=200`, { token: user.token }),
        200,
      );
      assert.ok(!JSON.stringify(list).includes('possible_duplicates'), `${who}: not in the list either`);
    }
  });

  it("a relative who gives the household's number is linked to its request even from afar (household phone)", async () => {
    // The household's own SMS, placed 5 km from where the relative's app puts them: no geohash
    // range of the relative's request reaches it; the number it names does.
    const household = await smsRequest({ location: north(flood.location, 6) });
    await planned(household.id);
    const relative = await registeredUser('affected_individual', { phone: '+639189990000' });
    const report = await appRequest(relative, {
      description: 'Pamilya Reyes (my sister), lima sila, nasa bubong, may sanggol. Ang number nila ay 0917 123 4567',
    });
    const link = report.possible_duplicates!.find((s) => s.id === household.id);
    assert.ok(link, JSON.stringify(report.possible_duplicates));
    assert.ok(link.reasons.includes('household_phone'));
    assert.ok(!link.reasons.includes('near'));
  });

  it('planning the request again writes the same suggestions', async () => {
    const original = await smsRequest({});
    await planned(original.id);
    const repeat = await appRequest(await registeredUser('affected_individual'), {
      description: 'Reyes family, five people, on the roof, baby with them',
    });
    assert.ok(repeat.possible_duplicates!.length > 0);
    await requestStore.update(repeat.id, { planning: { ...repeat.planning, state: 'pending' } });
    assert.equal(await runPlanning(repeat.id, { gemini: null }), 'planned');
    const again = await storedRequest(repeat.id);
    assert.deepEqual(again!.possible_duplicates, repeat.possible_duplicates);
  });

  it('reads only the requests of the window around the point: older ones left open there are neither read nor billed', async () => {
    const now = Date.now();
    const hoursAgo = (hours: number) => new Date(now - hours * 3_600_000).toISOString();
    // A long disaster: a street where a dozen requests were left open four days ago.
    const stale = await Promise.all(
      Array.from({ length: 12 }, () => smsRequest({ requester_contact: null, created_at: hoursAgo(96) })),
    );
    const recent = await smsRequest({ requester_contact: null, created_at: hoursAgo(2) });
    const request = await smsRequest({ requester_contact: null, created_at: hoursAgo(0) });
    const { candidates, docsRead } = await readDuplicateCandidates(request);
    const ids = candidates.map((c) => c.id);
    assert.ok(ids.includes(recent.id), 'the recent one is a candidate');
    assert.deepEqual(
      stale.filter((r) => ids.includes(r.id)).map((r) => r.id),
      [],
      'none of the four-day-old ones is read',
    );
    // The two of the window (itself and the recent one), and one read for each range that found nothing.
    assert.ok(docsRead <= 2 + MAX_GEOHASH_RANGES, `${docsRead} reads`);
  });

  it('placing a request that waited for its point scores it there: the same number and the place', async () => {
    const original = await smsRequest({});
    await planned(original.id);
    // The same person writes again from the same number, without a usable point.
    const waiting = await smsRequest({
      description: 'Reyes lima kami nasa bubong pa rin, sanggol',
      location: flood.location,
      owner_id: uniqueId('sms-owner'),
      planning: { ...original.planning, state: 'awaiting_location' },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal((await storedRequest(waiting.id))!.possible_duplicates, undefined, 'not scored while waiting');
    expectStatus(
      await call('PUT', `/requests/${waiting.id}/location`, {
        token: admin.token,
        body: { location: north(flood.location, 1.05) },
      }),
      200,
    );
    const placed = await planned(waiting.id);
    const forOriginal = placed.possible_duplicates!.find((s) => s.id === original.id);
    assert.ok(forOriginal, JSON.stringify(placed.possible_duplicates));
    for (const reason of ['same_phone', 'near', 'same_need', 'similar_place'] as const)
      assert.ok(forOriginal.reasons.includes(reason), reason);
  });
});
