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
export type DisasterType = z.infer<typeof disasterTypeSchema>;

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

/**
 * `users/{uid}/memberships/{disaster_id}`: the disasters a user joined, written and deleted with
 * the member document, so that "which disasters did I join" is one query, not a scan.
 */
export const joinedDisasterSchema = z.object({
  id: idSchema.describe('The disaster id.'),
  disaster_id: idSchema,
  created_at: isoDateTime.describe('When they joined.'),
});
export type JoinedDisaster = z.infer<typeof joinedDisasterSchema>;

/** Suggested → confirmed (approve) or removed (discard); a confirmed disaster stays confirmed. */
export type DisasterState = 'suggested' | 'confirmed' | 'discarded';
export const DISASTER_TRANSITIONS: Record<DisasterState, readonly DisasterState[]> = {
  suggested: ['confirmed', 'discarded'],
  confirmed: [],
  discarded: [],
};

/** What an admin sends to POST /disasters. */
export const disasterInputSchema = z.strictObject({
  name: text(1, 120),
  type: disasterTypeSchema,
  description: text(0, 2000).default(''),
  location: locationSchema,
  radius_km: z.number().positive().max(2000).describe('Radius of the affected area in km (0 < r <= 2000).'),
  severity: severitySchema,
});
export type DisasterInput = z.infer<typeof disasterInputSchema>;

/** A disaster as the API answers it (the geohash stays internal). */
export const disasterViewSchema = disasterSchema.omit({ geohash: true }).describe('A disaster.');
export type DisasterView = z.infer<typeof disasterViewSchema>;

export function toDisasterView(disaster: Disaster): DisasterView {
  const { geohash: _geohash, ...view } = disaster;
  return view;
}

/** The caller's membership of a disaster (join, leave, joined). */
export const membershipSchema = z.object({
  disaster_id: idSchema,
  joined: z.boolean(),
  joined_at: isoDateTime.nullable(),
});
export type Membership = z.infer<typeof membershipSchema>;

/** A volunteer member as GET /disasters/{id}/volunteers lists them. */
export const volunteerSchema = z.object({
  id: idSchema.describe('The volunteer uid.'),
  display_name: z.string(),
  availability: z.enum(['available', 'unavailable']).nullable().describe('From the user record; null if it is gone.'),
  location: locationSchema.nullable(),
  skills: z.array(z.string()),
  joined_at: isoDateTime,
});
export type Volunteer = z.infer<typeof volunteerSchema>;
