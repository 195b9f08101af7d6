// The map itself, in its own chunk (loaded when a map first shows): Leaflet drawing on one
// canvas, points clustered by supercluster, so 10,000 points cost a few hundred circles per
// frame. Works with no base map at all (no network); OpenStreetMap tiles when chosen; the
// disaster area's own archive (area-map.ts) when one covers the map, offline once saved.
import L from 'leaflet';
import leafletCss from 'leaflet/dist/leaflet.css';
import { addStylesheet } from './stylesheet.js';
import Supercluster, { type ClusterProperties } from 'supercluster';
import type { Location } from './geo.js';
import { formatNumber, t } from './i18n.js';
import { TileType, type Header, type PMTiles } from 'pmtiles';
import {
  findAreaArchive,
  MIME_TYPES,
  openArchive,
  removeArchive,
  saveArchive,
  savedArchive,
  type AreaArchive,
} from './area-map.js';

export interface PointProperties {
  kind: 'request' | 'task' | 'resource';
  /** The colour group: a need, a task status or a resource status. */
  group: string;
  label: string;
  href?: string;
  /** A request waiting for a location: its point is only what the person sent, drawn dashed. */
  provisional?: boolean;
}

export type PointFeature = GeoJSON.Feature<GeoJSON.Point, PointProperties>;

export const COLOURS: Record<string, string> = {
  rescue: '#b00020',
  medical: '#c2185b',
  evacuation: '#e65100',
  water: '#0277bd',
  food: '#2e7d32',
  shelter: '#6a1b9a',
  sanitation: '#00695c',
  other: '#455a64',
  pending: '#795548',
  on_route: '#f9a825',
  completed: '#1b5e20',
  available: '#1565c0',
};

/**
 * A cluster: a circle with its count drawn on the same canvas. (Permanent Leaflet tooltips were
 * DOM elements re-created at every redraw, each forcing a layout: seconds per pan step at
 * 10,000 points.)
 */
const ClusterMarker = L.CircleMarker.extend({
  _updatePath(
    this: L.CircleMarker & {
      _renderer: { _ctx?: CanvasRenderingContext2D };
      _point: L.Point;
      _empty(): boolean;
      options: { label: string };
    },
  ) {
    (L.CircleMarker.prototype as unknown as { _updatePath(): void })._updatePath.call(this);
    const ctx = this._renderer._ctx;
    if (!ctx || this._empty()) return;
    ctx.save();
    ctx.fillStyle = '#ffffff';
    ctx.font = 'bold 12px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(this.options.label, this._point.x, this._point.y);
    ctx.restore();
  },
}) as unknown as new (latlng: L.LatLngExpression, options: L.CircleMarkerOptions & { label: string }) => L.CircleMarker;

/** `area`: the disaster area's PMTiles archive (area-map.ts), chosen by itself when one covers the map. */
export type BaseMap = 'none' | 'osm' | 'area';

export interface MapView {
  setPoints(points: PointFeature[]): void;
  setBaseMap(kind: BaseMap): void;
  /** Called once an area archive covering the map is found (not called when there is none). */
  onAreaMap(handler: (archive: AreaArchive) => void): void;
  /** Shows one chosen point, with its radius in km when given (the location picker). */
  showPick(point: { lat: number; lng: number } | null, radiusKm?: number): void;
  /** Reports each click on the map as a point. */
  onPick(handler: (point: { lat: number; lng: number }) => void): void;
  destroy(): void;
  map: L.Map;
}

const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/**
 * Raster tiles of an archive as <img> elements from blob: URLs (revoked once drawn): no request
 * leaves the page when the archive is saved. Beyond the archive's zooms Leaflet scales its tiles.
 */
