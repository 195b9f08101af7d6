// The geohash ranges a nearby search reads (shared/geo.ts geohashRanges), without Firestore: every
// point within the radius lies in one of them, wherever the circle is (the antimeridian and the
// poles included), there are never more than MAX_GEOHASH_RANGES, and they hug the circle closer
// than geofire-common's bounds did (the documents a search reads, and Firestore bills).
import assert from 'node:assert/strict';
import { geohashQueryBounds } from 'geofire-common';
import { distanceKm, geohashOf, geohashRanges, MAX_GEOHASH_RANGES } from '../src/shared/geo.js';
import type { Location } from '../src/shared/schemas.js';
import { duplicateCorpus } from './helpers/duplicate-corpus.js';

/** A deterministic generator (mulberry32): the same points on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The point `km` from `from` on the bearing `degrees` (great circle). */
function destination(from: Location, km: number, degrees: number): Location {
  const R = 6371;
  const [lat1, lng1, bearing, d] = [
    (from.lat * Math.PI) / 180,
    (from.lng * Math.PI) / 180,
    (degrees * Math.PI) / 180,
    km / R,
  ];
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing));
  const lng2 =
    lng1 + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  const lng = (((lng2 * 180) / Math.PI + 540) % 360) - 180;
  return { lat: (lat2 * 180) / Math.PI, lng };
}

const inRanges = (ranges: [string, string][], point: Location) => {
  const hash = geohashOf(point);
  return ranges.some(([start, end]) => hash >= start && hash <= end);
};

describe('the geohash ranges of a nearby search (shared/geo.ts)', () => {
  it('cover every point within the radius, at most MAX_GEOHASH_RANGES ranges, anywhere on earth', () => {
    const random = seeded(26);
    const centres: Location[] = [
      { lat: 14.5995, lng: 120.9842 },
      { lat: 0.001, lng: 179.999 },
      { lat: -0.001, lng: -179.999 },
      { lat: 89.99, lng: 10 },
      { lat: -89.99, lng: -75 },
      { lat: 0, lng: 0 },
      ...Array.from({ length: 150 }, () => ({ lat: random() * 170 - 85, lng: random() * 360 - 180 })),
    ];
    const radii = [0.05, 0.3, 0.75, 1, 2, 5, 25, 120, 600];
    let checked = 0;
    for (const centre of centres)
      for (const radiusKm of radii) {
        const ranges = geohashRanges(centre, radiusKm);
        assert.ok(ranges.length >= 1 && ranges.length <= MAX_GEOHASH_RANGES, `${ranges.length} ranges`);
        for (const [start, end] of ranges) assert.ok(start <= end, `${start} <= ${end}`);
        // The edge of the circle first (where a cover fails), then inside it.
        for (let i = 0; i < 40; i++) {
          const km = i < 24 ? radiusKm * 0.999 : radiusKm * Math.sqrt(random());
          const point = destination(centre, km, i < 24 ? i * 15 : random() * 360);
          if (distanceKm(centre, point) > radiusKm) continue;
          checked++;
          assert.ok(
            inRanges(ranges, point),
            `${JSON.stringify(point)} at ${distanceKm(centre, point).toFixed(3)} km of ${JSON.stringify(centre)} (radius ${radiusKm}) is outside ${JSON.stringify(ranges)}`,
          );
        }
      }
    assert.ok(checked > 40_000, `${checked} points checked`);
  });

  it('read about half the documents that geofire-common bounds read around the dense labelled corpus', () => {
    const { requests } = duplicateCorpus();
    const hashes = requests.map((r) => geohashOf(r.point));
    const covered = (ranges: [string, string][]) =>
      hashes.filter((hash) => ranges.some(([start, end]) => hash >= start && hash <= end)).length;
    let ours = 0;
    let geofire = 0;
    for (const request of requests.filter((_, i) => i % 10 === 0)) {
      ours += covered(geohashRanges(request.point, 1));
      geofire += covered(geohashQueryBounds([request.point.lat, request.point.lng], 1000));
    }
    assert.ok(ours < 0.65 * geofire, `${ours} documents in our ranges against ${geofire} in geofire's`);
  });
});
