// Nearby search for planning: available volunteers/responders and available resources around a
// point. One range query per geohash bound (geofire-common), so the documents read grow with the
// number of candidates near the point, never with the size of the collections.
import { collections } from '../data/collections.js';
import type { Resource } from '../resources/model.js';
import { distanceKm, geohashRanges } from '../shared/geo.js';
import type { Location } from '../shared/schemas.js';
import type { UserRecord } from '../users/model.js';

/** Radius searched around a request, at most. */
export const SEARCH_RADIUS_KM = 25;
/**
 * Radii tried in turn: a wider ring is read only when the narrower one did not hold enough
 * candidates, so a dense area costs a few small ranges instead of one large one.
 */
export const SEARCH_RADII_KM = [5, 12, SEARCH_RADIUS_KM] as const;
/** At most this many documents per geohash range (a dense city centre stays bounded). */
export const PER_RANGE_LIMIT = 200;
/** Matches kept on the request, nearest first. */
export const MAX_MATCHES = 20;

export interface NearbyUser {
  id: string;
  display_name: string;
  role: 'volunteer' | 'responder';
  distance_km: number;
}

export interface NearbyResource {
  id: string;
  name: string;
  category: Resource['category'];
  description: string;
  quantity: number;
  unit: string;
  distance_km: number;
}

export interface Nearby {
  users: NearbyUser[];
  resources: NearbyResource[];
  /** Documents returned by the queries: what Firestore bills for them. */
  docsRead: number;
}

const round = (km: number) => Math.round(km * 100) / 100;

async function resourcesWithin(center: Location, disasterId: string, radiusKm: number) {
  const snapshots = await Promise.all(
    geohashRanges(center, radiusKm).map(([start, end]) =>
      collections.resources
        .ref()
        .where('status', '==', 'available')
        .where('geohash', '>=', start)
        .where('geohash', '<=', end)
        .orderBy('geohash')
        .limit(PER_RANGE_LIMIT)
        .get(),
    ),
  );
  const docsRead = snapshots.reduce((sum, snapshot) => sum + snapshot.size, 0);
  const seen = new Set<string>();
  const resources: NearbyResource[] = [];
  for (const resource of snapshots.flatMap((snapshot) => snapshot.docs.map((doc) => doc.data()))) {
    if (seen.has(resource.id)) continue;
    seen.add(resource.id);
    // Resources pledged to another disaster are not offered here.
    if (resource.disaster_id !== null && resource.disaster_id !== disasterId) continue;
    const distance = distanceKm(center, resource.location);
    if (distance > radiusKm) continue;
    resources.push({
      id: resource.id,
      name: resource.name,
      category: resource.category,
      description: resource.description,
      quantity: resource.quantity,
      unit: resource.unit,
      distance_km: round(distance),
    });
  }
  resources.sort((a, b) => a.distance_km - b.distance_km);
  return { resources, docsRead };
}

function isAvailable(user: UserRecord): boolean {
  if (user.role === 'responder') return user.availability !== 'unavailable';
  return user.role === 'volunteer' && user.availability === 'available';
}

async function usersWithin(center: Location, excludeUid: string, radiusKm: number) {
  const snapshots = await Promise.all(
    geohashRanges(center, radiusKm).map(([start, end]) =>
      collections.users
        .ref()
        .where('role', 'in', ['volunteer', 'responder'])
        .where('geohash', '>=', start)
        .where('geohash', '<=', end)
        .orderBy('geohash')
        .limit(PER_RANGE_LIMIT)
        .get(),
    ),
  );
  const docsRead = snapshots.reduce((sum, snapshot) => sum + snapshot.size, 0);
  const seen = new Set<string>();
  const users: NearbyUser[] = [];
  for (const user of snapshots.flatMap((snapshot) => snapshot.docs.map((doc) => doc.data()))) {
    if (seen.has(user.id) || user.id === excludeUid || !user.location || !isAvailable(user)) continue;
    seen.add(user.id);
    const distance = distanceKm(center, user.location);
    if (distance > radiusKm) continue;
    users.push({ id: user.id, display_name: user.display_name, role: user.role as 'volunteer' | 'responder', distance_km: round(distance) });
  }
  users.sort((a, b) => a.distance_km - b.distance_km);
  return { users, docsRead };
}

/** Widens the search ring until `enough` holds or the largest radius was read; counts all reads. */
async function expanding<T>(search: (radiusKm: number) => Promise<{ found: T[]; docsRead: number }>, enough: (found: T[]) => boolean) {
  let docsRead = 0;
  let found: T[] = [];
  for (const radius of SEARCH_RADII_KM) {
    const result = await search(radius);
    docsRead += result.docsRead;
    found = result.found;
    if (enough(found)) break;
  }
  return { found, docsRead };
}

/**
 * Available resources nearest first: at least MAX_MATCHES of them, and at least `minFitting`
 * of the categories `fitting` (the plan's suggestions), when that many are within the radius.
 */
export async function nearbyResources(center: Location, disasterId: string, fitting: readonly string[] = [], minFitting = 0) {
  const { found, docsRead } = await expanding(
    async (radius) => {
      const result = await resourcesWithin(center, disasterId, radius);
      return { found: result.resources, docsRead: result.docsRead };
    },
    (resources) => resources.length >= MAX_MATCHES && resources.filter((r) => fitting.includes(r.category)).length >= minFitting,
  );
  return { resources: found, docsRead };
}

export async function nearbyUsers(center: Location, excludeUid: string) {
  const { found, docsRead } = await expanding(
    async (radius) => {
      const result = await usersWithin(center, excludeUid, radius);
      return { found: result.users, docsRead: result.docsRead };
    },
    (users) => users.length >= MAX_MATCHES,
  );
  return { users: found, docsRead };
}

export async function findNearby(
  center: Location,
  disasterId: string,
  requesterUid: string,
  fitting: readonly string[] = [],
  minFitting = 0,
): Promise<Nearby> {
  const [resources, users] = await Promise.all([nearbyResources(center, disasterId, fitting, minFitting), nearbyUsers(center, requesterUid)]);
  return { resources: resources.resources, users: users.users, docsRead: resources.docsRead + users.docsRead };
}
