// Sharded counters: a count that many callers bump at the same moment (a limit for all numbers,
// the day's SMS spend) is spread over several documents, as one document takes about one
// sustained write a second in production (beyond it, writes queue and contend) and, read inside
// transactions, makes every caller wait on every other. Each bump goes to one shard at random;
// the count is the sum of all of them (one read each, in one round trip).
import { randomInt } from 'node:crypto';
import type { DocumentReference } from 'firebase-admin/firestore';
import { db } from './firestore.js';

/**
 * The `shards` documents of the counter `id` in `collection`: `id` itself (so a count kept in one
 * document before it was sharded goes on counting), then `id:1` ... `id:<shards - 1>`.
 */
export function shardRefs(collection: string, id: string, shards: number): DocumentReference[] {
  const counters = db().collection(collection);
  return Array.from({ length: Math.max(1, shards) }, (_, k) => counters.doc(k === 0 ? id : `${id}:${k}`));
}

/** One shard, at random: where a bump goes. */
export function anyShard(refs: readonly DocumentReference[]): DocumentReference {
  return refs[randomInt(refs.length)]!;
}

/** The count: `field` summed over the shards (a missing shard counts 0). Outside any transaction. */
export async function sumShards(refs: readonly DocumentReference[], field = 'count'): Promise<number> {
  const snapshots = refs.length === 1 ? [await refs[0]!.get()] : await db().getAll(...refs);
  return snapshots.reduce((sum, snapshot) => sum + Number(snapshot.get(field) ?? 0), 0);
}