function rasterLayer(tiles: PMTiles, header: Header): L.GridLayer {
  const type = MIME_TYPES[header.tileType] ?? 'image/png';
  const Layer = L.GridLayer.extend({
    createTile(coords: L.Coords, done: L.DoneCallback) {
      const img = document.createElement('img');
      img.alt = '';
      tiles.getZxy(coords.z, coords.x, coords.y).then(
        (found) => {
          if (!found) return done(undefined, img);
          const url = URL.createObjectURL(new Blob([found.data], { type }));
          img.onload = () => {
            URL.revokeObjectURL(url);
            done(undefined, img);
          };
          img.onerror = () => done(new Error(`tile ${coords.z}/${coords.x}/${coords.y} is not an image`), img);
          img.src = url;
        },
        (error: Error) => done(error, img),
      );
      return img;
    },
  }) as unknown as new (options: L.GridLayerOptions) => L.GridLayer;
  return new Layer({
    minNativeZoom: header.minZoom,
    maxNativeZoom: header.maxZoom,
    maxZoom: 19,
    bounds: L.latLngBounds([header.minLat, header.minLon], [header.maxLat, header.maxLon]),
    attribution: OSM_ATTRIBUTION,
  });
}

/** Vector tiles drawn on canvas by protomaps-leaflet: its own chunk, loaded only for a vector archive. */
async function vectorLayer(tiles: PMTiles, header: Header): Promise<L.GridLayer> {
  const { leafletLayer } = await import('protomaps-leaflet');
  return leafletLayer({
    // protomaps-leaflet is typed against pmtiles 3; it only calls getZxy, which v4 keeps.
    url: tiles as unknown as NonNullable<Parameters<typeof leafletLayer>[0]>['url'],
    flavor: 'light',
    lang: document.documentElement.lang || 'en',
    maxDataZoom: header.maxZoom,
    attribution: `<a href="https://protomaps.com">Protomaps</a> ${OSM_ATTRIBUTION}`,
  }) as unknown as L.GridLayer;
}

async function archiveLayer(archive: AreaArchive): Promise<{ layer: L.GridLayer; saved: boolean }> {
  const { tiles, header, saved } = await openArchive(archive);
  const layer = header.tileType === TileType.Mvt ? await vectorLayer(tiles, header) : rasterLayer(tiles, header);
  return { layer, saved };
}

/** In MB, with a second decimal under 0.1 MB (a small archive is not "0 MB"). */
const megabytes = (bytes: number) => formatNumber(bytes / 1_000_000, bytes < 100_000 ? 2 : 1);

/**
 * The area map's line on the map: its size and whether it is saved for offline, with the button
 * that saves (downloading it whole) or removes it.
 */
function areaMapControl(archive: AreaArchive, onChange: () => void): L.Control {
  const control = new L.Control({ position: 'bottomleft' });
  control.onAdd = () => {
    const box = L.DomUtil.create('div', 'area-map leaflet-bar');
    L.DomEvent.disableClickPropagation(box);
    const status = L.DomUtil.create('span', '', box);
    status.setAttribute('role', 'status');
    const button = L.DomUtil.create('button', '', box);
    button.type = 'button';
    const size = megabytes(archive.bytes);
    const show = (saved: boolean) => {
      box.dataset.saved = String(saved);
      status.textContent = t(saved ? 'area_map_saved' : 'area_map', { name: archive.name, size });
      button.textContent = t(saved ? 'area_map_remove' : 'area_map_save');
      button.disabled = false;
      button.onclick = saved ? remove : save;
    };
    const save = () => {
      button.disabled = true;
      const started = performance.now();
      saveArchive(archive, (received) => {
        status.textContent = t('area_map_saving', { received: megabytes(received), size });
      }).then(
        () => {
          box.dataset.savedInMs = String(Math.round(performance.now() - started));
          show(true);
          onChange();
        },
        (error: unknown) => {
          show(false);
          status.textContent = t('area_map_failed', { reason: error instanceof Error ? error.message : String(error) });
        },
      );
    };
    const remove = () => {
      button.disabled = true;
      void removeArchive(archive).then(() => {
        show(false);
        onChange();
      });
    };
    void savedArchive(archive).then((blob) => show(blob !== null));
    return box;
  };
  return control;
}

