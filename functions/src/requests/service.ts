// Help requests: creation (with duplicate flagging), who sees what, lists and status changes.
// Planning is not done here: creating the document fires the planning trigger (planning/).
import type { Transaction } from 'firebase-admin/firestore';
import { recordAudit, type AuditActor } from '../audit/record.js';
import { changePosition, readChanges } from '../data/changes.js';
import { collections, type Filters } from '../data/collections.js';
import { db } from '../data/firestore.js';
import { paginate } from '../data/paginate.js';
import { getVisibleDisaster, requireConfirmedDisaster } from '../disasters/service.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.js';
import { logs } from '../logs.js';
import type { Caller } from '../shared/caller.js';
import { distanceKm, geohashOf } from '../shared/geo.js';
import { maskNumber } from '../shared/phone.js';
import type { Disaster } from '../disasters/model.js';
import { isStaff, type Location, type Page, type PageQuery } from '../shared/schemas.js';
import type {
  HelpRequest,
  NewRequestInput,
  RequestAudience,
  RequestFilters,
  RequestView,
  StatusChange,
} from './model.js';
import { audienceOf, audienceResolver, toRequestView } from './visibility.js';
import { requestTransitions } from './transitions.js';

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
  const snapshot = await collections.requests
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
      last_error: null,
      lease_expires_at: null,
      run_id: null,
      updated_at: at,
    },
    potential_matches: null,
    channel: input.channel ?? 'app',
    location_text: input.location_text ?? null,
    requester_contact: { channel: input.channel ?? 'app', phone: input.requester_phone ?? null },
    created_at: at,
    updated_at: at,
    status_changed_at: at,
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
  const page = await collections.disasters.list({ status: 'confirmed' }, { limit: MAX_ACTIVE_DISASTERS });
  return page.items;
}

export async function createRequest(caller: Caller, input: NewRequestInput): Promise<HelpRequest> {
  const [disaster, profile] = await Promise.all([
    requireConfirmedDisaster(input.disaster_id, caller),
    collections.users.get(caller.uid),
  ]);
  const away = distanceKm(input.location, disaster.location);
  if (away > disaster.radius_km + REQUEST_AREA_MARGIN_KM) {
    throw new ValidationError([
      {
        path: 'body.location',
        message: `is ${Math.round(away)} km from the centre of disaster ${JSON.stringify(disaster.name)}, outside its area (${disaster.radius_km} km radius + ${REQUEST_AREA_MARGIN_KM} km); choose the disaster where you are`,
      },
    ]);
  }
  const now = new Date();
  const at = now.toISOString();
  const duplicateOf = await findDuplicate(caller.uid, input, now);
  const ref = collections.requests.ref().doc();
  const request = newRequestDocument(
    ref.id,
    caller.uid,
    { ...input, duplicate_of: duplicateOf, requester_phone: profile?.phone ?? null },
    at,
  );
  const batch = db().batch();
  batch.create(ref, request);
  recordAudit(
    batch,
    {
      entity: 'request',
      entity_id: request.id,
      action: 'created',
      actor: caller,
      before: null,
      after: { status: request.status, duplicate_of: duplicateOf },
      disaster_id: request.disaster_id,
      request_id: request.id,
    },
    at,
  );
  await batch.commit();
  return request;
}

export async function getRequest(caller: Caller, id: string): Promise<RequestView> {
  const request = await collections.requests.get(id);
  const audience = request ? await audienceOf(caller, request) : null;
  if (!request || !audience) throw new NotFoundError('Request', id);
  return toRequestView(request, audience);
}

/** The list filters a caller may give, and no other field of the query. */
function filtersOf({ disaster_id, status, type_of_need }: RequestFilters): Filters<HelpRequest> {
  return { disaster_id, status, type_of_need };
}

function viewed(
  page: Page<HelpRequest>,
  audience: (request: HelpRequest) => RequestAudience | null,
): Page<RequestView> {
  const items: RequestView[] = [];
  for (const request of page.items) {
    const seen = audience(request);
    if (seen) items.push(toRequestView(request, seen));
  }
  return { items, next_cursor: page.next_cursor };
}

/** GET /requests: admins and responders (checked by the declaration). */
export async function listRequests(
  caller: Caller,
  filters: RequestFilters,
  page: PageQuery,
): Promise<Page<RequestView>> {
  if (filters.phone !== undefined) return requestsByPhone(caller, filters, filters.phone, page);
  if (filters.updated_since !== undefined) return requestChanges(filters, filters.updated_since, page);
  if (!filters.awaiting_location) {
    return viewed(await collections.requests.list(filtersOf(filters), page), () => 'staff');
  }
  // `awaiting_location` is stored only (derived by the registry), so not a filter `list` knows.
  let query = collections.requests.ref().where('awaiting_location', '==', true);
  for (const [field, value] of Object.entries(filtersOf(filters))) {
    if (value !== undefined) query = query.where(field, '==', value);
  }
  return viewed(await paginate(query, page), () => 'staff');
}

