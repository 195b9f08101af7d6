// GET /disasters/{id}/situation: the disaster's requests and tasks read with two indexed queries,
// page by page, each document cut to the few fields the figures need (`select()`), then counted
// in memory (figures.ts). Firestore bills one read per document whatever is selected, so one
// overview costs N + T reads (+ 1 for the disaster, + 1 per query ending on a full page); each
// instance keeps an answer for SITUATION_FRESH_MS, so screens left open on one disaster do not
// multiply that. Why reads and not running counters: docs/interop.md ("Situation overview", Cost).
import {
  Timestamp,
  type DocumentData,
  type FirestoreDataConverter,
  type Query,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import { pagesOf } from '../data/paginate.js';
import { db } from '../data/firestore.js';
import { getVisibleDisaster } from '../disasters/service.js';
import type { Caller } from '../shared/caller.js';
import { NEEDS, REQUEST_STATUSES, type Need, type RequestStatus } from '../shared/vocabulary.js';
import { situationOf, type RequestFacts, type TaskFacts } from './figures.js';
import type { Situation, SituationQuery } from './model.js';

/** Documents per query: memory stays at two pages of a few fields each. */
export const SITUATION_PAGE_SIZE = 1000;
/** How long an instance answers the same figures again (as_of says when they were taken). */
export const SITUATION_FRESH_MS = 30_000;
const REMEMBERED_DISASTERS = 100;

const REQUEST_FIELDS = [
  'type_of_need',
  'status',
  'closed_reason',
  'duplicate_of',
  'confirmation',
  'planning.state',
  'geohash',
  'created_at',
  'status_changed_at',
  'sort_key',
];
const TASK_FIELDS = ['request_id', 'created_at', 'sort_key'];

/** A selected document as its fields and its id. */
const withId: FirestoreDataConverter<DocumentData> = {
  toFirestore: (data) => data,
  fromFirestore: (snapshot: QueryDocumentSnapshot) => ({ id: snapshot.id, ...snapshot.data() }),
};

const millisOf = (value: unknown): number =>
  value instanceof Timestamp ? value.toMillis() : typeof value === 'string' ? Date.parse(value) : Number.NaN;
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function requestFacts(data: DocumentData): RequestFacts | null {
  const need = data.type_of_need as Need;
  const status = data.status as RequestStatus;
  const created = millisOf(data.created_at);
  // A document the request schema would refuse is left out rather than failing the whole overview.
  if (!NEEDS.includes(need) || !REQUEST_STATUSES.includes(status) || Number.isNaN(created)) return null;
  const changed = millisOf(data.status_changed_at);
  return {
    id: String(data.id),
    type_of_need: need,
    status,
    closed_reason: textOrNull(data.closed_reason),
    duplicate_of: textOrNull(data.duplicate_of),
    confirmation: textOrNull(data.confirmation),
    planning_state: textOrNull((data.planning as { state?: unknown } | undefined)?.state),
    geohash: textOrNull(data.geohash) ?? '',
    created_at: created,
    status_changed_at: Number.isNaN(changed) ? created : changed,
  };
}

function taskFacts(data: DocumentData): TaskFacts | null {
  const created = millisOf(data.created_at);
  return Number.isNaN(created) ? null : { request_id: textOrNull(data.request_id), created_at: created };
}

async function readAll<T>(query: Query, fields: string[], facts: (data: DocumentData) => T | null): Promise<T[]> {
  const all: T[] = [];
  for await (const page of pagesOf(query.select(...fields).withConverter(withId), SITUATION_PAGE_SIZE))
    for (const data of page) {
      const fact = facts(data);
      if (fact !== null) all.push(fact);
    }
  return all;
}

const remembered = new Map<string, Situation>();

export async function situation(caller: Caller, disasterId: string, query: SituationQuery): Promise<Situation> {
  await getVisibleDisaster(caller, disasterId);
  const key = `${disasterId}/${query.bucket ?? ''}`;
  const kept = remembered.get(key);
  if (kept !== undefined && Date.now() - Date.parse(kept.as_of) < SITUATION_FRESH_MS) return kept;
  const [requests, tasks] = await Promise.all([
    readAll(db().collection('requests').where('disaster_id', '==', disasterId), REQUEST_FIELDS, requestFacts),
    readAll(db().collection('tasks').where('disaster_id', '==', disasterId), TASK_FIELDS, taskFacts),
  ]);
  const figures = situationOf(disasterId, requests, tasks, Date.now(), query.bucket);
  remembered.delete(key);
  remembered.set(key, figures);
  if (remembered.size > REMEMBERED_DISASTERS) remembered.delete(remembered.keys().next().value!);
  return figures;
}
