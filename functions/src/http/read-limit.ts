// Read limits that hold across instances without a Firestore round trip on every GET. Kept apart
// from the write limits of data/window-count.ts so that the router has them without loading the
// Firestore client: the shared count is imported by the first lease an instance claims.
import { config } from '../config.js';
import { RateLimitedError } from '../errors.js';
import { logs } from '../logs.js';

/** Limits can be scaled for load tests and local demos without touching the declarations. */
const scale = (): number => config.rateLimitScale();

// --- Reads ----------------------------------------------------------------------------------------
// A Firestore counter bumped by every GET would add a write and a read to each (a single-document
// GET costs one read: the bill would be four times larger). Instead each instance takes the reads
// it admits from a lease on the shared budget, a sharded counter per caller and window
// (`rate_limits/reads:<key>:<window>`, data/counters.ts):
//
// - a lease is claimed with one increment of the shared count and one read of its total (one
//   write, READ_LIMIT_SHARDS reads) and holds 1/SPREAD of the budget left, so a busy caller costs
//   a write every few dozen reads and the leases shrink to one read as the limit nears; no lease is
//   granted past the limit, so leased reads never exceed it, however many instances hold one;
// - the next lease is claimed in the background when half of the current one is used: a request
//   waits for Firestore only when a burst outruns it or the limit is near;
// - the first READ_LIMIT_CREDIT reads of a caller on an instance in a window (fewer under a small
//   limit: limit / SPREAD) need no lease (they are counted with the first lease claimed): a caller
//   with a few reads a minute costs nothing;
// - past the limit, reads are refused from memory: the total only grows within a window.
//
// So at most limit + credit × instances reads pass in a window (the instances that served the
// caller; `api` runs at most 20: 600 + 80 for the default), and slightly fewer than the limit when
// leases held by other instances go unused. SPREAD = 40, twice maxInstances: the first leases of
// 20 instances claimed at once (each counted before any of them reads the total) still fit. If
// Firestore fails, the instance grants leases from its own count (the per-instance limit still
// holds). Memory is bounded: at most READ_LIMIT_MAX_KEYS counters; when full, expired windows are
// swept and then the oldest dropped.

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
/** A lease is 1/SPREAD of the budget left: SPREAD instances holding one each stay within it. */
export const READ_LIMIT_SPREAD = 40;
/** Reads of a caller an instance admits in a window before it claims a lease (at most limit / SPREAD). */
export const READ_LIMIT_CREDIT = 4;
export const readLimitCredit = (limit: number): number =>
  Math.min(READ_LIMIT_CREDIT, Math.floor(limit / READ_LIMIT_SPREAD));
/** Shards of a read counter: one write and this many reads per lease. */
export const READ_LIMIT_SHARDS = 2;

/** The read rule of an endpoint: its own, none (`readLimit: null`), or the default for a GET. */
export function readLimitOf(endpoint: {
  method: string;
  readLimit?: ReadLimitRule | null | undefined;
}): ReadLimitRule | null {
  if (endpoint.readLimit !== undefined) return endpoint.readLimit;
  return endpoint.method === 'get' ? DEFAULT_READ_LIMIT : null;
}

/** Adds `delta` to the shared count of `key` in the window starting at `windowStart`; resolves to the new total. */
export type SharedCount = (key: string, windowStart: number, windowMs: number, delta: number) => Promise<number>;

interface WindowCount {
  start: number;
  windowMs: number;
  /** Reads admitted here on credit (without a lease), and those of them not yet in the shared count. */
  credit: number;
  unreported: number;
  /** Leased reads left to admit here, of a lease of `leaseSize`. */
  lease: number;
  leaseSize: number;
  /** The shared total as of the last claim. */
  sharedTotal: number;
  /** Calls waiting for a lease. */
  waiting: number;
  /** Every read admitted here this window (the limit when Firestore fails). */
  admitted: number;
  /** The shared total reached the limit: refuse without asking. */
  exhausted: boolean;
  claiming: Promise<void> | undefined;
}

export class LocalRateLimiter {
  private readonly windows = new Map<string, WindowCount>();
  private lastFailureLogged = 0;

  /** Without `sharedCount`, counts in this instance's memory only. */
  constructor(
    private readonly maxKeys = READ_LIMIT_MAX_KEYS,
    private readonly sharedCount?: SharedCount,
  ) {}

  /**
   * Counts one call of `key` against `limit` per window; throws RateLimitedError over it. Returns
   * a promise only when the call has to wait for a lease.
   */
  consume(key: string, limit: number, windowSeconds: number, now = Date.now()): void | Promise<void> {
    const counter = this.counterOf(key, windowSeconds * 1000, now);
    const refused = () => new RateLimitedError(Math.max(1, Math.ceil((counter.start + counter.windowMs - now) / 1000)));
    if (!this.sharedCount) {
      if (counter.admitted >= limit) throw refused();
      counter.admitted++;
      return;
    }
    if (this.admitFromMemory(key, counter, limit)) return;
    if (counter.exhausted) throw refused();
    return this.waitForLease(key, counter, limit).then((admitted) => {
      if (!admitted) throw refused();
    });
  }

