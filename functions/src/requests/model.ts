import { z } from 'zod';
import { coarseAreaSchema, idSchema, isoDateTime, locationSchema, boundedText } from '../shared/schemas.js';
import { phoneSchema } from '../users/model.js';
import { NEEDS, PLANNING_STATES, REQUEST_CHANNELS, REQUEST_STATUSES } from '../shared/vocabulary.js';
import { DUPLICATE_REASONS, MAX_DUPLICATES } from '../duplicates/score.js';
import { MODEL_REASONS } from '../duplicates/gemini.js';
import { GEMINI_FALLBACK_CODES } from '../shared/gemini.js';

// The value lists live in shared/vocabulary.ts, which the console imports too.
export { NEEDS, PLANNING_STATES, REQUEST_CHANNELS, REQUEST_STATUSES };

export const needSchema = z.enum(NEEDS);

export const requestStatusSchema = z.enum(REQUEST_STATUSES);
export const CLOSED_REASONS = ['withdrawn', 'unfulfilled', 'duplicate'] as const;
/**
 * Re-confirmation (requests/confirmation.ts): `asked` while the person's answer to "still need
 * help?" is awaited, `unconfirmed` once nobody answered within the reply window; null otherwise.
 */
export const CONFIRMATION_STATES = ['asked', 'unconfirmed'] as const;
export const confirmationSchema = z
  .enum(CONFIRMATION_STATES)
  .nullable()
  .describe(
    'Re-confirmation: asked (the person was asked whether they still need help and has not answered), unconfirmed (nobody answered in time), null (confirmed, or not asked yet).',
  );

/** The filters of the request lists (each an equality on the field of the same name), shared by their export. */
export const requestListFilters = {
  status: requestStatusSchema.optional(),
  type_of_need: needSchema.optional(),
};

export const planningStateSchema = z.enum(PLANNING_STATES);
export const PLANNERS = ['deterministic', 'gemini'] as const;
export const plannerSchema = z.enum(PLANNERS);

export const requestChannelSchema = z.enum(REQUEST_CHANNELS);

/** A place as the person wrote it (an address, a landmark), kept until a dispatcher sets the point. */
export const locationTextSchema = boundedText(1, 500)
  .nullable()
  .describe('Where the person said they are, in their words (SMS/WhatsApp); null for app requests.');

/**
 * How staff reach the person who asked, as it was when they asked: the channel they wrote from
 * and the number (the sender's for SMS/WhatsApp, the profile's for the app, if any). Staff only
 * (requests/visibility.ts); stored with the request so that a changed profile or a recycled number
 * does not rewrite who asked.
 */
export const requesterContactSchema = z
  .object({
    channel: requestChannelSchema,
    phone: phoneSchema.nullable().describe('E.164; null for an app request whose profile has no phone.'),
  })
  .describe("The requester's contact: the channel they wrote from and their phone number. Staff only.");
export type RequesterContact = z.infer<typeof requesterContactSchema>;

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

/** To the centre of the match's ~5 km cell; absent on matches stored before it existed. */
const areaDistanceSchema = z
  .number()
  .optional()
  .describe("Kilometres to the centre of the match's ~5 km cell: what the requester's bands are computed from.");

/**
 * How far the planner looks for a request's potential matches (planning/nearby.ts), at most, and
 * how many documents it reads per geohash range: whoever reasons about which requests may name a
 * helper (the requester's summary, erasure) reads the same reach.
 */
export const SEARCH_RADIUS_KM = 25;
export const PER_RANGE_LIMIT = 200;

export const potentialMatchesSchema = z.object({
  responders: z.array(
    z.object({
      id: idSchema,
      display_name: z.string(),
      role: z.enum(['volunteer', 'responder']),
      distance_km: z.number(),
      area_distance_km: areaDistanceSchema,
    }),
  ),
  resources: z.array(
    z.object({
      id: idSchema,
      name: z.string(),
      category: z.string(),
      distance_km: z.number(),
      area_distance_km: areaDistanceSchema,
    }),
  ),
  computed_at: isoDateTime,
});
export type PotentialMatches = z.infer<typeof potentialMatchesSchema>;

