// Figure 3: Firestore reads and writes per call, for every endpoint of the API, counted by the
// embedded emulator (dev/embedded-firestore.ts, GET/DELETE /emulator/v1/metrics), next to the
// fewest the endpoint needs. Also: what authorization costs (a rejected role, a rejected token),
// and what a page of n items costs. Writes the table to docs/firestore-cost.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { internalCollections } from '../src/data/collections.js';
import { allEndpoints } from '../src/endpoints.js';
import { READ_LIMIT_SHARDS, readLimitOf } from '../src/http/read-limit.js';
import { call } from '../test/helpers/api.js';
import { expiredToken } from '../test/helpers/emulators.js';
import { figure, type Figure } from './figures.js';
import { costContext, costScenarios, type CostCall } from './scenarios/cost/index.js';
import type { FirestoreMetrics, Session } from './session.js';

export interface CostRow {
  endpoint: string;
  status: number | null;
  reads: number | null;
  writes: number | null;
  min_reads: number | null;
  min_writes: number | null;
  /** Reads of its rate-limit counter (1, or the rule's shards); 0 without a limit. One write with any. */
  rate_limit: number;
  /** A list page: one look-ahead read allowed. */
  page: boolean;
  /**
   * A read-limited call that claimed a lease of its caller's read budget (http/read-limit.ts):
   * the reads and the write of `rate_limits` beyond its write limit's, at most one lease
   * (READ_LIMIT_SHARDS reads, one write). Zero when the call was admitted on credit or lease.
   */
  read_lease: { reads: number; writes: number };
  detail: string;
}

/** Billed reads: documents returned, lookups of missing documents, empty queries, aggregation queries. */
const billedReads = (m: FirestoreMetrics) => m.reads + m.missing_reads + m.empty_queries;

const NO_LEASE = { reads: 0, writes: 0 };

/**
 * The lease a read-limited call claimed, if any: every GET's read limit admits a caller's first
 * reads in a window on credit and then takes them from leases on a shared count, claimed in the
 * background by whichever call uses up half of the last one (one write, READ_LIMIT_SHARDS reads:
 * the cost of many reads, amortised in bench/read-limits.ts). Only `rate_limits` operations
 * beyond the call's own write limit count, and at most one lease: anything more is the call's.
 */
function readLeaseOf(
  endpoint: (typeof allEndpoints)[number],
  rateLimit: number,
  metrics: FirestoreMetrics,
): { reads: number; writes: number } {
  const counters = metrics.by_collection[internalCollections.rateLimits];
  if (readLimitOf(endpoint) === null || !counters) return NO_LEASE;
  return {
    reads: Math.min(READ_LIMIT_SHARDS, Math.max(0, counters.reads - rateLimit)),
    writes: Math.min(1, Math.max(0, counters.writes - (rateLimit > 0 ? 1 : 0))),
  };
}

function byCollection(m: FirestoreMetrics): string {
  return Object.entries(m.by_collection)
    .map(([name, c]) => `${name} ${c.reads}r/${c.writes}w`)
    .concat(m.empty_queries > 0 ? [`${m.empty_queries} empty ${m.empty_queries === 1 ? 'query' : 'queries'}`] : [])
    .join(', ');
}

async function measure(
  session: Session,
  request: CostCall,
): Promise<{ status: number; metrics: FirestoreMetrics; text: string }> {
  // Neither arranging nor the background work an earlier call set off (planning, queued jobs) is
  // counted, nor the triggers this call's writes set off: the trigger relay hears of them only
  // once the call's figures are taken.
  await session.waitForQuiet();
  await session.takeMetrics();
  await session.holdListeners(true);
  let metrics: FirestoreMetrics;
  let response: Awaited<ReturnType<typeof call>>;
  try {
    response = await call(request.method, request.path, {
      token: request.token,
      body: request.body,
      rawBody: request.rawBody,
      contentType: request.contentType,
      headers: request.headers,
    });
    metrics = await session.takeMetrics();
  } finally {
    await session.holdListeners(false);
  }
  await request.settle?.();
  return { status: response.status, metrics, text: response.text };
}

