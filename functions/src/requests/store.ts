// The help requests: `requests/{id}`, with the fields stored beside them for queries.
import { FieldValue } from 'firebase-admin/firestore';
import { defineCollection, PLACE, type Changes } from '../data/collections.js';
import { clientRefRecordSchema, helpRequestSchema, type HelpRequest } from './model.js';
import { planningDueAt } from './planning-state.js';

/**
 * The requests' stored-only `planning_due_at`, for the planning sweeper (requests/planning-state.ts),
 * `awaiting_location`, for the dispatchers' filter, and `requester_phone`, for staff's lookup by
 * number (top level: the embedded emulator does not filter on nested fields).
 */
function requestDerived(fields: Changes<HelpRequest>): Record<string, unknown> {
  const { planning, requester_contact: contact } = fields;
  return {
    ...(planning === undefined || planning instanceof FieldValue
      ? {}
      : { planning_due_at: planningDueAt(planning), awaiting_location: planning.state === 'awaiting_location' }),
    ...(contact === undefined || contact instanceof FieldValue ? {} : { requester_phone: contact?.phone ?? null }),
  };
}

export const requestStore = defineCollection('requests', helpRequestSchema, {
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