/** A Leaflet map drawing on one canvas, with no base map until one is chosen or an area archive is found. */
function baseMap(element: HTMLElement, center: Location, zoom: number) {
  addStylesheet(leafletCss);
  const renderer = L.canvas({ padding: 0.2 });
  const map = L.map(element, { preferCanvas: true, renderer, zoomControl: true, keyboard: true }).setView(
    [center.lat, center.lng],
    zoom,
  );
  let tiles: L.Layer | null = null;
  let shown: BaseMap = 'none';
  element.dataset.baseMap = shown;
  let archive: AreaArchive | null = null;
  const areaHandlers: ((archive: AreaArchive) => void)[] = [];
  // Each choice numbered: an archive that opens after a later choice (or the map's removal) is not drawn.
  let choice = 0;
  let removed = false;
  map.on('unload', () => {
    removed = true;
    choice++;
  });
  const setBaseMap = (kind: BaseMap, again = false) => {
    if (kind === shown && !again) return;
    const mine = ++choice;
    shown = kind;
    tiles?.remove();
    tiles = null;
    element.dataset.baseMap = kind;
    if (kind === 'osm') {
      tiles = L.tileLayer('https://tile.openstreetmap.org/{z}/{x}/{y}.png', {
        maxZoom: 19,
        attribution: OSM_ATTRIBUTION,
      }).addTo(map);
    } else if (kind === 'area' && archive) {
      archiveLayer(archive).then(
        ({ layer, saved }) => {
          if (mine !== choice) return;
          element.dataset.areaMapSource = saved ? 'saved' : 'network';
          tiles = layer.addTo(map);
        },
        (error: unknown) => console.warn('the area map could not be read', error),
      );
    }
  };
  void findAreaArchive(center).then((found) => {
    if (!found || removed) return;
    archive = found;
    areaMapControl(found, () => setBaseMap('area', true)).addTo(map);
    setBaseMap('area');
    for (const handler of areaHandlers) handler(found);
  });
  const onAreaMap = (handler: (archive: AreaArchive) => void) => {
    areaHandlers.push(handler);
    if (archive) handler(archive);
  };
  return { map, renderer, setBaseMap: (kind: BaseMap) => setBaseMap(kind), onAreaMap };
}

