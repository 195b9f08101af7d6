// Geohashes for nearby queries: a range query per geohash bound reads a number of documents
// that grows with the matches, not with the collection (geohashRanges; hashes and distances from
// geofire-common).
import { distanceBetween, geohashForLocation } from 'geofire-common';
import type { Location } from './schemas.js';

export const GEOHASH_PRECISION = 10;
const BASE32 = '0123456789bcdefghjkmnpqrstuvwxyz';

export function geohashOf(location: Location): string {
  return geohashForLocation([location.lat, location.lng], GEOHASH_PRECISION);
}

/** Great-circle distance in kilometres. */
export function distanceKm(a: Location, b: Location): number {
  return distanceBetween([a.lat, a.lng], [b.lat, b.lng]);
}

/**
 * Range queries one nearby search runs at most. They run in parallel, but Firestore bills one read
 * for each that finds nothing (sparse collections want few), and each costs the emulators a pass
 * over the collection: four is what geofire-common's bounds most often came to. Nine would read
 * about a quarter fewer documents than four around the 1 km circles of the duplicate corpus.
 */
export const MAX_GEOHASH_RANGES = 4;
/**
 * Cells of one precision the cover may list before it stops refining: the finer the cells, the
 * closer the ranges hug the circle. 256 keeps cells of ~150 m (precision 7) for a 1 km radius,
 * at well under a millisecond per search.
 */
const MAX_COVER_CELLS = 256;

/** A latitude and longitude box, in degrees. */
interface Box {
  south: number;
  north: number;
  west: number;
  east: number;
}

interface Cell extends Box {
  hash: string;
}

const WORLD: Cell = { hash: '', south: -90, north: 90, west: -180, east: 180 };

/** The cell of the next precision inside `cell` that `char` names, with its bounds. */
function childOf(cell: Cell, char: string): Cell {
  const index = BASE32.indexOf(char);
  if (index < 0) throw new Error(`not a geohash: ${cell.hash}${char}`);
  let { south, north, west, east } = cell;
  // Bits alternate longitude, latitude from the first: the next one is a longitude bit when the
  // cell's hash holds an even number of bits (5 per character).
  for (let bit = 4, lngBit = (cell.hash.length * 5) % 2 === 0; bit >= 0; bit--, lngBit = !lngBit) {
    const on = ((index >> bit) & 1) === 1;
    if (lngBit) {
      const mid = (west + east) / 2;
      if (on) west = mid;
      else east = mid;
    } else {
      const mid = (south + north) / 2;
      if (on) south = mid;
      else north = mid;
    }
  }
  return { hash: cell.hash + char, south, north, west, east };
}

/** The 32 cells of the next precision inside `cell`, each with its bounds. */
const childrenOf = (cell: Cell): Cell[] => [...BASE32].map((char) => childOf(cell, char));

/** The children of `cells` that `keep` keeps, or null as soon as they are more than MAX_COVER_CELLS. */
function finerCells(cells: readonly Cell[], keep: (cell: Cell) => boolean): Cell[] | null {
  const finer: Cell[] = [];
  for (const cell of cells)
    for (const child of childrenOf(cell)) {
      if (!keep(child)) continue;
      if (finer.length === MAX_COVER_CELLS) return null;
      finer.push(child);
    }
  return finer;
}

/** Degrees from `from` to `to` going the short way round (0 to 180). */
const lngGap = (from: number, to: number) => {
  const gap = Math.abs(from - to) % 360;
  return gap > 180 ? 360 - gap : gap;
};

/**
 * Whether a cell comes within `radiusKm` of `center`: the distance to the cell's nearest point.
 * Straight north or south of the centre when the cell spans its longitude; otherwise on the nearer
 * meridian edge (across the antimeridian too), at the latitude where that meridian comes closest
 * to the centre (tan φ = tan φ0 / cos Δλ; the pole for Δλ of 90° or more), kept within the cell.
 * The slack covers rounding only.
 */
