// Reversible merges (POST /requests/{req_id}/merge and /unmerge): one transaction each, what each
// reporter sees and hears afterwards, repeats, refusals that write nothing, and the race of two
// opposite merges on the official Firestore emulator.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { newPhoneContact } from '../src/channels/model.js';
import { phoneContactStore } from '../src/channels/store.js';
import { auditStore } from '../src/audit/store.js';
import type { Timestamp } from 'firebase-admin/firestore';
import { confirmationDueAt } from '../src/requests/confirmation-state.js';
import { db } from '../src/data/firestore.js';
import { requestStore } from '../src/requests/store.js';
import type { HelpRequest } from '../src/requests/model.js';
import { render } from '../src/events/templates.js';
import { shortReference } from '../src/shared/reference.js';
import { call, expectProblem, expectStatus, registeredUser, uniqueId, type TestUser } from './helpers/api.js';
import { waitFor } from './helpers/planning-fixtures.js';
import { gatherContext } from '../src/chatbot/context.js';
import { newNumber, replyOf, smsForm, smsTo, twilioPost } from './helpers/sms.js';
import { confirmedDisaster, helpRequest, notificationsOf, readyTask } from './helpers/tasks-fixtures.js';

const REASON = 'Same family on the same roof, reported twice';

/** An id whose short reference (its first 6 characters) is its own: the fixtures' ids share a prefix. */
const ownReference = () => ({ id: randomUUID() });

async function stored(id: string): Promise<HelpRequest> {
  const request = await requestStore.get(id);
  assert.ok(request, `request ${id} is stored`);
  return request;
}

async function recordsOf(requestId: string) {
  return (await auditStore.ref().where('request_id', '==', requestId).get()).docs
    .map((doc) => doc.data())
    .filter((record) => record.type === 'request.merged' || record.type === 'request.unmerged');
}

/** A person known only by their number (SMS), as the SMS intake makes them. */
async function textingPerson(): Promise<{ user: TestUser; number: string }> {
  const user = await registeredUser('affected_individual');
  const number = newNumber();
  const at = new Date().toISOString();
  await phoneContactStore
    .doc(number)
    .set(newPhoneContact({ number, uid: user.uid, language: 'en', channel: 'sms', at }));
  return { user, number };
}

function merge(staff: TestUser, id: string, into: string, reason = REASON) {
  return call('POST', `/requests/${id}/merge`, { token: staff.token, body: { into, reason } });
}

function unmerge(staff: TestUser, id: string) {
  return call('POST', `/requests/${id}/unmerge`, { token: staff.token });
}

function view(user: TestUser, id: string) {
  return call('GET', `/requests/${id}`, { token: user.token });
}

