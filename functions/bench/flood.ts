// Figure "flood" (issue 23, security review 3 F1): SMS intake held under a one-number flood, on
// the official Firestore emulator with the documented limits (RATE_LIMIT_SCALE=1).
//
// 3,000 signed messages from one number in 60 s, and interleaved with them the first message of
// 100 other numbers (a help request each), at most `concurrency` in flight, through
// POST /channels/twilio/inbound. Afterwards, from the claims (`inbound_messages/{MessageSid}`),
// the requests and the log:
// - the flood: messages accepted (claimed: the number's 30 an hour, and its one "too many
//   messages" answer) and limited (dropped with a logged reason `number_limited`);
// - the other numbers: first messages stored (claimed, with a request), answered (a <Message>),
//   their requests planned as usual (not queued for triage: no guard for all numbers acted), and
//   their reply time p50 / p95.
// Before the fix the flood spent the count for all numbers (600 a minute) and every message past
// it was dropped unanswered, the other numbers' first messages included.
//
// `npm run bench -- --figures=flood` (bench/run.ts runs it in a child process, as the surge) or
// `tsx bench/flood.ts [--quick] --out=FILE`.
import { statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { inboundMessageStore } from '../src/channels/store.js';
import { requestStore } from '../src/requests/store.js';
import { db } from '../src/data/firestore.js';
import { disaster } from '../test/helpers/planning-fixtures.js';
import { figure, percentile, round, type Figure } from './figures.js';
import type { Session } from './session.js';
import {
  inboundForm,
  MANILA,
  post,
  runChildFigure,
  sendAll,
  settledLog,
  startOnAMinute,
  tally,
  warmUp,
  type Planned,
} from './surge.js';

export interface FloodOptions {
  /** Messages from the flooding number (3,000). */
  flood: number;
  /** Other numbers, one first message each (100). */
  others: number;
  seconds: number;
  concurrency: number;
  say: (m: string) => void;
}

const FLOODER = '+639990000001';

/** The flood with the other numbers' first messages spread evenly through it. */
function planFlood(options: FloodOptions, run: string): Planned[] {
  const total = options.flood + options.others;
  const every = Math.floor(total / options.others);
  const planned: Planned[] = [];
  let other = 0;
  for (let i = 0; i < total; i++) {
    const isOther = other < options.others && i % every === Math.floor(every / 2);
    const from = isOther ? `+63917${run}${String(other++).padStart(5, '0')}` : FLOODER;
    const body = isOther ? 'trapped on the roof with my children, need rescue' : `hello? anyone there ${i}`;
    const f = inboundForm(from, body);
    planned.push({ i, sid: f.MessageSid, from, kind: isOther ? 'need' : 'flood', form: f });
  }
  return planned;
}

export async function measureFlood(session: Session, options: FloodOptions): Promise<Figure[]> {
  const url = `${session.apiUrl}/channels/twilio/inbound`;
  const run = String(Date.now() % 100).padStart(2, '0');
  await disaster('confirmed', MANILA);
  await warmUp(url, options.concurrency);
  // The flooding number writes once first, so that it is known (as in the review's attack): its
  // flood is then a known number's, not a burst of first messages each creating its user.
  const first = inboundForm(FLOODER, 'hello');
  await post(url, { i: -1, sid: first.MessageSid, from: FLOODER, kind: 'flood', form: first });
  await startOnAMinute('flood', options);
  const planned = planFlood(options, run);
  const logOffset = statSync(session.stack.logFile).size;
  options.say(
    `[bench] flood: ${options.flood} messages from one number and ${options.others} other numbers' first messages over ${options.seconds} s, at most ${options.concurrency} in flight`,
  );
  const started = performance.now();
  const sent = await sendAll(url, planned, options.seconds, options.concurrency);
  const sendSeconds = (performance.now() - started) / 1000;
  const lastOut = Math.max(...sent.map((s) => s.sent_ms));
  options.say(`[bench] flood: all answered after ${round(sendSeconds)} s; reconciling`);
  const answered = new Set(sent.filter((s) => typeof s.status === 'number').map((s) => s.sid));
  const log = await settledLog(session.stack.logFile, logOffset, answered);
  const dropped = new Map<string, string>();
  for (const entry of log.entries)
    if (entry.message === 'inbound message dropped' && entry.message_sid)
      dropped.set(entry.message_sid, entry.reason ?? '?');
  const guardAlarms = log.entries.filter((e) => e.message === 'inbound intake guard acted').length;

  const claims = new Map<string, { outcome: string; request_id: string | null }>();
  for (let i = 0; i < sent.length; i += 300) {
    const refs = sent.slice(i, i + 300).map((s) => inboundMessageStore.doc(s.sid));
    for (const snapshot of await db().getAll(...refs))
      if (snapshot.exists)
        claims.set(snapshot.id, {
          outcome: String(snapshot.get('outcome')),
          request_id: (snapshot.get('request_id') as string | null) ?? null,
        });
  }
  const flood = sent.filter((s) => s.kind === 'flood');
  const others = sent.filter((s) => s.kind !== 'flood');
  const floodAccepted = flood.filter((s) => claims.has(s.sid)).length;
  const floodLimited = flood.filter((s) => dropped.get(s.sid) === 'number_limited').length;
  const floodFates = tally(
    flood.map(
      (s) =>
        claims.get(s.sid)?.outcome ?? (dropped.has(s.sid) ? `dropped: ${dropped.get(s.sid)}` : `lost: ${s.status}`),
    ),
  );
  const requestIds = others.map((s) => claims.get(s.sid)?.request_id ?? null);
  const stored = requestIds.filter((id) => id !== null).length;
  const answeredOthers = others.filter((s) => s.status === 200 && s.reply === 'message').length;
  const requests = (
    await db().getAll(...requestIds.filter((id): id is string => id !== null).map((id) => requestStore.doc(id)))
  ).map((snapshot) => snapshot.data() as { planning: { last_error: string | null } } | undefined);
  const triaged = requests.filter((r) => r?.planning.last_error?.startsWith('queued for triage')).length;
  const latencies = others.filter((s) => typeof s.status === 'number').map((s) => s.latency_ms);
  const floodLatencies = flood.filter((s) => typeof s.status === 'number').map((s) => s.latency_ms);
  const statuses = tally(sent.map((s) => String(s.status)));
  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  options.say(`[bench] flood: statuses ${JSON.stringify(statuses)}; flood fates ${JSON.stringify(floodFates)}`);
  options.say(
    `[bench] flood: other numbers stored ${stored}/${others.length}, answered ${answeredOthers}, queued for triage ${triaged}; reply p50 ${round(p50)} ms, p95 ${round(p95)} ms; flood reply p50 ${round(percentile(floodLatencies, 50))} ms; guard alarms ${guardAlarms}; last message out at ${round(lastOut / 1000)} s`,
  );
  const scope = `${options.flood} messages from one number + ${options.others} other numbers' first help requests in ${options.seconds} s (at most ${options.concurrency} in flight; last out at ${round(lastOut / 1000)} s), documented limits, official Firestore emulator`;
  const ran = { value: ['functions' as const], baseline: ['functions' as const] };
  return [
    {
      ...figure({
        figure: 'flood',
        ran,
        metric: 'other numbers: first message stored with its request (value) of sent (baseline column)',
        unit: 'messages',
        value: stored,
        baseline: others.length,
        target: 'all',
        notes: `${scope}; statuses ${JSON.stringify(statuses)}; guard alarms ${guardAlarms}`,
      }),
      met: stored === others.length,
    },
    {
      ...figure({
        figure: 'flood',
        ran,
        metric: 'other numbers: answered with a reply (value) of sent (baseline column)',
        unit: 'messages',
        value: answeredOthers,
        baseline: others.length,
        target: 'all',
        notes: `${triaged} of their requests queued for triage (a guard for all numbers acted)`,
      }),
      met: answeredOthers === others.length,
    },
    figure({
      figure: 'flood',
      ran,
      metric: 'flood: accepted (value) / limited, dropped with a logged reason (baseline column)',
      unit: 'messages',
      value: floodAccepted,
      baseline: floodLimited,
      target: null,
      notes: `fates ${JSON.stringify(floodFates)}`,
    }),
    figure({
      figure: 'flood',
      ran,
      metric: 'other numbers: reply time p95 (value) / p50 (baseline column)',
      unit: 'ms',
      value: round(p95),
      baseline: round(p50),
      target: null,
      notes: `the flood's own p50 ${round(percentile(floodLatencies, 50))} ms`,
    }),
  ];
}

if (require.main === module) {
  runChildFigure('flood', (session, quick, say) =>
    measureFlood(
      session,
      quick
        ? { flood: 300, others: 10, seconds: 10, concurrency: 16, say }
        : { flood: 3000, others: 100, seconds: 60, concurrency: 32, say },
    ),
  );
}
