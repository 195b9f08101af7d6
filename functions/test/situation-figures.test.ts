// The situation overview's series by status (issue 26, item 5), computed without Firestore from
// known timelines: what a request's status was at the end of each bucket, reconstructed from its
// creation, its first task and its last status change (docs/interop.md, "Situation overview").
import assert from 'node:assert/strict';
import { situationOf, statusBefore, type RequestFacts, type TaskFacts } from '../src/situation/figures.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A whole UTC hour: the series' hourly buckets start at T0 + k hours. */
const T0 = Date.UTC(2026, 10, 20, 0);
const at = (hours: number, minutes = 0) => T0 + hours * HOUR + minutes * MINUTE;

function request(
  id: string,
  fields: Pick<RequestFacts, 'status' | 'created_at'> & Partial<RequestFacts>,
): RequestFacts {
  return {
    id,
    type_of_need: 'rescue',
    closed_reason: null,
    duplicate_of: null,
    confirmation: null,
    planning_state: 'planned',
    geohash: 'wdw4f',
    status_changed_at: fields.created_at,
    ...fields,
  };
}
const task = (requestId: string, createdAt: number): TaskFacts => ({ request_id: requestId, created_at: createdAt });

// Six hourly buckets, [0:00, 1:00) to [5:00, 6:00), now 5:30.
const NOW = at(5, 30);
/** A task at 1:20 (and another at 2:30), fulfilled at 3:40. */
const helped = request('helped', { status: 'fulfilled', created_at: at(0, 10), status_changed_at: at(3, 40) });
/** No task; withdrawn (closed) at 2:45. */
const withdrawn = request('withdrawn', {
  type_of_need: 'water',
  status: 'closed',
  closed_reason: 'withdrawn',
  created_at: at(1, 30),
  status_changed_at: at(2, 45),
});
/** Made at 2:10, nothing since. */
const waiting = request('waiting', { type_of_need: 'food', status: 'open', created_at: at(2, 10) });
/** Made at 3:05, its task at 4:30 (the status change that made it in_progress). */
const assigned = request('assigned', { status: 'in_progress', created_at: at(3, 5), status_changed_at: at(4, 30) });
/** Its task at 0:50 failed: back to open at 2:20. */
const failedTask = request('failed-task', { status: 'open', created_at: at(0, 30), status_changed_at: at(2, 20) });
/** Merged (closed) at 1:10, unmerged (open again) at 3:15: only the last change is known. */
const unmerged = request('unmerged', { status: 'open', created_at: at(0, 5), status_changed_at: at(3, 15) });

const REQUESTS = [helped, withdrawn, waiting, assigned, failedTask, unmerged];
const TASKS = [
  task('helped', at(2, 30)),
  task('helped', at(1, 20)),
  task('assigned', at(4, 30)),
  task('failed-task', at(0, 50)),
  // A task of no request, and one of a request of another disaster: neither is anyone's first task.
  { request_id: null, created_at: at(0, 1) },
  task('elsewhere', at(0, 1)),
];

const statuses = (open: number, in_progress: number, fulfilled: number, closed: number) => ({
  open,
  in_progress,
  fulfilled,
  closed,
});

describe('situation figures: requests by status over time', () => {
  const s = situationOf('d1', REQUESTS, TASKS, NOW, 'hour');

  it('follows a helped request from open to in_progress at its first task to fulfilled at its last change', () => {
    const first = at(1, 20);
    const timeline = [0, 1, 2, 3, 4, 5, 6].map((hour) => statusBefore(helped, first, at(hour)));
    assert.deepEqual(timeline, [null, 'open', 'in_progress', 'in_progress', 'fulfilled', 'fulfilled', 'fulfilled']);
    // A bucket counts what happened before its end: a milestone at the very end is the next bucket's.
    assert.equal(statusBefore(helped, first, first), 'open');
    assert.equal(statusBefore(helped, first, first + 1), 'in_progress');
    assert.equal(statusBefore(helped, first, helped.status_changed_at), 'in_progress');
    assert.equal(statusBefore(helped, first, helped.created_at), null);
  });

  it('keeps a request closed without a task open until it was closed, and a waiting one open from its creation', () => {
    assert.deepEqual(
      [1, 2, 3, 4].map((hour) => statusBefore(withdrawn, undefined, at(hour))),
      [null, 'open', 'closed', 'closed'],
    );
    assert.deepEqual(
      [2, 3, 6].map((hour) => statusBefore(waiting, undefined, at(hour))),
      [null, 'open', 'open'],
    );
  });

  it('counts every request by its status at the end of each bucket, the last bucket as now', () => {
    assert.equal(s.series.bucket, 'hour');
    assert.deepEqual(
      s.series.points.map((p) => [p.end, p.by_status]),
      [
        // helped, unmerged open; failed-task in progress from its task at 0:50.
        [at(1), statuses(2, 1, 0, 0)],
        // helped's task at 1:20; withdrawn made at 1:30.
        [at(2), statuses(2, 2, 0, 0)],
        // withdrawn closed at 2:45; failed-task back to open at 2:20; waiting made at 2:10.
        [at(3), statuses(3, 1, 0, 1)],
        // helped fulfilled at 3:40; assigned made at 3:05; unmerged open (its merge is not seen).
        [at(4), statuses(4, 0, 1, 1)],
        // assigned's task at 4:30.
        [at(5), statuses(3, 1, 1, 1)],
        [at(6), statuses(3, 1, 1, 1)],
      ].map(([end, byStatus]) => [new Date(end as number).toISOString(), byStatus]),
    );
    assert.deepEqual(s.series.points.at(-1)!.by_status, s.by_status, 'the last bucket is the current status');
  });

  it('agrees with the series by need: open and in_progress add up to the open count of each bucket', () => {
    for (const p of s.series.points) assert.equal(p.by_status.open + p.by_status.in_progress, p.open, p.end);
    const daily = situationOf('d1', REQUESTS, TASKS, NOW, 'day');
    assert.deepEqual(
      daily.series.points.map((p) => p.by_status),
      [statuses(3, 1, 1, 1)],
    );
  });

  it('shows a request reopened by an unmerge as open throughout: only its last status change is known', () => {
    assert.deepEqual(
      [1, 2, 3, 4].map((hour) => statusBefore(unmerged, undefined, at(hour))),
      ['open', 'open', 'open', 'open'],
    );
  });
});
