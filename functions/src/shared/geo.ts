// Geohashes for nearby queries: a range query per geohash bound reads a number of documents
// that grows with the matches, not with the collection (see geofire-common).
import { distanceBetween, geohashForLocation, geohashQueryBounds } from 'geofire-common';
import type { Location } from './schemas.js';

export const GEOHASH_PRECISION = 10;

export function geohashOf(location: Location): string {
  return geohashForLocation([location.lat, location.lng], GEOHASH_PRECISION);
}

/** Great-circle distance in kilometres. */
export function distanceKm(a: Location, b: Location): number {
  return distanceBetween([a.lat, a.lng], [b.lat, b.lng]);
}

/** [start, end] geohash ranges that together cover the circle of `radiusKm` around `center`. */
export function geohashRanges(center: Location, radiusKm: number): [string, string][] {
  return geohashQueryBounds([center.lat, center.lng], radiusKm * 1000);
}
