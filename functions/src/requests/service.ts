// Help requests: creation (with duplicate flagging), who sees what, lists and status changes.
// Planning is not done here: creating the document fires the planning trigger (planning/).
import type { Query } from 'firebase-admin/firestore';
import { collections } from '../data/collections.js';
import { toDocument } from '../data/converter.js';
import { db } from '../data/firestore.js';
import { paginate } from '../data/paginate.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.js';
import type { Caller } from '../http/endpoint.js';
import { distanceKm, geohashOf } from '../shared/geo.js';
import type { Location, Page, PageQuery } from '../shared/schemas.js';
import type { HelpRequest, RequestView } from './model.js';
import { planningDueAt } from './planning-state.js';
import { requestTransitions, type RequestStatus } from './transitions.js';

/** A request by the same owner for the same need within this distance and time is a likely duplicate. */
export const DUPLICATE_RADIUS_KM = 0.5;
export const DUPLICATE_WINDOW_HOURS = 12;

export interface NewRequestInput {
  disaster_id: string;
  type_of_need: HelpRequest['type_of_need'];
  description: string;
  location: Location;
}

export interface RequestFilters {
  status?: RequestStatus | undefined;
  type_of_need?: HelpRequest['type_of_need'] | undefined;
  disaster_id?: string | undefined;
}

const isPrivileged = (caller: Caller) => caller.role === 'admin' || caller.role === 'responder';

/**
 * How much of a request the caller may see: everything (owner, admins, responders), everything
 * but the requester's identity and the matches (volunteers who joined the disaster), or nothing
 * (404, so that ids leak nothing).
 */
type Visibility = 'full' | 'redacted';

async function isVolunteerMember(caller: Caller, disasterId: string): Promise<boolean> {
  if (caller.role !== 'volunteer') return false;
  return (await collections.members.doc(disasterId, caller.uid).get()).exists;
}

async function visibilityOf(caller: Caller, request: HelpRequest): Promise<Visibility | null> {
  if (request.owner_id === caller.uid || isPrivileged(caller)) return 'full';
  if (await isVolunteerMember(caller, request.disaster_id)) return 'redacted';
  return null;
}

export function toView(request: HelpRequest, visibility: Visibility): RequestView {
  if (visibility === 'full') return request;
  return { ...request, owner_id: null, potential_matches: null };
}

