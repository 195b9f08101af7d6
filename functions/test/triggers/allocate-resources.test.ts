import assert from 'node:assert/strict';
import type { Request } from 'firebase-functions/v2/tasks';
import { allocationJobStore } from '../../src/planning/store.js';
import { requestStore } from '../../src/requests/store.js';
import { resourceStore } from '../../src/resources/store.js';
import { allocateResources } from '../../src/index.js';
import type { AllocationJob } from '../../src/planning/model.js';
import { uniqueId } from '../helpers/api.js';
import { disaster, north, requestValue, resource, spot } from '../helpers/planning-fixtures.js';
import { emptyFirestore, rawDocument, writesDuring } from './harness.js';

/** A job as POST /resources/suggest/{disaster_id} stores it before enqueueing it. */
async function storeJob(disasterId: string, overrides: Partial<AllocationJob> = {}): Promise<AllocationJob> {
  const at = new Date().toISOString();
  const job: AllocationJob = {
    id: uniqueId('job'),
    disaster_id: disasterId,
    status: 'queued',
    requested_by: 'admin-1',
    proposals: [],
    requests_considered: 0,
    attempts: 0,
    last_error: null,
    lease_expires_at: null,
    created_at: at,
    updated_at: at,
    finished_at: null,
    ...overrides,
  };
  await allocationJobStore.doc(job.id).create(job);
  return job;
}

/** What Cloud Tasks hands the function: the enqueued payload and the task's context. */
function dispatch(data: unknown, retryCount = 0): Request {
  return {
    data,
    queueName: 'allocateResources',
    id: uniqueId('task'),
    retryCount,
    executionCount: retryCount,
    scheduledTime: new Date().toISOString(),
  };
}

describe('allocateResources (onTaskDispatched), run with a Cloud Tasks request', () => {
  // Not through functionsTestSdk.wrap: firebase-functions-test 3.5 has no v2 type for a task-queue
  // function (its wrapper only calls `run` with what it is given); `run` with a typed request.
  const allocateResourcesRun = async (request: Request): Promise<void> => allocateResources.run(request);
  before(emptyFirestore);

  it("fills in the dispatched job: proposals for its disaster's open requests only", async () => {
    const at = spot();
    const scene = await disaster('confirmed', at);
    const request = requestValue({ owner: 'owner-1', disasterId: scene.id, at, need: 'rescue' });
    await requestStore.doc(request.id).create(request);
    const elsewhere = await disaster();
    const other = requestValue({ owner: 'owner-1', disasterId: elsewhere.id, at: north(at, 1), need: 'rescue' });
    await requestStore.doc(other.id).create(other);
    const boat = await resource(north(at, 0.5), { category: 'boat' });
    const job = await storeJob(scene.id);
    const otherJob = await storeJob(elsewhere.id);

    await allocateResourcesRun(dispatch({ job_id: job.id }));

    const done = (await allocationJobStore.doc(job.id).get()).data();
    assert.equal(done?.status, 'done', JSON.stringify(done));
    assert.equal(done?.attempts, 1);
    assert.equal(done?.requests_considered, 1);
    assert.deepEqual(
      done?.proposals.map((p) => [p.request_id, p.resources.map((r) => r.resource_id)]),
      [[request.id, [boat.id]]],
    );
    assert.notEqual(done?.finished_at, null);
    assert.equal(
      (await allocationJobStore.doc(otherJob.id).get()).data()?.status,
      'queued',
      'another job is left alone',
    );
    assert.equal((await resourceStore.doc(boat.id).get()).data()?.status, 'available', 'proposals claim nothing');
  });

  it('dispatched twice, runs once: the second dispatch writes nothing', async () => {
    const job = await storeJob((await disaster()).id);
    const task = dispatch({ job_id: job.id });
    await allocateResourcesRun(task);
    const afterFirst = await rawDocument(`allocation_jobs/${job.id}`);
    assert.equal(afterFirst?.status, 'done');
    assert.deepEqual(await writesDuring(() => allocateResourcesRun({ ...task, retryCount: 1, executionCount: 1 })), {});
    assert.deepEqual(await rawDocument(`allocation_jobs/${job.id}`), afterFirst);
  });

  it('a job that no longer exists: done (no retry), nothing written', async () => {
    const missing = uniqueId('job');
    assert.deepEqual(await writesDuring(() => allocateResourcesRun(dispatch({ job_id: missing }))), {});
    assert.equal(await rawDocument(`allocation_jobs/${missing}`), undefined);
  });

  it('a payload without a job_id string is dropped, not retried, and writes nothing', async () => {
    for (const data of [{}, { job_id: 42 }, null]) {
      assert.deepEqual(await writesDuring(() => allocateResourcesRun(dispatch(data))), {}, JSON.stringify(data));
    }
  });

  it('throws while another dispatch holds a live lease, so Cloud Tasks retries later; writes nothing', async () => {
    const leaseUntil = new Date(Date.now() + 60_000).toISOString();
    const job = await storeJob((await disaster()).id, { status: 'running', attempts: 1, lease_expires_at: leaseUntil });
    const before = await rawDocument(`allocation_jobs/${job.id}`);
    const written = await writesDuring(() =>
      assert.rejects(() => allocateResourcesRun(dispatch({ job_id: job.id })), /running elsewhere/),
    );
    assert.deepEqual(written, {});
    assert.deepEqual(await rawDocument(`allocation_jobs/${job.id}`), before);
  });
});
