import { disasterStore } from '../../../disasters/store.js';
import { allocationJobStore } from '../../../planning/store.js';
import { erased, inBatches, type ErasureRun, type ErasureStep } from '../run.js';

/** An admin's name on the disasters they created, confirmed or closed and the allocation runs they asked for. */
async function eraseAdminTraces(run: ErasureRun): Promise<void> {
  for (const field of ['created_by', 'confirmed_by', 'closed_by'] as const) {
    await run.sweep(
      'disasters',
      () => disasterStore.ref().where(field, '==', run.uid),
      (page) =>
        inBatches(page, 1, (batch, disaster) => disasterStore.updateIn(batch, disaster.id, { [field]: run.pseudonym })),
    );
  }
  await run.sweep(
    'disasters',
    () => allocationJobStore.ref().where('requested_by', '==', run.uid),
    (page) =>
      inBatches(page, 1, (batch, job) => allocationJobStore.updateIn(batch, job.id, { requested_by: run.pseudonym })),
  );
}

export const adminTracesErasure: ErasureStep = {
  name: 'disasters',
  erases: [
    erased(disasterStore, ['created_by', 'confirmed_by', 'closed_by']),
    erased(allocationJobStore, ['requested_by']),
  ],
  erase: eraseAdminTraces,
};
