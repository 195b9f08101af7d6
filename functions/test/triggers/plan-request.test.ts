import assert from 'node:assert/strict';
import { requestStore } from '../../src/requests/store.js';
import { workflowOutputStore } from '../../src/workflow/store.js';
import { db } from '../../src/data/firestore.js';
import { planRequest } from '../../src/index.js';
import type { HelpRequest } from '../../src/requests/model.js';
import { planningDueAt } from '../../src/requests/planning-state.js';
import { disaster, north, requestValue, resource, spot, storedRequest } from '../helpers/planning-fixtures.js';
import {
  createdSnapshot,
  documentCreated,
  emptyFirestore,
  firestoreTriggerOf,
  functionsTestSdk,
  rawDocument,
  writesDuring,
} from './harness.js';

/** A request as POST /requests stores it (with the sweeper's due time); no trigger runs here. */
async function storeRequest(value: HelpRequest): Promise<HelpRequest> {
  await requestStore.doc(value.id).create(value);
  await db()
    .collection('requests')
    .doc(value.id)
    .update({ planning_due_at: new Date(planningDueAt(value.planning) ?? 0) });
  return value;
}

const outputCount = async (requestId: string) =>
  (await workflowOutputStore.ref().where('request_id', '==', requestId).get()).size;

describe('planRequest (onDocumentCreated requests/{requestId}), wrapped by firebase-functions-test', () => {
  const planRequestWrapped = functionsTestSdk.wrap(firestoreTriggerOf(planRequest));
  let disasterId: string;
  before(async () => {
    await emptyFirestore();
    disasterId = (await disaster()).id;
  });

  it("plans the event's own request, and that request only", async () => {
    const at = spot();
    const boat = await resource(north(at, 1), { category: 'boat' });
    const request = await storeRequest(requestValue({ owner: 'owner-1', disasterId, at, need: 'rescue' }));
    const bystander = await storeRequest(requestValue({ owner: 'owner-2', disasterId, at: spot(), need: 'rescue' }));

    const written = await writesDuring(async () =>
      planRequestWrapped(await documentCreated('requests', 'requestId', request.id)),
    );

    const planned = await storedRequest(request.id);
    assert.equal(planned?.planning.state, 'planned');
    assert.equal(planned?.planning.planner, 'deterministic');
    assert.equal(planned?.planning.attempts, 1);
    assert.deepEqual(
      planned?.potential_matches?.resources.map((r) => r.id),
      [boat.id],
    );
    assert.equal((await rawDocument(`requests/${request.id}`))?.planning_due_at, null, 'nothing left for the sweeper');
    const output = (await workflowOutputStore.doc(request.id).get()).data();
    assert.equal(output?.request_id, request.id);
    assert.equal(output?.planner, 'deterministic');
    assert.ok((output?.tasks.length ?? 0) > 0, 'the plan has tasks');
    // Claim, then result: the request twice, its output once; nothing else.
    assert.deepEqual(written, { requests: 2, workflow_outputs: 1 });
    assert.equal((await storedRequest(bystander.id))?.planning.state, 'pending', 'another request is not planned');
    assert.equal(await outputCount(bystander.id), 0);
  });

  it('delivered twice, plans once: the second delivery writes nothing', async () => {
    const request = await storeRequest(requestValue({ owner: 'owner-1', disasterId, at: spot(), need: 'medical' }));
    const event = await documentCreated('requests', 'requestId', request.id);
    await planRequestWrapped(event);
    const afterFirst = await rawDocument(`requests/${request.id}`);
    const outputAfterFirst = await rawDocument(`workflow_outputs/${request.id}`);

    assert.deepEqual(await writesDuring(() => planRequestWrapped(event)), {});
    assert.deepEqual(await rawDocument(`requests/${request.id}`), afterFirst);
    assert.deepEqual(await rawDocument(`workflow_outputs/${request.id}`), outputAfterFirst);
    assert.equal(await outputCount(request.id), 1);
  });

  it('a request deleted before its delivery: the event is done (no retry) and nothing is written', async () => {
    const gone = requestValue({ owner: 'owner-1', disasterId, at: spot() });
    const event = await documentCreated('requests', 'requestId', gone.id, {
      created: createdSnapshot(`requests/${gone.id}`, { id: gone.id, status: 'open' }),
    });
    assert.deepEqual(await writesDuring(() => planRequestWrapped(event)), {});
    assert.equal(await rawDocument(`requests/${gone.id}`), undefined);
    assert.equal(await outputCount(gone.id), 0);
  });

  it('a request its schema cannot read is dropped, not retried (no retry mends it), and nothing is written', async () => {
    const request = await storeRequest(requestValue({ owner: 'owner-1', disasterId, at: spot() }));
    await db().collection('requests').doc(request.id).update({ type_of_need: 'unicorns' });
    const event = await documentCreated('requests', 'requestId', request.id);
    assert.deepEqual(await writesDuring(() => planRequestWrapped(event)), {});
    assert.equal(await outputCount(request.id), 0);
  });

  it('an event without the requestId param (not a Firestore event) is dropped, not retried, and writes nothing', async () => {
    const request = await storeRequest(requestValue({ owner: 'owner-1', disasterId, at: spot() }));
    const { params: _params, ...withoutParams } = await documentCreated('requests', 'requestId', request.id);
    assert.deepEqual(await writesDuring(() => planRequestWrapped(withoutParams)), {});
    assert.equal((await storedRequest(request.id))?.planning.state, 'pending');
  });

  it('throws while another run holds a live lease, so the platform delivers the event again; writes nothing', async () => {
    const value = requestValue({ owner: 'owner-1', disasterId, at: spot() });
    const leaseUntil = new Date(Date.now() + 60_000).toISOString();
    const request = await storeRequest({
      ...value,
      planning: { ...value.planning, state: 'planning', attempts: 1, run_id: 'live-run', lease_expires_at: leaseUntil },
    });
    const before = await rawDocument(`requests/${request.id}`);
    const event = await documentCreated('requests', 'requestId', request.id);
    const written = await writesDuring(() => assert.rejects(() => planRequestWrapped(event), /in progress elsewhere/));
    assert.deepEqual(written, {});
    assert.deepEqual(await rawDocument(`requests/${request.id}`), before);
    assert.equal(await outputCount(request.id), 0);
  });

  it('a likely duplicate is marked skipped and gets no plan', async () => {
    const original = await storeRequest(requestValue({ owner: 'owner-1', disasterId, at: spot() }));
    const duplicate = await storeRequest({
      ...requestValue({ owner: 'owner-1', disasterId, at: original.location }),
      duplicate_of: original.id,
    });
    await planRequestWrapped(await documentCreated('requests', 'requestId', duplicate.id));
    const skipped = await storedRequest(duplicate.id);
    assert.equal(skipped?.planning.state, 'skipped');
    assert.match(skipped?.planning.last_error ?? '', new RegExp(original.id));
    assert.equal(await outputCount(duplicate.id), 0);
    assert.equal((await storedRequest(original.id))?.planning.state, 'pending', 'the original waits for its own event');
  });
});
