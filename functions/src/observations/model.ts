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
