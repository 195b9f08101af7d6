// The live map screen: requests (coloured by need), tasks (by status, at their request's place)
// and resources (GeoJSON from the API), clustered. Kept up to date from the API, whose views are
// shaped by the need-to-know rules, which Firestore rules cannot express: requests and tasks
// through their change feeds (loaded once, then what changed), resources and the waiting list by
// polling (short lists).
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError, listAll, type Disaster, type StaffRequestView, type Task } from './api.js';
import { needLabel, statusLabel, taskStatusLabel } from './labels.js';
import { followRequests } from './triage.js';
import type { Location } from './geo.js';
import { formatAge, t } from './i18n.js';
import { follow, poll, type Unsubscribe } from './live.js';
import { navigate } from './router.js';
import { DisasterPicker, ErrorNote, Link, useDisasters } from './shared.js';
import type { BaseMap, MapView, PointFeature } from './map-view.js';

const point = (lng: number, lat: number, properties: PointFeature['properties']): PointFeature => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [lng, lat] },
  properties,
});

export const awaitsLocation = (r: StaffRequestView) => r.planning.state === 'awaiting_location';

const samePoint = (a: Location, b: Location) => Math.abs(a.lat - b.lat) < 1e-9 && Math.abs(a.lng - b.lng) < 1e-9;

/**
 * The API gives requests and tasks as JSON lists; the map wants GeoJSON points. A request waiting
 * for a location (SMS/WhatsApp intake) holds a placeholder: the point the person sent, drawn as
 * provisional, or, when they sent none, its disaster's centre (`placeholder`), not drawn at all.
 */
