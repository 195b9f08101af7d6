// Figure "surge" (issue 22): the hot single documents under a surge, on the official Firestore
// emulator (it locks and aborts transactions as production does; the embedded one never does).
//
// Inbound: 2,000 signed Twilio SMS/WhatsApp messages in 60 s (about 33 a second, at most
// `concurrency` in flight) to POST /channels/twilio/inbound of a stack running the documented
// limits (RATE_LIMIT_SCALE=1): mostly distinct numbers, some numbers writing again, one number
// flooding. Every status code and reply time is recorded; afterwards every message must be either
// stored (its `inbound_messages/{MessageSid}` claim, which holds the outcome and any request) or
// refused with a logged reason: the router's 429 (its request log line, found by the X-Request-Id
// the bench sends, the MessageSid) or the handler's `inbound message dropped` line (with the
// MessageSid). Anything else is lost. Also: 5xx count, p50/p95/p99 reply time, how late the last
// message went out, and the 5xx causes from the `unexpected error` lines.
//
// The counter every inbound message bumps (INBOUND_GLOBAL's rule, channels/limits.ts), alone: 2,000 bumps, 32 at once,
// from this process: time per bump.
//
// Outbound, where the daily spend is counted in each send's claim transaction:
// - through the trigger: a burst of SMS `outbound_messages` created in one batch, each delivered by
//   the Functions emulator to `deliverOutbound` (the emulator runs them one at a time: no contention
//   can show there, which the figure reports);
// - in this process, as production runs them: deliverOutbound's handler on 300 messages, 10 at a
//   time (its maxInstances), failures retried as the platform would: failed deliveries (ABORTED
//   after the client's own retries), transaction attempts retried, messages per second, and
//   whether the spend counted equals the messages sent.
// Transactions the emulator aborts for a lock timeout are counted from its own log.
//
// Run alone (`npm run bench -- --figures=surge`) or by bench/run.ts in a child process of its own
// (its Admin SDK must reach this stack's emulator, not the embedded one of the other figures).
// Every message of a run and its fate: bench/results/surge-messages-<date>.json.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';
import { repoRoot } from '../dev/stack.js';
import { LOCAL_TWILIO_AUTH_TOKEN } from '../src/config.js';
import { newPhoneContact } from '../src/channels/model.js';
import { internalCollections } from '../src/data/collections.js';
import { inboundMessageStore, phoneContactStore } from '../src/channels/store.js';
import { outboundMessageStore } from '../src/outbound/store.js';
import { db } from '../src/data/firestore.js';
import type { OutboundMessage } from '../src/outbound/model.js';
import { disaster, north } from '../test/helpers/planning-fixtures.js';
import { figure, percentile, round, type Figure } from './figures.js';
import { prng } from './seeding.js';
import { openSession, type Session } from './session.js';

export interface SurgeOptions {
  /** Inbound messages in all (2,000). */
  messages: number;
  /** Over how many seconds they are sent (60). */
  seconds: number;
  /** Messages in flight at most (the Functions emulator runs one request per worker process). */
  concurrency: number;
  /** Outbound messages in the burst through the trigger. */
  outbound: number;
  /** Outbound messages delivered in the bench process, 10 at a time. */
  outboundInProcess: number;
  say: (m: string) => void;
}

/** What the surge's stack runs with: the documented limits, and a bound on the emulator's workers. */
export const SURGE_RUNTIME_ENV = {
  RATE_LIMIT_SCALE: '1',
  // The Functions emulator's work queue (default 50 in parallel, one worker process each, about
  // 170 MiB apiece): the inbound calls, and the planning and delivery triggers they set off.
  FUNCTIONS_EMULATOR_PARALLEL: '40',
  // How long the emulator waits for a new worker process to load (default 30 s): on a loaded
  // machine, workers started side by side took longer, and the emulator then dropped the request
  // unanswered (no status at all: the caller times out). An artefact of the emulator's one worker
  // per request, not of the function; the warm-up below also starts the API's workers beforehand.
  FUNCTIONS_DISCOVERY_TIMEOUT: '120',
};

export const MANILA = { lat: 14.5995, lng: 120.9842 };
const FLOOD_NUMBER = '+639990000001';
const TIMEOUT_MS = 60_000;
/** Twilio gives up on a webhook after 15 s (error 11200): the reply is not sent. */
const TWILIO_TIMEOUT_MS = 15_000;

export type Kind = 'need' | 'need_whatsapp_point' | 'hello' | 'status' | 'help' | 'place' | 'flood';

export interface Planned {
  i: number;
  sid: string;
  from: string;
  kind: Kind;
  form: Record<string, string>;
}

