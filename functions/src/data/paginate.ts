// Cursor pagination over `sort_key` (see converter.ts). The cursor is the last item's sort key,
// base64url-encoded so that clients treat it as opaque.
import type { Query, QueryDocumentSnapshot } from 'firebase-admin/firestore';
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

/** A `sort_key` window: from (inclusive) and before (exclusive) are sort keys or times. */
export interface SortKeyRange {
  from?: string | undefined;
  before?: string | undefined;
}

export function inRange<T>(query: Query<T>, range: SortKeyRange): Query<T> {
  let ranged = query;
  if (range.from !== undefined) ranged = ranged.where('sort_key', '>=', range.from);
  if (range.before !== undefined) ranged = ranged.where('sort_key', '<', range.before);
  return ranged;
}

/**
 * Every document of `query` (already filtered and ranged), newest first, page by page by
 * `sort_key` range like the lists. The next page is read while the caller handles the current
 * one, so reading and writing overlap; at most two pages are held at a time.
 */
export async function* pagesOf<T>(query: Query<T>, pageSize: number): AsyncGenerator<T[]> {
  const ordered = query.orderBy('sort_key', 'desc');
  const read = async (after: unknown) =>
    (await (after === null ? ordered : ordered.where('sort_key', '<', after)).limit(pageSize).get()).docs;
  let next: Promise<QueryDocumentSnapshot<T>[]> | null = read(null);
  while (next !== null) {
    const docs: QueryDocumentSnapshot<T>[] = await next;
    const last = docs.at(-1);
    // The stored key, so that any document shape pages alike (a select() of a few fields too, if it keeps sort_key).
    next = docs.length === pageSize && last ? read(last.get('sort_key')) : null;
    // Mark a prefetch that the caller abandons (client gone) as handled; its error is moot.
    next?.catch(() => undefined);
    if (docs.length > 0) yield docs.map((doc) => doc.data());
  }
}

/** A list held in memory (embedded in one document) paged like a collection: oldest first, by sort key. */
export function paginateArray<T extends { id: string; created_at: string }>(
  items: readonly T[],
  page: PageQuery,
): Page<T> {
  const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor);
  const sorted = [...items]
    .map((item) => ({ item, key: sortKeyOf(item) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .filter(({ key }) => after === undefined || key > after);
  const slice = sorted.slice(0, page.limit);
  const last = slice.at(-1);
  return {
    items: slice.map(({ item }) => item),
    next_cursor: sorted.length > page.limit && last ? encodeCursor(last.key) : null,
  };
}
