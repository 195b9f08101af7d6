// The disaster area's own base map: a PMTiles archive an operator put in web/public/maps/ (see
// docs/offline-maps.md), listed with its bounds in /maps/index.json by the build. Read by byte
// ranges while online; saved whole into Cache Storage when the person asks, and then read from
// the stored Blob (blob.slice), so the map draws streets with the network off. A service worker's
// cache holds whole responses and cannot answer a range request: this module needs none.
import { PMTiles, TileType, type Header, type RangeResponse, type Source } from 'pmtiles';

/** One archive as /maps/index.json lists it (written by web/maps-index.mjs). */
export interface AreaArchive {
  url: string;
  name: string;
  /** [west, south, east, north] in degrees. */
  bounds: [number, number, number, number];
  minzoom: number;
  maxzoom: number;
  tile_type: 'mvt' | 'png' | 'jpeg' | 'webp' | 'avif' | 'unknown';
  bytes: number;
}

export const INDEX_URL = '/maps/index.json';
/** Cache Storage holding saved archives and the index they were listed in (not the service worker's). */
export const AREA_MAP_CACHE = 'area-maps-v1';

const isArchive = (value: unknown): value is AreaArchive => {
  const a = value as Partial<AreaArchive> | null;
  return (
    typeof a === 'object' &&
    a !== null &&
    typeof a.url === 'string' &&
    a.url.startsWith('/maps/') &&
    typeof a.name === 'string' &&
    Array.isArray(a.bounds) &&
    a.bounds.length === 4 &&
    a.bounds.every((n) => typeof n === 'number') &&
    typeof a.maxzoom === 'number' &&
    typeof a.minzoom === 'number' &&
    typeof a.bytes === 'number'
  );
};

/** The archives of an index body; none when it is not one (Hosting answers index.html for a missing file). */
function archivesOf(text: string): AreaArchive[] {
  try {
    const body = JSON.parse(text) as { archives?: unknown };
    return Array.isArray(body.archives) ? body.archives.filter(isArchive) : [];
  } catch {
    return [];
  }
}

const openCache = () => (typeof caches === 'undefined' ? Promise.resolve(null) : caches.open(AREA_MAP_CACHE));

/** The index from the network, or, offline, the copy kept when an archive was saved. */
async function listArchives(): Promise<AreaArchive[]> {
  try {
    const response = await fetch(INDEX_URL, { cache: 'no-cache' });
    if (response.ok) {
      const text = await response.text();
      // A 200 that is not an index (the single-page rewrite) means there is none.
      if (text.trimStart().startsWith('{')) return archivesOf(text);
      return [];
    }
  } catch {
    // Offline: the saved copy below.
  }
  const saved = await (await openCache())?.match(INDEX_URL);
  return saved ? archivesOf(await saved.text()) : [];
}

const area = ([west, south, east, north]: AreaArchive['bounds']) => (east - west) * (north - south);

/** The smallest listed archive whose bounds hold the point: the most detailed for the place. */
export function coveringArchive(archives: AreaArchive[], at: { lat: number; lng: number }): AreaArchive | null {
  const holding = archives.filter(
    ({ bounds: [west, south, east, north] }) => at.lng >= west && at.lng <= east && at.lat >= south && at.lat <= north,
  );
  return holding.sort((a, b) => area(a.bounds) - area(b.bounds))[0] ?? null;
}

export async function findAreaArchive(at: { lat: number; lng: number }): Promise<AreaArchive | null> {
  return coveringArchive(await listArchives(), at);
}

/** Ranges of a stored Blob: the saved archive, read from disk a slice at a time. */
class BlobSource implements Source {
  constructor(
    private readonly blob: Blob,
    private readonly key: string,
  ) {}
  getKey() {
    return this.key;
  }
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    return { data: await this.blob.slice(offset, offset + length).arrayBuffer() };
  }
}

/**
 * Ranges over HTTP. A server that ignores Range (the Hosting emulator) answers the whole file:
 * kept as a Blob and sliced, so a small archive still works there; Firebase Hosting answers 206.
 */
class RangeSource implements Source {
  private whole: Promise<Blob> | null = null;
  constructor(private readonly url: string) {}
  getKey() {
    return this.url;
  }
  async getBytes(offset: number, length: number, signal?: AbortSignal): Promise<RangeResponse> {
    if (this.whole) return { data: await (await this.whole).slice(offset, offset + length).arrayBuffer() };
    const response = await fetch(this.url, {
      headers: { range: `bytes=${offset}-${offset + length - 1}` },
      ...(signal ? { signal } : {}),
    });
    if (response.status === 206) return { data: await response.arrayBuffer() };
    if (!response.ok) throw new Error(`${this.url}: ${response.status}`);
    this.whole = response.blob();
    return { data: await (await this.whole).slice(offset, offset + length).arrayBuffer() };
  }
}

/** The saved copy of an archive, or null when it was not saved (or Cache Storage is unavailable). */
export async function savedArchive(archive: AreaArchive): Promise<Blob | null> {
  const response = await (await openCache())?.match(archive.url);
  return response ? response.blob() : null;
}

/** Reads an archive: from its saved copy when there is one, else by ranges over the network. */
export async function openArchive(archive: AreaArchive): Promise<{ tiles: PMTiles; header: Header; saved: boolean }> {
  const blob = await savedArchive(archive);
  const tiles = new PMTiles(blob ? new BlobSource(blob, `saved:${archive.url}`) : new RangeSource(archive.url));
  return { tiles, header: await tiles.getHeader(), saved: blob !== null };
}

/**
 * Downloads the whole archive and keeps it (with the index that listed it, for finding it
 * offline), reporting the bytes received. Stored only once complete: a cut download leaves nothing.
 */
export async function saveArchive(archive: AreaArchive, progress: (received: number) => void): Promise<void> {
  const cache = await openCache();
  if (!cache) throw new Error('Cache Storage is not available');
  const [response, index] = await Promise.all([fetch(archive.url, { cache: 'no-cache' }), fetch(INDEX_URL)]);
  if (!response.ok || !response.body) throw new Error(`${archive.url}: ${response.status}`);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    progress(received);
  }
  const body = new Blob(chunks, { type: 'application/vnd.pmtiles' });
  // A listed file that is gone is answered with index.html by the single-page rewrite: not kept.
  if ((await body.slice(0, 7).text()) !== 'PMTiles') throw new Error(`${archive.url} is not a PMTiles archive`);
  const headers = { 'content-type': 'application/vnd.pmtiles', 'content-length': String(body.size) };
  await cache.put(archive.url, new Response(body, { headers }));
  if (index.ok) await cache.put(INDEX_URL, index);
}

export async function removeArchive(archive: AreaArchive): Promise<void> {
  await (await openCache())?.delete(archive.url);
}

export const MIME_TYPES: Partial<Record<TileType, string>> = {
  [TileType.Png]: 'image/png',
  [TileType.Jpeg]: 'image/jpeg',
  [TileType.Webp]: 'image/webp',
  [TileType.Avif]: 'image/avif',
};
