// Nearby search for planning: available volunteers/responders and available resources around a
// point. One range query per geohash range (shared/geo.ts), so the documents read grow with the
// number of candidates near the point, never with the size of the collections.
import { resourceStore } from '../resources/store.js';
import { userStore } from '../users/store.js';
import type { Resource } from '../resources/model.js';
import { TASK_ROLES, type TaskRole } from '../tasks/model.js';
import { widenUntil, withinRadius } from '../data/nearby.js';
import { PER_RANGE_LIMIT, SEARCH_RADIUS_KM } from '../requests/model.js';
import { coarseArea, distanceKm } from '../shared/geo.js';
import type { Location } from '../shared/schemas.js';
import type { UserRecord } from '../users/model.js';

/**
 * Radii tried in turn: a wider ring is read only when the narrower one did not hold enough
 * candidates, so a dense area costs a few small ranges instead of one large one.
 */
export const SEARCH_RADII_KM = [5, 12, SEARCH_RADIUS_KM] as const;
/** Matches kept on the request, nearest first. */
export const MAX_MATCHES = 20;

export interface NearbyUser {
  id: string;
  display_name: string;
  role: TaskRole;
  distance_km: number;
  area_distance_km: number;
}

export interface NearbyResource {
  id: string;
  name: string;
  category: Resource['category'];
  description: string;
  quantity: number;
  unit: string;
  distance_km: number;
  area_distance_km: number;
}

export interface Nearby {
  users: NearbyUser[];
  resources: NearbyResource[];
  /** Documents returned by the queries: what Firestore bills for them. */
  docsRead: number;
}

const round = (km: number) => Math.round(km * 100) / 100;

/**
 * How far the centre of the cell a helper or resource is shown in lies from the request: what the
 * requester's distance bands come from, so that probing them never finds the point itself (F8).
 */
const toCellCentre = (center: Location, point: Location) => round(distanceKm(center, coarseArea(point).center));

async function resourcesWithin(center: Location, disasterId: string, radiusKm: number) {
  const { found, docsRead } = await withinRadius(
    resourceStore.ref().where('status', '==', 'available'),
    center,
    radiusKm,
    { perRangeLimit: PER_RANGE_LIMIT },
  );
  const resources: NearbyResource[] = found
    // Resources pledged to another disaster are not offered here.
    .filter(({ item }) => item.disaster_id === null || item.disaster_id === disasterId)
    .map(({ item, distance_km }) => ({
      id: item.id,
      name: item.name,
      category: item.category,
      description: item.description,
      quantity: item.quantity,
      unit: item.unit,
      distance_km: round(distance_km),
      area_distance_km: toCellCentre(center, item.location),
    }));
  return { resources, docsRead };
}

/** Who may be proposed to help: responders, and volunteers who are available and verified (users/verification.ts). */
function isAvailable(user: UserRecord): user is UserRecord & { role: TaskRole } {
  if (user.role === 'responder') return user.availability !== 'unavailable';
  return user.role === 'volunteer' && user.availability === 'available' && user.verified;
}

async function usersWithin(center: Location, excludeUid: string, radiusKm: number) {
  const { found, docsRead } = await withinRadius(
    userStore.ref().where('role', 'in', [...TASK_ROLES]),
    center,
    radiusKm,
    { perRangeLimit: PER_RANGE_LIMIT },
  );
  const users: NearbyUser[] = found.flatMap(({ item, distance_km }) =>
    item.id !== excludeUid && isAvailable(item)
      ? [
          {
            id: item.id,
            display_name: item.display_name,
            role: item.role,
            distance_km: round(distance_km),
            area_distance_km: toCellCentre(center, item.location!),
          },
        ]
      : [],
  );
  return { users, docsRead };
}

/**
 * Available resources nearest first: at least MAX_MATCHES of them, and at least `minFitting`
 * of the categories `fitting` (the plan's suggestions), when that many are within the radius.
 */
export async function nearbyResources(
  center: Location,
  disasterId: string,
  fitting: readonly string[] = [],
  minFitting = 0,
) {
  const { found, docsRead } = await widenUntil(
    SEARCH_RADII_KM,
    async (radius) => {
      const result = await resourcesWithin(center, disasterId, radius);
      return { found: result.resources, docsRead: result.docsRead };
    },
    (resources) =>
      resources.length >= MAX_MATCHES && resources.filter((r) => fitting.includes(r.category)).length >= minFitting,
  );
  return { resources: found, docsRead };
}

export async function nearbyUsers(center: Location, excludeUid: string) {
  const { found, docsRead } = await widenUntil(
    SEARCH_RADII_KM,
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
  const [resources, users] = await Promise.all([
    nearbyResources(center, disasterId, fitting, minFitting),
    nearbyUsers(center, requesterUid),
  ]);
  return { resources: resources.resources, users: users.users, docsRead: resources.docsRead + users.docsRead };
}
