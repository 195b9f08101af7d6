// Pure clustering and description of observations: no I/O, so every rule here is deterministic
// and unit-testable. agent/suggest.ts feeds it what it read from Firestore.
import type { DisasterType } from '../disasters/model.js';
import type { Observation, ObservationType } from '../observations/model.js';
import { distanceKm } from '../shared/geo.js';
import type { Location } from '../shared/schemas.js';
import type { AgentConfig } from '../config.js';

const HOUR_MS = 3_600_000;
const millis = (o: Observation) => Date.parse(o.created_at);

/** Oldest first, then by id: the order that makes the cluster key independent of event order. */
export function byAge(a: Observation, b: Observation): number {
  return millis(a) - millis(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The cluster around `seed`: starting from the seed, candidates nearest first (ties by age, then
 * id) join when they lie within `clusterRadiusKm` of every member already in and the members'
 * times stay within `windowHours` of each other. Returned oldest first.
 */
export function clusterAround(
  seed: Observation,
  candidates: readonly Observation[],
  config: AgentConfig,
): Observation[] {
  const windowMs = config.windowHours * HOUR_MS;
  const others = candidates
    .filter((candidate) => candidate.id !== seed.id)
    .map((candidate) => ({ candidate, distance: distanceKm(seed.location, candidate.location) }))
    .sort((a, b) => a.distance - b.distance || byAge(a.candidate, b.candidate));
  const members = [seed];
  let earliest = millis(seed);
  let latest = millis(seed);
  for (const { candidate } of others) {
    const time = millis(candidate);
    if (Math.max(latest, time) - Math.min(earliest, time) > windowMs) continue;
    if (!members.every((member) => distanceKm(member.location, candidate.location) <= config.clusterRadiusKm)) continue;
    members.push(candidate);
    earliest = Math.min(earliest, time);
    latest = Math.max(latest, time);
  }
  return members.sort(byAge);
}

/** What kind of disaster an observation points to; generic reports (damage, injuries...) say `other`. */
const DISASTER_TYPE_OF: Record<ObservationType, DisasterType> = {
  damage: 'other',
  flooding: 'flood',
  blocked_road: 'other',
  fire: 'wildfire',
  injured_people: 'other',
  shelter_need: 'other',
  missing_person: 'other',
  power_outage: 'other',
  water_contamination: 'other',
  landslide: 'landslide',
  other: 'other',
};

function tally<K extends string>(keys: readonly K[]): [K, number][] {
  const counts = new Map<K, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  // Most reported first; ties alphabetically, so the result never depends on the input order.
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

/** The most reported specific disaster type; `other` only when no report points to one. */
export function proposedType(observations: readonly Observation[]): DisasterType {
  const specific = observations.map((o) => DISASTER_TYPE_OF[o.type]).filter((type) => type !== 'other');
  return tally(specific)[0]?.[0] ?? 'other';
}

/** The mean of the members' coordinates (clusters span a few km, far from the antimeridian's issues in practice). */
export function centreOf(observations: readonly Observation[]): Location {
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  const lat = observations.reduce((sum, o) => sum + o.location.lat, 0) / observations.length;
  const lng = observations.reduce((sum, o) => sum + o.location.lng, 0) / observations.length;
  return { lat: round(lat), lng: round(lng) };
}

export interface ClusterDescription {
  name: string;
  type: DisasterType;
  location: Location;
  radius_km: number;
  severity: number;
  summary: string;
}

/** Everything a suggested disaster says about its cluster, composed deterministically. */
export function describeCluster(observations: readonly Observation[]): ClusterDescription {
  const members = [...observations].sort(byAge);
  const location = centreOf(members);
  const farthest = Math.max(...members.map((o) => distanceKm(location, o.location)));
  const radius = Math.max(1, Math.ceil(farthest * 10) / 10);
  const severity = Math.max(...members.map((o) => o.severity));
  const type = proposedType(members);
  const kinds = tally(members.map((o) => o.type))
    .map(([kind, count]) => `${count} ${kind.replace(/_/g, ' ')}`)
    .join(', ');
  const place = `${location.lat.toFixed(3)}, ${location.lng.toFixed(3)}`;
  const first = members[0]!.created_at;
  const last = members.at(-1)!.created_at;
  return {
    name: `Possible ${type === 'other' ? 'incident' : type.replace(/_/g, ' ')} near ${place}`,
    type,
    location,
    radius_km: radius,
    severity,
    summary:
      `${members.length} community observations within ${radius} km of ${place} between ${first} and ${last}: ${kinds}. ` +
      `Highest reported severity ${severity}/5. Proposed type: ${type}.`,
  };
}
