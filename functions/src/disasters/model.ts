import { z } from 'zod';
import { idSchema, isoDateTime, locationSchema, roleSchema, boundedText } from '../shared/schemas.js';
import { DISASTER_TYPES } from '../shared/vocabulary.js';

// The value lists live in shared/vocabulary.ts, which the console imports too.
export { DISASTER_TYPES };

export const disasterTypeSchema = z.enum(DISASTER_TYPES);
export type DisasterType = z.infer<typeof disasterTypeSchema>;

/**
 * confirmed: listed publicly. suggested: proposed by the agent, seen only by admins until approved.
 * closed: over (POST /disasters/{id}/close); still readable, but it takes no new work (docs/interop.md).
 */
export const DISASTER_STATUSES = ['confirmed', 'suggested', 'closed'] as const;
export const disasterStatusSchema = z.enum(DISASTER_STATUSES);

export const severitySchema = z.number().int().min(1).max(5).describe('1 (minor) to 5 (catastrophic).');

/** What an admin may edit on a disaster (PATCH /disasters/{id}). */
export const EDITABLE_DISASTER_FIELDS = ['name', 'type', 'description', 'location', 'radius_km', 'severity'] as const;
export type EditableDisasterField = (typeof EDITABLE_DISASTER_FIELDS)[number];

/** What the agent saw when it suggested a disaster (agent-suggested disasters only). */
export const suggestionSchema = z.object({
  cluster_key: z
    .string()
    .describe('Stable key of the observation cluster; a discarded cluster is not suggested again.'),
  observation_ids: z.array(idSchema),
  summary: z.string(),
  summarized_by: z.enum(['deterministic', 'gemini']),
  summarized_count: z
    .number()
    .int()
    .min(0)
    .default(0)
    .describe(
      'Observations the summary was written for; Gemini writes it again only once the cluster has grown by the step (AGENT_RESUMMARY_STEP).',
    ),
  edited_fields: z
    .array(z.enum(EDITABLE_DISASTER_FIELDS))
    .default([])
    .describe('Fields an admin edited (PATCH /disasters/{id}): the agent never rewrites them.'),
});

