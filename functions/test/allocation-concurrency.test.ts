// Exactly-once allocation under concurrency, on whichever Firestore emulator the stack runs (the
// embedded one does not isolate transactions: these tests fail there without the claim documents).
import assert from 'node:assert/strict';
import { internalCollections } from '../src/data/collections.js';
import { taskStore } from '../src/tasks/store.js';
import { db } from '../src/data/firestore.js';
import { baseUrl, call, expectStatus, registeredUser, type ApiResponse, type TestUser } from './helpers/api.js';
import {
  claimOf,
  confirmedDisaster,
  newResource,
  readyTask,
  storedResource,
  taskBody,
} from './helpers/tasks-fixtures.js';

const PARALLEL = 24;

async function tasksOf(disasterId: string) {
  return (await taskStore.ref().where('disaster_id', '==', disasterId).get()).docs.map((doc) => doc.data());
}

function tally(responses: ApiResponse[]) {
  const won = responses.filter((r) => r.status === 201);
  const lost = responses.filter((r) => r.status === 409);
  const other = responses.filter((r) => r.status !== 201 && r.status !== 409).map((r) => `${r.status} ${r.text}`);
  return { won, lost, other };
}

/**
 * The Functions emulator runs one request per runtime process and starts a new one whenever all
 * are busy. Starting PARALLEL of them at once on a small, busy machine makes some fail to load
 * (their requests then hang), so the runtimes are started a few at a time before the bursts.
 * Plain fetch, not checked against /openapi.json: the answers are ignored on purpose (they may
 * time out while runtimes start).
 */
