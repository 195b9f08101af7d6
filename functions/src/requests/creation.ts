// Creating a help request: the one command (writeNewRequest) that the API (POST /requests) and the
// SMS and WhatsApp intake both call, with the area rule and duplicate flagging. Planning is not
// done here: creating the document fires the planning trigger (planning/).
import { type Writer } from '../data/collections.js';
import { disasterStore } from '../disasters/store.js';
import { requestStore } from './store.js';
import { userStore } from '../users/store.js';
import { db, isAlreadyExists } from '../data/firestore.js';
import { nothingInCommit, type InCommit } from '../data/staged.js';
import type { Disaster } from '../disasters/model.js';
import { requireConfirmedDisaster } from '../disasters/service.js';
import { ConflictError, ValidationError } from '../errors.js';
import { recordEvent, type EventActor } from '../events/record.js';
import type { Caller } from '../shared/caller.js';
import { distanceKm, geohashOf } from '../shared/geo.js';
import type { Location } from '../shared/schemas.js';
import { shortReference } from '../shared/reference.js';
import { claimClientRef, readClientRef } from './client-refs.js';
import { QUEUED_FOR_TRIAGE, type ClientRefRecord, type HelpRequest } from './model.js';
import { type NewRequestInput } from './inputs.js';

/** A request by the same owner for the same need within this distance and time is a likely duplicate. */
export const DUPLICATE_RADIUS_KM = 0.5;
export const DUPLICATE_WINDOW_HOURS = 12;

/**
 * How far outside its disaster's radius a request may still lie: affected areas are drawn
 * roughly, and people flee towards their edges. Beyond it the request is refused (400), so that
 * nobody can probe the helpers and resources of places far from any disaster.
 */
export const REQUEST_AREA_MARGIN_KM = 5;

/** The earlier open request this one probably repeats (its own original if it is one itself). */
export async function findDuplicate(ownerId: string, input: NewRequestInput, now: Date): Promise<string | null> {
  const since = new Date(now.getTime() - DUPLICATE_WINDOW_HOURS * 3_600_000).toISOString();
  const snapshot = await requestStore
    .ref()
    .where('owner_id', '==', ownerId)
    .where('type_of_need', '==', input.type_of_need)
    .where('sort_key', '>=', since)
    .orderBy('sort_key', 'desc')
    .limit(20)
    .get();
  const match = snapshot.docs
    .map((doc) => doc.data())
    .find(
      (earlier) =>
        earlier.disaster_id === input.disaster_id &&
        (earlier.status === 'open' || earlier.status === 'in_progress') &&
        distanceKm(earlier.location, input.location) <= DUPLICATE_RADIUS_KM,
    );
  if (!match) return null;
  return match.duplicate_of ?? match.id;
}

/** What a new request starts from besides the creation payload (SMS/WhatsApp intake sets more). */
export interface NewRequestDocument extends NewRequestInput {
  duplicate_of: string | null;
  channel?: HelpRequest['channel'];
  location_text?: string | null;
  /** The number to call back: the sender's (SMS/WhatsApp) or the profile's (app); none: null. */
  requester_phone?: string | null;
  /** True: `location` is a placeholder and planning waits for the point (planning.state awaiting_location). */
  awaiting_location?: boolean;
  /** The intake guard that acted (channels/limits.ts): a dispatcher triages the request before it is planned. */
  queued_for_triage?: string | null;
}

/** A new open request as stored; the caller writes it (with its audit record) in its own batch or transaction. */
export function newRequestDocument(id: string, ownerId: string, input: NewRequestDocument, at: string): HelpRequest {
  return {
    id,
    disaster_id: input.disaster_id,
    type_of_need: input.type_of_need,
    description: input.description,
    location: input.location,
    geohash: geohashOf(input.location),
    status: 'open',
    closed_reason: null,
    owner_id: ownerId,
    duplicate_of: input.duplicate_of,
    planning: {
      state: input.awaiting_location ? 'awaiting_location' : 'pending',
      planner: null,
      attempts: 0,
      last_error: input.queued_for_triage ? QUEUED_FOR_TRIAGE : null,
      lease_expires_at: null,
      run_id: null,
      updated_at: at,
    },
    potential_matches: null,
    channel: input.channel ?? 'app',
    location_text: input.location_text ?? null,
    requester_contact: { channel: input.channel ?? 'app', phone: input.requester_phone ?? null },
    report_count: 1,
    merged_reports: [],
    merge: null,
    created_at: at,
    updated_at: at,
    status_changed_at: at,
    // Asking counts from the creation: the person said they need help then (requests/confirmation.ts).
    last_confirmed_at: at,
    confirmation: null,
    confirmation_asked_at: null,
  };
}

