// Fixed-window rate limits that hold across function instances: one counter document per
// bucket, caller and window, bumped with an atomic increment (no read-then-write race on any
// Firestore, emulated or real). One write and one read per limited call.
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { config } from '../config.js';
import { RateLimitedError } from '../errors.js';
import { internalCollections } from '../data/collections.js';
import { db } from '../data/firestore.js';
import type { RateLimitRule } from './endpoint.js';

export async function consumeRateLimit(rule: RateLimitRule, key: string, now = Date.now()): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const ref = db()
    .collection(internalCollections.rateLimits)
    .doc(`${rule.bucket}:${key.replace(/[^A-Za-z0-9_.:-]/g, '_')}:${windowStart}`);
  await ref.set(
    { count: FieldValue.increment(1), expires_at: Timestamp.fromMillis(windowStart + 2 * windowMs) },
    { merge: true },
  );
  const count = ((await ref.get()).get('count') as number | undefined) ?? 0;
  // Scaled for load tests and local demos without touching the declarations.
  if (count > Math.ceil(rule.limit * config.rateLimitScale())) {
    throw new RateLimitedError(Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)));
  }
}

// Reads: in memory, in read-limit.ts (the router needs them without the Firestore client).
export * from './read-limit.js';
