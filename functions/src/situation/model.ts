// The situation overview of a disaster (issue 26, item 5): counts and times only, never a person's
// request. How each figure is defined is stated here once; docs/interop.md ("Situation overview")
// and the console read these definitions.
import { z } from 'zod';
import { NEEDS, REQUEST_STATUSES } from '../shared/vocabulary.js';
import { isoDateTime } from '../shared/schemas.js';

/**
 * A cell with fewer requests than this (all statuses) is not shown on its own: its counts go to
 * `suppressed`, so that the overview (and its CSV, which may leave the service) never points at
 * one or two households. Staff who need the points have the live map.
 */
export const MIN_CELL_REQUESTS = 3;

/** Buckets of the series: hours while the disaster's requests span up to 72 h, days after. */
export const SERIES_BUCKETS = ['hour', 'day'] as const;
export const HOURLY_SPAN_HOURS = 72;
/** The series shows at most this many buckets (the latest); older requests still count in `open`. */
export const MAX_SERIES_BUCKETS = { hour: HOURLY_SPAN_HOURS, day: 90 } as const;

/** A request still waiting for help: not yet fulfilled or closed. */
export const UNENDED_STATUSES = ['open', 'in_progress'] as const;

const count = z.number().int().min(0);
const byNeed = z.strictObject(
  Object.fromEntries(NEEDS.map((need) => [need, count])) as Record<(typeof NEEDS)[number], typeof count>,
);
const byStatus = z.strictObject(
  Object.fromEntries(REQUEST_STATUSES.map((status) => [status, count])) as Record<
    (typeof REQUEST_STATUSES)[number],
    typeof count
  >,
);

const durationSchema = z
  .strictObject({
    requests: count.describe('How many requests the figures are taken over.'),
    median_seconds: z.number().int().min(0).nullable().describe('Nearest-rank 50th percentile; null with no request.'),
    p90_seconds: z.number().int().min(0).nullable().describe('Nearest-rank 90th percentile; null with no request.'),
  })
  .describe('Durations in whole seconds, nearest-rank percentiles (the value at rank ceil(p × n)).');
export type Duration = z.infer<typeof durationSchema>;

export const situationQuerySchema = z.strictObject({
  bucket: z
    .enum(SERIES_BUCKETS)
    .optional()
    .describe(
      `The series' bucket: hour while the requests span up to ${HOURLY_SPAN_HOURS} h, day after (the default).`,
    ),
});
export type SituationQuery = z.infer<typeof situationQuerySchema>;

export const situationSchema = z
  .strictObject({
    disaster_id: z.string(),
    as_of: isoDateTime.describe('When the figures were taken (they may be up to 30 s old).'),
    counts: z.strictObject({
      total: count.describe('Requests of the disaster, all statuses.'),
      open: count.describe('Requests still waiting: status open or in_progress.'),
      unconfirmed: count.describe('Of the open ones, those whose requester did not answer re-confirmation.'),
      merged: count.describe('Requests closed as duplicates of another (closed_reason duplicate, duplicate_of set).'),
      awaiting_location: count.describe('Of the open ones, those waiting for a dispatcher to set their point.'),
    }),
    by_status: byStatus.describe('Requests by current status.'),
    by_need: z
      .array(z.strictObject({ need: z.enum(NEEDS), total: count, open: count, by_status: byStatus }))
      .describe('One row per need, in the order of the need list.'),
    series: z.strictObject({
      bucket: z.enum(SERIES_BUCKETS),
      points: z.array(
        z.strictObject({
          start: isoDateTime,
          end: isoDateTime,
          opened: count.describe('Requests created in the bucket.'),
          ended: count.describe('Requests fulfilled or closed in the bucket.'),
          open: count.describe('Open at the end of the bucket (at as_of for the current one).'),
          open_by_need: byNeed,
          by_status: byStatus.describe(
            'Requests made by the end of the bucket, by their status then, reconstructed from the creation, first task and last status change of each request (docs/interop.md, "Situation overview"): open and in_progress add up to the open of the bucket.',
          ),
        }),
      ),
    }),
    cells: z
      .strictObject({
        precision: z.number().int().describe('Geohash characters of a cell (5: about 5 × 5 km).'),
        min_requests: count.describe('A cell with fewer requests is counted in suppressed only.'),
        items: z.array(
          z.strictObject({
            geohash: z.string(),
            center: z.strictObject({ lat: z.number(), lng: z.number() }),
            bounds: z.strictObject({ south: z.number(), north: z.number(), west: z.number(), east: z.number() }),
            total: count,
            open: count,
          }),
        ),
        suppressed: z.strictObject({ cells: count, total: count, open: count }),
      })
      .describe('Requests with a point, by coarse cell, most open first; awaiting_location ones have none.'),
    times: z.strictObject({
      to_first_task: durationSchema.describe("From a request's creation to its first task's."),
      to_fulfilment: durationSchema.describe("From a fulfilled request's creation to its fulfilment."),
    }),
  })
  .describe('Counts and times of a disaster: no request, person or point of its own.');
export type Situation = z.infer<typeof situationSchema>;

export const SITUATION_TABLES = ['needs', 'series', 'status_series', 'cells', 'times', 'counts'] as const;
export const situationCsvQuerySchema = z.strictObject({
  table: z
    .enum(SITUATION_TABLES)
    .default('needs')
    .describe(
      'needs: requests by need and status; series: open by need at the end of each bucket; status_series: requests by status at the end of each bucket (reconstructed from milestones); cells: open and total by coarse cell; times: medians and 90th percentiles; counts: the totals.',
    ),
  bucket: situationQuerySchema.shape.bucket,
});
export type SituationCsvQuery = z.infer<typeof situationCsvQuerySchema>;
export type SituationTable = (typeof SITUATION_TABLES)[number];
