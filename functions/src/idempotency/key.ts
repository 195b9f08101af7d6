// The Idempotency-Key header as the pipeline reads it and the OpenAPI document describes it, with no
// Firestore in sight: the store (store.ts) is loaded only by a request that sends a key.
import type { FieldIssue } from '../errors.js';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** How long an answer is replayed: `expires_at` (a TTL policy, firestore.indexes.json) this long after the first call. */
export const KEPT_HOURS = 72;

/** The draft's limit is the server's to choose; 255 fits a UUID, a ULID or a client's own composite key. */
export const MAX_KEY_LENGTH = 255;

const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/**
 * The key of the `Idempotency-Key` header, or undefined without one. The draft makes the field a
 * Structured Fields String (`"a-key"`); a bare value, as most clients send, is taken as it is.
 * Empty, longer than MAX_KEY_LENGTH or not printable ASCII: a 400, before anything is read or written.
 */
export function idempotencyKeyOf(header: string | undefined, issues: FieldIssue[]): string | undefined {
  if (header === undefined) return undefined;
  const quoted = /^"((?:[^"\\]|\\["\\])*)"$/.exec(header);
  const key = quoted ? quoted[1]!.replace(/\\(["\\])/g, '$1') : header;
  const problem =
    key.length === 0
      ? 'must not be empty'
      : key.length > MAX_KEY_LENGTH
        ? `must be at most ${MAX_KEY_LENGTH} characters`
        : !PRINTABLE_ASCII.test(key)
          ? 'must be printable ASCII (a UUID is a good key)'
          : null;
  if (problem === null) return key;
  issues.push({ path: `headers.${IDEMPOTENCY_KEY_HEADER}`, message: problem });
  return undefined;
}

/** JSON with object keys sorted, so that `{a,b}` and `{b,a}` are the same request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
