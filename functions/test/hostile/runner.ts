// Runs hostile requests against the API and checks each answer against the oracle: the declared
// schemas, applied to exactly what the router will see (Express's decoded path parameters, its
// "simple" query parser, the JSON body bytes). Invalid input must get a 400 (413 when too large)
// problem+json; nothing may answer 5xx or leak internals; a batch of rejected requests must
// leave every collection of every store as it found it.
import assert from 'node:assert/strict';
import { parse as parseQueryString } from 'node:querystring';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';
import { verifyTwilioSignature } from '../../src/channels/signature.js';
import { LOCAL_TWILIO_AUTH_TOKEN } from '../../src/config.js';
import { internalCollections } from '../../src/data/collections.js';
import { stores } from '../../src/stores.js';
import { MAX_BODY_BYTES } from '../../src/http/body.js';
import type { Endpoint } from '../../src/http/endpoint.js';
import { paramsSchemaOf } from '../../src/http/endpoint.js';
import { baseUrl } from '../helpers/api.js';
import { checkExchange, contractOf, describeExchange } from '../helpers/contract.js';
import { testDb } from '../helpers/emulators.js';

export interface HostileCase {
  endpoint: Endpoint;
  /** Decoded path parameter values. */
  params: Record<string, string>;
  /** The raw query string, without "?". */
  query: string;
  /**
   * The raw body text (never for GET): sent as it is with Content-Type: application/json, or, to an
   * endpoint that takes a form, turned into one by `wireBody`.
   */
  bodyText?: string;
  token?: string;
  /** What made it, for failure messages. */
  label: string;
}

export type Verdict = { valid: true } | { valid: false; status: 400 | 413; why: string };

function present(value: unknown): boolean {
  return value !== undefined && !(typeof value === 'object' && value !== null && Object.keys(value).length === 0);
}

/**
 * What goes on the wire. A form endpoint (a webhook) gets the generated JSON object as form fields
 * (each value as text, objects as JSON text), any other generated text as it is; both signed as
 * the webhook's sender would sign them, so that the cases reach validation (signatures have tests
 * of their own in sms-inbound and outbound).
 */
export function wireBody(c: HostileCase): { text: string; contentType: string } | undefined {
  if (c.endpoint.method === 'get' || c.bodyText === undefined) return undefined;
  if (c.endpoint.bodyFormat !== 'form') return { text: c.bodyText, contentType: 'application/json' };
  let text = c.bodyText;
  try {
    const value: unknown = JSON.parse(c.bodyText);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      text = new URLSearchParams(
        Object.entries(value).map(([k, v]): [string, string] => [
          k,
          typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v),
        ]),
      ).toString();
    }
  } catch {
    // Not JSON, or nested too deep to write back as text: sent as it is.
  }
  return { text, contentType: 'application/x-www-form-urlencoded' };
}

/** The form fields as the router reads them, or why it refuses them. */
function formFields(text: string): Record<string, string> | 'duplicate' {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(fields, name)) return 'duplicate';
    fields[name] = value;
  }
  return fields;
}

/** What the router will decide about this input, computed from the declared schemas. */
export function oracle(c: HostileCase): Verdict {
  const { endpoint } = c;
  const wire = wireBody(c);
  const hasBody = wire !== undefined && wire.text !== '';
  if (hasBody && Buffer.byteLength(wire.text, 'utf8') > MAX_BODY_BYTES)
    return { valid: false, status: 413, why: 'body too large' };
  const why: string[] = [];
  const params = paramsSchemaOf(endpoint);
  if (params && !params.safeParse(c.params).success) why.push('params');
  const query: Record<string, unknown> = { ...parseQueryString(c.query) };
  // Express's query parser drops a `__proto__` parameter (it never reaches the app).
  delete query.__proto__;
  if (endpoint.query ? !endpoint.query.safeParse(query).success : present(query)) why.push('query');
  let body: unknown;
  if (hasBody && endpoint.bodyFormat === 'form') {
    const fields = formFields(wire.text);
    if (fields === 'duplicate') return { valid: false, status: 400, why: 'a form field twice' };
    body = fields;
  } else if (hasBody) {
    try {
      body = JSON.parse(wire.text);
    } catch {
      return { valid: false, status: 400, why: 'malformed JSON' };
    }
  }
  if (endpoint.body) {
    // As the router: a body schema that accepts undefined makes the body optional.
    if (body === undefined ? !endpoint.body.safeParse(undefined).success : !endpoint.body.safeParse(body).success)
      why.push('body');
  } else if (present(body)) {
    why.push('body (none taken)');
  }
  return why.length === 0 ? { valid: true } : { valid: false, status: 400, why: why.join(', ') };
}

export function concretePath(endpoint: Endpoint, params: Record<string, string>): string {
  return endpoint.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));
}

