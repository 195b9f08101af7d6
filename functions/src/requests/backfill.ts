// Stored fields that requests written before them lack, written once by an operator
// (`npm run backfill -- requests`): queries cannot find a document by a field it does not have.
import { FieldPath } from 'firebase-admin/firestore';
import { fromStored } from '../data/converter.js';
import { db } from '../data/firestore.js';
import { shortReference } from '../shared/reference.js';
import { confirmationChanges } from './confirmation-state.js';
import { requestStore } from './store.js';

/** Documents read per page, and written per batch at most. */
const PAGE_SIZE = 400;

export interface BackfillCounts {
  /** Requests given their stored `reference` (GET /requests?reference=). */
  references: number;
  /** Open requests given their re-confirmation state, so that the sweep finds them (requests/confirmation.ts). */
  confirmations: number;
  /** Documents the schema cannot read (logged by id): left as they are. */
  unreadable: string[];
}

/**
 * Gives every request the stored fields later code queries by: its `reference` and, while it is
 * open, its re-confirmation state (`last_confirmed_at` from its creation, and the
 * `confirmation_due_at` the request store derives from it). Writes only what is missing: a second
 * run reads everything again and writes nothing.
 */
export async function backfillRequests(pageSize = PAGE_SIZE): Promise<BackfillCounts> {
  const counts: BackfillCounts = { references: 0, confirmations: 0, unreadable: [] };
  let after: string | undefined;
  for (;;) {
    let query = requestStore.ref().withConverter(null).orderBy(FieldPath.documentId()).limit(pageSize);
    if (after !== undefined) query = query.startAfter(after);
    const page = await query.get();
    const batch = db().batch();
    let writes = 0;
    for (const doc of page.docs) {
      if (doc.get('reference') !== shortReference(doc.id)) {
        batch.update(doc.ref, { reference: shortReference(doc.id) });
        counts.references += 1;
        writes += 1;
      }
      if (doc.get('confirmation_due_at') !== undefined) continue;
      const parsed = requestStore.schema.safeParse({ ...(fromStored(doc.data()) as object), id: doc.id });
      if (!parsed.success) {
        counts.unreadable.push(doc.id);
        continue;
      }
      const request = parsed.data;
      if (request.status !== 'open' && request.status !== 'in_progress') continue;
      // Older documents read last_confirmed_at as created_at: written now, with the due time derived from it.
      requestStore.updateIn(batch, doc.id, confirmationChanges(request, {}));
      counts.confirmations += 1;
      writes += 1;
    }
    if (writes > 0) await batch.commit();
    if (page.size < pageSize) return counts;
    after = page.docs[page.size - 1]!.id;
  }
}
