// The overview's figures from the few fields of each request and task that they need: pure, so the
// tests and the benchmark hold the definitions (situation/model.ts) without Firestore.
import { geohashBounds } from '../shared/geo.js';
import { NEEDS, REQUEST_STATUSES, type Need, type RequestStatus } from '../shared/vocabulary.js';
import {
  HOURLY_SPAN_HOURS,
  MAX_SERIES_BUCKETS,
  MIN_CELL_REQUESTS,
  UNENDED_STATUSES,
  type Duration,
  type Situation,
} from './model.js';

/** What the overview reads of a request (a Firestore `select()` of these fields). */
export interface RequestFacts {
  id: string;
  type_of_need: Need;
  status: RequestStatus;
  closed_reason: string | null;
  duplicate_of: string | null;
  /** Set by re-confirmation (issue 26, item 3); absent on older documents. */
  confirmation: string | null;
  planning_state: string | null;
  geohash: string;
  created_at: number;
  status_changed_at: number;
}

/** What the overview reads of a task. */
export interface TaskFacts {
  request_id: string | null;
  created_at: number;
}

export const CELL_PRECISION = 5;
/** A stored geohash's cell: base32 without a, i, l, o (a malformed one is left out, not a 500). */
const CELL = new RegExp(`^[0-9b-hjkmnp-z]{${CELL_PRECISION}}`);
const HOUR_MS = 3_600_000;
const BUCKET_MS = { hour: HOUR_MS, day: 24 * HOUR_MS } as const;

const isUnended = (status: RequestStatus) => (UNENDED_STATUSES as readonly string[]).includes(status);
const endedAt = (r: RequestFacts) => (isUnended(r.status) ? null : r.status_changed_at);
const zeroBy = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
const iso = (ms: number) => new Date(ms).toISOString();
const round5 = (value: number) => Math.round(value * 1e5) / 1e5;

/** Nearest rank: the value at rank ceil(p × n) of the sorted values. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(1, Math.ceil(p * sorted.length)) - 1]!;
}

function duration(millis: number[]): Duration {
  const seconds = millis.map((ms) => Math.round(Math.max(0, ms) / 1000)).sort((a, b) => a - b);
  return { requests: seconds.length, median_seconds: percentile(seconds, 0.5), p90_seconds: percentile(seconds, 0.9) };
}

/**
 * A request's status once every milestone before `end` has happened, or null when it was not yet
 * made: a reconstruction from what the overview reads (docs/interop.md, "Situation overview").
 * From its last status change on, its current status; before it, `open`, then `in_progress` from
 * its first task on. Changes in between (back to open when every task failed, a reopened request)
 * are not seen: they are in the audit trail, which the overview does not read.
 */
export function statusBefore(r: RequestFacts, firstTaskAt: number | undefined, end: number): RequestStatus | null {
  if (r.created_at >= end) return null;
  if (r.status_changed_at < end) return r.status;
  return firstTaskAt !== undefined && firstTaskAt < end ? 'in_progress' : 'open';
}

function series(
  requests: readonly RequestFacts[],
  firstTask: ReadonlyMap<string, number>,
  now: number,
  asked: 'hour' | 'day' | undefined,
): Situation['series'] {
  const first = requests.reduce((earliest, r) => Math.min(earliest, r.created_at), now);
  const bucket = asked ?? (now - first <= HOURLY_SPAN_HOURS * HOUR_MS ? 'hour' : 'day');
  const size = BUCKET_MS[bucket];
  const lastStart = Math.floor(now / size) * size;
  const firstStart = Math.max(Math.floor(first / size) * size, lastStart - (MAX_SERIES_BUCKETS[bucket] - 1) * size);
  const points: Situation['series']['points'] = [];
  const firstTaskAt = requests.map((r) => firstTask.get(r.id));
  for (let start = firstStart; start <= lastStart; start += size) {
    const end = start + size;
    const openByNeed = zeroBy(NEEDS);
    const byStatus = zeroBy(REQUEST_STATUSES);
    let opened = 0;
    let ended = 0;
    for (let k = 0; k < requests.length; k++) {
      const r = requests[k]!;
      const endedTime = endedAt(r);
      if (r.created_at >= start && r.created_at < end) opened += 1;
      if (endedTime !== null && endedTime >= start && endedTime < end) ended += 1;
      if (r.created_at < end && (endedTime === null || endedTime >= end)) openByNeed[r.type_of_need] += 1;
      const status = statusBefore(r, firstTaskAt[k], end);
      if (status !== null) byStatus[status] += 1;
    }
    const open = Object.values(openByNeed).reduce((sum, n) => sum + n, 0);
    points.push({
      start: iso(start),
      end: iso(end),
      opened,
      ended,
      open,
      open_by_need: openByNeed,
      by_status: byStatus,
    });
  }
  return { bucket, points };
}

