// Community observations (spec 4.6): field reports anyone registered can file and read. Each
// new observation is also what the agent (agent/) clusters into suggested disasters.
import { observationStore } from './store.js';
import { db } from '../data/firestore.js';
import { nothingInCommit, type InCommit } from '../data/staged.js';
import { isAdmin, requireConfirmedDisaster } from '../disasters/service.js';
import { ForbiddenError } from '../errors.js';
import type { Caller } from '../shared/caller.js';
import { logs } from '../logs.js';
import { geohashOf } from '../shared/geo.js';
import type { Page } from '../shared/schemas.js';
import { observationDay, type Observation, type ObservationInput, type ObservationListQuery } from './model.js';

/** `inCommit` adds its writes (the stored answer of an Idempotency-Key) to the observation's commit. */
export async function report(
  caller: Caller,
  input: ObservationInput,
  inCommit: InCommit<Observation> = nothingInCommit,
): Promise<Observation> {
  if (input.disaster_id !== null) await requireConfirmedDisaster(input.disaster_id, caller);
  const now = new Date().toISOString();
  const ref = observationStore.ref().doc();
  const observation: Observation = {
    id: ref.id,
    type: input.type,
    description: input.description,
    location: input.location,
    geohash: geohashOf(input.location),
    severity: input.severity,
    disaster_id: input.disaster_id,
    reporter_id: caller.uid,
    day: observationDay(now),
    ...(input.client_time === undefined ? {} : { client_time: input.client_time }),
    created_at: now,
    updated_at: now,
  };
  const batch = db().batch();
  batch.create(ref, observation);
  inCommit(batch, observation);
  await batch.commit();
  logs.observationReported(observation.id, caller.uid);
  return observation;
}

export function list(query: ObservationListQuery): Promise<Page<Observation>> {
  return observationStore.list({ disaster_id: query.disaster_id, type: query.type }, query);
}

export async function get(id: string): Promise<Observation> {
  const observation = await observationStore.require(id, 'Observation');
  return observation;
}

/** The reporter or an admin may delete an observation; anyone else gets 403. */
export async function remove(caller: Caller, id: string): Promise<void> {
  const observation = await get(id);
  if (observation.reporter_id !== caller.uid && !isAdmin(caller)) {
    throw new ForbiddenError('Only the reporter of an observation or an admin can delete it.');
  }
  await observationStore.doc(id).delete();
  logs.observationDeleted(id, caller.uid);
}
