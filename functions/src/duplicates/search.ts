// The candidates a request's likely duplicates are chosen from, read from Firestore at planning
// time, and their scoring (duplicates/score.ts). Bounded reads (Firestore bills each document):
//   - open requests of the same disaster within its need's band (at most SEARCH_KM_MAX) of its point
//     and the window (DUPLICATE_WINDOW_HOURS either side): one range query per geohash range
//     (data/nearby.ts, at most MAX_GEOHASH_RANGES), at most CANDIDATES_PER_RANGE documents each;
//   - requests sent from its number, or from a number its texts name (at most MAX_NAMED_PHONES),
//     made within the window: one query each, at most CANDIDATES_PER_PHONE documents.
// A request waiting for its point has only a placeholder: it is searched by phone only.
import { Timestamp } from 'firebase-admin/firestore';
import { requestStore } from '../requests/store.js';
import { withinRadius } from '../data/nearby.js';
import type { HelpRequest } from '../requests/model.js';
import { distanceKm } from '../shared/geo.js';
import type { Location } from '../shared/schemas.js';
import {
  DUPLICATE_WINDOW_HOURS,
  NEAR_KM,
  OPEN_STATUSES,
  phonesInText,
  rankDuplicates,
  SEARCH_KM_MAX,
  type DuplicateInput,
  type PossibleDuplicate,
} from './score.js';

export const CANDIDATES_PER_RANGE = 50;
export const CANDIDATES_PER_PHONE = 20;
/** Numbers named in a request's texts that are looked up (the first ones written). */
export const MAX_NAMED_PHONES = 2;

/** What the scorer reads of a stored request. */
export function duplicateInputOf(request: HelpRequest): DuplicateInput {
  return {
    id: request.id,
    disaster_id: request.disaster_id,
    owner_id: request.owner_id,
    type_of_need: request.type_of_need,
    description: request.description,
    location_text: request.location_text,
    location: request.planning.state === 'awaiting_location' ? null : request.location,
    phone: request.requester_contact?.phone ?? null,
    created_at: request.created_at,
    status: request.status,
  };
}

/** Where candidates are looked for: around a point, and by these numbers. */
export interface DuplicateSearch {
  center: Location | null;
  radiusKm: number;
  phones: string[];
}

export function duplicateSearchOf(request: DuplicateInput): DuplicateSearch {
  const named = [
    ...phonesInText(request.description, request.phone),
    ...phonesInText(request.location_text, request.phone),
  ].filter((phone) => phone.startsWith('+') && phone !== request.phone);
  return {
    center: request.location,
    radiusKm: Math.min(NEAR_KM[request.type_of_need], SEARCH_KM_MAX),
    phones: [...(request.phone === null ? [] : [request.phone]), ...new Set(named)].slice(0, 1 + MAX_NAMED_PHONES),
  };
}

/** Whether the reads of `search` return `candidate` (ignoring the per-query limits): the benchmark's stand-in for them. */
export function isFoundBy(search: DuplicateSearch, candidate: DuplicateInput): boolean {
  if (candidate.phone !== null && search.phones.includes(candidate.phone)) return true;
  return (
    search.center !== null &&
    candidate.location !== null &&
    distanceKm(search.center, candidate.location) <= search.radiusKm
  );
}

const shiftHours = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * 3_600_000).toISOString();

/** The candidates of `request` and the reads billed for them (an empty query is billed one). */
export async function readDuplicateCandidates(
  request: HelpRequest,
): Promise<{ candidates: DuplicateInput[]; docsRead: number }> {
  const search = duplicateSearchOf(duplicateInputOf(request));
  const open = requestStore
    .ref()
    .where('disaster_id', '==', request.disaster_id)
    .where('status', 'in', [...OPEN_STATUSES]);
  const since = shiftHours(request.created_at, -DUPLICATE_WINDOW_HOURS);
  // The scorer's window in the range queries too: what a long disaster left open around the point
  // earlier is neither read nor billed (created_at is stored as a Timestamp: data/converter.ts).
  const window = {
    field: 'created_at',
    from: Timestamp.fromMillis(Date.parse(since)),
    to: Timestamp.fromMillis(Date.parse(shiftHours(request.created_at, DUPLICATE_WINDOW_HOURS))),
  };
  const [near, ...byPhone] = await Promise.all([
    search.center === null
      ? { found: [], docsRead: 0, emptyRanges: 0 }
      : withinRadius(open, search.center, search.radiusKm, {
          perRangeLimit: CANDIDATES_PER_RANGE,
          alsoBetween: window,
        }),
    ...search.phones.map((phone) =>
      requestStore
        .ref()
        .where('requester_phone', '==', phone)
        .where('sort_key', '>=', since)
        .orderBy('sort_key', 'desc')
        .limit(CANDIDATES_PER_PHONE)
        .get(),
    ),
  ]);
  const candidates = [
    ...near.found.map(({ item }) => item),
    ...byPhone.flatMap((snapshot) => snapshot.docs.map((doc) => doc.data())),
  ].map(duplicateInputOf);
  return {
    candidates,
    docsRead: near.docsRead + near.emptyRanges + byPhone.reduce((sum, snapshot) => sum + Math.max(1, snapshot.size), 0),
  };
}

/**
 * The likely duplicates of a stored request (planning/job.ts stores them), what the scorer read of
 * each (Gemini's second opinion is sent their words: duplicates/second-opinion.ts), and the
 * documents read.
 */
export async function possibleDuplicatesOf(
  request: HelpRequest,
): Promise<{ duplicates: PossibleDuplicate[]; suggested: DuplicateInput[]; docsRead: number }> {
  const { candidates, docsRead } = await readDuplicateCandidates(request);
  const duplicates = rankDuplicates(duplicateInputOf(request), candidates);
  const ids = new Set(duplicates.map((d) => d.id));
  const suggested = [...new Map(candidates.filter((c) => ids.has(c.id)).map((c) => [c.id, c])).values()];
  return { duplicates, suggested, docsRead };
}
