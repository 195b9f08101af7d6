// Figure "export": GET /exports/requests streaming one disaster's requests as HXL CSV (25,000 in
// the full run, EXPORT_MAX_ROWS), against the list endpoint (GET /requests/disaster/{id}, pages of
// 200) in the same run: time, rows per second, the api worker's resident memory sampled during
// the export of a tenth of the rows and of all of them, and whether the export completes with
// V8's heap capped below what keeping its rows would take (the check that memory stays flat). Seeded straight into the embedded emulator in batches of 500, with the trigger
// relay's listeners paused. (At 100,000 rows, 2026-11-24: 202 s, over the 60 s time-out; hence
// the limit.)
import { performance } from 'node:perf_hooks';
import { requestStore } from '../src/requests/store.js';
import { db } from '../src/data/firestore.js';
import type { HelpRequest } from '../src/requests/model.js';
import { registeredUser } from '../test/helpers/api.js';
import { disaster, requestValue } from '../test/helpers/planning-fixtures.js';
import { figure, round, type Figure } from './figures.js';
import { prng } from './seeding.js';
import { startPlainServers } from './request-overhead.js';
import { memoryOf, type Session } from './session.js';

export interface ExportOptions {
  rows: number;
  /** Rows read through the list endpoint to measure its throughput (at most `rows`). */
  listRows: number;
  say: (m: string) => void;
}

/** The V8 old-space limit of the capped export check (--max-old-space-size): near the app's own need. */
const CAPPED_HEAP_MB = 40;

const NEEDS: HelpRequest['type_of_need'][] = ['rescue', 'medical', 'food', 'water', 'shelter', 'evacuation'];

/** `count` requests, one millisecond apart from `start` backwards, in batches of 500, four in flight. */
async function seed(disasterId: string, count: number, start: number, idPrefix: string): Promise<void> {
  const random = prng(16);
  const center = { lat: 10, lng: 10 };
  const batches: (() => Promise<unknown>)[] = [];
  for (let from = 0; from < count; from += 500) {
    batches.push(() => {
      const batch = db().batch();
      for (let i = from; i < Math.min(count, from + 500); i++) {
        const at = { lat: center.lat + random() - 0.5, lng: center.lng + random() - 0.5 };
        const created = new Date(start - i).toISOString();
        const value: HelpRequest = {
          ...requestValue({ owner: `bench-owner-${i % 997}`, disasterId, at, need: NEEDS[i % NEEDS.length] }),
          id: `${idPrefix}-${i}`,
          description: `Bench request ${i}: "family", water rising, call +1 555 01${i % 100}`,
          duplicate_of: 'bench-original',
          created_at: created,
          updated_at: created,
          status_changed_at: created,
        };
        batch.set(requestStore.doc(value.id), value);
      }
      return batch.commit();
    });
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < batches.length) await batches[next++]!();
    }),
  );
}

/** The highest resident memory of any api worker while `work` runs, sampled every 50 ms (MiB). */
async function peakRssDuring<T>(session: Session, work: () => Promise<T>): Promise<{ result: T; peakMiB: number }> {
  let peak = 0;
  const sample = () => {
    for (const pid of session.workers('api')) peak = Math.max(peak, memoryOf(pid)?.rss ?? 0);
  };
  sample();
  const timer = setInterval(sample, 50);
  try {
    const result = await work();
    sample();
    return { result, peakMiB: peak };
  } finally {
    clearInterval(timer);
  }
}

/** Reads a streamed export to its end without keeping it: its status, bytes and lines. */
async function download(url: string, token: string): Promise<{ status: number; bytes: number; lines: number }> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  let bytes = 0;
  let lines = 0;
  if (response.body) {
    for await (const chunk of response.body) {
      const part = chunk as Uint8Array;
      bytes += part.length;
      for (const byte of part) if (byte === 0x0a) lines += 1;
    }
  }
  return { status: response.status, bytes, lines };
}

