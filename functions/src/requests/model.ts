import { z } from 'zod';
import { idSchema, isoDateTime, locationSchema, text } from '../shared/schemas.js';

export const NEEDS = ['rescue', 'medical', 'food', 'water', 'shelter', 'evacuation', 'sanitation', 'other'] as const;
export const needSchema = z.enum(NEEDS);

/** See requests/transitions.ts for the allowed moves; closed carries a closed_reason. */
export const REQUEST_STATUSES = ['open', 'in_progress', 'fulfilled', 'closed'] as const;
export const requestStatusSchema = z.enum(REQUEST_STATUSES);

/**
 * pending → planning (with a lease) → planned | failed; a planning run whose lease expired is taken
 * over by the next delivery. skipped: a likely duplicate (see duplicate_of), not planned twice.
 */
export const PLANNING_STATES = ['pending', 'planning', 'planned', 'failed', 'skipped'] as const;
export const planningStateSchema = z.enum(PLANNING_STATES);
export const PLANNERS = ['deterministic', 'gemini'] as const;
export const plannerSchema = z.enum(PLANNERS);

export const planningSchema = z.object({
  state: planningStateSchema,
  planner: plannerSchema.nullable(),
  attempts: z.number().int().min(0),
  last_error: z.string().nullable(),
  /** While `planning`: when another worker may take the job over. */
  lease_expires_at: isoDateTime.nullable(),
  /** The run holding the lease; a run that lost its lease does not write its result. */
  run_id: z.string().nullable().default(null),
  updated_at: isoDateTime,
});
export type Planning = z.infer<typeof planningSchema>;

export const potentialMatchesSchema = z.object({
  responders: z.array(
    z.object({ id: idSchema, display_name: z.string(), role: z.enum(['volunteer', 'responder']), distance_km: z.number() }),
  ),
  resources: z.array(z.object({ id: idSchema, name: z.string(), category: z.string(), distance_km: z.number() })),
  computed_at: isoDateTime,
});
export type PotentialMatches = z.infer<typeof potentialMatchesSchema>;

export const helpRequestSchema = z.object({
  id: idSchema,
  disaster_id: idSchema,
  type_of_need: needSchema,
  description: text(1, 2000),
  location: locationSchema,
  geohash: z.string(),
  status: requestStatusSchema,
  closed_reason: z.enum(['withdrawn', 'unfulfilled', 'duplicate']).nullable(),
  owner_id: idSchema,
  duplicate_of: idSchema.nullable().describe('A likely earlier request this one repeats (same owner, need, place, time).'),
  planning: planningSchema,
  potential_matches: potentialMatchesSchema.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  status_changed_at: isoDateTime,
});
export type HelpRequest = z.infer<typeof helpRequestSchema>;

/** A request as the API answers it: volunteers who joined the disaster see it without who asked. */
export const requestViewSchema = helpRequestSchema.extend({
  owner_id: idSchema.nullable().describe('The requester; null for volunteers who see the request through the disaster.'),
});
export type RequestView = z.infer<typeof requestViewSchema>;

/** The creation payload of spec 2.2. */
export const newRequestSchema = z.strictObject({
  disaster_id: idSchema,
  type_of_need: needSchema.describe(`One of: ${NEEDS.join(', ')}.`),
  description: text(3, 2000).describe('What is needed, for how many people; 3 to 2000 characters.'),
  location: locationSchema,
});
