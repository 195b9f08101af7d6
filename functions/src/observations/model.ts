import { z } from 'zod';
import {
  clientTimeField,
  coarseAreaSchema,
  idSchema,
  isoDateTime,
  isStaff,
  locationSchema,
  pageQuerySchema,
  boundedText,
} from '../shared/schemas.js';
import { severitySchema } from '../disasters/model.js';
import type { Caller } from '../shared/caller.js';
import { coarseArea } from '../shared/geo.js';
import { OBSERVATION_TYPES, type ObservationType } from '../shared/vocabulary.js';

// The list lives in shared/vocabulary.ts, which the console imports too.
export { OBSERVATION_TYPES };
export const observationTypeSchema = z.enum(OBSERVATION_TYPES);
export type { ObservationType };

export const observationSchema = z.object({
  id: idSchema,
  type: observationTypeSchema,
  description: boundedText(1, 2000),
  location: locationSchema,
  geohash: z.string(),
  severity: severitySchema,
  disaster_id: idSchema.nullable(),
  reporter_id: idSchema,
  /**
   * The UTC day of created_at (YYYY-MM-DD): lets the agent's candidate query name its time window
   * (`day in [...]`) together with the geohash range. Null on observations stored before it existed.
   */
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .default(null),
  /** When the reporter saw it by their device's clock, if sent (a report queued offline); never used for ordering. */
  client_time: isoDateTime.optional(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Observation = z.infer<typeof observationSchema>;

/** The `day` bucket of an ISO-8601 UTC time. */
export function observationDay(at: string | number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** What a reporter sends to POST /observations. */
export const observationInputSchema = z.strictObject({
  type: observationTypeSchema,
  description: boundedText(1, 2000),
  location: locationSchema,
  severity: severitySchema,
  disaster_id: idSchema.nullable().default(null).describe('A confirmed disaster the observation belongs to, if known.'),
  ...clientTimeField,
});
export type ObservationInput = z.infer<typeof observationInputSchema>;

/** Admins, responders and the reporter: the whole observation. */
export const fullObservationViewSchema = observationSchema
  .omit({ geohash: true, day: true })
  .extend({ view: z.literal('full') })
  .describe('A community observation as admins, responders and its reporter see it.');

/**
 * Everyone else with a role: what kind of thing was seen, how severe, roughly where and roughly
 * when. Not who reported it, and not the reporter's words: `missing_person` and `injured_people`
 * reports name third parties. The times are cut to the hour, like the point to its cell.
 */
export const areaObservationViewSchema = observationSchema
  .omit({ geohash: true, day: true, location: true, reporter_id: true, description: true, client_time: true })
  .extend({
    view: z.literal('area'),
    area: coarseAreaSchema,
    created_at: isoDateTime.describe('The hour it was reported (minutes and seconds zero).'),
    updated_at: isoDateTime.describe('The hour it last changed (minutes and seconds zero).'),
  })
  .describe(
    'A community observation as other users see it: no reporter, no description, a ~5 km cell instead of the point, times to the hour.',
  );

export const observationViewSchema = z.discriminatedUnion('view', [
  fullObservationViewSchema,
  areaObservationViewSchema,
]);
export type ObservationView = z.infer<typeof observationViewSchema>;

/** Who sees an observation whole: staff (shared/schemas.ts isStaff) and whoever reported it. */
export function toObservationView(observation: Observation, caller: Caller): ObservationView {
  const { geohash: _geohash, day: _day, location, reporter_id: reporterId, ...rest } = observation;
  if (isStaff(caller) || reporterId === caller.uid) return { view: 'full', ...rest, location, reporter_id: reporterId };
  // The device's time is as exact as the server's: the area view keeps neither.
  const { description: _description, client_time: _clientTime, ...shown } = rest;
  return {
    view: 'area',
    ...shown,
    created_at: toHour(observation.created_at),
    updated_at: toHour(observation.updated_at),
    area: coarseArea(location),
  };
}

/** An ISO-8601 time cut to its hour. */
function toHour(at: string): string {
  const hour = new Date(at);
  hour.setUTCMinutes(0, 0, 0);
  return hour.toISOString();
}

/** GET /observations: each filter an equality on the field of the same name. */
export const observationListQuerySchema = pageQuerySchema.extend({
  disaster_id: idSchema.optional(),
  type: observationTypeSchema.optional(),
});
export type ObservationListQuery = z.infer<typeof observationListQuerySchema>;