describe('reversible merges', function () {
  this.timeout(60_000);
  let admin: TestUser;
  let dispatcher: TestUser;
  let disasterId: string;
  before(async () => {
    [admin, dispatcher] = await Promise.all([registeredUser('admin'), registeredUser('responder')]);
    disasterId = (await confirmedDisaster()).id;
  });

  it('merges a request into its survivor in one commit: closed as a duplicate, one more reporter, one audit record; the same merge again changes nothing', async () => {
    const [alice, bob] = await Promise.all([
      registeredUser('affected_individual'),
      registeredUser('affected_individual'),
    ]);
    const earlier = await helpRequest(disasterId, alice.uid);
    // Alice's request is flagged as a repeat of her own earlier one at creation: unmerge restores it.
    const mine = await helpRequest(disasterId, alice.uid, {
      description: 'Alice: grandmother cannot walk',
      duplicate_of: earlier.id,
      status: 'in_progress',
    });
    const theirs = await helpRequest(disasterId, bob.uid, { description: 'Bob: three people on the roof' });

    const body = expectStatus(await merge(dispatcher, mine.id, theirs.id), 200);
    assert.equal(body.merged.view, 'staff');
    assert.equal(body.merged.status, 'closed');
    assert.equal(body.merged.closed_reason, 'duplicate');
    assert.equal(body.merged.duplicate_of, theirs.id);
    assert.equal(body.merged.merge.into, theirs.id);
    assert.equal(body.merged.merge.reason, REASON);
    assert.equal(body.merged.report_count, 1);
    assert.equal(body.survivor.report_count, 2);
    assert.deepEqual(
      body.survivor.merged_reports.map((r: Record<string, unknown>) => [r.request_id, r.reference, r.owner_id]),
      [[mine.id, shortReference(mine.id), alice.uid]],
    );
    assert.equal(body.survivor.status, 'open');

    const [merged, survivor] = await Promise.all([stored(mine.id), stored(theirs.id)]);
    assert.equal(merged.status, 'closed');
    assert.equal(merged.owner_id, alice.uid, 'the merged request stays hers');
    assert.deepEqual(merged.merge?.previous, {
      status: 'in_progress',
      closed_reason: null,
      duplicate_of: earlier.id,
      status_changed_at: mine.status_changed_at,
    });
    assert.equal(survivor.report_count, 2);
    assert.deepEqual(survivor.merged_reports, [
      { request_id: mine.id, owner_id: alice.uid, merged_at: merged.merge?.merged_at },
    ]);
    const records = await recordsOf(mine.id);
    assert.equal(records.length, 1);
    assert.equal(records[0]?.type, 'request.merged');
    assert.equal(records[0]?.actor_id, dispatcher.uid);
    assert.deepEqual(records[0]?.after, {
      status: 'closed',
      closed_reason: 'duplicate',
      duplicate_of: theirs.id,
      reason: REASON,
      survivor_report_count: 2,
    });

    // The same merge again (by anyone of staff): the same answer, nothing written.
    assert.deepEqual(expectStatus(await merge(admin, mine.id, theirs.id), 200), body);
    assert.deepEqual(await stored(mine.id), merged);
    assert.deepEqual(await stored(theirs.id), survivor);
    assert.equal((await recordsOf(mine.id)).length, 1, 'no second event');
  });

  it("each reporter keeps the owner view of their own request, following the survivor, and learns nothing of the other's", async () => {
    const [alice, bob] = await Promise.all([
      registeredUser('affected_individual'),
      registeredUser('affected_individual'),
    ]);
    const mine = await helpRequest(disasterId, alice.uid, {
      description: 'Alice: grandmother cannot walk',
      ...ownReference(),
    });
    const theirs = await helpRequest(disasterId, bob.uid, {
      description: 'Bob: three people on the roof',
      ...ownReference(),
    });
    const before = expectStatus(await view(alice, mine.id), 200);
    assert.equal(before.merged_at, null);
    expectStatus(await merge(dispatcher, mine.id, theirs.id), 200);
    expectStatus(
      await call('PATCH', `/requests/${theirs.id}/status`, { token: admin.token, body: { status: 'in_progress' } }),
      200,
    );

    const hers = expectStatus(await view(alice, mine.id), 200);
    assert.equal(hers.view, 'owner');
    assert.equal(hers.id, mine.id);
    assert.equal(hers.reference, shortReference(mine.id), 'her reference stays hers');
    assert.equal(hers.description, 'Alice: grandmother cannot walk');
    assert.equal(hers.status, 'in_progress', "the survivor's status");
    assert.equal(hers.closed_reason, null);
    assert.equal(typeof hers.merged_at, 'string');
    const listed = expectStatus(await call('GET', '/requests/me', { token: alice.token }), 200);
    assert.equal(listed.items.find((r: { id: string }) => r.id === mine.id)?.status, 'in_progress');
    // The assistant tells her the same of her request, and nothing of his.
    const { context } = await gatherContext(
      { uid: alice.uid, role: alice.role, email: null },
      { categories: [], anyNearby: false, parts: { tasks: false, plans: false, memberships: false } },
    );
    assert.deepEqual(
      context.requests.map((r) => [r.id, r.status, r.closed_reason]),
      [[mine.id, 'in_progress', null]],
    );
    assert.ok(!JSON.stringify(context).includes('Bob:'));

    const his = expectStatus(await view(bob, theirs.id), 200);
    assert.equal(his.view, 'owner');
    assert.equal(his.status, 'in_progress');
    assert.equal(his.merged_at, null);
    // Neither view names the other person, their request or what they wrote; no counts of reporters.
    for (const [seen, other] of [
      [hers, { uid: bob.uid, id: theirs.id, text: 'Bob:' }],
      [his, { uid: alice.uid, id: mine.id, text: 'Alice:' }],
    ] as const) {
      const text = JSON.stringify(seen);
      assert.ok(!text.includes(other.uid), 'no owner id of the other reporter');
      assert.ok(!text.includes(other.text), "no description of the other's request");
      assert.ok(!('report_count' in seen) && !('merged_reports' in seen) && !('merge' in seen));
      if (seen === his) {
        assert.ok(!text.includes(other.id), 'the survivor does not name the merged request');
        assert.ok(!text.includes(shortReference(other.id)), 'nor its reference');
      }
    }
    expectProblem(await view(alice, theirs.id), 404);
    expectProblem(await view(bob, mine.id), 404);
    expectProblem(await call('GET', `/requests/${theirs.id}/history`, { token: alice.token }), 404);

    // Staff see both sides of it.
    const staff = expectStatus(await view(dispatcher, theirs.id), 200);
    assert.equal(staff.report_count, 2);
    assert.equal(staff.merged_reports[0].owner_id, alice.uid);
    assert.equal(expectStatus(await view(dispatcher, mine.id), 200).status, 'closed');
  });

  it("the merged reporter hears the survivor's updates on their own channel (SMS), by their own reference; the survivor's owner in the app", async () => {
    const { user: texter, number } = await textingPerson();
    const appUser = await registeredUser('affected_individual');
    const responder = await registeredUser('responder');
    const mine = await helpRequest(disasterId, texter.uid, { channel: 'sms', ...ownReference() });
    const theirs = await helpRequest(disasterId, appUser.uid, ownReference());
    assert.notEqual(shortReference(mine.id), shortReference(theirs.id));
    expectStatus(await merge(dispatcher, mine.id, theirs.id), 200);
    const myRef = shortReference(mine.id);
    const theirRef = shortReference(theirs.id);

    // STATUS by SMS: their own reference, open while the survivor is (stored, theirs is closed).
    const status = replyOf(await twilioPost(smsForm(number, 'STATUS'))) ?? '';
    assert.match(status, new RegExp(`^Your requests: ${myRef} `));
    assert.doesNotMatch(status, new RegExp(theirRef));

    const task = await readyTask(admin, responder, disasterId, { request_id: theirs.id });
    const [arranged] = await smsTo(number, 1);
    assert.equal(arranged?.body, render('request_task_created', 'en', myRef));
    expectStatus(
      await call('PATCH', `/tasks/${task.id}/status`, { token: responder.token, body: { status: 'on_route' } }),
      200,
    );
    assert.equal((await smsTo(number, 2))[1]?.body, render('request_on_route', 'en', myRef));
    expectStatus(
      await call('PATCH', `/tasks/${task.id}/status`, { token: responder.token, body: { status: 'completed' } }),
      200,
    );
    const texts = await smsTo(number, 3);
    assert.equal(texts[2]?.body, render('request_fulfilled', 'en', myRef));
    assert.ok(
      texts.every((sms) => !sms.body.includes(theirRef)),
      "never the survivor's reference",
    );
    assert.equal(expectStatus(await view(texter, mine.id), 200).status, 'fulfilled');

    // In the app, each is told by their own request: the task stays the survivor's owner's to see.
    const inApp = async (uid: string) =>
      (await notificationsOf(uid)).sort((a, b) => a.created_at.localeCompare(b.created_at));
    assert.deepEqual(
      (await inApp(texter.uid)).map((n) => [n.request_id, n.task_id, n.text]),
      [
        [mine.id, null, render('request_task_created', 'en', myRef)],
        [mine.id, null, render('request_on_route', 'en', myRef)],
        [mine.id, null, render('request_fulfilled', 'en', myRef)],
      ],
    );
    const theirs3 = await inApp(appUser.uid);
    assert.deepEqual(
      theirs3.map((n) => [n.request_id, n.task_id]),
      [
        [theirs.id, task.id],
        [theirs.id, task.id],
        [theirs.id, null],
      ],
    );
    assert.ok(theirs3.every((n) => !n.text.includes(myRef)));
  });

  it("the survivor's owner withdrawing it: the merged reporter hears it closed, by their own reference (they did not close it); the owner hears nothing", async () => {
    const { user: texter, number } = await textingPerson();
    const appUser = await registeredUser('affected_individual');
    const mine = await helpRequest(disasterId, texter.uid, { channel: 'sms', ...ownReference() });
    const theirs = await helpRequest(disasterId, appUser.uid, ownReference());
    expectStatus(await merge(dispatcher, mine.id, theirs.id), 200);
    expectStatus(
      await call('PATCH', `/requests/${theirs.id}/status`, {
        token: appUser.token,
        body: { status: 'closed', closed_reason: 'withdrawn' },
      }),
      200,
    );
    const myRef = shortReference(mine.id);
    const [closed] = await smsTo(number, 1);
    assert.equal(closed?.body, render('request_closed', 'en', myRef));
    assert.ok(!closed.body.includes(shortReference(theirs.id)), "never the survivor's reference");
    const told = await waitFor('the in-app notice', async () => {
      const found = await notificationsOf(texter.uid);
      return found.length > 0 ? found : undefined;
    });
    assert.deepEqual(
      told.map((n) => [n.request_id, n.task_id, n.text]),
      [[mine.id, null, render('request_closed', 'en', myRef)]],
    );
    assert.deepEqual(
      await notificationsOf(appUser.uid),
      [],
      'the owner who withdrew it is not told of their own change',
    );
    assert.equal(expectStatus(await view(texter, mine.id), 200).status, 'closed');
  });

  it('unmerge restores both as they were before the merge; a second unmerge is a 409 that writes nothing', async () => {
    const [alice, bob] = await Promise.all([
      registeredUser('affected_individual'),
      registeredUser('affected_individual'),
    ]);
    const earlier = await helpRequest(disasterId, alice.uid);
    const mine = await helpRequest(disasterId, alice.uid, { duplicate_of: earlier.id, status: 'in_progress' });
    const theirs = await helpRequest(disasterId, bob.uid);
    expectStatus(await merge(dispatcher, mine.id, theirs.id), 200);

    const body = expectStatus(await unmerge(admin, mine.id), 200);
    assert.equal(body.merged.status, 'in_progress');
    assert.equal(body.merged.closed_reason, null);
    assert.equal(body.merged.duplicate_of, earlier.id, 'the creation flag is back');
    assert.equal(body.merged.merge, null);
    assert.equal(body.survivor.report_count, 1);
    assert.deepEqual(body.survivor.merged_reports, []);
    const [merged, survivor] = await Promise.all([stored(mine.id), stored(theirs.id)]);
    assert.equal(merged.status, 'in_progress');
    assert.equal(merged.duplicate_of, earlier.id);
    assert.equal(merged.merge, null);
    assert.equal(survivor.report_count, 1);
    assert.deepEqual(survivor.merged_reports, []);
    // Open again, so the re-confirmation sweep finds it again (the merge had closed it: nothing due).
    const due = (await db().collection('requests').doc(mine.id).get()).get('confirmation_due_at') as Timestamp | null;
    assert.equal(
      due?.toDate().toISOString(),
      confirmationDueAt(merged),
      'the unmerged request is due for its question again',
    );
    assert.deepEqual((await recordsOf(mine.id)).map((r) => [r.type, r.actor_id]).sort(), [
      ['request.merged', dispatcher.uid],
      ['request.unmerged', admin.uid],
    ]);
    const hers = expectStatus(await view(alice, mine.id), 200);
    assert.equal(hers.status, 'in_progress');
    assert.equal(hers.merged_at, null);

    const again = expectProblem(await unmerge(admin, mine.id), 409, 'conflict');
    assert.equal(again.reason, 'not_merged');
    assert.deepEqual(await stored(mine.id), merged);
    assert.deepEqual(await stored(theirs.id), survivor);
    assert.equal((await recordsOf(mine.id)).length, 2);
  });

  it('refuses what cannot be merged with a clear code, and writes nothing', async () => {
    const owner = await registeredUser('affected_individual');
    const otherDisaster = await confirmedDisaster();
    const [a, b, c, closed, fulfilled, elsewhere] = await Promise.all([
      helpRequest(disasterId, owner.uid),
      helpRequest(disasterId, owner.uid),
      helpRequest(disasterId, owner.uid),
      helpRequest(disasterId, owner.uid, { status: 'closed', closed_reason: 'withdrawn' }),
      helpRequest(disasterId, owner.uid, { status: 'fulfilled' }),
      helpRequest(otherDisaster.id, owner.uid),
    ]);
    expectStatus(await merge(dispatcher, a.id, b.id), 200); // a into b
    const ids = [a, b, c, closed, fulfilled, elsewhere].map((r) => r.id);
    const snapshot = async () => ({
      requests: await Promise.all(ids.map(stored)),
      records: (await Promise.all(ids.map(recordsOf))).flat().length,
    });
    const before = await snapshot();

    const refusal = (response: Awaited<ReturnType<typeof merge>>, status: number, reason?: string) => {
      const problem = expectProblem(response, status);
      if (reason) assert.equal(problem.reason, reason, problem.detail);
      return problem;
    };
    const itself = await refusal(await merge(dispatcher, c.id, c.id), 400);
    assert.equal(itself.code, 'validation_failed');
    assert.equal(itself.errors[0].path, 'body.into');
    await refusal(await merge(dispatcher, c.id, elsewhere.id), 409, 'different_disasters');
    await refusal(await merge(dispatcher, c.id, closed.id), 409, 'survivor_ended');
    await refusal(await merge(dispatcher, c.id, fulfilled.id), 409, 'survivor_ended');
    await refusal(await merge(dispatcher, closed.id, c.id), 409, 'request_ended');
    // A chain: into a request that is itself merged. The problem names the real survivor.
    const chain = await refusal(await merge(dispatcher, c.id, a.id), 409, 'survivor_merged');
    assert.equal(chain.survivor_id, b.id);
    const elsewhereMerged = await refusal(await merge(dispatcher, a.id, c.id), 409, 'already_merged');
    assert.equal(elsewhereMerged.survivor_id, b.id);
    await refusal(await merge(dispatcher, b.id, c.id), 409, 'has_merged_reports');
    await refusal(await merge(dispatcher, c.id, uniqueId('missing')), 404);
    await refusal(await unmerge(dispatcher, c.id), 409, 'not_merged');
    // Never the requester's to do, nor a volunteer's.
    await refusal(await merge(owner, c.id, b.id), 403);
    await refusal(await unmerge(owner, a.id), 403);
    await refusal(await merge(await registeredUser('volunteer'), c.id, b.id), 403);
    await refusal(
      await call('POST', `/requests/${c.id}/merge`, {
        token: dispatcher.token,
        body: { into: b.id },
        invalidRequest: 'no reason',
      }),
      400,
    );

    assert.deepEqual(await snapshot(), before, 'a refusal wrote nothing');
  });

  it('two opposite merges at once (A into B, B into A): exactly one is applied, the other answers 409', async function () {
    if (process.env.STACK_FIRESTORE_KIND !== 'official') {
      console.log(
        '\n      NOT RUN: the embedded Firestore emulator does not isolate transactions (see the stack’s first line).\n',
      );
      this.skip();
    }
    for (let round = 0; round < 3; round += 1) {
      const [x, y] = await Promise.all([registeredUser('affected_individual'), registeredUser('affected_individual')]);
      const [a, b] = await Promise.all([helpRequest(disasterId, x.uid), helpRequest(disasterId, y.uid)]);
      const [ab, ba] = await Promise.all([merge(dispatcher, a.id, b.id), merge(admin, b.id, a.id)]);
      const statuses = [ab.status, ba.status].sort();
      assert.deepEqual(statuses, [200, 409], `${ab.status} ${ab.text} / ${ba.status} ${ba.text}`);
      const loser = ab.status === 409 ? ab : ba;
      assert.ok(['survivor_merged', 'has_merged_reports'].includes(loser.body.reason), loser.text);
      const [sa, sb] = await Promise.all([stored(a.id), stored(b.id)]);
      const mergedOnes = [sa, sb].filter((r) => r.merge !== null);
      assert.equal(mergedOnes.length, 1, 'exactly one merged');
      const survivor = mergedOnes[0] === sa ? sb : sa;
      assert.equal(survivor.status, 'open');
      assert.equal(survivor.report_count, 2);
      assert.equal(survivor.merged_reports.length, 1);
      const records = [...(await recordsOf(a.id)), ...(await recordsOf(b.id))];
      assert.equal(records.length, 1, 'one event');
    }
  });

  it('erasing a merged reporter clears them from the survivor; erasing the survivor’s owner keeps it open for the others', async () => {
    const [alice, bob] = await Promise.all([
      registeredUser('affected_individual'),
      registeredUser('affected_individual'),
    ]);
    const mine = await helpRequest(disasterId, alice.uid);
    const theirs = await helpRequest(disasterId, bob.uid);
    expectStatus(await merge(dispatcher, mine.id, theirs.id), 200);
    expectStatus(await call('DELETE', '/users/me', { token: bob.token }), 204);
    const survivor = await waitFor('the survivor anonymised', async () => {
      const r = await stored(theirs.id);
      return r.owner_id !== bob.uid ? r : undefined;
    });
    assert.equal(survivor.status, 'open', 'still needed by the merged reporter');
    assert.equal(survivor.merged_reports[0]?.owner_id, alice.uid);
    expectStatus(await call('DELETE', '/users/me', { token: alice.token }), 204);
    const after = await stored(theirs.id);
    assert.deepEqual(
      after.merged_reports.map((r) => [r.request_id, r.owner_id]),
      [[mine.id, null]],
    );
    assert.equal(after.report_count, 2);
  });
});