function cells(requests: readonly RequestFacts[]): Situation['cells'] {
  const byCell = new Map<string, { total: number; open: number }>();
  for (const r of requests) {
    // A request waiting for its point has a placeholder there (requests/model.ts): no cell.
    if (r.planning_state === 'awaiting_location' || !CELL.test(r.geohash)) continue;
    const cell = r.geohash.slice(0, CELL_PRECISION);
    const counts = byCell.get(cell) ?? { total: 0, open: 0 };
    counts.total += 1;
    if (isUnended(r.status)) counts.open += 1;
    byCell.set(cell, counts);
  }
  const items: Situation['cells']['items'] = [];
  const suppressed = { cells: 0, total: 0, open: 0 };
  for (const [geohash, counts] of byCell) {
    if (counts.total < MIN_CELL_REQUESTS) {
      suppressed.cells += 1;
      suppressed.total += counts.total;
      suppressed.open += counts.open;
      continue;
    }
    const bounds = geohashBounds(geohash);
    const center = { lat: round5((bounds.south + bounds.north) / 2), lng: round5((bounds.west + bounds.east) / 2) };
    items.push({ geohash, center, bounds, ...counts });
  }
  items.sort((a, b) => b.open - a.open || b.total - a.total || a.geohash.localeCompare(b.geohash));
  return { precision: CELL_PRECISION, min_requests: MIN_CELL_REQUESTS, items, suppressed };
}

export function situationOf(
  disasterId: string,
  requests: readonly RequestFacts[],
  tasks: readonly TaskFacts[],
  now: number,
  bucket?: 'hour' | 'day',
): Situation {
  const byStatus = zeroBy(REQUEST_STATUSES);
  const byNeed = new Map(NEEDS.map((need) => [need, { need, total: 0, open: 0, by_status: zeroBy(REQUEST_STATUSES) }]));
  const counts = { total: 0, open: 0, unconfirmed: 0, merged: 0, awaiting_location: 0 };
  for (const r of requests) {
    const row = byNeed.get(r.type_of_need)!;
    counts.total += 1;
    row.total += 1;
    byStatus[r.status] += 1;
    row.by_status[r.status] += 1;
    if (r.closed_reason === 'duplicate' && r.duplicate_of !== null) counts.merged += 1;
    if (!isUnended(r.status)) continue;
    counts.open += 1;
    row.open += 1;
    if (r.confirmation === 'unconfirmed') counts.unconfirmed += 1;
    if (r.planning_state === 'awaiting_location') counts.awaiting_location += 1;
  }
  const created = new Map(requests.map((r) => [r.id, r.created_at]));
  const firstTask = new Map<string, number>();
  for (const t of tasks) {
    if (t.request_id === null || !created.has(t.request_id)) continue;
    const earliest = firstTask.get(t.request_id);
    if (earliest === undefined || t.created_at < earliest) firstTask.set(t.request_id, t.created_at);
  }
  return {
    disaster_id: disasterId,
    as_of: iso(now),
    counts,
    by_status: byStatus,
    by_need: [...byNeed.values()],
    series: series(requests, firstTask, now, bucket),
    cells: cells(requests),
    times: {
      to_first_task: duration([...firstTask].map(([id, at]) => at - created.get(id)!)),
      to_fulfilment: duration(
        requests.filter((r) => r.status === 'fulfilled').map((r) => r.status_changed_at - r.created_at),
      ),
    },
  };
}
