// The help requests: `requests/{id}`, with the fields stored beside them for queries.
import { FieldValue } from 'firebase-admin/firestore';
import { defineCollection, PLACE, type Changes } from '../data/collections.js';
import { clientRefRecordSchema, storedRequestSchema, type HelpRequest } from './model.js';
import { confirmationDueAt, type ConfirmationState } from './confirmation-state.js';
import { planningDueAt } from './planning-state.js';
import { shortReference } from '../shared/reference.js';

/**
 * The requests' stored-only `planning_due_at`, for the planning sweeper (requests/planning-state.ts),
 * `awaiting_location`, for the dispatchers' filter, `requester_phone`, for staff's lookup by
 * number (top level: the embedded emulator does not filter on nested fields), and `reference`,
 * for staff's lookup by the short reference a person quotes (written at creation: requests stored
 * before it get theirs from `npm run backfill -- requests`).
 */
function requestDerived(fields: Changes<HelpRequest> & { readonly id?: string }): Record<string, unknown> {
  const { planning, requester_contact: contact, id } = fields;
  return {
    ...(typeof id === 'string' ? { reference: shortReference(id) } : {}),
    ...(planning === undefined || planning instanceof FieldValue
      ? {}
      : { planning_due_at: planningDueAt(planning), awaiting_location: planning.state === 'awaiting_location' }),
    ...(contact === undefined || contact instanceof FieldValue ? {} : { requester_phone: contact?.phone ?? null }),
    ...confirmationDerived(fields),
  };
}

const CONFIRMATION_INPUTS = [
  'status',
  'type_of_need',
  'last_confirmed_at',
  'confirmation',
  'confirmation_asked_at',
] as const;

/**
 * `confirmation_due_at`, for the re-confirmation sweep (requests/confirmation-state.ts): from a write
 * that carries the whole re-confirmation state (creation, the sweep, an answer); a request that
 * becomes fulfilled or closed has nothing due, whatever else the write carries.
 */
function confirmationDerived(fields: Changes<HelpRequest>): Record<string, unknown> {
  if (fields.status === 'fulfilled' || fields.status === 'closed') return { confirmation_due_at: null };
  const values = CONFIRMATION_INPUTS.map((name) => fields[name]);
  if (values.some((value) => value === undefined || value instanceof FieldValue)) return {};
  return { confirmation_due_at: confirmationDueAt(fields as ConfirmationState) };
}

export const requestStore = defineCollection('requests', storedRequestSchema, {
  derived: requestDerived,
  personFields: {
    // merged_reports.owner_id: the owners of the requests merged into this one (requests/merges.ts).
    uid: ['owner_id', 'potential_matches.responders.id', 'merged_reports.owner_id'],
    contact: ['requester_contact'],
    text: ['description', 'location_text'],
    location: PLACE,
  },
});

/** `client_refs/{ref}`: the request a client reference created; `expires_at` carries a TTL policy (requests/client-refs.ts). */
export const clientRefStore = defineCollection('client_refs', clientRefRecordSchema, {
  // The reference travelled in an SMS: the provider's log ties it to the number, so the link
  // re-identifies the person, as an inbound message's does.
  personFields: { uid: ['owner_id'], contact: ['request_id'] },
});
