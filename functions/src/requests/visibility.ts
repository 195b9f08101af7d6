// Who sees what of a help request: the one place that decides it. Every endpoint, export,
// notification and assistant answer that returns a request goes through `audienceOf` (or
// `audienceResolver` for a list) and `toRequestView`.
//
//   staff (admins, responders)            everything; planning errors as codes; the requester's
//                                         contact (channel and phone) and the likely duplicates
//                                         (other people's requests), in no other view
//   owner                                 everything about their request; the matches only as
//                                         counts and distance bands (never who, never how far)
//   assignee of an active linked task     what is needed and where, not who asked
//   verified volunteer of the disaster    need, status, times and a cell of at least 1 km
//   anyone else                           nothing: 404 for one request, no items in lists
import { memberStore } from '../disasters/store.js';
import { taskStore } from '../tasks/store.js';
import { userStore } from '../users/store.js';
import { requestStore } from './store.js';
import type { Caller } from '../shared/caller.js';
import { SEARCH_RADIUS_KM } from './model.js';
import { COARSE_CENTER_MAX_OFFSET_KM, coarseArea } from '../shared/geo.js';
import { shortReference } from '../shared/reference.js';
import { isStaff } from '../shared/schemas.js';
import { ACTIVE_TASK_STATUSES } from '../shared/vocabulary.js';
import {
  PLANNING_ERRORS,
  QUEUED_FOR_TRIAGE,
  type HelpRequest,
  type MatchSummary,
  type Planning,
  type PlanningErrorCode,
  type PossibleDuplicatesJudge,
  type PublicPlanning,
  type RequestAudience,
  type RequestView,
} from './model.js';

/** A volunteer who joined the disaster and whom an admin verified: 2 reads, in one round trip. */
async function isVerifiedMember(caller: Caller, disasterId: string): Promise<boolean> {
  if (caller.role !== 'volunteer') return false;
  const [user, member] = await Promise.all([
    userStore.doc(caller.uid).get(),
    memberStore.doc(disasterId, caller.uid).get(),
  ]);
  return member.exists && user.data()?.verified === true;
}

/** Requests of the disaster (or just `requestId`) the caller is the assignee of an active task for. */
async function assignedRequestIds(
  caller: Caller,
  scope: { disasterId: string } | { requestId: string },
): Promise<Set<string>> {
  let query = taskStore
    .ref()
    .where('assigned_to', '==', caller.uid)
    .where('status', 'in', [...ACTIVE_TASK_STATUSES]);
  query =
    'requestId' in scope
      ? query.where('request_id', '==', scope.requestId)
      : query.where('disaster_id', '==', scope.disasterId);
  const tasks = await query.limit(100).get();
  return new Set(tasks.docs.map((doc) => doc.data().request_id).filter((id): id is string => id !== null));
}

/** The caller's view of one request, or null when they may not see it (answer 404). */
export async function audienceOf(caller: Caller, request: HelpRequest): Promise<RequestAudience | null> {
  if (isStaff(caller)) return 'staff';
  if (request.owner_id === caller.uid) return 'owner';
  if (caller.role !== 'volunteer') return null;
  if ((await assignedRequestIds(caller, { requestId: request.id })).has(request.id)) return 'assignee';
  return (await isVerifiedMember(caller, request.disaster_id)) ? 'area' : null;
}

/**
 * The caller's view of each request of one disaster, read once for a whole list. `seesAll` says
 * whether the list may hold other people's requests at all; when false, list only the caller's own.
 */
export async function audienceResolver(
  caller: Caller,
  disasterId: string,
): Promise<{ seesAll: boolean; audience: (request: HelpRequest) => RequestAudience | null }> {
  if (isStaff(caller)) return { seesAll: true, audience: () => 'staff' };
  const own = (request: HelpRequest) => (request.owner_id === caller.uid ? ('owner' as const) : null);
  if (!(await isVerifiedMember(caller, disasterId))) return { seesAll: false, audience: own };
  const assigned = await assignedRequestIds(caller, { disasterId });
  return { seesAll: true, audience: (request) => own(request) ?? (assigned.has(request.id) ? 'assignee' : 'area') };
}

/** The ids of the requests the merged ones among `requests` were merged into, once each: what `survivorsOf` reads. */
export function survivorIdsOf(requests: readonly HelpRequest[]): string[] {
  return [...new Set(requests.flatMap((request) => (request.merge ? [request.merge.into] : [])))];
}

/** The survivors of the merged requests among `requests` (one read of them all), for their owners' views. */
export async function survivorsOf(requests: readonly HelpRequest[]): Promise<Map<string, HelpRequest>> {
  const ids = survivorIdsOf(requests);
  if (ids.length === 0) return new Map();
  const found = await requestStore.getAll(ids);
  return new Map(found.flatMap((survivor) => (survivor ? [[survivor.id, survivor] as const] : [])));
}

/**
 * The requests of one owner as they see them, for the replies that speak to them outside a view
 * (the SMS STATUS reply, the assistant): a merged one with its survivor's status and progress.
 */
export async function asTheirOwnerSees(requests: readonly HelpRequest[]): Promise<HelpRequest[]> {
  const survivors = await survivorsOf(requests);
  return requests.map((request) => followingSurvivor(request, survivors));
}

function planningErrorOf(planning: Planning): PlanningErrorCode | null {
  if (planning.state === 'skipped') return 'duplicate';
  if (planning.state === 'failed') return 'planning_failed';
  if (planning.state === 'awaiting_location' && planning.last_error === QUEUED_FOR_TRIAGE) return 'queued_for_triage';
  if (planning.last_error !== null && planning.state !== 'planned') return 'retrying';
  return null;
}