export interface Sent extends Planned {
  /** ms after the start: when it was due, when it went out, how long the answer took. */
  due_ms: number;
  sent_ms: number;
  latency_ms: number;
  status: number | 'timeout' | 'error';
  reply: 'message' | 'empty' | 'other';
}

const NEEDS = [
  'help, we need drinking water for 6 people',
  'trapped on the roof with my children, need rescue',
  'my father is injured and needs a doctor',
  'necesitamos comida y agua por favor',
  'kailangan po namin ng pagkain at tubig',
  'we need shelter, our house is flooded',
  'need insulin for my mother',
  'walang tubig dito, kailangan ng tubig',
  'need food for 4 families at the evacuation centre',
];
const PLACES = [
  'near the San Roque chapel, Purok 3',
  'Barangay Malanday, behind the elementary school',
  'Calle Rizal 12, second floor',
];

/** The messages of the surge, the same every run (seeded): who writes what, in which order. */
export function planSurge(count: number, run: string): Planned[] {
  const random = prng(22_2000);
  const distinct: string[] = [];
  const planned: Planned[] = [];
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  for (let i = 0; i < count; i++) {
    let from: string;
    let kind: Kind;
    let body: string;
    let extra: Record<string, string> = {};
    if (i % 33 === 7) {
      // One number flooding: about 3 % of the messages, past its 30 an hour.
      from = FLOOD_NUMBER;
      kind = 'flood';
      body = 'hello? anyone there';
    } else if (distinct.length > 20 && random() < 0.15) {
      // Someone writing again: their place, their requests' status, or another need.
      from = pick(distinct);
      const r = random();
      kind = r < 0.5 ? 'place' : r < 0.8 ? 'status' : 'need';
      body = kind === 'place' ? pick(PLACES) : kind === 'status' ? 'STATUS' : pick(NEEDS);
    } else {
      from = `+63917${run}${String(distinct.length).padStart(5, '0')}`;
      distinct.push(from);
      const r = random();
      kind = r < 0.6 ? 'need' : r < 0.7 ? 'need_whatsapp_point' : r < 0.8 ? 'hello' : r < 0.9 ? 'status' : 'help';
      body =
        kind === 'need' || kind === 'need_whatsapp_point'
          ? pick(NEEDS)
          : kind === 'hello'
            ? 'hello'
            : kind === 'status'
              ? 'STATUS'
              : 'HELP';
      if (kind === 'need_whatsapp_point') {
        const point = north(MANILA, 1 + random() * 8);
        extra = { Latitude: point.lat.toFixed(6), Longitude: point.lng.toFixed(6) };
      }
    }
    const form = { ...inboundForm(kind === 'need_whatsapp_point' ? `whatsapp:${from}` : from, body), ...extra };
    planned.push({ i, sid: form.MessageSid, from, kind, form });
  }
  return planned;
}

/** The fields Twilio sends with an inbound message, under a new MessageSid. */
export function inboundForm(from: string, body: string): Record<string, string> & { MessageSid: string } {
  return {
    MessageSid: `SM${randomBytes(16).toString('hex')}`,
    AccountSid: 'AC00000000000000000000000000000000',
    From: from,
    To: '+15005550006',
    Body: body,
    NumMedia: '0',
  };
}

/**
 * Warm-up: `concurrency` STATUS messages at once, twice, from known numbers of its own (no new
 * user, no new-number count), so that the emulator has a worker per call in flight before the
 * burst (it starts one per concurrent request, and starting many at once is what fails it).
 */
export async function warmUp(url: string, concurrency: number): Promise<void> {
  const known = await knownContacts(concurrency);
  for (let round = 0; round < 2; round++) {
    await Promise.all(
      known.map((from) => {
        const form = inboundForm(from, 'STATUS');
        return post(url, { i: -1, sid: form.MessageSid, from, kind: 'status', form });
      }),
    );
  }
}

/** A run of 30 s or more starts at the top of a minute, so that it falls into as few fixed windows as possible. */
export async function startOnAMinute(name: string, options: { seconds: number; say: (m: string) => void }) {
  const toMinute = 60_000 - (Date.now() % 60_000);
  if (options.seconds >= 30 && toMinute < 55_000) {
    options.say(`[bench] ${name}: waiting ${Math.round(toMinute / 1000)} s for the next minute window`);
    await new Promise((resolve) => setTimeout(resolve, toMinute + 200));
  }
}

