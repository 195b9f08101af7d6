import { z } from 'zod';
import { idSchema, isoDateTime, locationSchema, roleSchema, text } from '../shared/schemas.js';

export const DISASTER_TYPES = [
  'flood',
  'earthquake',
  'cyclone',
  'wildfire',
  'landslide',
  'tsunami',
  'storm',
  'drought',
  'volcanic_eruption',
  'industrial_accident',
  'other',
] as const;
export const disasterTypeSchema = z.enum(DISASTER_TYPES);

/** confirmed: listed publicly. suggested: proposed by the agent, seen only by admins until approved. */
export const DISASTER_STATUSES = ['confirmed', 'suggested'] as const;
export const disasterStatusSchema = z.enum(DISASTER_STATUSES);

export const severitySchema = z.number().int().min(1).max(5).describe('1 (minor) to 5 (catastrophic).');

/** What the agent saw when it suggested a disaster (agent-suggested disasters only). */
export const suggestionSchema = z.object({
  cluster_key: z.string().describe('Stable key of the observation cluster; a discarded cluster is not suggested again.'),
  observation_ids: z.array(idSchema),
  summary: z.string(),
  summarized_by: z.enum(['deterministic', 'gemini']),
});

export const disasterSchema = z.object({
  id: idSchema,
  name: text(1, 120),
  type: disasterTypeSchema,
  description: text(0, 2000),
  location: locationSchema,
  geohash: z.string(),
  radius_km: z.number().positive().max(2000).describe('Radius of the affected area.'),
  severity: severitySchema,
  status: disasterStatusSchema,
  created_by: z.string().describe("Uid of the admin who created it, or 'agent'."),
  suggestion: suggestionSchema.nullable(),
  confirmed_at: isoDateTime.nullable(),
  confirmed_by: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Disaster = z.infer<typeof disasterSchema>;

/** `disasters/{disaster_id}/members/{uid}`: who joined; the chat rules read it. */
export const memberSchema = z.object({
  id: idSchema.describe('The member uid.'),
  disaster_id: idSchema,
  role: roleSchema,
  display_name: z.string(),
  created_at: isoDateTime.describe('When they joined.'),
});
export type Member = z.infer<typeof memberSchema>;
