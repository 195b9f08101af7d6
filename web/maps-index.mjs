// The area maps Hosting serves: each PMTiles archive in a folder (web/public/maps/ at build time,
// copied to dist/maps/) listed in index.json with what its header says (bounds, zooms, tile type)
// and its size, so the console picks the one covering a map without opening them all, and shows
// the size before anyone downloads it. See docs/offline-maps.md.
import { closeSync, cpSync, existsSync, openSync, readdirSync, readSync, statSync, writeFileSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import { join } from 'node:path';
import { bytesToHeader, TileType } from 'pmtiles';

const HEADER_BYTES = 127;
const TILE_TYPES = {
  [TileType.Mvt]: 'mvt',
  [TileType.Png]: 'png',
  [TileType.Jpeg]: 'jpeg',
  [TileType.Webp]: 'webp',
  [TileType.Avif]: 'avif',
};

function headerOf(file) {
  const bytes = Buffer.alloc(HEADER_BYTES);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, bytes, 0, HEADER_BYTES, 0);
  } finally {
    closeSync(fd);
  }
  if (bytes.toString('latin1', 0, 7) !== 'PMTiles') throw new Error(`${file} is not a PMTiles archive`);
  return bytesToHeader(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + HEADER_BYTES));
}

/** Writes `${dir}/index.json` for the archives in dir (served at /maps/); returns what it listed. */
export function writeMapsIndex(dir) {
  const archives = readdirSync(dir)
    .filter((name) => name.endsWith('.pmtiles'))
    .sort()
    .map((name) => {
      const header = headerOf(join(dir, name));
      return {
        url: `/maps/${encodeURIComponent(name)}`,
        name: name.replace(/\.pmtiles$/, ''),
        bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat],
        minzoom: header.minZoom,
        maxzoom: header.maxZoom,
        tile_type: TILE_TYPES[header.tileType] ?? 'unknown',
        bytes: statSync(join(dir, name)).size,
      };
    });
  writeFileSync(join(dir, 'index.json'), `${JSON.stringify({ archives }, null, 2)}\n`);
  return archives;
}

/** The build's step: the archives of `from` (if any) copied to `to`, with their index. */
export function copyAreaMaps(from, to) {
  if (!existsSync(from)) return;
  cpSync(from, to, { recursive: true, filter: (path) => !path.endsWith('.gitignore') });
  const listed = writeMapsIndex(to);
  if (listed.length > 0) console.log(`[web] area maps: ${listed.map((archive) => archive.name).join(', ')}`);
}