export interface Answer {
  status: number;
  contentType: string;
  /** The Retry-After header, where there is one. */
  retryAfter: string | null;
  text: string;
  /** What the OpenAPI document does not describe of the exchange (helpers/contract.ts). */
  contract: string[];
}

function urlOf(c: HostileCase): string {
  return `${baseUrl()}${concretePath(c.endpoint, c.params)}${c.query ? `?${c.query}` : ''}`;
}

/**
 * Why a case the router takes is still no request the OpenAPI document describes: what the
 * router treats as absent is still sent.
 */
function takenOutsideTheDocument(c: HostileCase): string | undefined {
  const wire = wireBody(c);
  if (!c.endpoint.body && wire !== undefined && wire.text !== '')
    return 'a body (empty, which the router takes as none) to an endpoint that takes none';
  if (Object.hasOwn(parseQueryString(c.query), '__proto__'))
    return "a __proto__ query parameter (Express's query parser drops it before the app)";
  return undefined;
}

export async function send(c: HostileCase): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (c.token) headers.authorization = `Bearer ${c.token}`;
  const wire = wireBody(c);
  if (wire) headers['content-type'] = wire.contentType;
  if (c.endpoint.verify) {
    // Every endpoint that verifies its caller today is a Twilio webhook.
    assert.equal(c.endpoint.verify, verifyTwilioSignature, `${c.endpoint.path}: unknown verify`);
    const fields = wire ? formFields(wire.text) : {};
    headers['x-twilio-signature'] = getExpectedTwilioSignature(
      LOCAL_TWILIO_AUTH_TOKEN,
      urlOf(c),
      fields === 'duplicate' ? {} : fields,
    );
  }
  const contract = await contractOf(baseUrl());
  const method = c.endpoint.method.toUpperCase();
  const response = await fetch(urlOf(c), { method, headers, body: wire?.text });
  const answer = {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    retryAfter: response.headers.get('retry-after'),
    text: await response.text(),
  };
  // A URL over the HTTP server's limit is refused in front of the app (judge counts it apart).
  if (answer.status === 431 || answer.status === 414) return { ...answer, contract: [] };
  const verdict = oracle(c);
  const exchange = {
    method,
    target: urlOf(c).slice(baseUrl().length),
    requestContentType: wire?.contentType ?? null,
    requestBody: wire?.text ?? null,
    status: answer.status,
    responseContentType: answer.contentType || null,
    responseText: answer.text,
  };
  const outside = verdict.valid
    ? takenOutsideTheDocument(c)
    : `a hostile case the declarations refuse (${verdict.why})`;
  const violations = checkExchange(contract, exchange, outside === undefined ? {} : { invalidRequest: outside });
  return {
    ...answer,
    contract: violations.map((v) => `the OpenAPI document does not describe ${describeExchange(exchange)}: ${v}`),
  };
}

/**
 * Signs of internals in a response body: stack frames, error class prefixes, file paths, library
 * names (`grpc` as a word: random Firestore ids such as "X0KixAsawNBKYmGrPC5C" contain the letters).
 */
