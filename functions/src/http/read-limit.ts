// Read limits, in the memory of each instance, apart from the Firestore-backed write limits of
// rate-limit.ts so that the router has them without loading the Firestore client.
import { config } from '../config.js';
import { RateLimitedError } from '../errors.js';

/** Limits can be scaled for load tests and local demos without touching the declarations. */
const scale = (): number => config.rateLimitScale();

// --- Reads ----------------------------------------------------------------------------------------
// Reads are limited in the memory of each instance: a Firestore counter would add a read and a
// write to every GET. The effective ceiling is therefore the limit times the number of instances
// (the `api` function's maxInstances bounds it). Memory is bounded: at most READ_LIMIT_MAX_KEYS
// counters; when full, expired windows are swept and then the oldest counters dropped.

/** The read limit of a GET endpoint: per user, per client IP when anonymous. */
export interface ReadLimitRule {
  bucket: string;
  perUser: number;
  perIp: number;
  windowSeconds: number;
}

/**
 * Every GET by default: 600 a minute per user (10 a second, sustained) and 1 200 a minute per
 * client IP for anonymous calls (an IP can be a shelter's or a carrier's NAT). A real client
 * never meets them; a scraper does. READ_RATE_LIMIT_PER_USER / READ_RATE_LIMIT_PER_IP override
 * them (tests), and RATE_LIMIT_SCALE multiplies them like every limit.
 */
export const DEFAULT_READ_LIMIT: ReadLimitRule = { bucket: 'reads', perUser: 600, perIp: 1200, windowSeconds: 60 };

export const READ_LIMIT_MAX_KEYS = 50_000;

/** The read rule of an endpoint: its own, none (`readLimit: null`), or the default for a GET. */
export function readLimitOf(endpoint: {
  method: string;
  readLimit?: ReadLimitRule | null | undefined;
}): ReadLimitRule | null {
  if (endpoint.readLimit !== undefined) return endpoint.readLimit;
  return endpoint.method === 'get' ? DEFAULT_READ_LIMIT : null;
}

export class LocalRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number; windowMs: number }>();

  constructor(private readonly maxKeys = READ_LIMIT_MAX_KEYS) {}

  /** Counts one call of `key` against `limit` per window; throws RateLimitedError over it. */
  consume(key: string, limit: number, windowSeconds: number, now = Date.now()): void {
    const windowMs = windowSeconds * 1000;
    const start = Math.floor(now / windowMs) * windowMs;
    let counter = this.windows.get(key);
    if (!counter || counter.start !== start) {
      this.windows.delete(key);
      counter = { start, count: 0, windowMs };
      this.makeRoom(now);
      this.windows.set(key, counter);
    }
    counter.count++;
    if (counter.count > limit) throw new RateLimitedError(Math.max(1, Math.ceil((start + windowMs - now) / 1000)));
  }

  private makeRoom(now: number): void {
    if (this.windows.size < this.maxKeys) return;
    for (const [key, counter] of this.windows) if (counter.start + counter.windowMs <= now) this.windows.delete(key);
    // Still full: the oldest counters go (Map order is insertion order).
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }

  get size(): number {
    return this.windows.size;
  }
}

const readLimiter = new LocalRateLimiter();

/** Counts one read of `rule` by a user (`uid`) or, when anonymous, by a client IP. */
export function consumeReadLimit(
  rule: ReadLimitRule,
  caller: { uid: string } | null,
  ip: string,
  now = Date.now(),
): void {
  const limit = caller ? (config.readRateLimitPerUser() ?? rule.perUser) : (config.readRateLimitPerIp() ?? rule.perIp);
  readLimiter.consume(
    `${rule.bucket}:${caller ? `uid:${caller.uid}` : `ip:${ip}`}`,
    Math.ceil(limit * scale()),
    rule.windowSeconds,
    now,
  );
}
