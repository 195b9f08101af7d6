// What clients send about requests: the creation payload, the list queries, a status change, an
// answer to "do you still need help?", a point, a merge. The stored request and its views:
// requests/model.ts.
import { z } from 'zod';
import {
  clientTimeField,
  idSchema,
  locationSchema,
  pageQuerySchema,
  boundedText,
  updatedSinceSchema,
} from '../shared/schemas.js';
import { phoneSchema } from '../users/model.js';
import { NEEDS } from '../shared/vocabulary.js';
import { CLOSED_REASONS, needSchema, requestListFilters, requestStatusSchema } from './model.js';

/** A request's client reference (requests/client-refs.ts): 8 to 16 letters and digits (a device makes 12 of base 32: 60 bits, not guessed); compared uppercased. */
export const clientRefSchema = z
  .string()
  .regex(/^[A-Za-z0-9]{8,16}$/, 'must be 8 to 16 letters and digits')
  .transform((ref) => ref.toUpperCase())
  .describe(
    'A random reference the device made for this request, also written into its "Send by SMS" text (#REF): whichever of the two arrives first creates the request, the other creates nothing (docs/channels.md).',
  );

/** The creation payload of spec 2.2. */
export const newRequestSchema = z.strictObject({
  disaster_id: idSchema,
  type_of_need: needSchema.describe(`One of: ${NEEDS.join(', ')}.`),
  description: boundedText(3, 2000).describe('What is needed, for how many people; 3 to 2000 characters.'),
  location: locationSchema,
  client_ref: clientRefSchema.optional(),
  ...clientTimeField,
});
export type NewRequestInput = z.infer<typeof newRequestSchema>;

/**
 * A number as a dispatcher types what a caller says: spaces, dashes, dots and brackets are
 * dropped, a `whatsapp:` prefix too, and a leading space is the `+` of a URL that was not
 * encoded; what is left must be E.164, matched exactly.
 */
export const requesterPhoneQuerySchema = z
  .string()
  .max(64)
  .transform((raw) =>
    raw
      .trimEnd()
      .replace(/^\s+/, '+')
      .replace(/^whatsapp:/i, '')
      .replace(/[\s().-]/g, ''),
  )
  .pipe(phoneSchema)
  .describe(
    'Only the requests whose requester wrote from this number (SMS, WhatsApp) or gave it in their profile (app), E.164 (spaces, dashes and brackets are ignored). Combines with no other filter. Each call is recorded in the audit trail as a read of personal data.',
  );

/** A request's short reference as a person reads it out or copies it: `#` and spaces dropped, any case. */
export const requestReferenceQuerySchema = z
  .string()
  .max(32)
  .transform((raw) => raw.replace(/[\s#]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{6}$/, 'must be a 6-letter-or-digit reference'))
  .describe(
    "Only the requests with this short reference (the one SMS replies and the requester's list show; `#` and case are ignored). A reference is an id's start: more than one request may answer. Combines with no other filter.",
  );

/** The request lists: each filter an equality on the field of the same name. */
export const requestListQuerySchema = pageQuerySchema.extend({
  ...requestListFilters,
  disaster_id: idSchema.optional(),
});
/** GET /requests (staff): also the requests waiting for a dispatcher to set their point, and the change feed. */
export const staffRequestListQuerySchema = requestListQuerySchema.extend({
  awaiting_location: z
    .enum(['true'])
    .optional()
    .describe('true: only requests waiting for their point (SMS/WhatsApp intake).'),
  updated_since: updatedSinceSchema.optional(),
  phone: requesterPhoneQuerySchema.optional(),
  reference: requestReferenceQuerySchema.optional(),
});
export type RequestFilters = Omit<z.infer<typeof requestListQuerySchema>, 'limit' | 'cursor'> & {
  /** Only requests waiting for their point (GET /requests?awaiting_location=true). */
  awaiting_location?: boolean | undefined;
  /** The change feed from this time instead of the list (GET /requests, staff). */
  updated_since?: string | undefined;
  /** The requests made from (or with a profile giving) this E.164 number (GET /requests, staff). */
  phone?: string | undefined;
  /** The requests with this short reference (GET /requests, staff). */
  reference?: string | undefined;
};

/** PATCH /requests/{req_id}/status. */
export const statusChangeSchema = z.strictObject({
  status: requestStatusSchema,
  closed_reason: z.enum(CLOSED_REASONS).optional(),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

/** POST /requests/{req_id}/confirm: the owner's answer to "do you still need help?". */
export const confirmationAnswerSchema = z.strictObject({
  still_needed: z
    .boolean()
    .describe(
      'true: still needed (last_confirmed_at refreshed); false: no longer needed (the request is closed, withdrawn).',
    ),
});

/** PUT /requests/{req_id}/location: the point of a request awaiting one, and its disaster if not the current one. */
export const requestLocationSchema = z.strictObject({
  location: locationSchema,
  disaster_id: idSchema
    .optional()
    .describe(
      "The confirmed disaster the point belongs to; by default the only confirmed disaster whose area holds the point, else the request's current one.",
    ),
});

/** POST /requests/{req_id}/merge. */
export const mergeRequestSchema = z.strictObject({
  into: idSchema.describe('The request that stays (the survivor); this one is closed as its duplicate.'),
  reason: boundedText(1, 500).describe('Why they are the same need, for the history; staff only.'),
});
export type MergeInput = z.infer<typeof mergeRequestSchema>;