const LEAKS: readonly RegExp[] = [
  /\n\s+at /,
  /\bat [\w.<>]+ \(/,
  /\b[A-Z]\w*Error: /,
  /\/work\//,
  /node_modules/,
  /\.[jt]s:\d+/,
  /@google-cloud|firebase-admin|\bgrpc\b|ECONNREFUSED/i,
];

export function leakIn(text: string): string | undefined {
  return LEAKS.find((pattern) => pattern.test(text))?.source;
}

export interface Stats {
  cases: number;
  invalid: number;
  valid: number;
  serverErrors: number;
  rejectedWrites: number;
  /** Bodies the Functions runtime's own JSON parser refuses before the app runs (see platformRejected). */
  platformRejected: number;
  /** Schema-valid requests the service still refused with 400 (its own rules), a few samples. */
  validButRefused: string[];
  statuses: Record<string, number>;
  /** Valid requests answered 503 for contention in the concurrent run, then sent again alone. */
  contentionRetried: number;
}

export function newStats(): Stats {
  return {
    cases: 0,
    invalid: 0,
    valid: 0,
    serverErrors: 0,
    rejectedWrites: 0,
    platformRejected: 0,
    validButRefused: [],
    statuses: {},
    contentionRetried: 0,
  };
}

function describeCase(c: HostileCase): string {
  const body =
    c.bodyText === undefined
      ? ''
      : ` body=${c.bodyText.length > 300 ? `${c.bodyText.slice(0, 300)}… (${c.bodyText.length} chars)` : c.bodyText}`;
  return `${c.endpoint.method.toUpperCase()} ${concretePath(c.endpoint, c.params)}${c.query ? `?${c.query}` : ''}${body} [${c.label}]`;
}

/**
 * A body the Functions runtime parses itself before the app runs (body-parser, strict): JSON that
 * does not parse, or whose top level is not an object or array. It answers 400 from its own error
 * handler (HTML; with a stack trace unless NODE_ENV=production, see docs/security.md), which the
 * app cannot change; test/http-hygiene.test.ts checks the app's own answer to the same bodies.
 */
export function platformRejected(c: HostileCase): boolean {
  if (c.endpoint.method === 'get' || c.bodyText === undefined || c.bodyText.trim() === '') return false;
  if (c.endpoint.bodyFormat === 'form') return false;
  try {
    JSON.parse(c.bodyText);
  } catch {
    return true;
  }
  return !/^[\s]*[[{]/.test(c.bodyText);
}

/** Checks one answer; returns failure messages (empty when all is well). */
export function judge(c: HostileCase, verdict: Verdict, answer: Answer, stats: Stats): string[] {
  const failures: string[] = [];
  stats.cases++;
  stats.statuses[answer.status] = (stats.statuses[answer.status] ?? 0) + 1;
  if (verdict.valid) stats.valid++;
  else stats.invalid++;
  const where = describeCase(c);
  failures.push(...answer.contract.map((violation) => `${violation} [${c.label}]`));
  if (answer.status >= 500) {
    stats.serverErrors++;
    failures.push(`${answer.status} for ${where}: ${answer.text.slice(0, 300)}`);
  }
  if (answer.status === 431 || answer.status === 414) {
    // A URL too long for the HTTP server in front of the app (Node's 16 KB header limit here).
    stats.platformRejected++;
    if (urlOf(c).length < 8_000) failures.push(`${answer.status} for a URL of ${urlOf(c).length} characters: ${where}`);
    return failures;
  }
  if (platformRejected(c)) {
    stats.platformRejected++;
    if (answer.status !== 400) failures.push(`expected the runtime's 400, got ${answer.status} for ${where}`);
    return failures;
  }
  if (verdict.valid && answer.status === 400 && stats.validButRefused.length < 5)
    stats.validButRefused.push(`${where} → ${answer.text.slice(0, 200)}`);
  const leak = leakIn(answer.text);
  if (leak) failures.push(`internal detail (${leak}) in the answer to ${where}: ${answer.text.slice(0, 300)}`);
  if (answer.status >= 400 && !answer.contentType.startsWith('application/problem+json')) {
    failures.push(`${answer.status} without problem+json for ${where}`);
  }
  if (!verdict.valid && answer.status !== verdict.status) {
    failures.push(
      `expected ${verdict.status} (${verdict.why}), got ${answer.status} for ${where}: ${answer.text.slice(0, 300)}`,
    );
  }
  return failures;
}

/** Runs `work` over `items` with at most `limit` at a time. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(lanes);
  return results;
}

// --- What is stored ------------------------------------------------------------------------------

/**
 * Every document of every collection of every feature's store (src/stores.ts) and of the internal
 * processed_events, by path, with its data; subcollections under the given parent documents
 * (the arranged objects and the callers: what a request could reach), or under every parent.
 * rate_limits is left out: valid requests bump its counters by design, and a rejected one never
 * reaches the limiter (validation comes first), which the rate-limit tests check.
 */
/**
 * Collections whose documents queued jobs keep updating at their own pace (Cloud Tasks retries):
 * compared by existence only, so a rejected request that created or deleted one is still caught.
 */
const BACKGROUND_COLLECTIONS = new Set(['allocation_jobs']);

export async function snapshot(parentIds?: ReadonlySet<string>): Promise<Map<string, string>> {
  const db = testDb();
  const out = new Map<string, string>();
  const top = Object.values(stores).filter((c): c is Extract<typeof c, { path: string }> => 'path' in c);
  const paths = [...top.map((c) => c.path), internalCollections.processedEvents];
  const subs = Object.values(stores).filter((c): c is Extract<typeof c, { pattern: string }> => 'pattern' in c);
  const parents = new Map<string, string[]>();
  await Promise.all(
    paths.map(async (path) => {
      const docs = (await db.collection(path).get()).docs;
      parents.set(
        path,
        docs.map((d) => d.id),
      );
      for (const doc of docs)
        out.set(doc.ref.path, BACKGROUND_COLLECTIONS.has(path) ? 'exists' : JSON.stringify(doc.data()));
    }),
  );
  await Promise.all(
    subs.flatMap((sub) => {
      const [parent, , name] = sub.pattern.split('/');
      return (parents.get(parent!) ?? [])
        .filter((id) => !parentIds || parentIds.has(id))
        .map(async (parentId) => {
          const docs = (await db.collection(parent!).doc(parentId).collection(name!).get()).docs;
          for (const doc of docs) out.set(doc.ref.path, JSON.stringify(doc.data()));
        });
    }),
  );
  return out;
}

export function differences(before: Map<string, string>, after: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [path, data] of after) {
    if (!before.has(path)) out.push(`created ${path}`);
    else if (before.get(path) !== data) out.push(`changed ${path}`);
  }
  for (const path of before.keys()) if (!after.has(path)) out.push(`deleted ${path}`);
  return out;
}

/**
 * Waits until nothing has changed for `stableMs` (writes of triggers and queued jobs started by
 * the arrangement and by earlier valid calls), at most `maxMs`.
 */
export async function quiescent(
  parentIds?: ReadonlySet<string>,
  stableMs = 1500,
  maxMs = 20_000,
): Promise<Map<string, string>> {
  const deadline = Date.now() + maxMs;
  let last = await snapshot(parentIds);
  let stableSince = Date.now();
  for (;;) {
    await new Promise((r) => setTimeout(r, 300));
    const now = await snapshot(parentIds);
    if (differences(last, now).length > 0) stableSince = Date.now();
    if (Date.now() - stableSince >= stableMs || Date.now() > deadline) return now;
    last = now;
  }
}

/** The documents a request could write under: ids in its path, the callers' uids. */
export function parentsOf(cases: readonly HostileCase[], callerIds: readonly string[]): Set<string> {
  const ids = new Set(callerIds);
  for (const c of cases) for (const value of Object.values(c.params)) ids.add(value);
  return ids;
}

/**
 * Runs the cases the oracle rejects in batches, each batch between two snapshots that must be
 * equal. Call it while nothing else writes (after `quiescent`, before any accepted case).
 */
export async function runRejected(
  cases: readonly HostileCase[],
  stats: Stats,
  concurrency: number,
  callerIds: readonly string[],
  batchSize = 50,
): Promise<string[]> {
  const failures: string[] = [];
  const invalid = cases.map((c) => ({ c, verdict: oracle(c) })).filter((j) => !j.verdict.valid);
  const parents = parentsOf(cases, callerIds);
  let before = await snapshot(parents);
  for (let i = 0; i < invalid.length; i += batchSize) {
    const batch = invalid.slice(i, i + batchSize);
    const answers = await mapLimit(batch, concurrency, (j) => send(j.c));
    batch.forEach((j, k) => failures.push(...judge(j.c, j.verdict, answers[k]!, stats)));
    const after = await snapshot(parents);
    const changed = differences(before, after);
    if (changed.length > 0) {
      stats.rejectedWrites += changed.length;
      failures.push(
        `a batch of ${batch.length} rejected requests wrote: ${changed.slice(0, 10).join(', ')}; the batch: ${batch
          .map((j) => describeCase(j.c))
          .slice(0, 5)
          .join(' | ')}`,
      );
    }
    before = after;
  }
  return failures;
}

/**
 * The answer the service gives to contention it could not resolve in time: 503 `unavailable` with
 * Retry-After (several valid writes at once to one document; on the official emulator, whose lock
 * manager breaks a deadlock only by a 3 s lock timeout, that happens far sooner than in production).
 */
function isContention(answer: Answer): boolean {
  return answer.status === 503 && Number(answer.retryAfter) > 0 && /"code":"unavailable"/.test(answer.text);
}

/**
 * Runs the cases the oracle accepts (they may write): no 5xx, no internals, problems as problem+json.
 * They go `concurrency` at a time, often to the same document; one answered as contention (above) is
 * sent again alone, as its Retry-After asks, and only that answer is judged: a valid request may
 * have to wait its turn, never fail.
 */
export async function runAccepted(cases: readonly HostileCase[], stats: Stats, concurrency: number): Promise<string[]> {
  const failures: string[] = [];
  const valid = cases.map((c) => ({ c, verdict: oracle(c) })).filter((j) => j.verdict.valid);
  const answers = await mapLimit(valid, concurrency, (j) => send(j.c));
  for (const [k, j] of valid.entries()) {
    let answer = answers[k]!;
    if (isContention(answer)) {
      stats.contentionRetried++;
      answer = await send(j.c);
    }
    failures.push(...judge(j.c, j.verdict, answer, stats));
  }
  return failures;
}

/** Both, rejected first, after waiting for background writes to settle. */
export async function runCases(
  cases: readonly HostileCase[],
  stats: Stats,
  concurrency: number,
  callerIds: readonly string[],
  batchSize = 50,
): Promise<string[]> {
  await quiescent(parentsOf(cases, callerIds));
  const failures = await runRejected(cases, stats, concurrency, callerIds, batchSize);
  return [...failures, ...(await runAccepted(cases, stats, concurrency))];
}

export function assertNoFailures(failures: string[]): void {
  assert.equal(failures.length, 0, `${failures.length} failures:\n${failures.slice(0, 15).join('\n')}`);
}
