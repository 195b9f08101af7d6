import { z } from 'zod';
import { idSchema, isoDateTime, locationSchema, text } from '../shared/schemas.js';
import { severitySchema } from '../disasters/model.js';

export const OBSERVATION_TYPES = [
  'damage',
  'flooding',
  'blocked_road',
  'fire',
  'injured_people',
  'shelter_need',
  'missing_person',
  'power_outage',
  'water_contamination',
  'landslide',
  'other',
] as const;
export const observationTypeSchema = z.enum(OBSERVATION_TYPES);
export type ObservationType = z.infer<typeof observationTypeSchema>;

export const observationSchema = z.object({
  id: idSchema,
  type: observationTypeSchema,
  description: text(1, 2000),
  location: locationSchema,
  geohash: z.string(),
  severity: severitySchema,
  disaster_id: idSchema.nullable(),
  reporter_id: idSchema,
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Observation = z.infer<typeof observationSchema>;

/** What a reporter sends to POST /observations. */
export const observationInputSchema = z.strictObject({
  type: observationTypeSchema,
  description: text(1, 2000),
  location: locationSchema,
  severity: severitySchema,
  disaster_id: idSchema.nullable().default(null).describe('A confirmed disaster the observation belongs to, if known.'),
});
export type ObservationInput = z.infer<typeof observationInputSchema>;

export const observationViewSchema = observationSchema.omit({ geohash: true }).describe('A community observation.');
export type ObservationView = z.infer<typeof observationViewSchema>;

export function toObservationView(observation: Observation): ObservationView {
  const { geohash: _geohash, ...view } = observation;
  return view;
}