/**
 * Other open requests that likely report the same need (duplicates/score.ts), best first: stored
 * at planning time (again when a request waiting for its point is placed). Staff only.
 */
export const possibleDuplicatesSchema = z
  .array(
    z.object({
      id: idSchema,
      score: z.number().min(0).max(1).describe('0 to 1: how likely the two report the same need.'),
      reasons: z
        .array(z.enum([...DUPLICATE_REASONS, ...MODEL_REASONS]))
        .describe("What the two have in common, and Gemini's verdict where it judged (docs/conventions.md)."),
    }),
  )
  .max(MAX_DUPLICATES)
  .describe('Likely duplicates across people and channels, best first; null until the request is planned. Staff only.');
export type PossibleDuplicates = z.infer<typeof possibleDuplicatesSchema>;

/** Who judged `possible_duplicates` (duplicates/second-opinion.ts); absent on requests scored before it existed. */
export const possibleDuplicatesJudgeSchema = z
  .object({
    judge: plannerSchema.describe(
      'deterministic: the scorer alone; gemini: the scorer, then Gemini on the uncertain suggestions.',
    ),
    model: z.string().nullable().describe('The Gemini model that judged; null for deterministic.'),
    fallback_code: z
      .enum(GEMINI_FALLBACK_CODES)
      .nullable()
      .describe("Why Gemini was asked and the scorer's list kept as it was; null otherwise."),
  })
  .describe(
    'Who judged possible_duplicates: Gemini is asked only when it is configured and some suggestions are uncertain. null until planned. Staff only.',
  );
export type PossibleDuplicatesJudge = z.infer<typeof possibleDuplicatesJudgeSchema>;
/** How many reports a request stands for (POST /requests/{req_id}/merge). */
export const reportCountSchema = z.number().int().min(1).describe('1 plus the requests merged into it. Staff only.');

/** A request merged into this one (the survivor); `owner_id` null once that reporter is erased. */
export const mergedReportSchema = z.object({
  request_id: idSchema,
  owner_id: idSchema.nullable(),
  merged_at: isoDateTime,
});
export type MergedReport = z.infer<typeof mergedReportSchema>;

/** On a merged request: into which request, why, when, and what unmerge restores. */
export const mergeSchema = z.object({
  into: idSchema,
  reason: z.string(),
  merged_at: isoDateTime,
  previous: z.object({
    status: requestStatusSchema,
    closed_reason: z.enum(CLOSED_REASONS).nullable(),
    duplicate_of: idSchema.nullable(),
    status_changed_at: isoDateTime,
  }),
});
export type Merge = z.infer<typeof mergeSchema>;

