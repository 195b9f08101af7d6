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

/**
 * Geohash precision of a coarse area: a cell of about 4.9 × 4.9 km at the equator (narrower
 * east-west towards the poles, still over 2 km wide at 60°). Never finer: it is what people
 * without a need to know see instead of a point (docs/security.md).
 */
export const COARSE_PRECISION = 5;

const BASE32 = '0123456789bcdefghjkmnpqrstuvwxyz';

/** The bounding box of a geohash cell. */
export function geohashBounds(hash: string): { south: number; north: number; west: number; east: number } {
  let [south, north, west, east] = [-90, 90, -180, 180];
  let lngBit = true;
  for (const char of hash) {
    const bits = BASE32.indexOf(char);
    if (bits < 0) throw new Error(`not a geohash: ${hash}`);
    for (let mask = 16; mask > 0; mask >>= 1) {
      const on = (bits & mask) !== 0;
      if (lngBit) {
        const mid = (west + east) / 2;
        if (on) west = mid;
        else east = mid;
      } else {
        const mid = (south + north) / 2;
        if (on) south = mid;
        else north = mid;
      }
      lngBit = !lngBit;
    }
  }
  return { south, north, west, east };
}

export interface CoarseArea {
  /** The geohash of the cell (COARSE_PRECISION characters). */
  geohash: string;
  /** The centre of the cell: the same for every point inside it. */
  center: Location;
  /** Size of the cell in kilometres. */
  width_km: number;
  height_km: number;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Where a point is, to the cell: what is shown instead of the point to people without a need to know. */
export function coarseArea(location: Location): CoarseArea {
  const geohash = geohashForLocation([location.lat, location.lng], COARSE_PRECISION);
  const { south, north, west, east } = geohashBounds(geohash);
  const center = { lat: round((south + north) / 2, 5), lng: round((west + east) / 2, 5) };
  return {
    geohash,
    center,
    width_km: round(distanceKm({ lat: center.lat, lng: west }, { lat: center.lat, lng: east }), 1),
    height_km: round(distanceKm({ lat: south, lng: center.lng }, { lat: north, lng: center.lng }), 1),
  };
}

/**
 * How far a point may lie from the centre of its coarse cell, at most: half the diagonal of the
 * largest cell (at the equator, 4.89 × 4.89 km: 3.46 km). A search that places items at their
 * cell centres reads this much further than its radius, so that none is missed.
 */
export const COARSE_CENTER_MAX_OFFSET_KM = 3.5;
