import { recordEvent } from '../../../events/record.js';
import { resourceStore } from '../../../resources/store.js';
import { db, isAlreadyExists } from '../../../data/firestore.js';
import { claimForOwner } from '../../../resources/claims.js';
import type { Resource } from '../../../resources/model.js';
import { coarsened } from '../anonymise.js';
import { erased, type ErasureRun, type ErasureStep } from '../run.js';

/**
 * Resources they own: anonymised and coarsened; available ones become not_available (claimed by
 * their owner, see resources/claims.ts) so that no plan offers them; in-use ones stay with their
 * task, which releases them as usual.
 */
async function eraseResources(run: ErasureRun): Promise<void> {
  const page = (resources: Resource[]) =>
    db().runTransaction(async (tx) => {
      const refs = resources.map((resource) => resourceStore.doc(resource.id));
      const fresh = (await tx.getAll(...refs))
        .map((snapshot) => snapshot.data())
        .filter((r): r is Resource => r?.owner_id === run.uid);
      const now = new Date().toISOString();
      // Claims first in the commit (claims.ts): a task that took a resource meanwhile fails it.
      const withdrawn = fresh.filter((resource) => resource.status === 'available');
      for (const resource of withdrawn) claimForOwner(tx, resource.id, now);
      for (const resource of fresh) {
        const available = resource.status === 'available';
        resourceStore.updateIn(tx, resource.id, {
          owner_id: run.pseudonym,
          description: '',
          ...coarsened(resource.location),
          ...(available ? { status: 'not_available' } : {}),
          updated_at: now,
        });
        if (available) {
          recordEvent(
            tx,
            'system',
            {
              type: 'resource.status_changed',
              entity_id: resource.id,
              before: { status: 'available' },
              after: { status: 'not_available', reason: 'owner_erased' },
              disaster_id: resource.disaster_id,
            },
            now,
          );
        }
      }
    });
  await run.sweep(
    'resources',
    () => resourceStore.ref().where('owner_id', '==', run.uid),
    async (resources) => {
      try {
        await page(resources);
      } catch (error) {
        // A task claimed one of them at the same moment: the next page reads it as in use.
        if (!isAlreadyExists(error)) throw error;
      }
    },
  );
}

export const resourcesErasure: ErasureStep = {
  name: 'resources',
  erases: [erased(resourceStore, ['owner_id', 'description', 'location', 'geohash'])],
  erase: eraseResources,
};