export const helpRequestSchema = z.object({
  id: idSchema,
  disaster_id: idSchema,
  type_of_need: needSchema,
  description: boundedText(1, 2000),
  location: locationSchema,
  geohash: z.string(),
  status: requestStatusSchema,
  closed_reason: z.enum(CLOSED_REASONS).nullable(),
  owner_id: idSchema,
  duplicate_of: idSchema
    .nullable()
    .describe(
      'The request this one repeats: at creation, a likely earlier request of the same owner (need, place, time; the request stays open and is not planned); after a merge, the survivor a dispatcher merged it into (the request is closed, closed_reason duplicate, and `merge` is set).',
    ),
  planning: planningSchema,
  potential_matches: potentialMatchesSchema.nullable(),
  /** Absent until planned (and on requests stored before it existed). */
  possible_duplicates: possibleDuplicatesSchema.optional(),
  possible_duplicates_judge: possibleDuplicatesJudgeSchema.optional(),
  channel: requestChannelSchema.default('app'),
  /**
   * While planning.state is awaiting_location, `location` is a placeholder (the disaster's centre,
   * or the unplaced point the person sent) and this holds what they wrote.
   */
  location_text: locationTextSchema.default(null),
  /** Null for requests stored before contacts were kept, and once the requester is erased. */
  requester_contact: requesterContactSchema.nullable().default(null),
  /**
   * The disasters a request waiting for its point was moved out of when placed (readPlacement),
   * so that their change feeds still report it, with its new disaster (data/changes.ts).
   */
  moved_from: z.array(idSchema).optional(),
  /** Merges (requests/merges.ts): on the survivor, the requests merged into it; on a merged request, the merge. */
  report_count: reportCountSchema.default(1),
  merged_reports: z.array(mergedReportSchema).default([]),
  merge: mergeSchema.nullable().default(null),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  status_changed_at: isoDateTime,
  /** When the person last said they still need help: its creation at first (requests/confirmation.ts). */
  last_confirmed_at: isoDateTime,
  confirmation: confirmationSchema.default(null),
  confirmation_asked_at: isoDateTime.nullable().default(null),
});
export type HelpRequest = z.infer<typeof helpRequestSchema>;
/** Requests stored before re-confirmation read `last_confirmed_at` as their creation time. */
export const storedRequestSchema = z.preprocess(
  (value) =>
    typeof value === 'object' && value !== null && !('last_confirmed_at' in value) && 'created_at' in value
      ? { ...value, last_confirmed_at: value.created_at }
      : value,
  helpRequestSchema,
);

/**
 * Planning as the API shows it: the state and a stable error code with a short message, never
 * the raw error text (that goes to the logs only).
 */
export const PLANNING_ERRORS = {
  duplicate: 'A likely repeat of an earlier request of yours; it is not planned again.',
  retrying: 'Planning did not finish; it is retried automatically.',
  planning_failed: 'Planning failed; a dispatcher plans this request by hand.',
  queued_for_triage: 'Received while SMS intake was over its limits; a dispatcher reviews it before it is planned.',
} as const;
/**
 * `planning.last_error` of a request the SMS/WhatsApp intake queued for a dispatcher's triage
 * (state awaiting_location) instead of planning it: a global intake guard was acting
 * (channels/inbound.ts). Placing the request (PUT /requests/{req_id}/location) clears it.
 */
export const QUEUED_FOR_TRIAGE = 'queued for triage: intake over its limits';
export type PlanningErrorCode = keyof typeof PLANNING_ERRORS;
export const publicPlanningSchema = z.object({
  state: planningStateSchema,
  planner: plannerSchema.nullable(),
  attempts: z.number().int().min(0),
  error_code: z.enum(Object.keys(PLANNING_ERRORS) as [PlanningErrorCode, ...PlanningErrorCode[]]).nullable(),
  last_error: z.string().nullable().describe('A short message for error_code; never internal error text.'),
  updated_at: isoDateTime,
});
export type PublicPlanning = z.infer<typeof publicPlanningSchema>;

/** How far the nearest match is, no finer: what a requester learns instead of a distance. */
export const DISTANCE_BANDS = ['under_1_km', '1_to_5_km', '5_to_25_km', 'over_25_km'] as const;
export const distanceBandSchema = z.enum(DISTANCE_BANDS);

const matchCountSchema = z.object({ count: z.number().int().min(0), nearest: distanceBandSchema.nullable() });
/** The requester's view of potential_matches: how much help is near, never who or exactly where. */
export const matchSummarySchema = z
  .object({ helpers: matchCountSchema, resources: matchCountSchema, computed_at: isoDateTime })
  .describe('Counts of nearby helpers and resources, with the distance band of the nearest.');
export type MatchSummary = z.infer<typeof matchSummarySchema>;

const timesAndState = {
  id: idSchema,
  reference: z
    .string()
    .describe("The short reference people quote: in SMS replies, on a phone call, in the requester's list."),
  disaster_id: idSchema,
  type_of_need: needSchema,
  status: requestStatusSchema,
  closed_reason: helpRequestSchema.shape.closed_reason,
  created_at: isoDateTime,
  updated_at: isoDateTime,
  status_changed_at: isoDateTime,
};

