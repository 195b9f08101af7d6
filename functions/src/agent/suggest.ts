// The agent: for each new observation, find the cluster it belongs to and create or update the
// one suggested disaster for that cluster. Safe under at-least-once delivery:
// - a new suggestion's id is derived from its cluster (`agent-<oldest observation id>`) and it is
//   written with create(), so two deliveries can never make two suggestions of one cluster;
// - observations already backing a suggestion lead back to it (agent_evidence), so a growing
//   cluster updates its suggestion instead of making another;
// - observations of a discarded suggestion are tombstoned and never count again.
import type { Query } from 'firebase-admin/firestore';
import { withinRadius } from '../data/nearby.js';
import { collections } from '../data/collections.js';
import { db, isAlreadyExists } from '../data/firestore.js';
import type { Disaster } from '../disasters/model.js';
import { logs } from '../logs.js';
import type { Observation } from '../observations/model.js';
import { distanceKm, geohashOf } from '../shared/geo.js';
import type { Location } from '../shared/schemas.js';
import { byAge, clusterAround, describeCluster } from './cluster.js';
import { summarizeCluster } from './summary.js';
import type { GeminiSettings } from '../shared/gemini.js';
import { agentConfig, type AgentConfig } from './config.js';
import { evidenceRef, readEvidence, type Evidence } from './evidence.js';

export const AGENT_UID = 'agent';

export type AgentOutcome =
  | { kind: 'none'; reason: string }
  | { kind: 'created' | 'updated' | 'unchanged'; disasterId: string; observationIds: string[] };

/** Documents of `query` within `radiusKm` of `center` (geohash range queries, no scan). */
async function nearby<T extends { id: string; location: Location }>(query: Query<T>, center: Location, radiusKm: number): Promise<T[]> {
  return (await withinRadius(query, center, radiusKm)).found.map(({ item }) => item);
}

export async function processObservation(
  observationId: string,
  config: AgentConfig = agentConfig(),
  gemini: GeminiSettings | null = null,
): Promise<AgentOutcome> {
  const seed = (await collections.observations.doc(observationId).get()).data();
  if (!seed) return none(observationId, 'the observation no longer exists');

  // Confirmed disasters that could be within the exclusion distance of any cluster member.
  const confirmed = await nearby(
    collections.disasters.ref().where('status', '==', 'confirmed'),
    seed.location,
    config.exclusionKm + config.clusterRadiusKm,
  );
  const farFromConfirmed = (o: Observation) => confirmed.every((d) => distanceKm(d.location, o.location) > config.exclusionKm);
  if (!farFromConfirmed(seed)) return none(observationId, `within ${config.exclusionKm} km of a confirmed disaster`);

  const windowMs = config.windowHours * 3_600_000;
  const seedTime = Date.parse(seed.created_at);
  const candidates = (await nearby(collections.observations.ref(), seed.location, config.clusterRadiusKm)).filter(
    (o) => Math.abs(Date.parse(o.created_at) - seedTime) <= windowMs && farFromConfirmed(o),
  );
  if (!candidates.some((o) => o.id === seed.id)) candidates.push(seed);
  const evidence = await readEvidence(candidates.map((o) => o.id));
  if (evidence.get(seed.id)?.state === 'discarded') return none(observationId, 'evidence of a discarded suggestion');
  const usable = candidates.filter((o) => evidence.get(o.id)?.state !== 'discarded');

  const members = clusterAround(seed, usable, config);
  if (members.length < config.minObservations) {
    return none(observationId, `${members.length} observation(s) in the cluster, ${config.minObservations} needed`);
  }

  // A member already backs a suggestion: the cluster is that suggestion's (oldest id wins if several).
  const existing = [...new Set(members.map((o) => evidence.get(o.id)).filter((e): e is Evidence => e?.state === 'suggested').map((e) => e.disaster_id))].sort();
  if (existing[0] !== undefined) return addEvidence(existing[0], members, config, gemini);

  const anchor = members[0]!;
  const disasterId = `agent-${anchor.id}`;
  const created = await createSuggestion(disasterId, anchor.id, members.slice(0, config.maxEvidence), gemini);
  return created ?? addEvidence(disasterId, members, config, gemini);
}

function none(observationId: string, reason: string): AgentOutcome {
  logs.agentNoCluster(observationId, reason);
  return { kind: 'none', reason };
}

