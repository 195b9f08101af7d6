// Cursor pagination over `sort_key` (see converter.ts). The cursor is the last item's sort key,
// base64url-encoded so that clients treat it as opaque.
import type { Query } from 'firebase-admin/firestore';
import { ValidationError } from '../errors.js';
import type { Page, PageQuery } from '../shared/schemas.js';
import { sortKeyOf } from './converter.js';

export function encodeCursor(sortKey: string): string {
  return Buffer.from(sortKey, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): string {
  const sortKey = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\d{4}-\d\d-\d\dT[^~]+~[A-Za-z0-9_-]+$/.test(sortKey)) {
    throw new ValidationError([{ path: 'query.cursor', message: 'is not a cursor this API issued' }]);
  }
  return sortKey;
}

export type Order = 'newest_first' | 'oldest_first';

/** Reads one page of `query` (already filtered), limit + 1 documents to know whether more follow. */
export async function paginate<T extends { id: string; created_at: string }>(
  query: Query<T>,
  page: PageQuery,
  order: Order = 'newest_first',
): Promise<Page<T>> {
  const descending = order === 'newest_first';
  let ordered = query.orderBy('sort_key', descending ? 'desc' : 'asc');
  if (page.cursor !== undefined) ordered = ordered.where('sort_key', descending ? '<' : '>', decodeCursor(page.cursor));
  const snapshot = await ordered.limit(page.limit + 1).get();
  const docs = snapshot.docs.map((doc) => doc.data());
  const items = docs.slice(0, page.limit);
  const last = items.at(-1);
  return {
    items,
    next_cursor: docs.length > page.limit && last ? encodeCursor(sortKeyOf(last)) : null,
  };
}