/** What staff and the requester both see (they differ in how nearby help is shown). */
const wholeRequest = {
  ...timesAndState,
  description: helpRequestSchema.shape.description,
  location: locationSchema,
  owner_id: idSchema,
  duplicate_of: helpRequestSchema.shape.duplicate_of,
  planning: publicPlanningSchema,
  channel: requestChannelSchema,
  location_text: locationTextSchema,
  last_confirmed_at: isoDateTime.describe('When the person last said they still need help (its creation at first).'),
  confirmation: confirmationSchema,
};

/** Merges as staff see them: the survivor's reporters, and a merged request's merge (requests/merges.ts). */
const staffMergeFields = {
  report_count: reportCountSchema,
  merged_reports: z.array(mergedReportSchema.extend({ reference: z.string() })).describe('Merged into it.'),
  merge: z
    .object({ into: idSchema, reason: z.string(), merged_at: isoDateTime })
    .nullable()
    .describe('Set on a merged request: the survivor it was merged into, why and when.'),
};

/** Admins and responders: everything (planning errors as codes). */
export const staffRequestViewSchema = z
  .object({
    view: z.literal('staff'),
    ...wholeRequest,
    potential_matches: potentialMatchesSchema.nullable(),
    requester_contact: requesterContactSchema.nullable(),
    possible_duplicates: possibleDuplicatesSchema.nullable(),
    possible_duplicates_judge: possibleDuplicatesJudgeSchema.nullable(),
    confirmation_asked_at: isoDateTime
      .nullable()
      .describe('When the person was last asked whether they still need help.'),
    ...staffMergeFields,
  })
  .describe('A help request as admins and responders see it.');

/** The requester: their request, with a summary of the help nearby instead of who it is. */
export const ownerRequestViewSchema = z
  .object({
    view: z.literal('owner'),
    ...wholeRequest,
    match_summary: matchSummarySchema.nullable(),
    merged_at: isoDateTime
      .nullable()
      .describe(
        "When a dispatcher joined this request with another report of the same need: since then status, closed_reason, status_changed_at, planning and match_summary are that request's (its progress is this one's); id, reference and what the person wrote stay theirs. null otherwise.",
      ),
  })
  .describe('A help request as the person who raised it sees it.');

/** The assignee of an active task for the request: where to go and what is needed, not who asked. */
export const assigneeRequestViewSchema = z
  .object({
    view: z.literal('assignee'),
    ...timesAndState,
    description: helpRequestSchema.shape.description,
    location: locationSchema,
    last_confirmed_at: isoDateTime.describe('When the person last said they still need help.'),
  })
  .describe('A help request as the assignee of one of its active tasks sees it.');

/** Verified volunteers of the disaster: what is needed, roughly where. */
export const areaRequestViewSchema = z
  .object({ view: z.literal('area'), ...timesAndState, area: coarseAreaSchema })
  .describe('A help request as verified volunteers of its disaster see it: need, status, times and a coarse area.');

/** A request as the API answers it; `view` says which of the need-to-know views it is (requests/visibility.ts). */
export const requestViewSchema = z.discriminatedUnion('view', [
  staffRequestViewSchema,
  ownerRequestViewSchema,
  assigneeRequestViewSchema,
  areaRequestViewSchema,
]);
export type RequestView = z.infer<typeof requestViewSchema>;
export type RequestAudience = RequestView['view'];

/** `client_refs/{ref}`: the request a client reference created (requests/client-refs.ts). */
export const clientRefRecordSchema = z.object({
  id: z.string(),
  request_id: idSchema,
  owner_id: idSchema,
  created_at: isoDateTime,
  expires_at: isoDateTime,
});
export type ClientRefRecord = z.infer<typeof clientRefRecordSchema>;

/** What a merge or an unmerge answers: both requests as staff see them after it. */
export const mergeResultSchema = z
  .object({ merged: staffRequestViewSchema, survivor: staffRequestViewSchema })
  .describe('The merged request and the survivor, as staff see them.');
export type MergeResult = z.infer<typeof mergeResultSchema>;