  /** Admits from the lease or the credit, claiming the next lease when half is used. */
  private admitFromMemory(key: string, counter: WindowCount, limit: number): boolean {
    if (counter.lease > 0) {
      counter.lease--;
    } else if (counter.credit < readLimitCredit(limit) && !counter.exhausted && counter.admitted < limit) {
      counter.credit++;
      counter.unreported++;
    } else return false;
    counter.admitted++;
    // The next lease, in the background: once half of this one is used, or the credit nearly is.
    const leaseLow = counter.lease <= counter.leaseSize / 2;
    if (leaseLow && counter.credit >= readLimitCredit(limit) - 1 && !counter.exhausted)
      void this.claim(key, counter, limit);
    return true;
  }

  private async waitForLease(key: string, counter: WindowCount, limit: number): Promise<boolean> {
    // Others waiting on the same claim may take its lease first: claim again while any is left.
    counter.waiting++;
    try {
      for (let attempt = 0; attempt < 3 && !counter.exhausted; attempt++) {
        await this.claim(key, counter, limit);
        if (this.admitFromMemory(key, counter, limit)) return true;
      }
      return false;
    } finally {
      counter.waiting--;
    }
  }

  /**
   * One claim at a time per counter, with the unreported credit: a lease of 1/SPREAD of what is
   * left, or enough for the calls waiting for it.
   */
  private claim(key: string, counter: WindowCount, limit: number): Promise<void> {
    counter.claiming ??= (async () => {
      const left = limit - counter.sharedTotal;
      const size = Math.max(1, Math.floor(left / READ_LIMIT_SPREAD), Math.min(counter.waiting, left));
      const reported = counter.unreported;
      counter.unreported = 0;
      try {
        const total = await this.sharedCount!(key, counter.start, counter.windowMs, size + reported);
        // Granted: what of this lease fits under the limit after everything counted before it and
        // the credit admitted here meanwhile. The total may include claims made after this one
        // (the increment and the read are two operations), so under contention less is granted.
        const granted = Math.max(0, Math.min(size, limit - (total - size) - counter.unreported));
        counter.lease += granted;
        counter.leaseSize = size;
        counter.sharedTotal = total - (size - granted);
        // What was not granted goes back, so that other instances' claims do not meet it.
        if (granted < size)
          void this.sharedCount!(key, counter.start, counter.windowMs, granted - size).catch(() => {});
        if (granted === 0 && total - size >= limit) counter.exhausted = true;
      } catch (error) {
        counter.unreported += reported;
        counter.lease += Math.max(0, Math.min(size, limit - counter.admitted - counter.lease));
        if (Date.now() - this.lastFailureLogged > 60_000) {
          this.lastFailureLogged = Date.now();
          logs.unexpectedError('read-limit', error);
        }
      } finally {
        counter.claiming = undefined;
      }
    })();
    return counter.claiming;
  }

  private counterOf(key: string, windowMs: number, now: number): WindowCount {
    const start = Math.floor(now / windowMs) * windowMs;
    let counter = this.windows.get(key);
    if (!counter || counter.start !== start) {
      this.windows.delete(key);
      counter = {
        start,
        windowMs,
        credit: 0,
        unreported: 0,
        lease: 0,
        leaseSize: 0,
        sharedTotal: 0,
        waiting: 0,
        admitted: 0,
        exhausted: false,
        claiming: undefined,
      };
      this.makeRoom(now);
      this.windows.set(key, counter);
    }
    return counter;
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

/** The shared count in Firestore (data/window-count.ts), loaded by the first lease claimed. */
const firestoreCount: SharedCount = async (key, windowStart, windowMs, delta) =>
  (await import('../data/window-count.js')).addToWindowCount(key, windowStart, windowMs, delta, READ_LIMIT_SHARDS);

const readLimiter = new LocalRateLimiter(READ_LIMIT_MAX_KEYS, firestoreCount);

/** Counts one read of `rule` by a user (`uid`) or, when anonymous, by a client IP. */
export function consumeReadLimit(
  rule: ReadLimitRule,
  caller: { uid: string } | null,
  ip: string,
  now = Date.now(),
): void | Promise<void> {
  const limit = caller ? (config.readRateLimitPerUser() ?? rule.perUser) : (config.readRateLimitPerIp() ?? rule.perIp);
  return readLimiter.consume(
    `${rule.bucket}:${caller ? `uid:${caller.uid}` : `ip:${ip}`}`,
    Math.ceil(limit * scale()),
    rule.windowSeconds,
    now,
  );
}