export function toFeatures(
  requests: StaffRequestView[],
  tasks: Task[],
  resources: GeoJSON.Feature<GeoJSON.Point>[],
  placeholder?: Location,
): PointFeature[] {
  const features: PointFeature[] = [];
  const where = new Map<string, Location>();
  for (const r of requests) {
    const at = r.location;
    const provisional = awaitsLocation(r);
    if (provisional && placeholder && samePoint(at, placeholder)) continue;
    where.set(r.id, at);
    features.push(
      point(at.lng, at.lat, {
        kind: 'request',
        group: r.type_of_need,
        label: `${needLabel(r.type_of_need)} · ${provisional ? t('planning_awaiting_location') : statusLabel(r.status)}`,
        href: `/requests/${r.id}`,
        ...(provisional ? { provisional } : {}),
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

/** Waiting requests listed beside the map: a dispatcher has to set each one's point. */
const MAX_WAITING = 200;

/** The short lists beside the requests and tasks: the disaster's resources and the waiting requests. */
async function loadAround(
  disaster: Disaster,
): Promise<{ resources: GeoJSON.Feature<GeoJSON.Point>[]; waiting: StaffRequestView[] }> {
  const [resources, waiting] = await Promise.all([
    api<{ features: GeoJSON.Feature<GeoJSON.Point>[] }>(
      'GET',
      `/resources/locations?disaster_id=${disaster.id}&limit=200`,
    ).then((c) => c.features),
    // Across disasters: an unplaced request is only held by one until a dispatcher places it.
    listAll<StaffRequestView>('/requests?awaiting_location=true', MAX_WAITING),
  ]);
  return { resources, waiting };
}

/** Resources and the waiting list are re-read whole (at most 200 each): less often than the changes. */
const MAP_REFRESH_MS = 10_000;

/** No tiles locally (no network, and the emulators' console must work without them); OpenStreetMap in production. */
export const defaultBaseMap = (): BaseMap =>
  location.hostname === '127.0.0.1' || location.hostname === 'localhost' ? 'none' : 'osm';

export function LiveMap() {
  const disasters = useDisasters();
  const element = useRef<HTMLDivElement>(null);
  const view = useRef<MapView | null>(null);
  const [count, setCount] = useState<number | null>(null);
  const [waiting, setWaiting] = useState<StaffRequestView[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [baseMap, setBaseMap] = useState<BaseMap>(defaultBaseMap);
  const [areaMap, setAreaMap] = useState(false);
  const disaster = disasters.disasters?.find((d) => d.id === disasters.chosen);
  // The map mounts once per disaster, with the base map of that moment (the next effect follows it).
  const latest = useRef({ disaster, baseMap });
  latest.current = { disaster, baseMap };

  useEffect(() => {
    const { disaster, baseMap } = latest.current;
    if (!disaster || !element.current) return;
    let stop = () => undefined as void;
    let cancelled = false;
    void import('./map-view.js').then(({ mountMap }) => {
      if (cancelled || !element.current) return;
      view.current = mountMap(element.current, disaster.location, navigate);
      view.current.setBaseMap(baseMap);
      // The area's archive replaces the base map once found; the choice shows it.
      view.current.onAreaMap(() => {
        setAreaMap(true);
        setBaseMap('area');
      });
      let requests: StaffRequestView[] | null = null;
      let tasks: Task[] = [];
      let resources: GeoJSON.Feature<GeoJSON.Point>[] = [];
      const redraw = () => {
        if (requests === null) return;
        const features = toFeatures(requests, tasks, resources, disaster.location);
        view.current?.setPoints(features);
        setCount(features.length);
        element.current?.setAttribute('data-points', String(features.length));
      };
      const stops: Unsubscribe[] = [];
      stops.push(
        followRequests(
          disaster.id,
          (items) => {
            requests = items;
            redraw();
          },
          setError,
        ),
      );
      // Tasks are the admins' (GET /tasks): a responder's map shows none.
      const stopTasks = follow<Task>(
        `/tasks?disaster_id=${disaster.id}`,
        (items) => {
          tasks = items;
          redraw();
        },
        (e) => {
          if (e instanceof ApiError && e.status === 403) stopTasks();
        },
      );
      stops.push(stopTasks);
      stops.push(
        poll(
          () => loadAround(disaster),
          (around) => {
            resources = around.resources;
            setWaiting(around.waiting);
            redraw();
          },
          setError,
          MAP_REFRESH_MS,
        ),
      );
      stop = () => stops.forEach((unsubscribe) => unsubscribe());
    });
    return () => {
      cancelled = true;
      stop();
      setAreaMap(false);
      setBaseMap((chosen) => (chosen === 'area' ? defaultBaseMap() : chosen));
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
          <select value={baseMap} onChange={(e) => setBaseMap(e.currentTarget.value as BaseMap)}>
            {areaMap && <option value="area">{t('base_area')}</option>}
            <option value="none">{t('base_none')}</option>
            <option value="osm">{t('base_osm')}</option>
          </select>
        </label>
      </div>
      <ErrorNote error={error} />
      <p role="status">{count === null ? t('loading') : t('map_points', { count })}</p>
      <div class="map-layout">
        {waiting.length > 0 && <Waiting requests={waiting} />}
        <div ref={element} class="map" role="region" aria-label={t('map_label')} tabIndex={0} />
      </div>
      <Legend />
    </section>
  );
}

/** The requests a dispatcher must place before they can be planned: beside the map, not lost in it. */
function Waiting({ requests }: { requests: StaffRequestView[] }) {
  return (
    <section class="panel waiting" aria-labelledby="waiting-heading">
      <h2 id="waiting-heading">{t('waiting_heading', { count: requests.length })}</h2>
      <p>{t('waiting_hint')}</p>
      <ul>
        {requests.map((r) => (
          <li key={r.id}>
            <Link href={`/requests/${r.id}`}>
              {needLabel(r.type_of_need)}: {r.location_text ?? t('waiting_no_text')}
            </Link>{' '}
            · {formatAge(r.created_at)}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Legend() {
  const items = [
    ['request', t('legend_request')],
    ['task', t('legend_task')],
    ['resource', t('legend_resource')],
    ['provisional', t('legend_provisional')],
    ['cluster', t('legend_cluster')],
  ] as const;
  return (
    <ul class="legend" aria-label={t('map_legend')}>
      {items.map(([kind, text]) => (
        <li key={kind}>
          <span class={`swatch ${kind}`} aria-hidden="true" />
          {text}
        </li>
      ))}
    </ul>
  );
}
