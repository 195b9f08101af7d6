// Change feeds: what a client that keeps a copy of a list (the console's live views) reads after
// its first load. The documents of one or more queries changed after a point, oldest change
// first, by `updated_at`, which every document of a fed collection carries (stored as a
// Timestamp, millisecond precision). docs/console.md, "Live views: changes, not rows".
//
// - A page never splits the documents changed in the same millisecond (a batch stamps them all
//   alike): the position is a time, and everything up to it has been sent.
// - `updated_at` is stamped by the writer before its commit, so a write can become readable a
//   little after later-stamped ones. The position therefore never passes what was stamped less
//   than CHANGE_SETTLE_MS before the page was read: newer items are sent at once, and again on
//   the next page (clients replace items by id), so none is skipped.
// - The queries are the caller's audience: a client that filters further (status, need) does it
//   itself, so that an item that left its filter still reaches it and can be dropped.
import { Timestamp, type Query } from 'firebase-admin/firestore';
import { ValidationError } from '../errors.js';
import type { Page } from '../shared/schemas.js';

/** How long after its `updated_at` stamp a write may still become readable (transaction, commit, clocks). */
export const CHANGE_SETTLE_MS = 5000;

const PREFIX = 'changes:';
const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** A position in a change feed: the items changed after `after` (or at or after it when `inclusive`). */
export interface ChangePosition {
  after: string;
  inclusive: boolean;
}

export function encodeChangeCursor(after: string): string {
  return Buffer.from(`${PREFIX}${after}`, 'utf8').toString('base64url');
}

export function decodeChangeCursor(cursor: string): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const after = text.startsWith(PREFIX) ? text.slice(PREFIX.length) : '';
  if (!ISO_MS.test(after) || Number.isNaN(Date.parse(after))) {
    throw new ValidationError([{ path: 'query.cursor', message: 'is not a change cursor this API issued' }]);
  }
  return after;
}

/** Where a change feed call starts: its cursor (from a previous page) or `updated_since` (inclusive). */
export function changePosition(updatedSince: string, cursor: string | undefined): ChangePosition {
  if (cursor !== undefined) return { after: decodeChangeCursor(cursor), inclusive: false };
  return { after: new Date(updatedSince).toISOString(), inclusive: true };
}

interface Changed {
  id: string;
  updated_at: string;
}

/** One query's changes from `position`: about `limit`, never ending inside a millisecond. */
async function changesOf<T extends Changed>(
  query: Query<T>,
  position: ChangePosition,
  limit: number,
): Promise<{ items: T[]; through: string | null }> {
  const from = Timestamp.fromMillis(Date.parse(position.after));
  const read = async (q: Query<T>) => (await q.get()).docs.map((doc) => doc.data());
  const docs = await read(
    query
      .where('updated_at', position.inclusive ? '>=' : '>', from)
      .orderBy('updated_at', 'asc')
      .limit(limit + 1),
  );
  if (docs.length <= limit) return { items: docs, through: null };
  const last = docs[limit - 1]!;
  const items = docs.slice(0, limit);
  if (docs[limit]!.updated_at !== last.updated_at) return { items, through: last.updated_at };
  // The next item was changed in the same millisecond: the page takes all of that millisecond.
  const sameTime = await read(query.where('updated_at', '==', Timestamp.fromMillis(Date.parse(last.updated_at))));
  return {
    items: [...items.filter((item) => item.updated_at !== last.updated_at), ...sameTime],
    through: last.updated_at,
  };
}

/**
 * A page of the changes of `queries` (their union) from `position`. `next_cursor` is always set:
 * the position to ask from next, and a page of `limit` items or more means that more may follow.
 */
export async function readChanges<T extends Changed>(
  queries: readonly Query<T>[],
  position: ChangePosition,
  limit: number,
  now = Date.now(),
): Promise<Page<T>> {
  const pages = await Promise.all(queries.map((query) => changesOf(query, position, limit)));
  // Where a query stopped short, the others' later items wait for the next page.
  const cut = pages.reduce<string | null>(
    (min, page) => (page.through !== null && (min === null || page.through < min) ? page.through : min),
    null,
  );
  const byId = new Map<string, T>();
  for (const item of pages.flatMap((page) => page.items)) {
    if (cut !== null && item.updated_at > cut) continue;
    const seen = byId.get(item.id);
    if (!seen || seen.updated_at < item.updated_at) byId.set(item.id, item);
  }
  const items = [...byId.values()].sort((a, b) =>
    a.updated_at === b.updated_at ? (a.id < b.id ? -1 : 1) : a.updated_at < b.updated_at ? -1 : 1,
  );
  const settled = new Date(now - CHANGE_SETTLE_MS).toISOString();
  const lastSettled = items.filter((item) => item.updated_at < settled).at(-1)?.updated_at;
  const after =
    lastSettled ?? (position.inclusive ? new Date(Date.parse(position.after) - 1).toISOString() : position.after);
  return { items, next_cursor: encodeChangeCursor(after) };
}