export async function measureExports(session: Session, options: ExportOptions): Promise<Figure[]> {
  const { rows, say } = options;
  const admin = await registeredUser('admin');
  const d = await disaster();
  // The list's own disaster, of listRows requests: the local emulator sorts every request a query
  // matches before taking a page (Firestore reads an index), so a list page of a 100,000-request
  // disaster would measure the emulator's sort and miss the request deadline. The export's
  // queries are ranges of 1,000 rows, which the emulator filters before sorting.
  const listedDisaster = await disaster();
  const start = Date.now() - 60_000;
  const t = performance.now();
  await session.pauseListeners(true);
  try {
    await seed(d.id, rows, start, 'bench-export');
    await seed(listedDisaster.id, options.listRows, start, 'bench-list');
  } finally {
    await session.pauseListeners(false);
  }
  say(`[bench] seeded ${rows + options.listRows} requests (${round((performance.now() - t) / 1000, 1)} s)`);

  // The list endpoint's throughput, page after page with its cursor.
  const listStarted = performance.now();
  let listed = 0;
  let cursor: string | null = null;
  while (listed < options.listRows) {
    const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
    const response = await fetch(`${session.apiUrl}/requests/disaster/${listedDisaster.id}?limit=200${query}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    if (response.status !== 200) throw new Error(`list answered ${response.status}: ${await response.text()}`);
    const page = (await response.json()) as { items: unknown[]; next_cursor: string | null };
    listed += page.items.length;
    cursor = page.next_cursor;
    if (cursor === null) break;
  }
  const listSeconds = (performance.now() - listStarted) / 1000;
  const listRate = listed / listSeconds;

  const url = (from: string | null) =>
    `${session.apiUrl}/exports/requests?disaster_id=${d.id}&format=csv` +
    (from === null ? '' : `&created_from=${encodeURIComponent(from)}`);
  // A tenth of the rows: the newest ones, from the creation time of row rows/10 - 1.
  const tenth = Math.max(1, Math.floor(rows / 10));
  const small = await peakRssDuring(session, () =>
    download(url(new Date(start - (tenth - 1)).toISOString()), admin.token),
  );
  const exportStarted = performance.now();
  const full = await peakRssDuring(session, () => download(url(null), admin.token));
  const exportSeconds = (performance.now() - exportStarted) / 1000;
  for (const [what, run, expected] of [
    ['tenth', small.result, tenth],
    ['full', full.result, rows],
  ] as const) {
    // Two header lines (names, hashtags) and one line per row (the descriptions are left out).
    if (run.status !== 200 || run.lines !== expected + 2)
      throw new Error(`export (${what}) answered ${run.status} with ${run.lines} lines, expected ${expected + 2}`);
  }
  const exportRate = rows / exportSeconds;

  // Whether rows are kept, rather than the heap merely growing while it may: the same export from
  // the app on a plain Node server whose V8 old space is capped near what the app itself needs
  // (40 MB; at 32 MB it dies). 25,000 requests kept as plain objects take about 15 MiB (more as
  // Firestore snapshots), so this bounds what an export can keep; it does not prove zero.
  const capped = await startPlainServers(session, [`--max-old-space-size=${CAPPED_HEAP_MB}`]);
  let cappedPeak = 0;
  let cappedRun: { status: number; bytes: number; lines: number } | null = null;
  const sampler = setInterval(() => {
    cappedPeak = Math.max(cappedPeak, memoryOf(capped.child.pid ?? 0)?.rss ?? 0);
  }, 50);
  try {
    cappedRun = await download(url(null).replace(session.apiUrl, capped.transport.ours), admin.token);
  } catch {
    // The connection was cut: the server died, and cappedRun stays null.
  } finally {
    clearInterval(sampler);
    capped.child.kill();
  }
  const cappedRows = cappedRun?.status === 200 ? Math.max(0, cappedRun.lines - 2) : 0;
  say(
    `[bench] export of ${rows} rows: ${round(exportSeconds, 1)} s, ${round(full.result.bytes / 2 ** 20, 1)} MiB; list: ${listed} rows in ${round(listSeconds, 1)} s`,
  );
  const label = `GET /exports/requests csv, ${rows.toLocaleString('en')} rows`;
  return [
    figure({
      figure: 'export',
      metric: `${label}: time to last byte`,
      unit: 's',
      value: round(exportSeconds, 2),
      baseline: round(rows / listRate, 2),
      target: 'under the 60 s time-out of api',
      notes: `baseline: as many rows through GET /requests/disaster/{id}?limit=200 page by page, extrapolated from the ${listed} rows of a disaster of that size; ${round(full.result.bytes / 2 ** 20, 1)} MiB of CSV`,
      ran: { value: ['functions'], baseline: ['functions'] },
    }),
    figure({
      figure: 'export',
      metric: 'rows per second, export vs list',
      unit: 'rows/s',
      value: Math.round(exportRate),
      baseline: Math.round(listRate),
      target: null,
      ran: { value: ['functions'], baseline: ['functions'] },
    }),
    figure({
      figure: 'export',
      metric: `api worker peak RSS, ${rows.toLocaleString('en')} rows vs ${tenth.toLocaleString('en')}`,
      unit: 'MiB',
      value: round(full.peakMiB, 1),
      baseline: round(small.peakMiB, 1),
      // Informative: V8 grows a busy heap up to what it may use before it collects (RSS does not
      // tell kept from not yet collected). The capped row below is the check that rows are not kept.
      target: null,
      notes: 'VmRSS of the api function workers, sampled every 50 ms during each export',
      ran: { value: ['functions'], baseline: ['functions'] },
    }),
    {
      ...figure({
        figure: 'export',
        metric: `rows exported by the app with V8's heap capped at ${CAPPED_HEAP_MB} MB (plain Node)`,
        unit: 'rows',
        value: cappedRows,
        baseline: rows,
        target: 'all rows',
        notes: `peak RSS of that server ${round(cappedPeak, 1)} MiB; at 32 MB the app itself does not survive`,
        // The plain server is forked with process.execPath; the baseline is the number of rows asked.
        ran: { value: ['bench'], baseline: [] },
      }),
      met: cappedRows === rows,
    },
  ];
}
