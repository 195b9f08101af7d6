import { PARENT_UID } from '../../../data/collections.js';
import { memberStore, membershipStore } from '../../../disasters/store.js';
import { erased, inBatches, type ErasureRun, type ErasureStep } from '../run.js';

/** Both sides of each membership, in one batch per page. */
async function eraseMemberships(run: ErasureRun): Promise<void> {
  await run.sweep(
    'memberships',
    () => membershipStore.ref(run.uid),
    (page) =>
      inBatches(page, 2, (batch, membership) => {
        batch.delete(memberStore.doc(membership.disaster_id, run.uid));
        batch.delete(membershipStore.doc(run.uid, membership.id));
      }),
  );
}

export const membershipsErasure: ErasureStep = {
  name: 'memberships',
  erases: [erased(memberStore, ['id', 'display_name']), erased(membershipStore, [PARENT_UID])],
  erase: eraseMemberships,
};
