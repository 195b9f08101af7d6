import { collections, PARENT_UID } from '../../../data/collections.js';
import { inBatches, type ErasureRun, type ErasureStep } from '../run.js';

/** Both sides of each membership, in one batch per page. */
async function eraseMemberships(run: ErasureRun): Promise<void> {
  await run.sweep(
    'memberships',
    () => collections.memberships.ref(run.uid),
    (page) =>
      inBatches(page, 2, (batch, membership) => {
        batch.delete(collections.members.doc(membership.disaster_id, run.uid));
        batch.delete(collections.memberships.doc(run.uid, membership.id));
      }),
  );
}

export const membershipsErasure: ErasureStep = {
  name: 'memberships',
  erases: { members: ['id', 'display_name'], memberships: [PARENT_UID] },
  erase: eraseMemberships,
};
