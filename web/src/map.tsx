// The live map screen: requests (coloured by need), tasks (by status, at their request's place)
// and resources (GeoJSON from the API), clustered. Refreshed by polling the API: what it shows is
// shaped by the need-to-know rules, which Firestore rules cannot express.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, listAll, type HelpRequestView, type Task } from './api.js';
import { needLabel, statusLabel, taskStatusLabel } from './dispatcher.js';
import { t } from './i18n.js';
import { poll } from './live.js';
import { navigate } from './router.js';
import { DisasterPicker, ErrorNote, useDisasters } from './shared.js';
import type { BaseMap, MapView, PointFeature } from './map-view.js';

const point = (lng: number, lat: number, properties: PointFeature['properties']): PointFeature => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [lng, lat] },
  properties,
});

/** The API gives requests and tasks as JSON lists; the map wants GeoJSON points. */
export function toFeatures(
  requests: HelpRequestView[],
  tasks: Task[],
  resources: GeoJSON.Feature<GeoJSON.Point>[],
): PointFeature[] {
  const features: PointFeature[] = [];
  const where = new Map<string, { lat: number; lng: number }>();
  for (const r of requests) {
    const at = r.location ?? r.area?.center;
    if (!at) continue;
    where.set(r.id, at);
    features.push(
      point(at.lng, at.lat, {
        kind: 'request',
        group: r.type_of_need,
        label: `${needLabel(r.type_of_need)} · ${statusLabel(r.status)}`,
        href: `/requests/${r.id}`,
      }),
    );
  }
  for (const task of tasks) {
    const at = task.request_id ? where.get(task.request_id) : undefined;
    if (!at || task.status === 'cancelled') continue;
    features.push(
      point(at.lng, at.lat, {
        kind: 'task',
        group: task.status,
        label: `${taskStatusLabel(task.status)}: ${task.instructions}`,
      }),
    );
  }
  for (const resource of resources) {
    const [lng, lat] = resource.geometry.coordinates as [number, number];
    const name = typeof resource.properties?.name === 'string' ? resource.properties.name : '';
    features.push(
      point(lng, lat, { kind: 'resource', group: String(resource.properties?.status ?? 'available'), label: name }),
    );
  }
  return features;
}

async function loadFeatures(disasterId: string): Promise<PointFeature[]> {
  const [requests, tasks, resources] = await Promise.all([
    listAll<HelpRequestView>(`/requests/disaster/${disasterId}`, 20_000),
    listAll<Task>(`/tasks?disaster_id=${disasterId}`, 5000).catch(() => []),
    api<{ features: GeoJSON.Feature<GeoJSON.Point>[] }>(
      'GET',
      `/resources/locations?disaster_id=${disasterId}&limit=200`,
    ).then((c) => c.features),
  ]);
  return toFeatures(requests, tasks, resources);
}

/** A whole disaster's points are many pages: refreshed less often than a list. */
const MAP_REFRESH_MS = 10_000;

/** No tiles locally (no network, and the emulators' console must work without them); OpenStreetMap in production. */
export const defaultBaseMap = (): BaseMap =>
  location.hostname === '127.0.0.1' || location.hostname === 'localhost' ? 'none' : 'osm';

export function LiveMap() {
  const disasters = useDisasters();
  const element = useRef<HTMLDivElement>(null);
  const view = useRef<MapView | null>(null);
  const [count, setCount] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [baseMap, setBaseMap] = useState<BaseMap>(defaultBaseMap);
  const disaster = disasters.disasters?.find((d) => d.id === disasters.chosen);

  useEffect(() => {
    if (!disaster || !element.current) return;
    let stop = () => undefined as void;
    let cancelled = false;
    void import('./map-view.js').then(({ mountMap }) => {
      if (cancelled || !element.current) return;
      view.current = mountMap(element.current, disaster.location, navigate);
      view.current.setBaseMap(baseMap);
      stop = poll(
        () => loadFeatures(disaster.id),
        (features) => {
          view.current?.setPoints(features);
          setCount(features.length);
          element.current?.setAttribute('data-points', String(features.length));
        },
        setError,
        MAP_REFRESH_MS,
      );
    });
    return () => {
      cancelled = true;
      stop();
      view.current?.destroy();
      view.current = null;
    };
  }, [disaster?.id]);
  useEffect(() => view.current?.setBaseMap(baseMap), [baseMap]);

  return (
    <section aria-labelledby="map-heading" class="map-screen">
      <h1 id="map-heading">{t('map_heading')}</h1>
      <div class="toolbar">
        <DisasterPicker {...disasters} />
        <label class="field">
          {t('base_map')}
          <select value={baseMap} onChange={(e) => setBaseMap(e.currentTarget.value as 'none' | 'osm')}>
            <option value="none">{t('base_none')}</option>
            <option value="osm">{t('base_osm')}</option>
          </select>
        </label>
      </div>
      <ErrorNote error={error} />
      <p role="status">{count === null ? t('loading') : t('map_points', { count })}</p>
      <div ref={element} class="map" role="region" aria-label={t('map_label')} tabIndex={0} />
    </section>
  );
}