export function mountMap(element: HTMLElement, center: Location, onOpen: (href: string) => void): MapView {
  const { map, renderer, setBaseMap, onAreaMap } = baseMap(element, center, 12);
  const layer = L.layerGroup().addTo(map);
  let index = new Supercluster<PointProperties>({ radius: 60, maxZoom: 17 });

  const draw = () => {
    layer.clearLayers();
    const bounds = map.getBounds();
    const clusters = index.getClusters(
      [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
      Math.round(map.getZoom()),
    );
    for (const feature of clusters) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const properties = feature.properties as PointProperties | ClusterProperties;
      if ('cluster' in properties && properties.cluster) {
        const count = properties.point_count;
        const marker = new ClusterMarker([lat, lng], {
          renderer,
          radius: 10 + Math.min(20, Math.log2(count) * 3),
          color: '#0b3d91',
          fillColor: '#4f83cc',
          fillOpacity: 0.7,
          weight: 2,
          label: String(properties.point_count_abbreviated),
        });
        marker.on('click', () => {
          const zoom = index.getClusterExpansionZoom(properties.cluster_id);
          map.setView([lat, lng], Math.min(zoom, 18));
        });
        layer.addLayer(marker);
      } else {
        const point = properties as PointProperties;
        const marker = L.circleMarker([lat, lng], {
          renderer,
          radius: point.kind === 'task' ? 6 : 8,
          color: point.kind === 'resource' ? '#0d47a1' : '#212121',
          weight: point.kind === 'task' || point.provisional ? 3 : 1,
          fillColor: COLOURS[point.group] ?? '#607d8b',
          fillOpacity: point.provisional ? 0.25 : 0.9,
          ...(point.provisional ? { dashArray: '4 3', radius: 10 } : {}),
        }).bindTooltip(asText(point.label));
        if (point.href) marker.on('click', () => onOpen(point.href!));
        layer.addLayer(marker);
      }
    }
  };
  map.on('moveend', draw);
  let picked: L.Layer[] = [];

  return {
    map,
    setPoints(points) {
      index = new Supercluster<PointProperties>({ radius: 60, maxZoom: 17 });
      index.load(points);
      draw();
    },
    setBaseMap,
    onAreaMap,
    showPick(point, radiusKm) {
      for (const shape of picked) shape.remove();
      picked = [];
      if (!point) return;
      const at: L.LatLngExpression = [point.lat, point.lng];
      picked.push(L.circleMarker(at, { renderer, radius: 8, color: '#0b3d91', fillOpacity: 0.9 }).addTo(map));
      if (radiusKm && radiusKm > 0)
        picked.push(L.circle(at, { renderer, radius: radiusKm * 1000, color: '#0b3d91', fillOpacity: 0.1 }).addTo(map));
    },
    onPick(handler) {
      map.on('click', (event: L.LeafletMouseEvent) => handler({ lat: event.latlng.lat, lng: event.latlng.lng }));
    },
    destroy() {
      map.remove();
    },
  };
}

/**
 * A tooltip's content as text. Leaflet sets a string content as HTML (innerHTML), and labels are
 * people's words (resource names, task instructions): markup in them must show as typed.
 */
function asText(label: string): HTMLElement {
  const span = document.createElement('span');
  span.textContent = label;
  return span;
}

/** One place and, when known, where the viewer is: a labelled marker each, joined by a dashed line. */
export interface PlaceMapView {
  /** Where the viewer is (their shared location), or null when not shared. */
  showViewer(at: Location | null, label: string): void;
  destroy(): void;
}

/** A responder's map of one task: the place to go, with its label always shown. */
export function mountPlaceMap(element: HTMLElement, place: Location, label: string, base: BaseMap): PlaceMapView {
  const { map, renderer, setBaseMap } = baseMap(element, place, 15);
  setBaseMap(base);
  // Two labels only: permanent tooltips (DOM) are fine here, unlike the clustered map's counts.
  L.circleMarker([place.lat, place.lng], {
    renderer,
    radius: 10,
    color: '#212121',
    weight: 2,
    fillColor: '#b00020',
    fillOpacity: 0.9,
  })
    .bindTooltip(asText(label), { permanent: true, direction: 'top', offset: [0, -10] })
    .addTo(map);
  let viewer: L.Layer[] = [];
  return {
    showViewer(at, viewerLabel) {
      for (const shape of viewer) shape.remove();
      viewer = [];
      if (!at) {
        map.setView([place.lat, place.lng], 15);
        return;
      }
      viewer.push(
        L.polyline(
          [
            [at.lat, at.lng],
            [place.lat, place.lng],
          ],
          { renderer, color: '#0b3d91', weight: 2, dashArray: '6 6' },
        ).addTo(map),
        L.circleMarker([at.lat, at.lng], {
          renderer,
          radius: 8,
          color: '#ffffff',
          weight: 3,
          fillColor: '#0b3d91',
          fillOpacity: 1,
        })
          .bindTooltip(asText(viewerLabel), { permanent: true, direction: 'bottom', offset: [0, 8] })
          .addTo(map),
      );
      map.fitBounds(
        L.latLngBounds([
          [at.lat, at.lng],
          [place.lat, place.lng],
        ]).pad(0.3),
        { maxZoom: 16 },
      );
    },
    destroy() {
      map.remove();
    },
  };
}