export function publicPlanning(planning: Planning): PublicPlanning {
  const code = planningErrorOf(planning);
  return {
    state: planning.state,
    planner: planning.planner,
    attempts: planning.attempts,
    error_code: code,
    last_error: code === null ? null : PLANNING_ERRORS[code],
    updated_at: planning.updated_at,
  };
}

/** The distance band of a distance: what a requester may learn of how far help is. */
export function distanceBand(km: number): MatchSummary['helpers']['nearest'] {
  if (km < 1) return 'under_1_km';
  if (km < 5) return '1_to_5_km';
  if (km < 25) return '5_to_25_km';
  return 'over_25_km';
}

/**
 * Matches a requester is told about: those whose cell centre lies this close. The planner found
 * every helper and resource within SEARCH_RADIUS_KM of their exact points, so each of these was
 * surely found: neither the count nor the band depends on where exactly a helper lives (F8).
 */
export const SUMMARY_RADIUS_KM = SEARCH_RADIUS_KM - COARSE_CENTER_MAX_OFFSET_KM;

/** Counts and the nearest band, from distances to cell centres only (older matches without one are left out). */
function summarize(matches: { area_distance_km?: number | undefined }[]): MatchSummary['helpers'] {
  const distances = matches.flatMap(({ area_distance_km: km }) =>
    km !== undefined && km <= SUMMARY_RADIUS_KM ? [km] : [],
  );
  return { count: distances.length, nearest: distances.length === 0 ? null : distanceBand(Math.min(...distances)) };
}

function matchSummary(request: HelpRequest): MatchSummary | null {
  const matches = request.potential_matches;
  if (!matches) return null;
  return {
    helpers: summarize(matches.responders),
    resources: summarize(matches.resources),
    computed_at: matches.computed_at,
  };
}

/** Who judged the likely duplicates: the scorer alone for those stored before Gemini could be asked. */
function judgeOf(request: HelpRequest): PossibleDuplicatesJudge | null {
  if (request.possible_duplicates === undefined) return null;
  return request.possible_duplicates_judge ?? { judge: 'deterministic', model: null, fallback_code: null };
}

/** The re-confirmation question as it stands: none once the request is fulfilled or closed. */
function pendingConfirmation(request: HelpRequest): HelpRequest['confirmation'] {
  return request.status === 'open' || request.status === 'in_progress' ? request.confirmation : null;
}

/**
 * The requester of a merged request follows the survivor (requests/merges.ts): its status and
 * progress, never who else reported it or what they wrote. Their id, reference, description and
 * point stay their own.
 */
function followingSurvivor(request: HelpRequest, survivors: ReadonlyMap<string, HelpRequest>): HelpRequest {
  const survivor = request.merge && survivors.get(request.merge.into);
  if (!survivor) return request;
  return {
    ...request,
    status: survivor.status,
    closed_reason: survivor.closed_reason,
    status_changed_at: survivor.status_changed_at,
    planning: survivor.planning,
    potential_matches: survivor.potential_matches,
    updated_at: survivor.updated_at > request.updated_at ? survivor.updated_at : request.updated_at,
  };
}

/**
 * `survivors`: for the owner's view of a merged request, the requests merged ones were merged into
 * (read by `survivorsOf`); without its survivor the owner sees their request as stored.
 */
export function toRequestView(
  request: HelpRequest,
  audience: RequestAudience,
  survivors: ReadonlyMap<string, HelpRequest> = new Map(),
): RequestView {
  if (audience === 'owner') request = followingSurvivor(request, survivors);
  const common = {
    id: request.id,
    reference: shortReference(request.id),
    disaster_id: request.disaster_id,
    type_of_need: request.type_of_need,
    status: request.status,
    closed_reason: request.closed_reason,
    created_at: request.created_at,
    updated_at: request.updated_at,
    status_changed_at: request.status_changed_at,
  };
  // What staff and the requester both see; they differ in how nearby help is shown.
  const whole = () => ({
    ...common,
    description: request.description,
    location: request.location,
    owner_id: request.owner_id,
    duplicate_of: request.duplicate_of,
    planning: publicPlanning(request.planning),
    channel: request.channel,
    location_text: request.location_text,
    last_confirmed_at: request.last_confirmed_at,
    confirmation: pendingConfirmation(request),
  });
  switch (audience) {
    case 'staff':
      return {
        view: 'staff',
        ...whole(),
        potential_matches: request.potential_matches,
        requester_contact: request.requester_contact,
        possible_duplicates: request.possible_duplicates ?? null,
        possible_duplicates_judge: judgeOf(request),
        confirmation_asked_at: request.confirmation_asked_at,
        report_count: request.report_count,
        merged_reports: request.merged_reports.map((report) => ({
          ...report,
          reference: shortReference(report.request_id),
        })),
        merge: request.merge && {
          into: request.merge.into,
          reason: request.merge.reason,
          merged_at: request.merge.merged_at,
        },
      };
    case 'owner':
      return {
        view: 'owner',
        ...whole(),
        match_summary: matchSummary(request),
        merged_at: request.merge?.merged_at ?? null,
      };
    case 'assignee':
      return {
        view: 'assignee',
        ...common,
        description: request.description,
        location: request.location,
        last_confirmed_at: request.last_confirmed_at,
      };
    case 'area':
      return { view: 'area', ...common, area: coarseArea(request.location) };
  }
}
