// Stored fields that requests written before them lack, written once by an operator
// (`npm run backfill -- references`): queries cannot find a document by a field it does not have.
import { FieldPath } from 'firebase-admin/firestore';
import { db } from '../data/firestore.js';
import { shortReference } from '../shared/reference.js';
import { requestStore } from './store.js';

/** Documents read per page, and written per batch at most. */
const PAGE_SIZE = 400;

/**
 * Gives every request its stored `reference` (requests/store.ts), for GET /requests?reference=.
 * Reads only that field of each request, writes only the ones without it: a second run reads
 * everything again and writes nothing. Returns how many it wrote.
 */
export async function backfillRequestReferences(pageSize = PAGE_SIZE): Promise<number> {
  const collection = requestStore.ref().withConverter(null);
  let written = 0;
  let after: string | undefined;
  for (;;) {
    let query = collection.select('reference').orderBy(FieldPath.documentId()).limit(pageSize);
    if (after !== undefined) query = query.startAfter(after);
    const page = await query.get();
    const missing = page.docs.filter((doc) => doc.get('reference') !== shortReference(doc.id));
    if (missing.length > 0) {
      const batch = db().batch();
      for (const doc of missing) batch.update(doc.ref, { reference: shortReference(doc.id) });
      await batch.commit();
      written += missing.length;
    }
    if (page.size < pageSize) return written;
    after = page.docs[page.size - 1]!.id;
  }
}