/** `sample`: only the first endpoint of each tag (the quick run). */
export async function measureFirestoreCost(
  session: Session,
  say: (m: string) => void,
  docsPath: string | null,
  sample = false,
): Promise<Figure[]> {
  const rows: CostRow[] = [];
  const tags = new Set<string>();
  for (const endpoint of allEndpoints) {
    const key = `${endpoint.method.toUpperCase()} ${endpoint.path}`;
    const scenario = costScenarios[key];
    const rateLimit = endpoint.rateLimit === undefined ? 0 : (endpoint.rateLimit.shards ?? 1);
    if (sample && (tags.has(endpoint.tag) || !scenario)) continue;
    tags.add(endpoint.tag);
    if (!scenario) {
      rows.push({
        endpoint: key,
        status: null,
        reads: null,
        writes: null,
        min_reads: null,
        min_writes: null,
        rate_limit: rateLimit,
        page: false,
        read_lease: NO_LEASE,
        detail: 'no scenario in bench/scenarios/cost/ yet',
      });
      continue;
    }
    const request = await scenario.arrange(costContext);
    const { status, metrics, text } = await measure(session, request);
    const minimum = request.minimum ?? scenario.minimum;
    if (status !== request.expect)
      throw new Error(`${key}: expected ${request.expect}, got ${status}: ${text.slice(0, 300)}`);
    rows.push({
      endpoint: key,
      status,
      reads: billedReads(metrics),
      writes: metrics.writes,
      min_reads: minimum.reads,
      min_writes: minimum.writes,
      rate_limit: rateLimit,
      page: scenario.page === true,
      read_lease: readLeaseOf(endpoint, rateLimit, metrics),
      detail: [minimum.why, byCollection(metrics) && `counted: ${byCollection(metrics)}`].filter(Boolean).join('; '),
    });
  }

  // Authorization: roles come from the verified token, so a refusal costs nothing.
  const affected = await costContext.user('affected_individual');
  const forbidden = await measure(session, {
    method: 'PUT',
    path: `/users/${affected.uid}/role`,
    token: affected.token,
    body: { role: 'admin' },
    expect: 403,
  });
  const expired = await measure(session, {
    method: 'GET',
    path: '/users/me',
    token: await expiredToken({ uid: affected.uid }),
    expect: 401,
  });
  const authRows: CostRow[] = [
    {
      endpoint: 'authorization: wrong role (PUT /users/{uid}/role as affected_individual)',
      status: forbidden.status,
      reads: billedReads(forbidden.metrics),
      writes: forbidden.metrics.writes,
      min_reads: 0,
      min_writes: 0,
      rate_limit: 0,
      page: false,
      read_lease: NO_LEASE,
      detail: 'role from the token claim',
    },
    {
      endpoint: 'authentication: expired token (GET /users/me)',
      status: expired.status,
      reads: billedReads(expired.metrics),
      writes: expired.metrics.writes,
      min_reads: 0,
      min_writes: 0,
      rate_limit: 0,
      page: false,
      read_lease: NO_LEASE,
      detail: 'rejected before any data access',
    },
  ];

  const measured = rows.filter((r) => r.reads !== null);
  const excess = measured.filter(
    (r) =>
      (r.reads ?? 0) > (r.min_reads ?? 0) + r.rate_limit + (r.page ? 1 : 0) + r.read_lease.reads ||
      (r.writes ?? 0) > (r.min_writes ?? 0) + (r.rate_limit > 0 ? 1 : 0) + r.read_lease.writes,
  );
  const authReads = authRows.reduce((sum, r) => sum + (r.reads ?? 0) + (r.writes ?? 0), 0);
  say(
    `[bench] Firestore cost: ${measured.length}/${rows.length} endpoints measured, ${excess.length} above their minimum (+ rate limit)`,
  );
  if (docsPath) writeFileSync(docsPath, renderTable([...rows, ...authRows], excess) + keptBlocks(docsPath));

  const total = (pick: (r: CostRow) => number | null) => measured.reduce((sum, r) => sum + (pick(r) ?? 0), 0);
  const notes = `${measured.length} of ${sample ? `${rows.length} sampled (one per tag)` : rows.length} endpoints measured once each; table in docs/firestore-cost.md`;
  // Counted from the API's calls; the baselines are minimums, which nothing ran.
  const ran = { value: ['functions' as const], baseline: [] };
  return [
    figure({
      figure: 'firestore cost',
      metric: 'reads, all endpoints once',
      unit: 'docs',
      value: total((r) => r.reads),
      baseline: total((r) => r.min_reads),
      target: null,
      notes: `${notes}; baseline: the minimum each endpoint needs (rate-limited calls add 1 read + 1 write)`,
      ran,
    }),
    figure({
      figure: 'firestore cost',
      metric: 'writes, all endpoints once',
      unit: 'docs',
      value: total((r) => r.writes),
      baseline: total((r) => r.min_writes),
      target: null,
      notes,
      ran,
    }),
    figure({
      figure: 'firestore cost',
      metric: 'endpoints above minimum (+ rate limit, + page look-ahead)',
      unit: 'endpoints',
      value: excess.length,
      baseline: null,
      target: null,
      notes: excess.map((r) => r.endpoint).join(', ') || 'none',
      ran,
    }),
    {
      figure: 'firestore cost',
      metric: 'authorization reads + writes (403 and 401)',
      unit: 'docs',
      value: authReads,
      baseline: 0,
      ratio: null,
      target: '0',
      met: authReads === 0,
      ran,
    },
    {
      figure: 'firestore cost',
      metric: 'endpoints without a scenario',
      unit: 'endpoints',
      value: rows.length - measured.length,
      baseline: null,
      ratio: null,
      target: null,
      met: null,
      notes:
        rows
          .filter((r) => r.reads === null)
          .map((r) => r.endpoint)
          .join(', ') || 'none',
      // A count of the endpoint list: nothing ran.
      ran: { value: [], baseline: [] },
    },
  ];
}

