// Fixed-window rate limits that hold across function instances: one counter document per
// bucket, caller and window (`rate_limits/<bucket>:<key>:<window start>`), bumped with an atomic
// increment (no read-then-write race on any Firestore, emulated or real), then read. One write and
// one read per limited call. A rule with `shards` spreads the window's count over that many
// documents (the first keeps the plain id, the others add `:<n>`): each call bumps one at random
// and reads them all (counters.ts), one write and `shards` reads.
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { config } from '../config.js';
import { RateLimitedError } from '../errors.js';
import { internalCollections } from './collections.js';
import { anyShard, shardRefs, sumShards } from './counters.js';

/** Counted per caller (per client IP when anonymous) across all instances: see the top of this file. */
export interface RateLimitRule {
  /** Bucket name, shared by endpoints that should count together. */
  bucket: string;
  limit: number;
  windowSeconds: number;
  /**
   * Counter documents each window's count is spread over (default 1): for a count that many
   * callers bump at once (all phone numbers together, Twilio's few addresses), whose one document
   * would take every call's write. Each call bumps one at random and reads them all (one read each).
   */
  shards?: number;
}

/** The window's count of a rule and caller, and the limit it is held to (scaled). */
export interface WindowCount {
  count: number;
  limit: number;
  /** Seconds until the window ends. */
  retryAfterSeconds: number;
}

/** The counter documents of `key` (bucket and caller) in the window starting at `windowStart`. */
function windowCounters(key: string, windowStart: number, shards: number) {
  return shardRefs(internalCollections.rateLimits, `${key.replace(/[^A-Za-z0-9_.:-]/g, '_')}:${windowStart}`, shards);
}

function windowOf(rule: RateLimitRule, key: string, now: number) {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  return {
    counters: windowCounters(`${rule.bucket}:${key}`, windowStart, rule.shards ?? 1),
    windowStart,
    windowMs,
    // Scaled for load tests and local demos without touching the declarations.
    limit: Math.ceil(rule.limit * config.rateLimitScale()),
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
  };
}

async function bump(counters: ReturnType<typeof windowCounters>, delta: number, windowStart: number, windowMs: number) {
  await anyShard(counters).set(
    { count: FieldValue.increment(delta), expires_at: Timestamp.fromMillis(windowStart + 2 * windowMs) },
    { merge: true },
  );
  return sumShards(counters);
}

/** Counts one call of `key` in the current window (refused calls count too) and returns the count. */
export async function countCall(rule: RateLimitRule, key: string, now = Date.now()): Promise<WindowCount> {
  const { counters, windowStart, windowMs, limit, retryAfterSeconds } = windowOf(rule, key, now);
  return { count: await bump(counters, 1, windowStart, windowMs), limit, retryAfterSeconds };
}

/** The current window's count of `key`, without counting a call. */
export async function peekCount(rule: RateLimitRule, key: string, now = Date.now()): Promise<WindowCount> {
  const { counters, limit, retryAfterSeconds } = windowOf(rule, key, now);
  return { count: await sumShards(counters), limit, retryAfterSeconds };
}

export async function consumeRateLimit(rule: RateLimitRule, key: string, now = Date.now()): Promise<void> {
  const { count, limit, retryAfterSeconds } = await countCall(rule, key, now);
  if (count > limit) throw new RateLimitedError(retryAfterSeconds);
}

/**
 * Adds `delta` to the count of `key` (bucket and caller) in the window starting at `windowStart`;
 * resolves to the window's total. The documents expire (TTL on `expires_at`) a window later.
 */
export function addToWindowCount(
  key: string,
  windowStart: number,
  windowMs: number,
  delta: number,
  shards = 1,
): Promise<number> {
  return bump(windowCounters(key, windowStart, shards), delta, windowStart, windowMs);
}
