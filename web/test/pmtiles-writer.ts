// A minimal PMTiles v3 writer for the tests' own area map (the spec:
// https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md): a 127-byte header, one root
// directory of varint-encoded entries (no leaves, internal compression none), the metadata JSON,
// then the tiles: solid-colour 256 px PNGs (build/png.mjs) or hand-encoded vector tiles. Written apart from
// the pmtiles package on purpose, so reading it back with that package checks both.
import { rgbPng } from '../build/png.mjs';

/** [west, south, east, north] in degrees. */
export type Bounds = [number, number, number, number];

/** A 256 px PNG of one RGB colour. */
export const solidPng = (rgb: [number, number, number]): Buffer => rgbPng(256, () => rgb);

// --- tiles --------------------------------------------------------------------------------------

/** The tile holding a point at a zoom (Web Mercator, XYZ). */
export function tileAt(z: number, lng: number, lat: number): { x: number; y: number } {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return {
    x: Math.floor(((lng + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  };
}

/** PMTiles' tile id: the tiles of all lower zooms, then the position along the zoom's Hilbert curve. */
export function tileId(z: number, x: number, y: number): number {
  let before = 0;
  for (let i = 0; i < z; i++) before += 4 ** i;
  const n = 2 ** z;
  let d = 0;
  for (let s = n / 2; s >= 1; s /= 2) {
    const rx = (x & s) > 0 ? 1 : 0;
    const ry = (y & s) > 0 ? 1 : 0;
    d += s * s * ((3 * rx) ^ ry);
    // Rotate the quadrant (the curve's definition).
    if (ry === 0) {
      if (rx === 1) {
        x = s - 1 - x;
        y = s - 1 - y;
      }
      [x, y] = [y, x];
    }
  }
  return before + d;
}

// --- the archive --------------------------------------------------------------------------------

function varint(value: number, out: number[]): void {
  while (value >= 0x80) {
    out.push((value % 0x80) | 0x80);
    value = Math.floor(value / 0x80);
  }
  out.push(value);
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
}

/** The spec's directory: count, then id deltas, run lengths, lengths, offsets (0 = right after the last). */
function directory(entries: Entry[]): Buffer {
  const out: number[] = [];
  varint(entries.length, out);
  let last = 0;
  for (const e of entries) {
    varint(e.tileId - last, out);
    last = e.tileId;
  }
  for (let i = 0; i < entries.length; i++) varint(1, out);
  for (const e of entries) varint(e.length, out);
  entries.forEach((e, i) => {
    const previous = entries[i - 1];
    varint(previous && e.offset === previous.offset + previous.length ? 0 : e.offset + 1, out);
  });
  return Buffer.from(out);
}

export interface TestArchive {
  bytes: Buffer;
  /** Each tile's bytes by "z/x/y". */
  tiles: Map<string, Buffer>;
}

const TILE_TYPES = { mvt: 1, png: 2 } as const;

/** An archive of tiles covering bounds at the given zooms, each made by `tile`. */
function writeArchive(
  bounds: Bounds,
  minZoom: number,
  maxZoom: number,
  tileType: keyof typeof TILE_TYPES,
  tile: (z: number, x: number, y: number) => Buffer,
): TestArchive {
  const [west, south, east, north] = bounds;
  const tiles = new Map<string, Buffer>();
  const placed: { id: number; bytes: Buffer }[] = [];
  for (let z = minZoom; z <= maxZoom; z++) {
    const low = tileAt(z, west, north);
    const high = tileAt(z, east, south);
    for (let x = low.x; x <= high.x; x++)
      for (let y = low.y; y <= high.y; y++) {
        const bytes = tile(z, x, y);
        tiles.set(`${z}/${x}/${y}`, bytes);
        placed.push({ id: tileId(z, x, y), bytes });
      }
  }
  // Clustered: tile data in tile id order, so each offset follows the last (encoded as 0).
  placed.sort((a, b) => a.id - b.id);
  const entries: Entry[] = [];
  let dataLength = 0;
  for (const { id, bytes } of placed) {
    entries.push({ tileId: id, offset: dataLength, length: bytes.length });
    dataLength += bytes.length;
  }
  const data = placed.map(({ bytes }) => bytes);
  const root = directory(entries);
  const metadata = Buffer.from(
    JSON.stringify({ name: 'test area', attribution: '© OpenStreetMap contributors', format: tileType }),
  );
  const HEADER = 127;
  const rootOffset = HEADER;
  const metadataOffset = rootOffset + root.length;
  const dataOffset = metadataOffset + metadata.length;

  const header = Buffer.alloc(HEADER);
  header.write('PMTiles', 0, 'latin1');
  header.writeUInt8(3, 7);
  const u64 = (at: number, value: number) => header.writeBigUInt64LE(BigInt(value), at);
  u64(8, rootOffset);
  u64(16, root.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, 0); // leaf directories: none
  u64(48, 0);
  u64(56, dataOffset);
  u64(64, dataLength);
  u64(72, entries.length); // addressed tiles
  u64(80, entries.length); // tile entries (no run lengths above 1)
  u64(88, data.length); // tile contents
  header.writeUInt8(1, 96); // clustered
  header.writeUInt8(1, 97); // internal compression: none
  header.writeUInt8(1, 98); // tile compression: none
  header.writeUInt8(TILE_TYPES[tileType], 99);
  header.writeUInt8(minZoom, 100);
  header.writeUInt8(maxZoom, 101);
  const e7 = (degrees: number) => Math.round(degrees * 1e7);
  header.writeInt32LE(e7(west), 102);
  header.writeInt32LE(e7(south), 106);
  header.writeInt32LE(e7(east), 110);
  header.writeInt32LE(e7(north), 114);
  header.writeUInt8(minZoom, 118);
  header.writeInt32LE(e7((west + east) / 2), 119);
  header.writeInt32LE(e7((south + north) / 2), 123);
  return { bytes: Buffer.concat([header, root, metadata, ...data]), tiles };
}

/** Raster: each tile a PNG of its own colour. */
export const writeRasterArchive = (bounds: Bounds, minZoom: number, maxZoom: number): TestArchive =>
  writeArchive(bounds, minZoom, maxZoom, 'png', (z, x, y) =>
    solidPng([(x * 37) % 256, (y * 53) % 256, (z * 40) % 256]),
  );

// --- Mapbox Vector Tiles (protobuf, https://github.com/mapbox/vector-tile-spec/tree/master/2.1) --

function field(number: number, body: Buffer | number): Buffer {
  const out: number[] = [];
  if (typeof body === 'number') {
    varint((number << 3) | 0, out);
    varint(body, out);
    return Buffer.from(out);
  }
  varint((number << 3) | 2, out);
  varint(body.length, out);
  return Buffer.concat([Buffer.from(out), body]);
}

const packed = (values: number[]) => {
  const out: number[] = [];
  for (const value of values) varint(value, out);
  return Buffer.from(out);
};
const zigzag = (n: number) => (n << 1) ^ (n >> 31);
const command = (id: number, count: number) => (id & 0x7) | (count << 3);
const EXTENT = 4096;

/** One layer of one feature with a `kind` property: a polygon filling the tile, or a line across it. */
function layer(name: string, type: 'polygon' | 'line', kind: string): Buffer {
  const geometry =
    type === 'polygon'
      ? // MoveTo(0,0), LineTo three corners clockwise (y down), ClosePath.
        [command(1, 1), 0, 0, command(2, 3), zigzag(EXTENT), 0, 0, zigzag(EXTENT), zigzag(-EXTENT), 0, command(7, 1)]
      : [command(1, 1), 0, zigzag(EXTENT / 2), command(2, 1), zigzag(EXTENT), 0];
  const feature = Buffer.concat([
    field(1, 1), // id
    field(2, packed([0, 0])), // tags: key 0 = value 0
    field(3, type === 'polygon' ? 3 : 2),
    field(4, packed(geometry)),
  ]);
  return field(
    3,
    Buffer.concat([
      field(15, 2), // version
      field(1, Buffer.from(name)),
      field(2, feature),
      field(3, Buffer.from('kind')),
      field(4, field(1, Buffer.from(kind))), // a string value
      field(5, EXTENT),
    ]),
  );
}

/** Vector: every tile land ("earth", in the Protomaps basemap schema) with a major road across it. */
export const writeVectorArchive = (bounds: Bounds, minZoom: number, maxZoom: number): TestArchive =>
  writeArchive(bounds, minZoom, maxZoom, 'mvt', () =>
    Buffer.concat([layer('earth', 'polygon', 'earth'), layer('roads', 'line', 'major_road')]),
  );