function rateLimitCell(r: CostRow): string {
  const { reads, writes } = r.read_lease;
  return [
    r.rate_limit > 0 ? `+${r.rate_limit} / +1` : '',
    reads + writes > 0 ? `read lease +${reads} / +${writes}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

function renderTable(rows: CostRow[], excess: CostRow[]): string {
  const cell = (v: number | null) => (v === null ? '-' : String(v));
  const lines = [
    '# Firestore cost per call',
    '',
    `Generated by \`npm run bench\` (functions/bench/firestore-cost.ts) on ${new Date().toISOString().slice(0, 10)}; do not edit by hand.`,
    '',
    'Each endpoint is called once with arranged data (bench/scenarios/cost/) against the embedded Firestore',
    'emulator, which counts what Firestore bills: one read per document returned by a lookup or a query',
    '(and per lookup of a missing document, per query that returns nothing, per aggregation query),',
    'one write per document written.',
    'Arranging the data is not counted. Triggers that a call sets off (e.g. planning after',
    '`POST /requests`) are not part of the call: the emulator holds its document events back from the',
    'trigger relay until the call is counted. **Rate-limited** endpoints add one read and one write of',
    'their fixed-window counter (data/window-count.ts) to the minimum, one read per counter document for a',
    'sharded one (`+10 / +1`). Authorization reads nothing: the role is a verified claim of the ID token.',
    '',
    '**Read-limited** calls (every GET but `/health`, http/read-limit.ts) count their caller in memory: an',
    "instance admits a caller's first reads of a window on credit, then from leases of the caller's budget",
    `on a shared count, each claimed with one write and ${READ_LIMIT_SHARDS} reads (its shards), in the background, by the call`,
    'that used up the credit or half of the last lease: the cost of many reads (amortised in',
    `bench/read-limits.ts), counted with the call that claimed it. Such a call shows \`read lease +${READ_LIMIT_SHARDS} / +1\`,`,
    "allowed once: only `rate_limits` operations beyond the call's own write limit count as its lease.",
    '',
    'A list reads one document more than its page, to know whether a next page exists (`next_cursor`):',
    'a page of n costs n + 1 reads. **Above** marks a call that reads or writes more than its minimum',
    'plus those allowances.',
    '',
    '| endpoint | status | reads | writes | minimum reads | minimum writes | rate limit | page | above | what is read and written |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| \`${r.endpoint}\` | ${cell(r.status)} | ${cell(r.reads)} | ${cell(r.writes)} | ${cell(r.min_reads)} | ${cell(r.min_writes)} | ${rateLimitCell(r)} | ${r.page ? '+1 read' : ''} | ${excess.includes(r) ? '**above**' : ''} | ${r.detail.replace(/\|/g, '\\|')} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

export const defaultCostDocPath = join(__dirname, '..', '..', 'docs', 'firestore-cost.md');

// Sections of the page written by other figures (e.g. "live", bench/live-views.ts), each between
// its two markers: the table's regeneration keeps them, and each figure replaces its own.
const marker = (name: string, edge: 'start' | 'end') => `<!-- ${name}: ${edge} (generated) -->`;
const BLOCK = /<!-- ([\w-]+): start \(generated\) -->[\s\S]*?<!-- \1: end \(generated\) -->\n/g;

function keptBlocks(path: string): string {
  if (!existsSync(path)) return '';
  const blocks = readFileSync(path, 'utf8').match(BLOCK) ?? [];
  return blocks.map((block) => `\n${block}`).join('');
}

/** Writes `content` as the block `name` of the page at `path` (replacing it, or appended). */
export function replaceDocBlock(path: string, name: string, content: string): void {
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const block = `${marker(name, 'start')}\n${content}\n${marker(name, 'end')}\n`;
  const start = text.indexOf(marker(name, 'start'));
  const end = text.indexOf(marker(name, 'end'));
  const next =
    start >= 0 && end > start
      ? text.slice(0, start) + block + text.slice(end + marker(name, 'end').length + 1)
      : `${text.replace(/\n*$/, '\n')}\n${block}`;
  writeFileSync(path, next);
}