export const disasterSchema = z.object({
  id: idSchema,
  name: boundedText(1, 120),
  type: disasterTypeSchema,
  description: boundedText(0, 2000),
  location: locationSchema,
  geohash: z.string(),
  radius_km: z.number().positive().max(2000).describe('Radius of the affected area.'),
  severity: severitySchema,
  status: disasterStatusSchema,
  created_by: z.string().describe("Uid of the admin who created it, or 'agent'."),
  suggestion: suggestionSchema.nullable(),
  confirmed_at: isoDateTime.nullable(),
  confirmed_by: z.string().nullable(),
  // Optional rather than defaulted: documents stored before closing existed lack them.
  closed_at: isoDateTime.nullable().optional(),
  closed_by: z.string().nullable().optional(),
  close_reason: z.string().nullable().optional(),
  cap_references: z
    .array(z.string())
    .optional()
    .describe(
      'Stored only: the `sender,identifier,sent` of every CAP message issued for this disaster, oldest first (disasters/cap.ts).',
    ),
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

/** Suggested → confirmed (approve) or removed (discard); confirmed → closed, which is final. */
export type DisasterState = 'suggested' | 'confirmed' | 'discarded' | 'closed';
export const DISASTER_TRANSITIONS: Record<DisasterState, readonly DisasterState[]> = {
  suggested: ['confirmed', 'discarded'],
  confirmed: ['closed'],
  discarded: [],
  closed: [],
};

/** What an admin may send to POST /disasters/{id}/close (the body is optional). */
export const disasterCloseSchema = z
  .strictObject({
    reason: boundedText(1, 500).optional().describe('Why it was closed; shown publicly and in the CAP Cancel message.'),
  })
  .optional();
export type DisasterClose = z.infer<typeof disasterCloseSchema>;

/** What an admin sends to POST /disasters. */
export const disasterInputSchema = z.strictObject({
  name: boundedText(1, 120),
  type: disasterTypeSchema,
  description: boundedText(0, 2000).default(''),
  location: locationSchema,
  radius_km: z.number().positive().max(2000).describe('Radius of the affected area in km (0 < r <= 2000).'),
  severity: severitySchema,
});
export type DisasterInput = z.infer<typeof disasterInputSchema>;

/** What an admin sends to PATCH /disasters/{id}: any of the fields of POST /disasters, at least one. */
export const disasterPatchSchema = z
  .strictObject({
    name: boundedText(1, 120).optional(),
    type: disasterTypeSchema.optional(),
    description: boundedText(0, 2000).optional(),
    location: locationSchema.optional(),
    radius_km: z
      .number()
      .positive()
      .max(2000)
      .optional()
      .describe('Radius of the affected area in km (0 < r <= 2000).'),
    severity: severitySchema.optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: 'send at least one field to change',
  });
export type DisasterPatch = z.infer<typeof disasterPatchSchema>;
/** A disaster as admins' endpoints answer it (the geohash and the CAP references stay internal). */
export const disasterViewSchema = disasterSchema
  .omit({ geohash: true, cap_references: true })
  .extend({
    closed_at: isoDateTime.nullable(),
    closed_by: z.string().nullable().describe('Uid of the admin who closed it.'),
    close_reason: z.string().nullable(),
  })
  .describe('A disaster.');
export type DisasterView = z.infer<typeof disasterViewSchema>;

export function toDisasterView(disaster: Disaster): DisasterView {
  const { geohash: _geohash, cap_references: _references, ...view } = disaster;
  return {
    ...view,
    closed_at: disaster.closed_at ?? null,
    closed_by: disaster.closed_by ?? null,
    close_reason: disaster.close_reason ?? null,
  };
}

/**
 * What anyone may read of a disaster (GET /disasters, GET /disasters/{id}, webhook payloads): no
 * agent `suggestion` (its summary may quote the public's reports, its evidence names them) and no
 * uids of the admins who created, confirmed or closed it. Admins' own endpoints answer the whole view.
 */
export const publicDisasterViewSchema = disasterViewSchema
  .omit({ suggestion: true, created_by: true, confirmed_by: true, closed_by: true })
  .describe('A disaster, as anyone may read it.');
export type PublicDisasterView = z.infer<typeof publicDisasterViewSchema>;

export function toPublicDisasterView(disaster: Disaster): PublicDisasterView {
  const {
    suggestion: _suggestion,
    created_by: _createdBy,
    confirmed_by: _confirmedBy,
    closed_by: _closedBy,
    ...view
  } = toDisasterView(disaster);
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
  verified: z.boolean().describe('Verified by an admin (PUT /users/{uid}/verification); false if the record is gone.'),
  joined_at: isoDateTime,
});
export type Volunteer = z.infer<typeof volunteerSchema>;

/** CAP 1.2 message types this service issues: confirmation, edit, close (docs/interop.md). */
export const CAP_MSG_TYPES = ['Alert', 'Update', 'Cancel'] as const;
export type CapMsgType = (typeof CAP_MSG_TYPES)[number];

/**
 * `cap_messages/{identifier}`: every CAP message issued, kept as sent so that later messages
 * reference it exactly and GET /disasters/{id}/cap answers the same bytes every time. `feed`:
 * `live` (the disaster's latest, an Alert or Update), `cancelled` (its latest, a Cancel), or
 * `superseded` by a later message; GET /feeds/cap lists the live and the recently cancelled.
 */
export const capMessageSchema = z.object({
  id: idSchema.describe('The CAP identifier.'),
  disaster_id: idSchema,
  msg_type: z.enum(CAP_MSG_TYPES),
  sent: z.string().describe("CAP's own time format, e.g. 2026-11-23T22:37:12-00:00."),
  references: z
    .string()
    .describe('Space-separated `sender,identifier,sent` of the earlier messages; empty for an Alert.'),
  headline: z.string(),
  feed: z.enum(['live', 'cancelled', 'superseded']),
  xml: z.string(),
  created_at: isoDateTime,
});
export type CapMessage = z.infer<typeof capMessageSchema>;