async function warmFunctionRuntimes(token: string): Promise<void> {
  for (let n = 4; n <= PARALLEL; n += 4) {
    await Promise.all(
      Array.from({ length: n }, () =>
        fetch(`${baseUrl()}/tasks?limit=1`, {
          headers: { authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(60_000),
        })
          .then((response) => response.arrayBuffer())
          .catch(() => undefined),
      ),
    );
  }
}

describe('allocation under concurrency', function () {
  this.timeout(180_000);
  let admin: TestUser;
  let owner: TestUser;
  before(async function () {
    this.timeout(600_000);
    admin = await registeredUser('admin');
    owner = await registeredUser('volunteer');
    const started = Date.now();
    await warmFunctionRuntimes(admin.token);
    console.log(`      ${PARALLEL} function runtimes warmed in ${Date.now() - started} ms`);
  });

  it(`of ${PARALLEL} simultaneous tasks claiming one boat, exactly one gets it; the others get 409 naming it`, async () => {
    const disaster = await confirmedDisaster();
    const boat = await newResource(owner);
    const started = Date.now();
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        call('POST', '/tasks', {
          token: admin.token,
          body: taskBody(disaster.id, { instructions: `Rescue ${i}`, resource_ids: [boat.id] }),
        }),
      ),
    );
    console.log(`      ${PARALLEL} parallel POST /tasks answered in ${Date.now() - started} ms`);
    const { won, lost, other } = tally(responses);
    assert.deepEqual(other, [], 'every answer is 201 or 409');
    assert.equal(won.length, 1, `exactly one winner, got ${won.length}`);
    assert.equal(lost.length, PARALLEL - 1);
    for (const response of lost) {
      assert.equal(response.body.code, 'conflict');
      assert.deepEqual(response.body.resource_ids, [boat.id]);
    }
    const winner = won[0]!.body;
    const resource = await storedResource(boat.id);
    assert.equal(resource?.status, 'in_use');
    assert.equal(resource?.task_id, winner.id);
    assert.equal((await claimOf(boat.id))?.task_id, winner.id);
    const tasks = await tasksOf(disaster.id);
    assert.deepEqual(
      tasks.map((t) => t.id),
      [winner.id],
      'no task was written for a loser',
    );
  });

  it('overlapping multi-resource tasks: one wins all it asked for, losers leave no claim behind', async () => {
    const disaster = await confirmedDisaster();
    const [a, b, c] = [await newResource(owner), await newResource(owner), await newResource(owner)];
    // Every request wants b; they ask for it together with a, with c, or with both, in varying order.
    const sets = [
      [a.id, b.id],
      [b.id, c.id],
      [c.id, b.id, a.id],
      [b.id, a.id],
    ];
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        call('POST', '/tasks', {
          token: admin.token,
          body: taskBody(disaster.id, { resource_ids: sets[i % sets.length] }),
        }),
      ),
    );
    const { won, lost, other } = tally(responses);
    assert.deepEqual(other, []);
    assert.equal(won.length, 1, `b can be held by one task only, got ${won.length} winners`);
    const winner = won[0]!.body;
    for (const response of lost) assert.ok(response.body.resource_ids.length > 0);
    for (const resource of [a, b, c]) {
      const stored = await storedResource(resource.id);
      const claim = await claimOf(resource.id);
      if (winner.resource_ids.includes(resource.id)) {
        assert.equal(stored?.status, 'in_use');
        assert.equal(stored?.task_id, winner.id);
        assert.equal(claim?.task_id, winner.id);
      } else {
        assert.equal(stored?.status, 'available', `${resource.id} is not held by the winner`);
        assert.equal(claim, undefined, `no orphaned claim on ${resource.id}`);
      }
    }
    const claims = await db().collection(internalCollections.resourceClaims).where('task_id', '!=', winner.id).get();
    assert.deepEqual(
      claims.docs.map((d) => d.id).filter((id) => [a.id, b.id, c.id].includes(id)),
      [],
      'every claim on these resources belongs to the winner',
    );
    assert.deepEqual(
      (await tasksOf(disaster.id)).map((t) => t.id),
      [winner.id],
    );
  });

  it('a claim lost between the read and the commit refuses the task with 409 naming it, leaving no claim behind', async () => {
    // What a concurrent winner looks like to a task whose transaction read before the winner
    // committed: the resource still reads available, but its claim exists.
    const disaster = await confirmedDisaster();
    const [first, second] = [await newResource(owner), await newResource(owner)].sort((x, y) => (x.id < y.id ? -1 : 1));
    await db().collection(internalCollections.resourceClaims).doc(second.id).create({
      resource_id: second.id,
      holder: 'task',
      task_id: 'a-concurrent-winner',
      created_at: new Date().toISOString(),
    });
    const response = await call('POST', '/tasks', {
      token: admin.token,
      body: taskBody(disaster.id, { resource_ids: [second.id, first.id] }),
    });
    assert.equal(response.status, 409, response.text);
    assert.deepEqual(response.body.resource_ids, [second.id]);
    assert.equal(await claimOf(first.id), undefined, 'the claim written before the failing one was removed');
    assert.equal((await storedResource(first.id))?.status, 'available');
    assert.equal((await claimOf(second.id))?.task_id, 'a-concurrent-winner');
    assert.deepEqual(await tasksOf(disaster.id), []);
  });

  it('a task cannot be completed and cancelled at the same time: exactly one move happens', async () => {
    const disaster = await confirmedDisaster();
    const responder = await registeredUser('responder');
    const boat = await newResource(owner);
    const task = await readyTask(admin, responder, disaster.id, { resource_ids: [boat.id] });
    expectStatus(
      await call('PATCH', `/tasks/${task.id}/status`, { token: responder.token, body: { status: 'on_route' } }),
      200,
    );
    const moves = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? call('PATCH', `/tasks/${task.id}/status`, { token: responder.token, body: { status: 'completed' } })
          : call('PATCH', `/tasks/${task.id}/status`, { token: admin.token, body: { status: 'cancelled' } }),
      ),
    );
    const ok = moves.filter((m) => m.status === 200);
    assert.equal(ok.length, 1, `one move out of on_route, got ${ok.length}: ${moves.map((m) => m.status).join(',')}`);
    assert.ok(moves.every((m) => m.status === 200 || m.status === 409));
    const stored = await taskStore.doc(task.id).get();
    const history = stored.data()!.history.filter((h) => h.action === 'status_changed');
    assert.deepEqual(
      history.map((h) => h.from),
      ['pending', 'on_route'],
      'the history shows one move out of on_route',
    );
    assert.equal(stored.data()!.status, ok[0]!.body.status);
    assert.equal((await storedResource(boat.id))?.status, 'available');
  });

  it('an owner taking a resource out of service races a task claiming it: both never win', async () => {
    const disaster = await confirmedDisaster();
    const results = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const boat = await newResource(owner);
        const [put, post] = await Promise.all([
          call('PUT', `/resources/${boat.id}/status`, { token: owner.token, body: { status: 'not_available' } }),
          call('POST', '/tasks', { token: admin.token, body: taskBody(disaster.id, { resource_ids: [boat.id] }) }),
        ]);
        return { boat, put, post };
      }),
    );
    for (const { boat, put, post } of results) {
      assert.ok(!(put.status === 200 && post.status === 201), 'not both');
      const stored = await storedResource(boat.id);
      const claim = await claimOf(boat.id);
      if (post.status === 201) {
        assert.equal(stored?.status, 'in_use');
        assert.equal(claim?.task_id, post.body.id);
      } else {
        assert.equal(put.status, 200);
        assert.equal(stored?.status, 'not_available');
        assert.equal(claim?.holder, 'owner');
      }
    }
  });
});
