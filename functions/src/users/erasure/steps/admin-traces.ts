import { collections } from '../../../data/collections.js';
import { inBatches, type ErasureRun, type ErasureStep } from '../run.js';

/** An admin's name on the disasters they created, confirmed or closed and the allocation runs they asked for. */
async function eraseAdminTraces(run: ErasureRun): Promise<void> {
  for (const field of ['created_by', 'confirmed_by', 'closed_by'] as const) {
    await run.sweep(
      'disasters',
      () => collections.disasters.ref().where(field, '==', run.uid),
      (page) =>
        inBatches(page, 1, (batch, disaster) =>
          collections.disasters.updateIn(batch, disaster.id, { [field]: run.pseudonym }),
        ),
    );
  }
  await run.sweep(
    'disasters',
    () => collections.allocationJobs.ref().where('requested_by', '==', run.uid),
    (page) =>
      inBatches(page, 1, (batch, job) =>
        collections.allocationJobs.updateIn(batch, job.id, { requested_by: run.pseudonym }),
      ),
  );
}

export const adminTracesErasure: ErasureStep = {
  name: 'disasters',
  erases: {
    disasters: ['created_by', 'confirmed_by', 'closed_by'],
    allocationJobs: ['requested_by'],
  },
  erase: eraseAdminTraces,
};
