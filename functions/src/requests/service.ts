// Help requests: who sees what, lists, the change feed and status changes. Creation is in
// creation.ts, placing a request that waits for its point in placement.ts.
import type { Transaction } from 'firebase-admin/firestore';
import { recordEvent, type EventActor } from '../events/record.js';
import { changePosition, readChanges } from '../data/changes.js';
import { type Filters } from '../data/collections.js';
import { requestStore } from './store.js';
import { db } from '../data/firestore.js';
import { paginate } from '../data/paginate.js';
import { getVisibleDisaster } from '../disasters/service.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.js';
import type { Caller } from '../shared/caller.js';
import { maskNumber } from '../shared/phone.js';
import { isStaff, type Page, type PageQuery } from '../shared/schemas.js';
import { type HelpRequest, type RequestAudience, type RequestView } from './model.js';
import { type RequestFilters, type StatusChange } from './inputs.js';
import { audienceOf, audienceResolver, survivorsOf, toRequestView } from './visibility.js';
import { requestTransitions, type RequestStatus } from './transitions.js';
import type { Task } from '../tasks/model.js';
import { activeTasksToTell } from '../tasks/request-status.js';

export async function getRequest(caller: Caller, id: string): Promise<RequestView> {
  const request = await requestStore.get(id);
  const audience = request ? await audienceOf(caller, request) : null;
  if (!request || !audience) throw new NotFoundError('Request', id);
  return toRequestView(request, audience, audience === 'owner' ? await survivorsOf([request]) : undefined);
}

/** The list filters a caller may give, and no other field of the query. */
function filtersOf({ disaster_id, status, type_of_need }: RequestFilters): Filters<HelpRequest> {
  return { disaster_id, status, type_of_need };
}

function viewed(
  page: Page<HelpRequest>,
  audience: (request: HelpRequest) => RequestAudience | null,
  survivors: ReadonlyMap<string, HelpRequest> = new Map(),
): Page<RequestView> {
  const items: RequestView[] = [];
  for (const request of page.items) {
    const seen = audience(request);
    if (seen) items.push(toRequestView(request, seen, survivors));
  }
  return { items, next_cursor: page.next_cursor };
}

/** A page some of whose requests the caller sees as their owner: merged ones follow their survivors. */
async function viewedFollowing(
  page: Page<HelpRequest>,
  audience: (request: HelpRequest) => RequestAudience | null,
): Promise<Page<RequestView>> {
  const owned = page.items.filter((request) => audience(request) === 'owner');
  return viewed(page, audience, await survivorsOf(owned));
}

/** GET /requests: admins and responders (checked by the declaration). */
export async function listRequests(
  caller: Caller,
  filters: RequestFilters,
  page: PageQuery,
): Promise<Page<RequestView>> {
  if (filters.phone !== undefined) return requestsByPhone(caller, filters, filters.phone, page);
  if (filters.reference !== undefined) return requestsByReference(filters, filters.reference, page);
  if (filters.updated_since !== undefined) return requestChanges(filters, filters.updated_since, page);
  if (!filters.awaiting_location) {
    return viewed(await requestStore.list(filtersOf(filters), page), () => 'staff');
  }
  // `awaiting_location` is stored only (derived by requests/store.ts), so not a filter `list` knows.
  let query = requestStore.ref().where('awaiting_location', '==', true);
  for (const [field, value] of Object.entries(filtersOf(filters))) {
    if (value !== undefined) query = query.where(field, '==', value);
  }
  return viewed(await paginate(query, page), () => 'staff');
}

/** A lookup that combines with no other filter (400 naming each one given with it). */
function alone(filters: RequestFilters, lookup: 'phone' | 'reference'): void {
  const combined = (
    ['disaster_id', 'status', 'type_of_need', 'awaiting_location', 'updated_since', 'phone', 'reference'] as const
  ).filter((field) => field !== lookup && filters[field]);
  if (combined.length > 0) {
    throw new ValidationError(
      combined.map((field) => ({ path: `query.${field}`, message: `does not combine with ${lookup}` })),
    );
  }
}

/**
 * GET /requests?reference=: the requests a person quotes by their short reference (staff), on a
 * phone call or from an SMS reply. A reference is an id's start, so more than one may answer.
 */
async function requestsByReference(
  filters: RequestFilters,
  reference: string,
  page: PageQuery,
): Promise<Page<RequestView>> {
  alone(filters, 'reference');
  return viewed(await paginate(requestStore.ref().where('reference', '==', reference), page), () => 'staff');
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
  alone(filters, 'phone');
  const found = await paginate(requestStore.ref().where('requester_phone', '==', phone), page);
  const batch = db().batch();
  recordEvent(batch, caller, {
    type: 'contact.looked_up_by_phone',
    entity_id: 'requests',
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
  const all = requestStore.ref();
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
  const own = await requestStore.list({ ...filtersOf(filters), owner_id: caller.uid }, page);
  return viewedFollowing(own, () => (isStaff(caller) ? 'staff' : 'owner'));
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
  return viewedFollowing(await requestStore.list(seesAll ? base : { ...base, owner_id: caller.uid }, page), audience);
}

/**
 * Admins and responders move a request along the transition table; its owner may only withdraw
 * it (closed, closed_reason withdrawn). Anyone else gets a 404 or, if they may see it, a 403.
 */
export async function changeStatus(caller: Caller, id: string, change: StatusChange): Promise<RequestView> {
  if (change.closed_reason !== undefined && change.status !== 'closed') {
    throw new ValidationError([{ path: 'body.closed_reason', message: 'is only allowed with status closed' }]);
  }
  const ref = requestStore.doc(id);
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
    const to = { status: change.status, closed_reason: reason };
    // Its owner withdrawing it: those working on its tasks hear of it (events/notices.ts).
    const tasks = await activeTasksToTell({ type: 'request.status_changed', after: to }, request, caller.uid, tx);
    const changed = writeStatusChange(tx, caller, request, to, undefined, {}, tasks);
    return toRequestView(changed, audience);
  });
}

/**
 * A request's move along the transition table (409 otherwise) and its `request.status_changed`
 * event, staged in the caller's transaction after its reads: PATCH /requests/{req_id}/status and
 * a NO to "do you still need help?" (requests/confirmation.ts) alike. `alsoChanged`: fields the
 * same change sets besides the status (re-confirmation clears its question), in the event too.
 * `tasks`: the active tasks whose people hear of it, read by the caller (activeTasksToTell).
 */
export function writeStatusChange(
  tx: Transaction,
  actor: EventActor,
  request: HelpRequest,
  to: { status: RequestStatus; closed_reason: HelpRequest['closed_reason'] },
  at = new Date().toISOString(),
  alsoChanged: Partial<Pick<HelpRequest, 'confirmation'>> = {},
  tasks: Task[] = [],
): HelpRequest {
  requestTransitions.assert(request.status, to.status);
  const changed = { ...to, ...alsoChanged, updated_at: at, status_changed_at: at };
  requestStore.updateIn(tx, request.id, changed);
  recordEvent(
    tx,
    actor,
    {
      type: 'request.status_changed',
      entity_id: request.id,
      before: { status: request.status, closed_reason: request.closed_reason },
      after: { ...to, ...alsoChanged },
      disaster_id: request.disaster_id,
      request_id: request.id,
    },
    at,
    { request, tasks },
  );
  return { ...request, ...changed };
}
