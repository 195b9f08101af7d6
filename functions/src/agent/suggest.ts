// The agent: for each new observation, find the cluster it belongs to and create or update the
// one suggested disaster for that cluster. Safe under at-least-once delivery:
// - a new suggestion's id is derived from its cluster (`agent-<oldest observation id>`) and it is
//   written with create(), so two deliveries can never make two suggestions of one cluster;
// - observations already backing a suggestion lead back to it (agent_evidence), so a growing
//   cluster updates its suggestion instead of making another;
// - observations of a discarded suggestion are tombstoned and never count again.
// Bounded: candidates are read by geohash range and by the UTC days of the time window
// (`day in [...]`), at most AGENT_MAX_CANDIDATES of them; Gemini writes a summary at creation and
// then only each AGENT_RESUMMARY_STEP observations, within the agent's shared budget; fields an
// admin edited (PATCH /disasters/{id}) are never rewritten.
import type { Query } from 'firebase-admin/firestore';
import { recordEvent } from '../events/record.js';
import { withinRadius } from '../data/nearby.js';
import { disasterStore } from '../disasters/store.js';
import { observationStore } from '../observations/store.js';
import { db, isAlreadyExists } from '../data/firestore.js';
import type { Disaster } from '../disasters/model.js';
import { logs } from '../logs.js';
import { observationDay, type Observation } from '../observations/model.js';
import { distanceKm, geohashOf, geohashRanges } from '../shared/geo.js';
import type { Location } from '../shared/schemas.js';
import { byAge, clusterAround, describeCluster } from './cluster.js';
import { summarizeCluster, type ClusterSummary } from './summary.js';
import type { GeminiSettings } from '../shared/gemini.js';
import { agentConfig, type AgentConfig } from '../config.js';
import { evidenceRef, readEvidence, type Evidence } from '../disasters/evidence.js';

export const AGENT_UID = 'agent';

export type AgentOutcome =
  | { kind: 'none'; reason: string }
  | { kind: 'created' | 'updated' | 'unchanged'; disasterId: string; observationIds: string[] };

