// Idempotency-Key (IETF httpapi draft "The Idempotency-Key HTTP Header Field"; docs/conventions.md,
// "Idempotency-Key"): the first answer to a keyed write is stored in the commit of the write itself,
// and a repeat of the key within KEPT_HOURS gets that answer again, writing nothing.
//
// One document per caller, endpoint and key, `idempotency_keys/{sha256}`, a small state machine:
//   (none) --create()--> in_flight (a lease) --the write's own commit--> answered
//                             \--the handler failed, nothing written--> deleted (the key is free again)
// The answer is staged into the service's commit (`InCommit`, data/staged.ts) with a precondition on the
// lease's update time: a lease that expired and was taken over by a repeat fences the first
// request's commit out, so two runs of one key can never both write. A process that dies before its
// commit leaves an in_flight record; its lease ends after IN_FLIGHT_LEASE_MS and a repeat runs again.
import { createHash } from 'node:crypto';
import { Timestamp, type DocumentReference, type Transaction, type WriteBatch } from 'firebase-admin/firestore';
import { db, isAlreadyExists } from '../data/firestore.js';
import { AppError, IdempotencyKeyInFlightError, IdempotencyKeyReusedError } from '../errors.js';
import { canonicalJson, KEPT_HOURS } from './key.js';

/** `idempotency_keys/{sha256 of caller, endpoint and key}`; clients have no access (firestore.rules). */
export const IDEMPOTENCY_KEYS = 'idempotency_keys';

/**
 * How long a first request holds its key before a repeat may run again (a process that died before
 * its commit). Longer than the request deadline (8 s), so that a live request is never overtaken
 * in practice; the fence makes an overtaken one fail its commit rather than write twice.
 */
export const IN_FLIGHT_LEASE_MS = 30_000;

/** What a repeat that finds the first request still running is told to wait: it usually ends within a second. */
export const IN_FLIGHT_RETRY_AFTER_SECONDS = 1;

interface StoredAnswer {
  state: 'in_flight' | 'answered';
  /** sha256 of the canonical JSON of the parsed body: a repeat with another body is a 422. */
  body_hash: string;
  /** The endpoint, for operators reading the collection (the caller and the key are hashed into the id). */
  endpoint: string;
  status: number | null;
  /** The answer's body as JSON text (null for a 204), replayed byte for byte. */
  body: string | null;
  lease_expires_at: Timestamp | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Who sends the key to which endpoint and object: a key is theirs alone, on that one. */
export interface KeyScope {
  uid: string;
  method: string;
  /** The path as declared, `{params}` and all. */
  path: string;
  params: unknown;
}

/** A repeat of an answered key: the stored status and body, sent with `Idempotent-Replayed: true`. */
export class Replayed {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

type Writer = Transaction | WriteBatch;
const GRPC_FAILED_PRECONDITION = 9;
const isFencedOut = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === GRPC_FAILED_PRECONDITION;

/** A key this request holds while its handler runs: the answer goes into the handler's commit. */
export class KeyLease {
  /** Whether a commit carried the answer (it may still fail: then the handler throws). */
  staged = false;

  constructor(
    private readonly ref: DocumentReference,
    private readonly leasedAt: Timestamp,
  ) {}

  private answered(status: number, body: unknown) {
    return {
      state: 'answered' as const,
      status,
      body: body === undefined ? null : JSON.stringify(body),
      lease_expires_at: null,
    };
  }

  /** Stages the answer in `writer`, the commit of the write; fenced by the lease. */
  stage(writer: Writer, status: number, body: unknown): void {
    // Transaction.update and WriteBatch.update take the same arguments.
    (writer as WriteBatch).update(this.ref, this.answered(status, body), { lastUpdateTime: this.leasedAt });
    this.staged = true;
  }