/** The suggestion for a cluster, with its summary (Gemini's when configured); no I/O but Gemini. */
async function describeSuggestion(disasterId: string, members: readonly Observation[], gemini: GeminiSettings | null) {
  const described = describeCluster(members);
  return { described, summary: await summarizeCluster(disasterId, members, described, gemini) };
}

function suggestionOf(
  disasterId: string,
  clusterKey: string,
  members: readonly Observation[],
  { described, summary }: Awaited<ReturnType<typeof describeSuggestion>>,
  createdAt: string,
  now: string,
): Disaster {
  return {
    id: disasterId,
    name: described.name,
    type: described.type,
    description: summary.summary,
    location: described.location,
    geohash: geohashOf(described.location),
    radius_km: described.radius_km,
    severity: described.severity,
    status: 'suggested',
    created_by: AGENT_UID,
    suggestion: {
      cluster_key: clusterKey,
      observation_ids: members.map((o) => o.id),
      summary: summary.summary,
      summarized_by: summary.summarized_by,
    },
    confirmed_at: null,
    confirmed_by: null,
    created_at: createdAt,
    updated_at: now,
  };
}

function evidenceRecords(disaster: Disaster, now: string): Evidence[] {
  return (disaster.suggestion?.observation_ids ?? []).map((id) => ({
    observation_id: id,
    disaster_id: disaster.id,
    cluster_key: disaster.suggestion?.cluster_key ?? disaster.id,
    state: 'suggested',
    updated_at: now,
  }));
}

/** create() of the deterministic id, with its evidence, in one batch; null when it already exists. */
async function createSuggestion(
  disasterId: string,
  clusterKey: string,
  members: readonly Observation[],
  gemini: GeminiSettings | null,
): Promise<AgentOutcome | null> {
  const now = new Date().toISOString();
  const disaster = suggestionOf(disasterId, clusterKey, members, await describeSuggestion(disasterId, members, gemini), now, now);
  const batch = db().batch();
  batch.create(collections.disasters.doc(disasterId), disaster);
  for (const record of evidenceRecords(disaster, now)) batch.set(evidenceRef(record.observation_id), record);
  try {
    await batch.commit();
  } catch (error) {
    if (isAlreadyExists(error)) return null;
    throw error;
  }
  logs.agentSuggestionCreated(disasterId, clusterKey, members.length);
  return { kind: 'created', disasterId, observationIds: members.map((o) => o.id) };
}

/** Adds the members to an existing suggestion's evidence; no write when nothing is new. */
async function addEvidence(disasterId: string, members: readonly Observation[], config: AgentConfig, gemini: GeminiSettings | null): Promise<AgentOutcome> {
  const ref = collections.disasters.doc(disasterId);
  const current = (await ref.get()).data();
  if (!current || current.status !== 'suggested' || !current.suggestion) {
    return none(members[0]!.id, `suggestion ${disasterId} was approved or discarded meanwhile`);
  }
  const known = new Set(current.suggestion.observation_ids);
  const added = members.filter((o) => !known.has(o.id));
  if (added.length === 0 || known.size >= config.maxEvidence) {
    return { kind: 'unchanged', disasterId, observationIds: current.suggestion.observation_ids };
  }
  const snapshots = await Promise.all([...known].map((id) => collections.observations.doc(id).get()));
  const previous = snapshots.flatMap((snapshot): Observation[] => {
    const data = snapshot.data();
    return data ? [data] : [];
  });
  const all = [...previous, ...added].sort(byAge).slice(0, config.maxEvidence);
  const clusterKey = current.suggestion.cluster_key;
  const description = await describeSuggestion(disasterId, all, gemini);
  const outcome = await db().runTransaction(async (tx) => {
    const fresh = (await tx.get(ref)).data();
    if (!fresh || fresh.status !== 'suggested') return null;
    const now = new Date().toISOString();
    const next = suggestionOf(disasterId, clusterKey, all, description, fresh.created_at, now);
    tx.set(ref, next);
    for (const record of evidenceRecords(next, now)) tx.set(evidenceRef(record.observation_id), record);
    return next;
  });
  if (!outcome) return none(members[0]!.id, `suggestion ${disasterId} was approved or discarded meanwhile`);
  logs.agentSuggestionUpdated(disasterId, clusterKey, all.length);
  return { kind: 'updated', disasterId, observationIds: outcome.suggestion?.observation_ids ?? [] };
}
