// Fixed-window rate limits that hold across function instances: one counter document per
// bucket, caller and window (`rate_limits/<bucket>:<key>:<window start>`), bumped with an atomic
// increment (no read-then-write race on any Firestore, emulated or real), then read. One write and
// one read per limited call. A rule with `shards` spreads the window's count over that many
// documents (the first keeps the plain id, the others add `:<n>`): each call bumps one at random
// and reads them all (data/counters.ts), one write and `shards` reads.
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { config } from '../config.js';
import { RateLimitedError } from '../errors.js';
import { internalCollections } from '../data/collections.js';
import { anyShard, shardRefs, sumShards } from '../data/counters.js';
import type { RateLimitRule } from './endpoint.js';

export async function consumeRateLimit(rule: RateLimitRule, key: string, now = Date.now()): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const count = await addToWindowCount(`${rule.bucket}:${key}`, windowStart, windowMs, 1, rule.shards ?? 1);
  // Scaled for load tests and local demos without touching the declarations.
  if (count > Math.ceil(rule.limit * config.rateLimitScale())) {
    throw new RateLimitedError(Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)));
  }
}

/**
 * Adds `delta` to the count of `key` (bucket and caller) in the window starting at `windowStart`;
 * resolves to the window's total. The documents expire (TTL on `expires_at`) a window later.
 */
export async function addToWindowCount(
  key: string,
  windowStart: number,
  windowMs: number,
  delta: number,
  shards = 1,
): Promise<number> {
  const counters = shardRefs(
    internalCollections.rateLimits,
    `${key.replace(/[^A-Za-z0-9_.:-]/g, '_')}:${windowStart}`,
    shards,
  );
  await anyShard(counters).set(
    { count: FieldValue.increment(delta), expires_at: Timestamp.fromMillis(windowStart + 2 * windowMs) },
    { merge: true },
  );
  return sumShards(counters);
}

// Reads: counted in memory first, in read-limit.ts (the router needs them without the Firestore client).
export * from './read-limit.js';