/**
 * GET /requests?phone=: a person's requests by the number they give on the phone (staff). Each
 * page read is a disclosure of contact details, recorded in the audit trail before the answer,
 * as a personal-data export is: who looked, when, a masked number and the requests shown.
 */
async function requestsByPhone(
  caller: Caller,
  filters: RequestFilters,
  phone: string,
  page: PageQuery,
): Promise<Page<RequestView>> {
  const combined = (['disaster_id', 'status', 'type_of_need', 'awaiting_location', 'updated_since'] as const).filter(
    (field) => filters[field],
  );
  if (combined.length > 0) {
    throw new ValidationError(
      combined.map((field) => ({ path: `query.${field}`, message: 'does not combine with phone' })),
    );
  }
  const found = await paginate(collections.requests.ref().where('requester_phone', '==', phone), page);
  const batch = db().batch();
  recordAudit(batch, {
    entity: 'contact',
    entity_id: 'requests',
    action: 'looked_up_by_phone',
    actor: caller,
    before: null,
    after: { phone: maskNumber(phone), request_ids: found.items.map((request) => request.id) },
  });
  await batch.commit();
  return viewed(found, () => 'staff');
}

/**
 * GET /requests?updated_since=: the change feed (data/changes.ts), of one disaster when
 * disaster_id is given, including the requests moved out of it since (their new disaster_id
 * tells the client to drop them). Status, need and awaiting_location would hide the requests
 * that leave them: the client filters those itself.
 */
async function requestChanges(filters: RequestFilters, since: string, page: PageQuery): Promise<Page<RequestView>> {
  const unfiltered = (['status', 'type_of_need', 'awaiting_location'] as const).filter((f) => filters[f]);
  if (unfiltered.length > 0) {
    throw new ValidationError(
      unfiltered.map((field) => ({
        path: `query.${field}`,
        message: 'does not combine with updated_since: the changes include the requests that left such a filter',
      })),
    );
  }
  const all = collections.requests.ref();
  const disasterId = filters.disaster_id;
  const queries =
    disasterId === undefined
      ? [all]
      : [all.where('disaster_id', '==', disasterId), all.where('moved_from', 'array-contains', disasterId)];
  return viewed(await readChanges(queries, changePosition(since, page.cursor), page.limit), () => 'staff');
}

export async function listOwnRequests(
  caller: Caller,
  filters: RequestFilters,
  page: PageQuery,
): Promise<Page<RequestView>> {
  const own = await collections.requests.list({ ...filtersOf(filters), owner_id: caller.uid }, page);
  return viewed(own, () => (isStaff(caller) ? 'staff' : 'owner'));
}

/**
 * GET /requests/disaster/{disaster_id}: admins and responders see all; verified volunteers who
 * joined see all, each in their view (requests/visibility.ts); anybody else only their own.
 */
export async function listDisasterRequests(
  caller: Caller,
  disasterId: string,
  filters: Omit<RequestFilters, 'disaster_id'>,
  page: PageQuery,
): Promise<Page<RequestView>> {
  await getVisibleDisaster(caller, disasterId); // a suggestion is a 404 like an unknown id (L1)
  const base = filtersOf({ ...filters, disaster_id: disasterId });
  const { seesAll, audience } = await audienceResolver(caller, disasterId);
  return viewed(await collections.requests.list(seesAll ? base : { ...base, owner_id: caller.uid }, page), audience);
}

/**
 * Admins and responders move a request along the transition table; its owner may only withdraw
 * it (closed, closed_reason withdrawn). Anyone else gets a 404 or, if they may see it, a 403.
 */
export async function changeStatus(caller: Caller, id: string, change: StatusChange): Promise<RequestView> {
  if (change.closed_reason !== undefined && change.status !== 'closed') {
    throw new ValidationError([{ path: 'body.closed_reason', message: 'is only allowed with status closed' }]);
  }
  const ref = collections.requests.doc(id);
  const privileged = isStaff(caller);
  // One read: every check runs on the document the transaction reads.
  return db().runTransaction(async (tx) => {
    const request = (await tx.get(ref)).data();
    const audience = request ? await audienceOf(caller, request) : null;
    if (!request || !audience) throw new NotFoundError('Request', id);
    if (!privileged) {
      if (request.owner_id !== caller.uid)
        throw new ForbiddenError('Only admins and responders change the status of a request.');
      if (change.status !== 'closed' || (change.closed_reason ?? 'withdrawn') !== 'withdrawn') {
        throw new ForbiddenError('You may only withdraw your own request (status closed, closed_reason withdrawn).');
      }
    }
    const reason =
      change.status === 'closed' ? (change.closed_reason ?? (privileged ? 'unfulfilled' : 'withdrawn')) : null;
    requestTransitions.assert(request.status, change.status);
    const at = new Date().toISOString();
    const changed = { status: change.status, closed_reason: reason, updated_at: at, status_changed_at: at };
    collections.requests.updateIn(tx, id, changed);
    recordAudit(
      tx,
      {
        entity: 'request',
        entity_id: id,
        action: 'status_changed',
        actor: caller,
        before: { status: request.status, closed_reason: request.closed_reason },
        after: { status: change.status, closed_reason: reason },
        disaster_id: request.disaster_id,
        request_id: id,
      },
      at,
    );
    return toRequestView({ ...request, ...changed }, audience);
  });
}

