import assert from 'node:assert/strict';
import { requestStore } from '../../src/requests/store.js';
import { workflowOutputStore } from '../../src/workflow/store.js';
import { db } from '../../src/data/firestore.js';
import { sweepPlanning } from '../../src/index.js';
import type { HelpRequest } from '../../src/requests/model.js';
import { PLANNING_LEASE_MS, planningDueAt } from '../../src/requests/planning-state.js';
import { disaster, requestValue, spot, storedRequest } from '../helpers/planning-fixtures.js';
import { emptyFirestore, rawDocument, writesDuring } from './harness.js';

/** A request as POST /requests stores it, its planning last touched `ageMs` ago. */
async function storeRequest(value: HelpRequest, ageMs = 0): Promise<HelpRequest> {
  const touched = new Date(Date.now() - ageMs).toISOString();
  const stored: HelpRequest = { ...value, planning: { ...value.planning, updated_at: touched } };
  await requestStore.doc(stored.id).create(stored);
  await db()
    .collection('requests')
    .doc(stored.id)
    .update({ planning_due_at: new Date(planningDueAt(stored.planning) ?? 0) });
  return stored;
}

const outputCount = async (requestId: string) =>
  (await workflowOutputStore.ref().where('request_id', '==', requestId).get()).size;
const LONG_AGO_MS = PLANNING_LEASE_MS + 60_000;

describe('sweepPlanning (onSchedule), run with a Cloud Scheduler event', () => {
  // Not through functionsTestSdk.wrap: firebase-functions-test 3.5 has no v2 type for a scheduled
  // function, and at run time wraps it as a v1 one, handing it a v1 EventContext instead of a
  // ScheduledEvent. `run` is what its wrapper calls; here with the event Cloud Scheduler sends.
  let disasterId: string;
  beforeEach(async () => {
    await emptyFirestore();
    disasterId = (await disaster()).id;
  });
  const scheduled = async (): Promise<void> =>
    sweepPlanning.run({
      jobName: 'firebase-schedule-sweepPlanning-us-central1',
      scheduleTime: new Date().toISOString(),
    });

  it('plans the requests whose deliveries were all lost, and leaves fresh ones to their trigger', async () => {
    const stale = await storeRequest(
      requestValue({ owner: 'owner-1', disasterId, at: spot(), need: 'evacuation' }),
      LONG_AGO_MS,
    );
    const fresh = await storeRequest(requestValue({ owner: 'owner-1', disasterId, at: spot(), need: 'evacuation' }));

    await scheduled();

    const planned = await storedRequest(stale.id);
    assert.equal(planned?.planning.state, 'planned');
    assert.equal(planned?.planning.attempts, 1);
    assert.equal(await outputCount(stale.id), 1);
    assert.equal((await storedRequest(fresh.id))?.planning.state, 'pending');
    assert.equal(await outputCount(fresh.id), 0);
  });

  it('run twice, plans once: the second run writes nothing', async () => {
    const stale = await storeRequest(requestValue({ owner: 'owner-1', disasterId, at: spot() }), LONG_AGO_MS);
    await scheduled();
    const afterFirst = await rawDocument(`requests/${stale.id}`);
    assert.deepEqual(await writesDuring(scheduled), {});
    assert.deepEqual(await rawDocument(`requests/${stale.id}`), afterFirst);
    assert.equal(await outputCount(stale.id), 1);
  });

  it('takes over a run that died with its lease, and leaves a live lease alone without failing', async () => {
    const base = requestValue({ owner: 'owner-1', disasterId, at: spot() });
    const expired = new Date(Date.now() - 60_000).toISOString();
    const dead = await storeRequest(
      {
        ...base,
        planning: { ...base.planning, state: 'planning', attempts: 1, run_id: 'dead-run', lease_expires_at: expired },
      },
      LONG_AGO_MS,
    );
    const other = requestValue({ owner: 'owner-1', disasterId, at: spot() });
    const live = await storeRequest({
      ...other,
      planning: {
        ...other.planning,
        state: 'planning',
        attempts: 1,
        run_id: 'live-run',
        lease_expires_at: new Date(Date.now() + 60_000).toISOString(),
      },
    });
    const liveBefore = await rawDocument(`requests/${live.id}`);

    await scheduled();

    const takenOver = await storedRequest(dead.id);
    assert.equal(takenOver?.planning.state, 'planned');
    assert.equal(takenOver?.planning.attempts, 2);
    assert.equal(takenOver?.planning.run_id, null);
    assert.deepEqual(await rawDocument(`requests/${live.id}`), liveBefore, 'a live run keeps its request');
  });

  it('with nothing due, writes nothing', async () => {
    await storeRequest(requestValue({ owner: 'owner-1', disasterId, at: spot() }));
    assert.deepEqual(await writesDuring(scheduled), {});
  });
});