export async function post(url: string, message: Planned): Promise<{ status: Sent['status']; reply: Sent['reply'] }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': getExpectedTwilioSignature(LOCAL_TWILIO_AUTH_TOKEN, url, message.form),
        // The request log line carries it: the router's refusals are found by it.
        'x-request-id': message.sid,
      },
      body: new URLSearchParams(message.form).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    const reply = /<Message>/.test(text) ? 'message' : /<Response\/>/.test(text) ? 'empty' : 'other';
    return { status: response.status, reply };
  } catch (error) {
    return { status: (error as Error).name === 'TimeoutError' ? 'timeout' : 'error', reply: 'other' };
  }
}

/** Sends `planned` at an even pace over `seconds`, at most `concurrency` in flight. */
export async function sendAll(url: string, planned: Planned[], seconds: number, concurrency: number): Promise<Sent[]> {
  const results: Sent[] = [];
  const gap = (seconds * 1000) / planned.length;
  const start = performance.now();
  let inFlight = 0;
  let freed: (() => void) | undefined;
  const pending: Promise<void>[] = [];
  for (const message of planned) {
    const due = message.i * gap;
    const wait = start + due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    while (inFlight >= concurrency) await new Promise<void>((resolve) => (freed = resolve));
    inFlight += 1;
    const sent = performance.now() - start;
    pending.push(
      post(url, message).then(({ status, reply }) => {
        results.push({
          ...message,
          due_ms: due,
          sent_ms: sent,
          latency_ms: performance.now() - start - sent,
          status,
          reply,
        });
        inFlight -= 1;
        freed?.();
      }),
    );
  }
  await Promise.all(pending);
  return results.sort((a, b) => a.i - b.i);
}

/** Phone contacts of numbers the service knows already (their STATUS creates nothing). */
async function knownContacts(count: number): Promise<string[]> {
  const now = new Date().toISOString();
  const batch = db().batch();
  const numbers: string[] = [];
  for (let i = 0; i < count; i++) {
    const number = `+63918${String(i).padStart(7, '0')}`;
    numbers.push(number);
    batch.set(
      phoneContactStore.doc(number),
      newPhoneContact({ number, uid: `surge-warmup-${i}`, language: 'en', channel: 'sms', at: now }),
    );
  }
  await batch.commit();
  return numbers;
}

export interface LogEntry {
  message?: string;
  request_id?: string;
  message_sid?: string;
  status?: number;
  code?: string;
  reason?: string;
  error?: unknown;
}

/** The function runtime's structured lines written to the stack log since `offset`. */
function logEntries(file: string, offset: number): { entries: LogEntry[]; raw: string } {
  const raw = readFileSync(file).subarray(offset).toString('utf8');
  const entries: LogEntry[] = [];
  for (const line of raw.split('\n')) {
    const start = line.indexOf('{"');
    if (start < 0 || !line.startsWith('[firebase]')) continue;
    try {
      const entry = JSON.parse(line.slice(start)) as LogEntry;
      // An error-severity line's message comes with "Error: " and a stack (firebase-functions' logger).
      if (typeof entry.message === 'string') entry.message = entry.message.replace(/^Error: /, '').split('\n')[0];
      entries.push(entry);
    } catch {
      // a line that only looks like JSON
    }
  }
  return { entries, raw };
}

/** Waits until the log holds a request line for every answered call (the emulator relays them late), at most 60 s. */
export async function settledLog(
  file: string,
  offset: number,
  answered: Set<string>,
): Promise<ReturnType<typeof logEntries>> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const log = logEntries(file, offset);
    const seen = log.entries.filter(
      (e) => e.message === 'http request' && e.request_id !== undefined && answered.has(e.request_id),
    ).length;
    if (seen >= answered.size || Date.now() > deadline) return log;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

function describeError(error: unknown): string {
  const text = typeof error === 'string' ? error : JSON.stringify(error);
  return (text ?? 'unknown').replace(/\s+/g, ' ').slice(0, 160);
}

/**
 * The official emulator's own log (firebase-tools starts it in the repository root), where every
 * transaction it aborts for a lock it waited on too long is a line `Transaction lock timeout.`:
 * the client retries those silently, so they show nowhere else.
 */
const EMULATOR_LOG = join(repoRoot, 'firestore-debug.log');

function emulatorLogSize(): number {
  return existsSync(EMULATOR_LOG) ? statSync(EMULATOR_LOG).size : 0;
}

/** Transactions the emulator aborted on a lock timeout since `offset` (its log's size then). */
function lockTimeoutsSince(offset: number): number {
  if (!existsSync(EMULATOR_LOG)) return 0;
  const text = readFileSync(EMULATOR_LOG).subarray(offset).toString('utf8');
  return (text.match(/WARNING: Operation failed: Transaction lock timeout/g) ?? []).length;
}

