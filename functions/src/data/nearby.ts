// Nearby search over a geohash-indexed collection: one range query per geohash range
// (shared/geo.ts), so the documents read grow with the candidates near the point, never with the
// size of the collection. Callers add their own equality filters to `query` first.
import type { Query } from 'firebase-admin/firestore';
import { distanceKm, geohashRanges } from '../shared/geo.js';
import type { Location } from '../shared/schemas.js';

export interface Near<T> {
  item: T;
  distance_km: number;
}

export interface NearbyResult<T> {
  /** Distinct documents within the radius, nearest first. */
  found: Near<T>[];
  /** Documents the range queries returned (Firestore bills these). */
  docsRead: number;
  /** Range queries that returned nothing (Firestore bills one read for each). */
  emptyRanges: number;
}

/**
 * Where an item counts as being when it is not its stored point: the centre of its coarse cell
 * for callers who may not see the point, so that what is found, in what order and how far never
 * depends on the point (docs/security.md, "Who sees what"). `maxOffsetKm` bounds how far `pointOf`
 * lies from the stored point; the ranges read reach that much further.
 */
export interface Placement<T> {
  pointOf: (item: T) => Location;
  maxOffsetKm: number;
}

export interface WithinRadiusOptions<T> {
  /** Documents each range query returns at most. */
  perRangeLimit?: number;
  placement?: Placement<T>;
  /**
   * A second range, on another field, in every range query (ordered after the geohash: the
   * index is `..., geohash, <field>`), so that what lies outside it is neither read nor billed.
   */
  alsoBetween?: { field: string; from: unknown; to: unknown };
}

export async function withinRadius<T extends { id: string; location: Location | null }>(
  query: Query<T>,
  center: Location,
  radiusKm: number,
  { perRangeLimit, placement, alsoBetween }: WithinRadiusOptions<T> = {},
): Promise<NearbyResult<T>> {
  const readKm = radiusKm + (placement?.maxOffsetKm ?? 0);
  const snapshots = await Promise.all(
    geohashRanges(center, readKm).map(([start, end]) => {
      let range = query.where('geohash', '>=', start).where('geohash', '<=', end).orderBy('geohash');
      if (alsoBetween !== undefined)
        range = range
          .where(alsoBetween.field, '>=', alsoBetween.from)
          .where(alsoBetween.field, '<=', alsoBetween.to)
          .orderBy(alsoBetween.field);
      return (perRangeLimit === undefined ? range : range.limit(perRangeLimit)).get();
    }),
  );
  const found = new Map<string, Near<T>>();
  for (const doc of snapshots.flatMap((snapshot) => snapshot.docs)) {
    const item = doc.data();
    if (found.has(item.id) || !item.location) continue;
    const distance = distanceKm(center, placement ? placement.pointOf(item) : item.location);
    if (distance <= radiusKm) found.set(item.id, { item, distance_km: distance });
  }
  return {
    found: [...found.values()].sort((a, b) => a.distance_km - b.distance_km),
    docsRead: snapshots.reduce((sum, snapshot) => sum + snapshot.size, 0),
    emptyRanges: snapshots.filter((snapshot) => snapshot.empty).length,
  };
}

/**
 * Searches the radii of `radiiKm` in turn, widening only while what was found is not `enough`
 * (a dense area then costs a few small ranges instead of one large one). Resolves to the last
 * search's finds, the radius it read, and the documents read by all of them.
 */
export async function widenUntil<T>(
  radiiKm: readonly number[],
  search: (radiusKm: number) => Promise<{ found: T[]; docsRead: number }>,
  enough: (found: T[]) => boolean,
): Promise<{ found: T[]; radiusKm: number | null; docsRead: number }> {
  let docsRead = 0;
  let found: T[] = [];
  let radiusKm: number | null = null;
  for (const radius of radiiKm) {
    const result = await search(radius);
    docsRead += result.docsRead;
    found = result.found;
    radiusKm = radius;
    if (enough(found)) break;
  }
  return { found, radiusKm, docsRead };
}
