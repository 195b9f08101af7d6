// The situation overview (issue 26, item 5): a disaster's requests and tasks written straight into
// Firestore at known times, in several needs, statuses and cells, with the fields other features
// set (confirmation, a merge's closed_reason and duplicate_of, awaiting_location) written on the
// documents; exact counts, series, cells, nearest-rank medians and 90th percentiles; staff only;
// the HXL CSV of each table.
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { db } from '../src/data/firestore.js';
import type { HelpRequest } from '../src/requests/model.js';
import { requestStore } from '../src/requests/store.js';
import { coarseArea, geohashOf } from '../src/shared/geo.js';
import type { Location } from '../src/shared/schemas.js';
import { taskStore } from '../src/tasks/store.js';
import { call, expectProblem, expectStatus, registeredUser, uniqueId, type TestUser } from './helpers/api.js';
import { disaster, spot } from './helpers/planning-fixtures.js';
import { plannedDeterministically, requestDocument } from './helpers/request-document.js';
import { taskDocument } from './helpers/task-document.js';
import { notCoreHxl } from './fixtures/hxl-core.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Points ~100 m apart inside one ~5 km cell (asserted below), and elsewhere. */
function near(at: Location, k: number): Location {
  return { lat: at.lat + k * 0.0005, lng: at.lng + k * 0.0005 };
}

interface Seed {
  need: HelpRequest['type_of_need'];
  /** Minutes after T0. */
  created: number;
  status?: HelpRequest['status'];
  /** Minutes after T0 of the status change (fulfilled or closed). */
  changed?: number;
  closed_reason?: HelpRequest['closed_reason'];
  duplicate_of?: string;
  at: Location;
  awaiting_location?: true;
  unconfirmed?: true;
  /** Minutes after T0 of the tasks created for it. */
  tasks?: number[];
}

async function seed(disasterId: string, t0: number, s: Seed): Promise<string> {
  const id = uniqueId('sit-request');
  const created = new Date(t0 + s.created * MINUTE).toISOString();
  const changed = new Date(t0 + (s.changed ?? s.created) * MINUTE).toISOString();
  const value: HelpRequest = requestDocument({
    id,
    owner_id: 'owner-situation',
    disaster_id: disasterId,
    type_of_need: s.need,
    location: s.at,
    geohash: geohashOf(s.at),
    created_at: created,
    updated_at: changed,
    status_changed_at: changed,
    status: s.status ?? 'open',
    closed_reason: s.closed_reason ?? null,
    duplicate_of: s.duplicate_of ?? null,
    planning: s.awaiting_location
      ? { ...plannedDeterministically(created), state: 'awaiting_location', planner: null }
      : plannedDeterministically(created),
  });
  await requestStore.doc(id).set(value);
  // Re-confirmation (item 3) is built in parallel: its field written as it will store it.
  if (s.unconfirmed) await db().collection('requests').doc(id).update({ confirmation: 'unconfirmed' });
  for (const minute of s.tasks ?? []) await seedTask(disasterId, id, new Date(t0 + minute * MINUTE).toISOString());
  return id;
}

async function seedTask(disasterId: string, requestId: string | null, at: string): Promise<void> {
  const id = uniqueId('sit-task');
  await taskStore.doc(id).set(taskDocument({ id, disaster_id: disasterId, request_id: requestId, created_at: at }));
}

function csvOf(text: string): { headers: string[]; tags: string[]; rows: Record<string, string>[] } {
  const [headers, tags, ...rest] = parse(text);
  assert.ok(headers && tags, 'a header row and a hashtag row');
  return { headers, tags, rows: rest.map((cells) => Object.fromEntries(headers.map((h, i) => [h, cells[i]!]))) };
}

const zeroNeeds = { rescue: 0, medical: 0, food: 0, water: 0, shelter: 0, evacuation: 0, sanitation: 0, other: 0 };