// --- Placing a request that waits for its point (SMS/WhatsApp intake, docs/channels.md) ----------

export interface RequestPlacement {
  location: Location;
  /** The disaster named by a dispatcher; otherwise chosen from the point. */
  disaster_id?: string | undefined;
}

/** The confirmed disasters whose area (radius plus margin) holds the point. */
export async function disastersHolding(location: Location): Promise<Disaster[]> {
  return (await confirmedDisasters()).filter((disaster) => isInArea(location, disaster));
}

/**
 * The disaster a point places a request in: the one named (its area must hold the point), else
 * the only confirmed disaster whose area holds it, else the request's current one if it holds it.
 */
async function disasterOfPlacement(request: HelpRequest, placement: RequestPlacement, tx: Transaction) {
  if (placement.disaster_id !== undefined) {
    const named = await requireConfirmedDisaster(placement.disaster_id, null, tx);
    if (!isInArea(placement.location, named)) {
      throw new ValidationError([
        { path: 'body.location', message: `lies outside the area of disaster ${JSON.stringify(named.name)}` },
      ]);
    }
    return named;
  }
  const holding = await disastersHolding(placement.location);
  if (holding.length === 1) return holding[0]!;
  const current = holding.find((disaster) => disaster.id === request.disaster_id);
  if (current) return current;
  throw new ValidationError([
    {
      path: 'body.location',
      message:
        holding.length === 0
          ? 'lies in the area of no confirmed disaster'
          : `lies in the areas of ${holding.length} disasters; name one with disaster_id`,
    },
  ]);
}

/**
 * Read first, return the writes: checks that the request waits for its point and chooses its
 * disaster (reads in `tx`), and returns the function that stages the change and its audit record.
 */
export async function readPlacement(
  tx: Transaction,
  request: HelpRequest,
  placement: RequestPlacement,
): Promise<(actor: AuditActor, at: string) => HelpRequest> {
  if (request.planning.state !== 'awaiting_location') {
    throw new ConflictError(
      `Request ${request.id} already has its location (planning.state ${request.planning.state}).`,
    );
  }
  const disaster = await disasterOfPlacement(request, placement, tx);
  return (actor, at) => {
    const changes = {
      location: placement.location,
      geohash: geohashOf(placement.location),
      disaster_id: disaster.id,
      // Placing it is the triage a request queued for it waited for (QUEUED_FOR_TRIAGE).
      planning: { ...request.planning, state: 'pending' as const, last_error: null, updated_at: at },
      updated_at: at,
    };
    // Its former disaster's change feed reports the move (the request was read in this transaction).
    const movedFrom =
      disaster.id === request.disaster_id ? {} : { moved_from: [...(request.moved_from ?? []), request.disaster_id] };
    collections.requests.updateIn(tx, request.id, { ...changes, ...movedFrom });
    recordAudit(
      tx,
      {
        entity: 'request',
        entity_id: request.id,
        action: 'located',
        actor,
        before: { disaster_id: request.disaster_id, planning_state: 'awaiting_location' },
        after: { disaster_id: disaster.id, planning_state: 'pending' },
        disaster_id: disaster.id,
        request_id: request.id,
      },
      at,
    );
    return { ...request, ...changes, ...movedFrom };
  };
}

/**
 * How long placing a request waits for its planning run before answering; a run still going on
 * finishes on its own, and one that was lost is picked up by the planning sweeper (pending).
 */
export const PLACEMENT_PLANNING_WAIT_MS = 3000;

/** Starts the planning of a request that just got its point (the trigger only fires on creation). */
export async function planPlacedRequest(requestId: string): Promise<void> {
  const run = import('../planning/trigger.js').then(({ handleRequestCreated }) => handleRequestCreated(requestId));
  run.catch((error: unknown) => logs.planningFailed(requestId, 0, 'pending', error));
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, PLACEMENT_PLANNING_WAIT_MS)));
  await Promise.race([
    run.then(
      () => undefined,
      () => undefined,
    ),
    waited,
  ]);
  clearTimeout(timer);
}

/** PUT /requests/{req_id}/location: admins and responders (checked by the declaration). */
export async function locateRequest(caller: Caller, id: string, placement: RequestPlacement): Promise<RequestView> {
  const at = new Date().toISOString();
  const placed = await db().runTransaction(async (tx) => {
    const request = await collections.requests.require(id, 'Request', tx);
    const stage = await readPlacement(tx, request, placement);
    return stage(caller, at);
  });
  await planPlacedRequest(id);
  return toRequestView((await collections.requests.get(id)) ?? placed, 'staff');
}