  /**
   * A handler that wrote nothing (no commit carried the answer): the answer is stored now; a
   * repeat meanwhile saw the key in flight.
   */
  async answerAfter(status: number, body: unknown): Promise<void> {
    await this.ref.update(this.answered(status, body), { lastUpdateTime: this.leasedAt }).catch(ignoreFencedOut);
  }

  /**
   * The handler failed: services commit all or nothing, so nothing was written, and the key is
   * freed for a repeat that may find the state changed (a 4xx is not kept: see docs/conventions.md).
   * The precondition leaves a record that the handler's commit did answer (an error after it) alone.
   */
  async release(): Promise<void> {
    await this.ref.delete({ lastUpdateTime: this.leasedAt }).catch(ignoreFencedOut);
  }

  /** The error to answer for a failed handler: a commit fenced out by a newer lease is the key in flight. */
  failure(error: unknown): unknown {
    return this.staged && isFencedOut(error) ? new IdempotencyKeyInFlightError(IN_FLIGHT_RETRY_AFTER_SECONDS) : error;
  }
}

function ignoreFencedOut(error: unknown): void {
  if (!isFencedOut(error)) throw error;
}

function inFlight(bodyHash: string, endpoint: string, now: number): StoredAnswer {
  return {
    state: 'in_flight',
    body_hash: bodyHash,
    endpoint,
    status: null,
    body: null,
    lease_expires_at: Timestamp.fromMillis(now + IN_FLIGHT_LEASE_MS),
    created_at: Timestamp.fromMillis(now),
    expires_at: Timestamp.fromMillis(now + KEPT_HOURS * 3_600_000),
  };
}

const endpointOf = (scope: KeyScope): string => `${scope.method.toUpperCase()} ${scope.path}`;

/** The record of a caller's key on an endpoint and object; its id reveals neither the caller nor the key. */
export function keyRecord(scope: KeyScope, key: string): DocumentReference {
  return db()
    .collection(IDEMPOTENCY_KEYS)
    .doc(sha256(canonicalJson([scope.uid, endpointOf(scope), scope.params ?? null, key])));
}

/**
 * The first request with this key gets the lease (one write: the record, created in flight); a
 * repeat gets the stored answer (one read), a 409 while the first runs, a 422 with another body.
 */
export async function claimKey(scope: KeyScope, key: string, body: unknown): Promise<KeyLease | Replayed> {
  const endpoint = endpointOf(scope);
  const ref = keyRecord(scope, key);
  const bodyHash = sha256(canonicalJson(body ?? null));
  // A record deleted between our create and our read (its request failed) is tried again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = Date.now();
    try {
      const created = await ref.create(inFlight(bodyHash, endpoint, now));
      return new KeyLease(ref, created.writeTime);
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
    }
    const snapshot = await ref.get();
    const record = snapshot.data() as StoredAnswer | undefined;
    if (!record || !snapshot.updateTime) continue;
    const expired = record.expires_at.toMillis() <= now;
    if (!expired && record.body_hash !== bodyHash) throw new IdempotencyKeyReusedError();
    if (!expired && record.state === 'answered') {
      return new Replayed(record.status ?? 200, record.body === null ? undefined : JSON.parse(record.body));
    }
    if (!expired && (record.lease_expires_at?.toMillis() ?? 0) > now) {
      throw new IdempotencyKeyInFlightError(IN_FLIGHT_RETRY_AFTER_SECONDS);
    }
    // The first request died before its commit (its lease ended), or the record outlived its TTL
    // and awaits deletion: this request takes the key over. A concurrent taker makes this fail.
    try {
      const taken = await ref.update({ ...inFlight(bodyHash, endpoint, now) }, { lastUpdateTime: snapshot.updateTime });
      return new KeyLease(ref, taken.writeTime);
    } catch (error) {
      if (isFencedOut(error)) throw new IdempotencyKeyInFlightError(IN_FLIGHT_RETRY_AFTER_SECONDS);
      throw error;
    }
  }
  throw new AppError('unavailable', 'This Idempotency-Key changed hands too often; try again shortly.');
}
