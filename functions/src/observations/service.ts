// Community observations (spec 4.6): field reports anyone registered can file and read. Each
// new observation is also what the agent (agent/) clusters into suggested disasters.
import type { Query } from 'firebase-admin/firestore';
import { collections } from '../data/collections.js';
import { paginate } from '../data/paginate.js';
import { getConfirmedDisaster, isAdmin } from '../disasters/service.js';
import { ForbiddenError, NotFoundError } from '../errors.js';
import type { Caller } from '../http/endpoint.js';
import { logs } from '../logs.js';
import { geohashOf } from '../shared/geo.js';
import type { Page, PageQuery } from '../shared/schemas.js';
import type { Observation, ObservationInput } from './model.js';

export async function report(caller: Caller, input: ObservationInput): Promise<Observation> {
  if (input.disaster_id !== null) await getConfirmedDisaster(input.disaster_id);
  const now = new Date().toISOString();
  const ref = collections.observations.ref().doc();
  const observation: Observation = {
    id: ref.id,
    type: input.type,
    description: input.description,
    location: input.location,
    geohash: geohashOf(input.location),
    severity: input.severity,
    disaster_id: input.disaster_id,
    reporter_id: caller.uid,
    created_at: now,
    updated_at: now,
  };
  await ref.create(observation);
  logs.observationReported(observation.id, caller.uid);
  return observation;
}

export interface ObservationFilters {
  disaster_id?: string | undefined;
  type?: Observation['type'] | undefined;
}

export function list(query: PageQuery & ObservationFilters): Promise<Page<Observation>> {
  let filtered: Query<Observation> = collections.observations.ref();
  if (query.disaster_id !== undefined) filtered = filtered.where('disaster_id', '==', query.disaster_id);
  if (query.type !== undefined) filtered = filtered.where('type', '==', query.type);
  return paginate(filtered, query);
}

export async function get(id: string): Promise<Observation> {
  const observation = (await collections.observations.doc(id).get()).data();
  if (!observation) throw new NotFoundError('Observation', id);
  return observation;
}

/** The reporter or an admin may delete an observation; anyone else gets 403. */
export async function remove(caller: Caller, id: string): Promise<void> {
  const observation = await get(id);
  if (observation.reporter_id !== caller.uid && !isAdmin(caller)) {
    throw new ForbiddenError('Only the reporter of an observation or an admin can delete it.');
  }
  await collections.observations.doc(id).delete();
  logs.observationDeleted(id, caller.uid);
}