/** ABORTED, another gRPC code, or the error's class (RetryLater: a live lease or a send to retry). */
function errorKind(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 10) return 'ABORTED';
  if (typeof code === 'number' || typeof code === 'string') return `code ${code}`;
  return error instanceof Error ? error.constructor.name : 'unknown';
}

export function tally(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

async function inbound(session: Session, options: SurgeOptions): Promise<Figure[]> {
  const url = `${session.apiUrl}/channels/twilio/inbound`;
  const run = String(Date.now() % 100).padStart(2, '0');
  await disaster('confirmed', MANILA);
  await warmUp(url, options.concurrency);
  await startOnAMinute('surge', options);
  const planned = planSurge(options.messages, run);
  const logOffset = statSync(session.stack.logFile).size;
  const emulatorOffset = emulatorLogSize();
  options.say(
    `[bench] surge: ${planned.length} inbound messages over ${options.seconds} s, at most ${options.concurrency} in flight`,
  );
  const started = performance.now();
  const sent = await sendAll(url, planned, options.seconds, options.concurrency);
  const sendSeconds = (performance.now() - started) / 1000;
  const lastOut = Math.max(...sent.map((s) => s.sent_ms));
  options.say(`[bench] surge: all answered after ${round(sendSeconds)} s; reconciling`);

  const answered = new Set(sent.filter((s) => typeof s.status === 'number').map((s) => s.sid));
  const log = await settledLog(session.stack.logFile, logOffset, answered);
  const requestLine = new Map<string, LogEntry>();
  const dropped = new Map<string, LogEntry>();
  const duplicate = new Set<string>();
  const errors = new Map<string, string>();
  for (const entry of log.entries) {
    if (entry.message === 'http request' && entry.request_id) requestLine.set(entry.request_id, entry);
    if (entry.message === 'inbound message dropped' && entry.message_sid) dropped.set(entry.message_sid, entry);
    if (entry.message === 'inbound message already processed' && entry.message_sid) duplicate.add(entry.message_sid);
    if (entry.message === 'unexpected error' && entry.request_id)
      errors.set(entry.request_id, describeError(entry.error));
  }
  const claims = new Map<string, { outcome: string; request_id: string | null }>();
  for (let i = 0; i < sent.length; i += 300) {
    const refs = sent.slice(i, i + 300).map((s) => inboundMessageStore.doc(s.sid));
    for (const snapshot of await db().getAll(...refs)) {
      if (snapshot.exists)
        claims.set(snapshot.id, {
          outcome: String(snapshot.get('outcome')),
          request_id: (snapshot.get('request_id') as string | null) ?? null,
        });
    }
  }

  const fate = sent.map((s) => {
    const claim = claims.get(s.sid);
    if (claim) return `stored: ${claim.outcome}`;
    const line = requestLine.get(s.sid);
    if (line?.status === 429 && line.code === 'rate_limited') return 'refused: 429 twilio:webhook';
    const drop = dropped.get(s.sid);
    if (drop) return `refused: ${drop.reason ?? '?'}`;
    if (duplicate.has(s.sid)) return 'lost: logged as already processed';
    if (typeof s.status === 'number' && s.status >= 500) return `lost: ${s.status}`;
    return `lost: ${s.status} without a record or a reason`;
  });
  const fates = tally(fate);
  // Every message, for a closer look (bench/results/ is not committed).
  const dumpDir = join(__dirname, 'results');
  mkdirSync(dumpDir, { recursive: true });
  const dump = join(dumpDir, `surge-messages-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    dump,
    JSON.stringify(
      sent.map(({ form: _form, ...s }, index) => ({ ...s, fate: fate[index], error: errors.get(s.sid) ?? null })),
      null,
      1,
    ) + '\n',
  );
  options.say(`[bench] surge: every message and its fate in ${dump}`);
  const stored = fate.filter((f) => f.startsWith('stored')).length;
  const refused = fate.filter((f) => f.startsWith('refused')).length;
  const lost = fate.length - stored - refused;
  const fiveHundreds = sent.filter((s) => typeof s.status === 'number' && s.status >= 500);
  const statuses = tally(sent.map((s) => String(s.status)));
  const causes = tally(fiveHundreds.map((s) => errors.get(s.sid) ?? `${s.status}: no unexpected-error line`));
  const latencies = sent.filter((s) => typeof s.status === 'number').map((s) => s.latency_ms);
  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  const p99 = percentile(latencies, 99);
  const overTwilio = sent.filter((s) => s.latency_ms > TWILIO_TIMEOUT_MS).length;
  const aborted = (log.raw.match(/ABORTED|lock timeout|contention/gi) ?? []).length;
  const lockTimeouts = lockTimeoutsSince(emulatorOffset);
  const requests = [...claims.values()].filter((c) => c.request_id !== null).length;
  options.say(`[bench] surge: statuses ${JSON.stringify(statuses)}`);
  options.say(`[bench] surge: fates ${JSON.stringify(fates)}`);
  if (fiveHundreds.length > 0) options.say(`[bench] surge: 5xx causes ${JSON.stringify(causes)}`);
  options.say(
    `[bench] surge: reply time p50 ${round(p50)} ms, p95 ${round(p95)} ms, p99 ${round(p99)} ms; last message out at ${round(lastOut / 1000)} s (due at ${round(((sent.length - 1) * options.seconds) / sent.length)} s); ${aborted} function log lines name ABORTED or contention; ${lockTimeouts} transaction lock timeouts in the emulator`,
  );
  const scope = `${sent.length} signed inbound messages in ${options.seconds} s (at most ${options.concurrency} in flight), documented limits, official Firestore emulator`;
  const details = `statuses ${JSON.stringify(statuses)}; fates ${JSON.stringify(fates)}; ${requests} requests created; 5xx causes ${JSON.stringify(causes)}; last message out at ${round(lastOut / 1000)} s; ${overTwilio} answers over Twilio's 15 s; ${aborted} function log lines naming ABORTED or contention; ${lockTimeouts} transaction lock timeouts in the emulator's log (retried by the client)`;
  return [
    {
      ...figure({
        figure: 'surge',
        ran: { value: ['functions'], baseline: ['functions'] },
        metric: 'inbound answered 5xx',
        unit: 'messages',
        value: fiveHundreds.length,
        baseline: null,
        target: '0',
        notes: `${scope}; ${details}`,
      }),
      met: fiveHundreds.length === 0,
    },
    {
      ...figure({
        figure: 'surge',
        ran: { value: ['functions'], baseline: ['functions'] },
        metric: 'inbound messages neither stored nor refused with a logged reason',
        unit: 'messages',
        value: lost,
        baseline: null,
        target: '0',
      }),
      met: lost === 0,
    },
    figure({
      figure: 'surge',
      ran: { value: ['functions'], baseline: ['functions'] },
      metric: 'inbound stored (value) / refused with a logged reason (baseline column)',
      unit: 'messages',
      value: stored,
      baseline: refused,
      target: null,
    }),
    figure({
      figure: 'surge',
      ran: { value: ['functions'], baseline: ['functions'] },
      metric: 'inbound reply time p95 (value) / p50 (baseline column)',
      unit: 'ms',
      value: round(p95),
      baseline: round(p50),
      target: null,
      notes: `p99 ${round(p99)} ms; measured from when each message went out`,
    }),
  ];
}

/** `count` SMS messages to as many phone contacts (written in one batch each), with `status`. */
async function arrangeOutbound(
  run: string,
  count: number,
  status: OutboundMessage['status'],
): Promise<OutboundMessage[]> {
  const now = new Date().toISOString();
  const contacts = db().batch();
  const messages: OutboundMessage[] = [];
  for (let i = 0; i < count; i++) {
    const to = `+63998${run.slice(-4)}${String(i).padStart(4, '0')}`;
    contacts.set(
      phoneContactStore.doc(to),
      newPhoneContact({ number: to, uid: `${run}-${i}`, language: 'en', channel: 'sms', at: now }),
    );
    messages.push({
      id: `${run}-${i}`,
      channel: 'sms',
      to,
      recipient_uid: `${run}-${i}`,
      template: 'request_on_route',
      language: 'en',
      body: 'Request ABC123: a responder is on the way.',
      urgent: false,
      status,
      reason: null,
      error: null,
      attempts: 0,
      lease_until: null,
      provider_id: null,
      audit_id: run,
      request_id: null,
      task_id: null,
      sent_at: null,
      delivered_at: null,
      created_at: now,
      updated_at: now,
    });
  }
  await contacts.commit();
  const batch = db().batch();
  for (const message of messages) batch.create(outboundMessageStore.doc(message.id), message);
  await batch.commit();
  return messages;
}

async function statusesOf(run: string): Promise<Record<string, number>> {
  const snapshot = await outboundMessageStore.ref().where('audit_id', '==', run).get();
  return tally(snapshot.docs.map((d) => String(d.get('status'))));
}

/**
 * Through the trigger: a burst of messages created in one batch, each delivered by the Functions
 * emulator to deliverOutbound. The official emulator publishes their events one at a time (the
 * log shows at most one delivery running), so this path cannot meet contention locally.
 */
async function outboundThroughTrigger(session: Session, options: SurgeOptions): Promise<Figure[]> {
  const count = options.outbound;
  const run = `surge-t${Date.now() % 100000}`;
  const spendBefore = await spendToday();
  const logOffset = statSync(session.stack.logFile).size;
  const emulatorOffset = emulatorLogSize();
  options.say(`[bench] surge: ${count} outbound SMS created in one batch, each delivered by deliverOutbound`);
  const started = performance.now();
  await arrangeOutbound(run, count, 'queued');
  // Until every message is final, or nothing has moved for 60 s (a failed delivery is not retried
  // by the emulator), at most 5 minutes.
  let statuses: Record<string, number> = {};
  let lastChange = Date.now();
  let finishedAt = performance.now();
  const deadline = Date.now() + 300_000;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const next = await statusesOf(run);
    if (JSON.stringify(next) !== JSON.stringify(statuses)) {
      statuses = next;
      lastChange = Date.now();
      finishedAt = performance.now();
    }
    const final = (next.sent ?? 0) + (next.failed ?? 0) + (next.suppressed ?? 0) + (next.delivered ?? 0);
    if (final >= count || Date.now() - lastChange > 60_000 || Date.now() > deadline) break;
  }
  const seconds = (finishedAt - started) / 1000;
  const sentCount = (statuses.sent ?? 0) + (statuses.delivered ?? 0);
  const notSent = count - sentCount;
  const log = logEntries(session.stack.logFile, logOffset).raw;
  const aborted = log.split('\n').filter((line) => /ABORTED|lock timeout|contention/i.test(line)).length;
  const lockTimeouts = lockTimeoutsSince(emulatorOffset);
  let running = 0;
  let mostAtOnce = 0;
  for (const line of log.split('\n')) {
    if (line.includes('Beginning execution of "us-central1-deliverOutbound"'))
      mostAtOnce = Math.max(mostAtOnce, ++running);
    if (line.includes('Finished "us-central1-deliverOutbound"')) running -= 1;
  }
  const spent = (await spendToday()) - spendBefore;
  options.say(
    `[bench] surge: through the trigger ${JSON.stringify(statuses)} after ${round(seconds)} s; at most ${mostAtOnce} running at once; ${aborted} function log lines name ABORTED or contention; ${lockTimeouts} transaction lock timeouts in the emulator; spend counted ${spent} for ${sentCount} sent`,
  );
  return [
    {
      ...figure({
        figure: 'surge',
        ran: { value: ['functions'], baseline: ['functions'] },
        metric: `outbound through deliverOutbound (trigger): ${count} SMS, not sent`,
        unit: 'messages',
        value: notSent,
        baseline: null,
        target: '0',
        notes: `${round(sentCount / seconds)} msg/s; at most ${mostAtOnce} deliveries running at once (the official emulator publishes the events one at a time); ${aborted} function log lines naming ABORTED, ${lockTimeouts} transaction lock timeouts in the emulator; statuses ${JSON.stringify(statuses)}; spend counted ${spent}`,
      }),
      met: notSent === 0 && spent === sentCount,
    },
  ];
}

/**
 * In this process, as production runs them: `deliverMessage` (deliverOutbound's handler) on
 * `count` messages, `concurrency` at a time (deliverOutbound's maxInstances, one event each), a
 * failed delivery tried again after a second, up to 5 times (the platform's retries). The
 * messages are created as `sent`, so that the stack's own trigger finds them final and does
 * nothing, then set back to `queued` (an update: no trigger). Every transaction attempt is
 * counted by wrapping the Admin SDK's runTransaction: attempts beyond one per claim are the
 * client's retries after ABORTED.
 */
async function outboundInProcess(
  session: Session,
  options: SurgeOptions,
  count: number,
  concurrency: number,
): Promise<Figure[]> {
  process.env.TWILIO_AUTH_TOKEN ??= LOCAL_TWILIO_AUTH_TOKEN;
  const { deliverMessage } = await import('../src/outbound/worker.js');
  const run = `surge-p${Date.now() % 100000}`;
  const messages = await arrangeOutbound(run, count, 'sent');
  await functionsIdle(session.stack.logFile, options.say);
  const requeue = db().batch();
  for (const message of messages) outboundMessageStore.updateIn(requeue, message.id, { status: 'queued' });
  await requeue.commit();
  const spendBefore = await spendToday();
  const emulatorOffset = emulatorLogSize();

  const firestore = db();
  const original = firestore.runTransaction.bind(firestore);
  let attempts = 0;
  let transactions = 0;
  firestore.runTransaction = (update, transactionOptions) => {
    transactions += 1;
    return original((tx) => {
      attempts += 1;
      return update(tx);
    }, transactionOptions);
  };
  const errors: string[] = [];
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < messages.length) {
          const message = messages[next++]!;
          const t = performance.now();
          for (let attempt = 1; attempt <= 5; attempt++) {
            try {
              await deliverMessage(message.id);
              break;
            } catch (error) {
              errors.push(errorKind(error));
              await new Promise((resolve) => setTimeout(resolve, 1000));
            }
          }
          times.push(performance.now() - t);
        }
      }),
    );
  } finally {
    firestore.runTransaction = original;
  }
  const seconds = (performance.now() - started) / 1000;
  const statuses = await statusesOf(run);
  const sentCount = (statuses.sent ?? 0) + (statuses.delivered ?? 0);
  const spent = (await spendToday()) - spendBefore;
  const retries = attempts - transactions;
  const lockTimeouts = lockTimeoutsSince(emulatorOffset);
  const errorKinds = tally(errors);
  options.say(
    `[bench] surge: in process, ${concurrency} at a time: ${JSON.stringify(statuses)} in ${round(seconds)} s; ${transactions} transactions, ${retries} retried attempts, ${lockTimeouts} transaction lock timeouts in the emulator; errors ${JSON.stringify(errorKinds)}; delivery p50 ${round(percentile(times, 50))} ms, p95 ${round(percentile(times, 95))} ms; spend counted ${spent} for ${sentCount} sent`,
  );
  const scope = `${count} SMS delivered by deliverOutbound's handler in the bench process, ${concurrency} at a time, failures retried after 1 s up to 5 times, official Firestore emulator`;
  return [
    {
      ...figure({
        figure: 'surge',
        ran: { value: ['bench'], baseline: ['bench'] },
        metric: `outbound, ${concurrency} deliveries at once: deliveries that failed (ABORTED or other)`,
        unit: 'errors',
        value: errors.length,
        baseline: null,
        target: '0',
        notes: `${scope}; errors ${JSON.stringify(errorKinds)}; statuses ${JSON.stringify(statuses)}; spend counted ${spent} for ${sentCount} sent`,
      }),
      met: errors.length === 0 && sentCount === count,
    },
    figure({
      figure: 'surge',
      ran: { value: ['bench'], baseline: ['bench'] },
      metric: `outbound, ${concurrency} deliveries at once: transaction attempts retried after ABORTED`,
      unit: 'attempts',
      value: retries,
      baseline: transactions,
      target: null,
      notes: `baseline column: transactions run (the claims, and again for a delivery tried again); ${lockTimeouts} transaction lock timeouts in the emulator's log`,
    }),
    figure({
      figure: 'surge',
      ran: { value: ['bench'], baseline: ['bench'] },
      metric: `outbound, ${concurrency} deliveries at once: SMS sent per second`,
      unit: 'msg/s',
      value: round(sentCount / seconds),
      baseline: null,
      target: null,
      notes: `delivery p50 ${round(percentile(times, 50))} ms, p95 ${round(percentile(times, 95))} ms (claim, send to the Twilio stand-in, settle)`,
    }),
  ];
}

/**
 * The inbound counter for all numbers alone, in this process: `calls` bumps of a bucket with the
 * rule of INBOUND_GLOBAL (its shards included), `concurrency` at a time, as every inbound message
 * makes one. Time per call, refusals past the limit, errors.
 */
async function counterProbe(options: SurgeOptions, calls: number, concurrency: number): Promise<Figure[]> {
  const { consumeRateLimit } = await import('../src/data/window-count.js');
  const { INBOUND_GLOBAL } = await import('../src/channels/limits.js');
  const { RateLimitedError } = await import('../src/errors.js');
  const rule = { ...INBOUND_GLOBAL, bucket: `bench:surge-probe:${Date.now() % 100000}` };
  const times: number[] = [];
  const errors: string[] = [];
  let refused = 0;
  let next = 0;
  const emulatorOffset = emulatorLogSize();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < calls) {
        next += 1;
        const t = performance.now();
        try {
          await consumeRateLimit(rule, 'all');
        } catch (error) {
          if (error instanceof RateLimitedError) refused += 1;
          else errors.push(errorKind(error));
        }
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const shards = (rule as { shards?: number }).shards ?? 1;
  const lockTimeouts = lockTimeoutsSince(emulatorOffset);
  options.say(
    `[bench] surge: counter probe (${shards} document${shards === 1 ? '' : 's'}): ${calls} bumps, ${concurrency} at a time, in ${round(seconds)} s; p50 ${round(percentile(times, 50))} ms, p95 ${round(percentile(times, 95))} ms; ${refused} past the limit; errors ${JSON.stringify(tally(errors))}; ${lockTimeouts} transaction lock timeouts in the emulator`,
  );
  return [
    {
      ...figure({
        figure: 'surge',
        ran: { value: ['bench'], baseline: ['bench'] },
        metric: `inbound counter for all numbers alone (${shards} document${shards === 1 ? '' : 's'}), ${concurrency} at once: time per bump p95 (value) / p50 (baseline column)`,
        unit: 'ms',
        value: round(percentile(times, 95)),
        baseline: round(percentile(times, 50)),
        target: null,
        notes: `${calls} bumps of a bucket with INBOUND_GLOBAL's rule in the bench process, ${round(calls / seconds)} a second; ${refused} refused past the limit (600); errors ${JSON.stringify(tally(errors))}`,
      }),
      met: null,
    },
  ];
}

/** Waits until the Functions emulator has finished every execution it began and began none for 5 s (at most 5 minutes). */
async function functionsIdle(logFile: string, say: (m: string) => void): Promise<void> {
  const started = Date.now();
  let last = '';
  let stillSince = Date.now();
  while (Date.now() - started < 300_000) {
    const raw = readFileSync(logFile, 'utf8');
    const begun = (raw.match(/Beginning execution of /g) ?? []).length;
    const finished = (raw.match(/Finished "/g) ?? []).length;
    const state = `${begun}/${finished}`;
    if (state !== last) {
      last = state;
      stillSince = Date.now();
    } else if (begun === finished && Date.now() - stillSince >= 5000) {
      say(`[bench] surge: the emulator's trigger backlog ran in ${Math.round((Date.now() - started) / 1000)} s`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  say('[bench] surge: the emulator was still busy after 5 minutes; the outbound burst starts anyway');
}

/** Today's SMS counted in `outbound_spend` (every document of today's day, per-number ones apart). */
async function spendToday(): Promise<number> {
  const day = new Date().toISOString().slice(0, 10);
  const snapshot = await db().collection(internalCollections.outboundSpend).get();
  return snapshot.docs
    .filter((d) => d.id.startsWith(day) && !d.id.includes('+'))
    .reduce((sum, d) => sum + Number(d.get('count') ?? 0), 0);
}

export async function measureSurge(session: Session, options: SurgeOptions): Promise<Figure[]> {
  const figures = await inbound(session, options);
  // The inbound surge leaves the emulator a backlog of triggers (planning, outbound and webhook
  // fan-out of each request and user): what follows starts once it has run.
  await functionsIdle(session.stack.logFile, options.say);
  figures.push(...(await counterProbe(options, options.messages, options.concurrency)));
  figures.push(...(await outboundThroughTrigger(session, options)));
  figures.push(...(await outboundInProcess(session, options, options.outboundInProcess, 10)));
  return figures;
}

/**
 * The main of a figure measured in a child process of bench/run.ts (`tsx bench/<name>.ts [--quick]
 * --out=FILE`): one stack of its own on the official emulator, with the surge's runtime settings;
 * the figures as JSON to FILE (or stdout); the stack stopped whatever happens; the exit code says.
 */
export function runChildFigure(
  name: string,
  measure: (session: Session, quick: boolean, say: (m: string) => void) => Promise<Figure[]>,
): void {
  const quick = process.argv.includes('--quick');
  const out = process.argv.find((a) => a.startsWith('--out='))?.slice('--out='.length);
  const say = (m: string) => console.log(m);
  const run = async () => {
    const session = await openSession(say, {
      firestore: 'official',
      runtimeEnv: SURGE_RUNTIME_ENV,
      logName: `bench-${name}-stack.log`,
    });
    try {
      say(`[bench] ${name} stack up at ${session.apiUrl} (Firestore: ${session.stack.firestoreKind})`);
      const figures = await measure(session, quick, say);
      if (out) writeFileSync(out, JSON.stringify(figures, null, 2) + '\n');
      else console.log(JSON.stringify(figures, null, 2));
    } finally {
      await session.stop();
    }
  };
  run().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

if (require.main === module) {
  runChildFigure('surge', (session, quick, say) =>
    measureSurge(
      session,
      quick
        ? { messages: 200, seconds: 10, concurrency: 16, outbound: 20, outboundInProcess: 40, say }
        : { messages: 2000, seconds: 60, concurrency: 32, outbound: 100, outboundInProcess: 300, say },
    ),
  );
}