function touches(cell: Cell, center: Location, radiusKm: number, box: Box | null): boolean {
  if (
    box !== null &&
    (cell.north < box.south || cell.south > box.north || cell.east < box.west || cell.west > box.east)
  )
    return false;
  const inside = center.lng >= cell.west && center.lng <= cell.east;
  const lng = inside
    ? center.lng
    : lngGap(center.lng, cell.west) < lngGap(center.lng, cell.east)
      ? cell.west
      : cell.east;
  const gap = lngGap(center.lng, lng);
  const closest =
    gap === 0
      ? center.lat
      : gap >= 90
        ? Math.sign(center.lat) * 90
        : (Math.atan(Math.tan((center.lat * Math.PI) / 180) / Math.cos((gap * Math.PI) / 180)) * 180) / Math.PI;
  const lat = Math.min(Math.max(closest, cell.south), cell.north);
  return distanceKm(center, { lat, lng }) <= radiusKm * 1.000001 + 0.001;
}

/**
 * Degrees around the circle, a little wide: the quick test before the distance to a cell. Null where
 * the circle reaches a pole or crosses the antimeridian (every cell then gets the distance test).
 */
function boxAround(center: Location, radiusKm: number): Box | null {
  const KM_PER_DEGREE = 111.19;
  const dLat = (radiusKm * 1.01) / KM_PER_DEGREE + 1e-4;
  if (Math.abs(center.lat) + dLat >= 89) return null;
  const dLng = dLat / Math.cos(((Math.abs(center.lat) + dLat) * Math.PI) / 180);
  if (Math.abs(center.lng) + dLng >= 180) return null;
  return { south: center.lat - dLat, north: center.lat + dLat, west: center.lng - dLng, east: center.lng + dLng };
}

/** A cell's place in geohash order among the cells of its precision (at most 10 characters: 50 bits). */
const cellNumber = (hash: string) => [...hash].reduce((n, char) => n * 32 + BASE32.indexOf(char), 0);
const hashOfNumber = (n: number, precision: number) => {
  let hash = '';
  for (let i = 0; i < precision; i++, n = Math.floor(n / 32)) hash = BASE32[n % 32] + hash;
  return hash;
};

/**
 * [start, end] geohash ranges that together cover the circle of `radiusKm` around `center`, at
 * most MAX_GEOHASH_RANGES of them. The cells that touch the circle at the finest precision that
 * lists at most MAX_COVER_CELLS of them, runs of neighbours in geohash order joined, then the runs
 * with the fewest cells between them joined until few enough remain (the cells between are read
 * too). Against geofire-common's bounds (cells at least as wide as the radius, up to 9 of them),
 * about 40% fewer documents around the 1 km circles of the duplicate corpus (test/geohash-cover.test.ts).
 */
export function geohashRanges(center: Location, radiusKm: number): [string, string][] {
  const box = boxAround(center, radiusKm);
  let cells: Cell[] = [WORLD];
  for (let precision = 1; precision <= GEOHASH_PRECISION; precision++) {
    const finer = finerCells(cells, (cell) => touches(cell, center, radiusKm, box));
    if (finer === null) break;
    cells = finer;
  }
  const precision = cells[0]!.hash.length;
  const runs: [number, number][] = [];
  for (const n of cells.map((cell) => cellNumber(cell.hash)).sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last !== undefined && last[1] + 1 === n) last[1] = n;
    else runs.push([n, n]);
  }
  while (runs.length > MAX_GEOHASH_RANGES) {
    let closest = 1;
    for (let i = 2; i < runs.length; i++)
      if (runs[i]![0] - runs[i - 1]![1] < runs[closest]![0] - runs[closest - 1]![1]) closest = i;
    runs[closest - 1]![1] = runs[closest]![1];
    runs.splice(closest, 1);
  }
  return runs.map(([first, last]) => [hashOfNumber(first, precision), `${hashOfNumber(last, precision)}~`]);
}

/**
 * Geohash precision of a coarse area: a cell of about 4.9 × 4.9 km at the equator (narrower
 * east-west towards the poles, still over 2 km wide at 60°). Never finer: it is what people
 * without a need to know see instead of a point (docs/security.md).
 */
export const COARSE_PRECISION = 5;

/** The bounding box of a geohash cell. */
export function geohashBounds(hash: string): Box {
  const { south, north, west, east } = [...hash].reduce(childOf, WORLD);
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