/** The earlier open request this one probably repeats (its own original if it is one itself). */
async function findDuplicate(ownerId: string, input: NewRequestInput, now: Date): Promise<string | null> {
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

export async function createRequest(caller: Caller, input: NewRequestInput): Promise<HelpRequest> {
  const disaster = (await collections.disasters.doc(input.disaster_id).get()).data();
  if (!disaster) throw new NotFoundError('Disaster', input.disaster_id);
  if (disaster.status !== 'confirmed') {
    throw new ConflictError(`Disaster ${JSON.stringify(input.disaster_id)} is an unconfirmed suggestion; requests are raised for confirmed disasters only.`);
  }
  const now = new Date();
  const at = now.toISOString();
  const duplicateOf = await findDuplicate(caller.uid, input, now);
  const ref = collections.requests.ref().doc();
  const request: HelpRequest = {
    id: ref.id,
    disaster_id: input.disaster_id,
    type_of_need: input.type_of_need,
    description: input.description,
    location: input.location,
    geohash: geohashOf(input.location),
    status: 'open',
    closed_reason: null,
    owner_id: caller.uid,
    duplicate_of: duplicateOf,
    planning: { state: 'pending', planner: null, attempts: 0, last_error: null, lease_expires_at: null, run_id: null, updated_at: at },
    potential_matches: null,
    created_at: at,
    updated_at: at,
    status_changed_at: at,
  };
  // planning_due_at: stored only, for the planning sweeper (planning/job.ts).
  const stored = { ...request, planning_due_at: planningDueAt(request.planning) };
  await ref.create(stored);
  return request;
}

export async function getRequest(caller: Caller, id: string): Promise<RequestView> {
  const request = (await collections.requests.doc(id).get()).data();
  const visibility = request ? await visibilityOf(caller, request) : null;
  if (!request || !visibility) throw new NotFoundError('Request', id);
  return toView(request, visibility);
}

function filtered(query: Query<HelpRequest>, filters: RequestFilters): Query<HelpRequest> {
  let q = query;
  if (filters.disaster_id !== undefined) q = q.where('disaster_id', '==', filters.disaster_id);
  if (filters.status !== undefined) q = q.where('status', '==', filters.status);
  if (filters.type_of_need !== undefined) q = q.where('type_of_need', '==', filters.type_of_need);
  return q;
}

/** GET /requests: admins and responders (checked by the declaration). */
export function listRequests(filters: RequestFilters, page: PageQuery): Promise<Page<HelpRequest>> {
  return paginate(filtered(collections.requests.ref(), filters), page);
}

export function listOwnRequests(caller: Caller, filters: RequestFilters, page: PageQuery): Promise<Page<HelpRequest>> {
  return paginate(filtered(collections.requests.ref().where('owner_id', '==', caller.uid), filters), page);
}

/**
 * GET /requests/disaster/{disaster_id}: admins and responders see all, volunteers who joined see
 * all without requester identity, anybody else only their own.
 */
export async function listDisasterRequests(
  caller: Caller,
  disasterId: string,
  filters: Omit<RequestFilters, 'disaster_id'>,
  page: PageQuery,
): Promise<Page<RequestView>> {
  const disaster = (await collections.disasters.doc(disasterId).get()).data();
  if (!disaster) throw new NotFoundError('Disaster', disasterId);
  const base = filtered(collections.requests.ref(), { ...filters, disaster_id: disasterId });
  if (isPrivileged(caller)) return paginate(base, page);
  if (await isVolunteerMember(caller, disasterId)) {
    const result = await paginate(base, page);
    return { ...result, items: result.items.map((request) => toView(request, request.owner_id === caller.uid ? 'full' : 'redacted')) };
  }
  return paginate(base.where('owner_id', '==', caller.uid), page);
}

export interface StatusChange {
  status: RequestStatus;
  closed_reason?: 'withdrawn' | 'unfulfilled' | 'duplicate' | undefined;
}

/**
 * Admins and responders move a request along the transition table; its owner may only withdraw
 * it (closed, closed_reason withdrawn). Anyone else gets a 404 or, if they may see it, a 403.
 */
export async function changeStatus(caller: Caller, id: string, change: StatusChange): Promise<HelpRequest> {
  if (change.closed_reason !== undefined && change.status !== 'closed') {
    throw new ValidationError([{ path: 'body.closed_reason', message: 'is only allowed with status closed' }]);
  }
  const ref = collections.requests.doc(id);
  const privileged = isPrivileged(caller);
  // One read: every check runs on the document the transaction reads.
  return db().runTransaction(async (tx) => {
    const request = (await tx.get(ref)).data();
    if (!request || !(await visibilityOf(caller, request))) throw new NotFoundError('Request', id);
    if (!privileged) {
      if (request.owner_id !== caller.uid) throw new ForbiddenError('Only admins and responders change the status of a request.');
      if (change.status !== 'closed' || (change.closed_reason ?? 'withdrawn') !== 'withdrawn') {
        throw new ForbiddenError('You may only withdraw your own request (status closed, closed_reason withdrawn).');
      }
    }
    const reason = change.status === 'closed' ? change.closed_reason ?? (privileged ? 'unfulfilled' : 'withdrawn') : null;
    requestTransitions.assert(request.status, change.status);
    const at = new Date().toISOString();
    const changed = { status: change.status, closed_reason: reason, updated_at: at, status_changed_at: at };
    // An update, not a set: fields stored outside the schema (planning_due_at) are kept.
    tx.update(db().collection(collections.requests.path).doc(id), toDocument(changed));
    return { ...request, ...changed };
  });
}