/** Whether a point lies in a disaster's area (its radius plus REQUEST_AREA_MARGIN_KM). */
export function isInArea(location: Location, disaster: Disaster): boolean {
  return distanceKm(location, disaster.location) <= disaster.radius_km + REQUEST_AREA_MARGIN_KM;
}

/** Confirmed disasters read when placing a request by its point: more than this many active at once is not expected. */
export const MAX_ACTIVE_DISASTERS = 100;

/** The confirmed disasters, newest first (at most MAX_ACTIVE_DISASTERS). */
export async function confirmedDisasters(): Promise<Disaster[]> {
  const page = await disasterStore.list({ status: 'confirmed' }, { limit: MAX_ACTIVE_DISASTERS });
  return page.items;
}

/**
 * A new request and its `request.created` event, staged in the caller's batch or transaction: the
 * one way a request is created, by the API and by the SMS and WhatsApp intake alike.
 */
export function writeNewRequest(
  writer: Writer,
  actor: EventActor,
  input: NewRequestDocument & { id?: string | undefined; owner_id: string },
  at: string,
): HelpRequest {
  const ref = input.id === undefined ? requestStore.ref().doc() : requestStore.doc(input.id);
  const request = newRequestDocument(ref.id, input.owner_id, input, at);
  writer.create(ref, request);
  if (input.client_ref !== undefined) claimClientRef(writer, input.client_ref, request, at);
  recordEvent(
    writer,
    actor,
    {
      type: 'request.created',
      entity_id: request.id,
      before: null,
      after: {
        status: request.status,
        duplicate_of: request.duplicate_of,
        channel: request.channel,
        ...(input.queued_for_triage ? { queued_for_triage: input.queued_for_triage } : {}),
      },
      disaster_id: request.disaster_id,
      request_id: request.id,
      client_time: input.client_time,
    },
    at,
  );
  return request;
}

/** What POST /requests did: created the request, or found the one its client reference created. */
export interface CreatedRequest {
  request: HelpRequest;
  created: boolean;
}

/** POST /requests; `inCommit` adds its writes (the stored answer of an Idempotency-Key) to the request's batch. */
export async function createRequest(
  caller: Caller,
  input: NewRequestInput,
  inCommit: InCommit<HelpRequest> = nothingInCommit,
): Promise<CreatedRequest> {
  const [disaster, profile, earlier] = await Promise.all([
    requireConfirmedDisaster(input.disaster_id, caller),
    userStore.get(caller.uid),
    input.client_ref === undefined ? undefined : readClientRef(input.client_ref),
  ]);
  if (earlier) return alreadyReceived(caller, earlier);
  if (!isInArea(input.location, disaster)) {
    const away = distanceKm(input.location, disaster.location);
    throw new ValidationError([
      {
        path: 'body.location',
        message: `is ${Math.round(away)} km from the centre of disaster ${JSON.stringify(disaster.name)}, outside its area (${disaster.radius_km} km radius + ${REQUEST_AREA_MARGIN_KM} km); choose the disaster where you are`,
      },
    ]);
  }
  const now = new Date();
  const duplicateOf = await findDuplicate(caller.uid, input, now);
  const batch = db().batch();
  const request = writeNewRequest(
    batch,
    caller,
    { ...input, owner_id: caller.uid, duplicate_of: duplicateOf, requester_phone: profile?.phone ?? null },
    now.toISOString(),
  );
  inCommit(batch, request);
  try {
    await batch.commit();
  } catch (error) {
    // The same reference claimed meanwhile (the SMS, or the same POST retried at once).
    const claimed = isAlreadyExists(error) && input.client_ref !== undefined && (await readClientRef(input.client_ref));
    if (claimed) return alreadyReceived(caller, claimed);
    throw error;
  }
  return { request, created: true };
}

/**
 * The request a client reference created already: the caller's own (the same POST again, or
 * their SMS from their verified number) is answered as it is; one that arrived by SMS under
 * another account (the number's) is a 409 naming its reference, which the SMS reply gave them.
 */
async function alreadyReceived(caller: Caller, earlier: ClientRefRecord): Promise<CreatedRequest> {
  const reference = shortReference(earlier.request_id);
  if (earlier.owner_id !== caller.uid)
    throw new ConflictError(`This request already arrived by SMS as request ${reference}.`, {
      reason: 'already_received',
      reference,
    });
  return { request: await requestStore.require(earlier.request_id, 'Request'), created: false };
}