/** Documents of `query` within `radiusKm` of `center` (geohash range queries, no scan). */
async function nearby<T extends { id: string; location: Location }>(
  query: Query<T>,
  center: Location,
  radiusKm: number,
): Promise<T[]> {
  return (await withinRadius(query, center, radiusKm)).found.map(({ item }) => item);
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The UTC days (YYYY-MM-DD) that [time - window, time + window] touches. */
export function windowDays(time: number, windowMs: number): string[] {
  const days: string[] = [];
  for (let day = Math.floor((time - windowMs) / DAY_MS) * DAY_MS; day <= time + windowMs; day += DAY_MS)
    days.push(observationDay(day));
  return days;
}

export interface CandidateRead {
  /** Observations within the cluster radius and the time window of the seed. */
  candidates: Observation[];
  /** Documents the queries returned (what Firestore bills, besides one per empty range). */
  docsRead: number;
}

/**
 * The observations that could share a cluster with `seed`: within the cluster radius (geohash
 * ranges), on the days of the time window (`day in [...]`, in the query itself), at most about
 * maxCandidates documents (split over the ranges). Observations stored before `day` existed are
 * not candidates (they are older than the window within a day of the deploy).
 */
export async function readCandidates(seed: Observation, config: AgentConfig): Promise<CandidateRead> {
  const windowMs = config.windowHours * HOUR_MS;
  const seedTime = Date.parse(seed.created_at);
  const perRange = Math.max(
    1,
    Math.floor(config.maxCandidates / geohashRanges(seed.location, config.clusterRadiusKm).length),
  );
  const inWindow = observationStore.ref().where('day', 'in', windowDays(seedTime, windowMs));
  const result = await withinRadius(inWindow, seed.location, config.clusterRadiusKm, { perRangeLimit: perRange });
  if (result.docsRead >= perRange) logs.agentCandidatesCapped(seed.id, result.docsRead);
  const candidates = result.found
    .map(({ item }) => item)
    .filter((o) => Math.abs(Date.parse(o.created_at) - seedTime) <= windowMs);
  return { candidates, docsRead: result.docsRead };
}

export async function processObservation(
  observationId: string,
  config: AgentConfig = agentConfig(),
  gemini: GeminiSettings | null = null,
): Promise<AgentOutcome> {
  const seed = await observationStore.get(observationId);
  if (!seed) return none(observationId, 'the observation no longer exists');

  // Confirmed disasters that could be within the exclusion distance of any cluster member.
  const confirmed = await nearby(
    disasterStore.ref().where('status', '==', 'confirmed'),
    seed.location,
    config.exclusionKm + config.clusterRadiusKm,
  );
  const farFromConfirmed = (o: Observation) =>
    confirmed.every((d) => distanceKm(d.location, o.location) > config.exclusionKm);
  if (!farFromConfirmed(seed)) return none(observationId, `within ${config.exclusionKm} km of a confirmed disaster`);

  const candidates = (await readCandidates(seed, config)).candidates.filter(farFromConfirmed);
  if (!candidates.some((o) => o.id === seed.id)) candidates.push(seed);
  const evidence = await readEvidence(candidates.map((o) => o.id));
  if (evidence.get(seed.id)?.state === 'discarded') return none(observationId, 'evidence of a discarded suggestion');
  const usable = candidates.filter((o) => evidence.get(o.id)?.state !== 'discarded');

  const members = clusterAround(seed, usable, config);
  if (members.length < config.minObservations) {
    return none(observationId, `${members.length} observation(s) in the cluster, ${config.minObservations} needed`);
  }
  // One account reporting three times is one witness, not three.
  const reporters = new Set(members.map((o) => o.reporter_id)).size;
  if (reporters < config.minReporters) {
    return none(observationId, `${reporters} distinct reporter(s) in the cluster, ${config.minReporters} needed`);
  }

  // A member already backs a suggestion: the cluster is that suggestion's (oldest id wins if several).
  const existing = [
    ...new Set(
      members
        .map((o) => evidence.get(o.id))
        .filter((e): e is Evidence => e?.state === 'suggested')
        .map((e) => e.disaster_id),
    ),
  ].sort();
  if (existing[0] !== undefined) return addEvidence(existing[0], members, config, gemini);

  const anchor = members[0]!;
  const disasterId = `agent-${anchor.id}`;
  const created = await createSuggestion(disasterId, anchor.id, members.slice(0, config.maxEvidence), config, gemini);
  return created ?? addEvidence(disasterId, members, config, gemini);
}

function none(observationId: string, reason: string): AgentOutcome {
  logs.agentNoCluster(observationId, reason);
  return { kind: 'none', reason };
}

interface SuggestionText {
  described: ReturnType<typeof describeCluster>;
  summary: ClusterSummary;
  /** The member count the summary was written for. */
  summarizedCount: number;
}

/**
 * The suggestion's description and summary. Gemini (when configured, within budget) writes the
 * summary for a new suggestion and again once the cluster has grown by `resummaryStep` since the
 * last one; in between, Gemini's summary stays, and a deterministic one is refreshed (it is free).
 */
async function describeSuggestion(
  disasterId: string,
  members: readonly Observation[],
  config: AgentConfig,
  gemini: GeminiSettings | null,
  previous: Disaster['suggestion'] = null,
): Promise<SuggestionText> {
  const described = describeCluster(members);
  if (previous === null || members.length >= previous.summarized_count + config.resummaryStep) {
    const summary = await summarizeCluster(disasterId, members, described, gemini, {
      perMinute: config.geminiPerMinute,
      perHour: config.geminiPerHour,
    });
    return { described, summary, summarizedCount: members.length };
  }
  const summary: ClusterSummary =
    previous.summarized_by === 'gemini'
      ? { summary: previous.summary, summarized_by: 'gemini' }
      : { summary: described.summary, summarized_by: 'deterministic' };
  return { described, summary, summarizedCount: previous.summarized_count };
}

function suggestionOf(
  disasterId: string,
  clusterKey: string,
  members: readonly Observation[],
  { described, summary, summarizedCount }: SuggestionText,
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
      summarized_count: summarizedCount,
      edited_fields: [],
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
  config: AgentConfig,
  gemini: GeminiSettings | null,
): Promise<AgentOutcome | null> {
  const now = new Date().toISOString();
  const disaster = suggestionOf(
    disasterId,
    clusterKey,
    members,
    await describeSuggestion(disasterId, members, config, gemini),
    now,
    now,
  );
  const batch = db().batch();
  batch.create(disasterStore.doc(disasterId), disaster);
  recordEvent(
    batch,
    'agent',
    {
      type: 'disaster.suggested',
      entity_id: disasterId,
      before: null,
      after: auditedFields(disaster),
      disaster_id: disasterId,
    },
    now,
  );
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
async function addEvidence(
  disasterId: string,
  members: readonly Observation[],
  config: AgentConfig,
  gemini: GeminiSettings | null,
): Promise<AgentOutcome> {
  const ref = disasterStore.doc(disasterId);
  const current = (await ref.get()).data();
  if (!current || current.status !== 'suggested' || !current.suggestion) {
    return none(members[0]!.id, `suggestion ${disasterId} was approved or discarded meanwhile`);
  }
  const known = new Set(current.suggestion.observation_ids);
  const added = members.filter((o) => !known.has(o.id));
  if (added.length === 0 || known.size >= config.maxEvidence) {
    return { kind: 'unchanged', disasterId, observationIds: current.suggestion.observation_ids };
  }
  const snapshots = await Promise.all([...known].map((id) => observationStore.doc(id).get()));
  const previous = snapshots.flatMap((snapshot): Observation[] => {
    const data = snapshot.data();
    return data ? [data] : [];
  });
  const all = [...previous, ...added].sort(byAge).slice(0, config.maxEvidence);
  const clusterKey = current.suggestion.cluster_key;
  const description = await describeSuggestion(disasterId, all, config, gemini, current.suggestion);
  const outcome = await db().runTransaction(async (tx) => {
    const fresh = (await tx.get(ref)).data();
    if (!fresh || fresh.status !== 'suggested') return null;
    const now = new Date().toISOString();
    const next = keepingEdits(suggestionOf(disasterId, clusterKey, all, description, fresh.created_at, now), fresh);
    tx.set(ref, next);
    recordEvent(
      tx,
      'agent',
      {
        type: 'disaster.evidence_added',
        entity_id: disasterId,
        before: auditedFields(fresh),
        after: auditedFields(next),
        disaster_id: disasterId,
      },
      now,
    );
    for (const record of evidenceRecords(next, now)) tx.set(evidenceRef(record.observation_id), record);
    return next;
  });
  if (!outcome) return none(members[0]!.id, `suggestion ${disasterId} was approved or discarded meanwhile`);
  logs.agentSuggestionUpdated(disasterId, clusterKey, all.length);
  return { kind: 'updated', disasterId, observationIds: outcome.suggestion?.observation_ids ?? [] };
}

/** What the audit trail records of an agent change. */
function auditedFields(disaster: Disaster): Record<string, unknown> {
  const { name, type, location, radius_km, severity } = disaster;
  return { name, type, location, radius_km, severity, observations: disaster.suggestion?.observation_ids.length ?? 0 };
}

/** `next` with every field an admin edited on `current` kept as the admin left it. */
export function keepingEdits(next: Disaster, current: Disaster): Disaster {
  const edited = current.suggestion?.edited_fields ?? [];
  if (edited.length === 0 || !next.suggestion) return next;
  const kept: Disaster = { ...next, suggestion: { ...next.suggestion, edited_fields: edited } };
  for (const field of edited) {
    if (field === 'location') {
      kept.location = current.location;
      kept.geohash = current.geohash;
    } else if (field === 'name' || field === 'description') kept[field] = current[field];
    else if (field === 'type') kept.type = current.type;
    else if (field === 'radius_km') kept.radius_km = current.radius_km;
    else kept.severity = current.severity;
  }
  return kept;
}