describe('situation overview', function () {
  this.timeout(60_000);
  let responder: TestUser;
  let admin: TestUser;
  let disasterId: string;
  /** Five whole hours before the hour of the seeding: the series has six hourly buckets from it. */
  let t0: number;
  let cellA: string;
  const ids: Record<string, string> = {};

  before(async () => {
    [responder, admin] = [await registeredUser('responder'), await registeredUser('admin')];
    const d = await disaster();
    disasterId = d.id;
    t0 = Math.floor(Date.now() / HOUR) * HOUR - 5 * HOUR;
    // Cell centres: points ~100 m from them stay in their cell.
    const [a, b, c] = [spot(), spot(), spot()].map((point) => coarseArea(point).center) as [
      Location,
      Location,
      Location,
    ];
    cellA = geohashOf(a).slice(0, 5);
    for (const k of [1, 2, 3, 4]) assert.equal(geohashOf(near(a, k)).slice(0, 5), cellA, 'one cell');
    // Minutes after t0. Times to first task: r1 600 s, r2 1200 s, r4 1800 s, r7 60 s.
    // Times to fulfilment: r1 7800 s, r4 3600 s, r7 300 s.
    ids.r1 = await seed(disasterId, t0, {
      need: 'rescue',
      created: 0,
      status: 'fulfilled',
      changed: 130,
      at: a,
      tasks: [30, 10],
    });
    ids.r2 = await seed(disasterId, t0, {
      need: 'rescue',
      created: 60,
      status: 'in_progress',
      at: near(a, 1),
      tasks: [80],
    });
    ids.r3 = await seed(disasterId, t0, { need: 'food', created: 70, at: near(a, 2), unconfirmed: true });
    ids.r4 = await seed(disasterId, t0, {
      need: 'water',
      created: 125,
      status: 'fulfilled',
      changed: 185,
      at: b,
      tasks: [155],
    });
    // Merged into r2 (item 2): closed as a duplicate of it.
    ids.r5 = await seed(disasterId, t0, {
      need: 'medical',
      created: 190,
      status: 'closed',
      changed: 210,
      closed_reason: 'duplicate',
      duplicate_of: ids.r2,
      at: near(b, 1),
    });
    ids.r6 = await seed(disasterId, t0, { need: 'shelter', created: 245, at: a, awaiting_location: true });
    ids.r7 = await seed(disasterId, t0, {
      need: 'food',
      created: 250,
      status: 'fulfilled',
      changed: 255,
      at: near(a, 3),
      tasks: [251],
    });
    // Closed and unconfirmed: not counted as unconfirmed (only open requests are).
    ids.r8 = await seed(disasterId, t0, {
      need: 'other',
      created: 255,
      status: 'closed',
      changed: 260,
      closed_reason: 'withdrawn',
      at: c,
      unconfirmed: true,
    });
    // A likely repeat the planner flagged (duplicate_of set, still open): not merged.
    ids.r9 = await seed(disasterId, t0, { need: 'rescue', created: 270, duplicate_of: ids.r1, at: near(a, 4) });
    // Another disaster's request and task, and a task of no request: none of them counts.
    const other = await disaster();
    await seed(other.id, t0, { need: 'rescue', created: 5, at: a, tasks: [6] });
    await seedTask(disasterId, null, new Date(t0).toISOString());
  });

  it('answers staff exact counts by status and need, the merged, unconfirmed and awaiting-location counts', async () => {
    const body = expectStatus(await call('GET', `/disasters/${disasterId}/situation`, { token: responder.token }), 200);
    assert.equal(body.disaster_id, disasterId);
    assert.deepEqual(body.counts, { total: 9, open: 4, unconfirmed: 1, merged: 1, awaiting_location: 1 });
    assert.deepEqual(body.by_status, { open: 3, in_progress: 1, fulfilled: 3, closed: 2 });
    const need = (name: string) => body.by_need.find((row: { need: string }) => row.need === name);
    assert.deepEqual(need('rescue'), {
      need: 'rescue',
      total: 3,
      open: 2,
      by_status: { open: 1, in_progress: 1, fulfilled: 1, closed: 0 },
    });
    assert.deepEqual(need('food'), {
      need: 'food',
      total: 2,
      open: 1,
      by_status: { open: 1, in_progress: 0, fulfilled: 1, closed: 0 },
    });
    assert.equal(need('evacuation').total, 0);
    assert.equal(body.by_need.length, 8, 'every need, zeros included');
  });

  it('gives nearest-rank medians and 90th percentiles from request to first task and to fulfilment', async () => {
    const body = expectStatus(await call('GET', `/disasters/${disasterId}/situation`, { token: admin.token }), 200);
    // First tasks after 60, 600, 1200, 1800 s: rank ceil(0.5 × 4) = 2, rank ceil(0.9 × 4) = 4.
    assert.deepEqual(body.times.to_first_task, { requests: 4, median_seconds: 600, p90_seconds: 1800 });
    // Fulfilled after 300, 3600, 7800 s: ranks 2 and 3.
    assert.deepEqual(body.times.to_fulfilment, { requests: 3, median_seconds: 3600, p90_seconds: 7800 });
  });

  it('counts open requests by need, and requests by status, at the end of each hourly bucket', async () => {
    const body = expectStatus(await call('GET', `/disasters/${disasterId}/situation`, { token: admin.token }), 200);
    assert.equal(body.series.bucket, 'hour');
    // By status: in_progress from the first task (r1 at 10 min, r4 at 155), the current status
    // from the last change (r1 fulfilled at 130, r4 at 185, r5 closed at 210, r7, r8).
    const byStatus = (open: number, in_progress: number, fulfilled: number, closed: number) => ({
      open,
      in_progress,
      fulfilled,
      closed,
    });
    const expected = (
      [
        [1, 0, 1, { rescue: 1 }, byStatus(0, 1, 0, 0)],
        [2, 0, 3, { rescue: 2, food: 1 }, byStatus(1, 2, 0, 0)],
        [1, 1, 3, { rescue: 1, food: 1, water: 1 }, byStatus(1, 2, 1, 0)],
        [1, 2, 2, { rescue: 1, food: 1 }, byStatus(1, 1, 2, 1)],
        [4, 2, 4, { rescue: 2, food: 1, shelter: 1 }, byStatus(3, 1, 3, 2)],
        [0, 0, 4, { rescue: 2, food: 1, shelter: 1 }, byStatus(3, 1, 3, 2)],
      ] as const
    ).map(([opened, ended, open, needs, by_status]) => ({
      opened,
      ended,
      open,
      open_by_need: { ...zeroNeeds, ...needs },
      by_status,
    }));
    assert.deepEqual(
      body.series.points.slice(0, 6),
      expected.map((point, k) => ({
        start: new Date(t0 + k * HOUR).toISOString(),
        end: new Date(t0 + (k + 1) * HOUR).toISOString(),
        ...point,
      })),
    );
    // Only when the clock crossed an hour during the test: a seventh bucket, the same open count.
    for (const later of body.series.points.slice(6)) assert.equal(later.open, 4);

    const daily = expectStatus(
      await call('GET', `/disasters/${disasterId}/situation?bucket=day`, { token: admin.token }),
      200,
    );
    assert.equal(daily.series.bucket, 'day');
    assert.equal(daily.series.points.at(-1).open, 4);
    assert.deepEqual(daily.series.points.at(-1).by_status, body.by_status, 'the last bucket: the statuses now');
    assert.equal(
      daily.series.points.reduce((sum: number, p: { opened: number }) => sum + p.opened, 0),
      9,
    );
  });

  it('counts by coarse cell and merges cells of fewer than 3 requests into one suppressed count', async () => {
    const body = expectStatus(await call('GET', `/disasters/${disasterId}/situation`, { token: admin.token }), 200);
    assert.equal(body.cells.precision, 5);
    assert.equal(body.cells.min_requests, 3);
    assert.deepEqual(
      body.cells.items.map((cell: { geohash: string; total: number; open: number }) => [
        cell.geohash,
        cell.total,
        cell.open,
      ]),
      [[cellA, 5, 3]],
      'r1, r2, r3, r7, r9; r6 waits for its point and has no cell',
    );
    const [cell] = body.cells.items;
    assert.ok(cell.bounds.south < cell.center.lat && cell.center.lat < cell.bounds.north);
    assert.deepEqual(body.cells.suppressed, { cells: 2, total: 3, open: 0 });
    // Counts and times only: no request id, owner or point of a request leaves.
    const text = JSON.stringify(body);
    for (const id of Object.values(ids)) assert.ok(!text.includes(id), `${id} in the overview`);
    assert.ok(!text.includes('owner-situation'));
  });

  it('is for staff only: a volunteer or a person in need gets 403, an unknown disaster 404', async () => {
    for (const role of ['volunteer', 'affected_individual'] as const) {
      const user = await registeredUser(role);
      expectProblem(await call('GET', `/disasters/${disasterId}/situation`, { token: user.token }), 403, 'forbidden');
      expectProblem(
        await call('GET', `/disasters/${disasterId}/situation.csv`, { token: user.token }),
        403,
        'forbidden',
      );
    }
    expectProblem(await call('GET', `/disasters/${disasterId}/situation`), 401, 'unauthenticated');
    expectProblem(await call('GET', '/disasters/no-such-disaster/situation', { token: admin.token }), 404, 'not_found');
    expectProblem(
      await call('GET', '/disasters/no-such-disaster/situation.csv?table=cells', { token: responder.token }),
      404,
      'not_found',
    );
    expectProblem(
      await call('GET', `/disasters/${disasterId}/situation.csv?table=people`, {
        token: admin.token,
        invalidRequest: 'an unknown table',
      }),
      400,
      'validation_failed',
    );
  });

  it('answers each table as HXL CSV: a header row, a core hashtag row, long rows of indicator and value', async () => {
    const get = async (table: string) => {
      const response = await call('GET', `/disasters/${disasterId}/situation.csv?table=${table}`, {
        token: responder.token,
      });
      expectStatus(response, 200);
      assert.equal(response.headers.get('content-type'), 'text/csv; charset=utf-8; header=present');
      assert.match(
        response.headers.get('content-disposition') ?? '',
        new RegExp(`^attachment; filename="situation-${table}-${disasterId}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
      );
      const csv = csvOf(response.text);
      for (const tag of csv.tags) assert.equal(notCoreHxl(tag), null, `${tag}: ${notCoreHxl(tag)}`);
      assert.ok(!response.text.includes('owner-situation'));
      return csv;
    };
    const needs = await get('needs');
    assert.deepEqual(needs.headers, ['disaster_id', 'need', 'status', 'indicator', 'value']);
    assert.deepEqual(needs.tags, ['#crisis+code', '#need+type', '#status+code', '#indicator+name', '#indicator+num']);
    assert.equal(needs.rows.length, 8 * 4);
    const rescueOpen = needs.rows.find((r) => r.need === 'rescue' && r.status === 'in_progress');
    assert.deepEqual(rescueOpen, {
      disaster_id: disasterId,
      need: 'rescue',
      status: 'in_progress',
      indicator: 'requests',
      value: '1',
    });

    const times = await get('times');
    const figure = (name: string) => times.rows.find((r) => r.indicator === name)?.value;
    assert.deepEqual(
      [
        figure('to_first_task_median_seconds'),
        figure('to_first_task_p90_seconds'),
        figure('to_fulfilment_median_seconds'),
      ],
      ['600', '1800', '3600'],
    );

    const cells = await get('cells');
    assert.deepEqual(cells.tags.slice(1, 4), ['#loc+code', '#geo+lat', '#geo+lon']);
    assert.deepEqual(
      cells.rows.map((r) => [r.area, r.indicator, r.value]),
      [
        [cellA, 'open_requests', '3'],
        [cellA, 'requests', '5'],
      ],
    );

    const counts = await get('counts');
    assert.deepEqual(Object.fromEntries(counts.rows.map((r) => [r.indicator, r.value])), {
      total: '9',
      open: '4',
      unconfirmed: '1',
      merged: '1',
      awaiting_location: '1',
      suppressed_cells: '2',
      suppressed_cell_requests: '3',
    });

    const series = await get('series');
    assert.deepEqual(series.tags, [
      '#crisis+code',
      '#date+start',
      '#date+end',
      '#need+type',
      '#indicator+name',
      '#indicator+num',
    ]);
    const firstHour = series.rows.filter((r) => r.start === new Date(t0).toISOString());
    assert.deepEqual(
      firstHour.filter((r) => r.value !== '0').map((r) => [r.need, r.value]),
      [['rescue', '1']],
    );

    const statusSeries = await get('status_series');
    assert.deepEqual(statusSeries.headers, ['disaster_id', 'start', 'end', 'status', 'indicator', 'value']);
    assert.deepEqual(statusSeries.tags, [
      '#crisis+code',
      '#date+start',
      '#date+end',
      '#status+code',
      '#indicator+name',
      '#indicator+num',
    ]);
    const fourthHour = statusSeries.rows.filter((r) => r.start === new Date(t0 + 3 * HOUR).toISOString());
    assert.deepEqual(
      fourthHour.map((r) => [r.status, r.indicator, r.value]),
      [
        ['open', 'requests_at_end', '1'],
        ['in_progress', 'requests_at_end', '1'],
        ['fulfilled', 'requests_at_end', '2'],
        ['closed', 'requests_at_end', '1'],
      ],
    );
  });

  it('leaves out what a stored document gets wrong (a bad geohash from the cells, an unknown need from all) rather than failing', async () => {
    const d = await disaster();
    const at = coarseArea(spot()).center;
    const ids = [];
    for (const k of [0, 1, 2])
      ids.push(await seed(d.id, Date.now() - HOUR, { need: 'water', created: k, at: near(at, k) }));
    await db().collection('requests').doc(ids[0]!).update({ geohash: 'ailoailoai' });
    await db().collection('requests').doc(ids[1]!).update({ type_of_need: 'unicorns' });
    const body = expectStatus(await call('GET', `/disasters/${d.id}/situation`, { token: admin.token }), 200);
    assert.equal(body.counts.total, 2);
    assert.deepEqual(body.cells.suppressed, { cells: 1, total: 1, open: 1 });
  });

  it('defaults to the needs table', async () => {
    const response = await call('GET', `/disasters/${disasterId}/situation.csv`, { token: admin.token });
    assert.equal(csvOf(expectStatus(response, 200)).headers[1], 'need');
  });
});
