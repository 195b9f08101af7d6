// A page for the map benchmark only (built by bench/map.mjs, never shipped): the console's own
// map code (toFeatures, then the Leaflet + supercluster chunk loaded the way the console loads
// it) with N synthetic requests, so the figure is the console's cost, not the API's paging.
import type { StaffRequestView } from '../src/api.js';
import { NEEDS } from '../src/api.js';
import { toFeatures } from '../src/map.js';

const count = Number(new URLSearchParams(location.search).get('points') ?? 10_000);
const center = { lat: 14.5995, lng: 120.9842 };
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const at = new Date().toISOString();
const requests: StaffRequestView[] = Array.from({ length: count }, (_, i) => ({
  id: `r${i}`,
  reference: `R${i}`,
  view: 'staff',
  disaster_id: 'bench',
  type_of_need: NEEDS[i % NEEDS.length]!,
  status: 'open',
  closed_reason: null,
  description: 'bench',
  location: { lat: center.lat + (random() - 0.5) * 0.4, lng: center.lng + (random() - 0.5) * 0.4 },
  owner_id: 'bench',
  duplicate_of: null,
  planning: {
    state: 'planned',
    planner: 'deterministic',
    attempts: 1,
    error_code: null,
    last_error: null,
    updated_at: at,
  },
  channel: 'app',
  location_text: null,
  potential_matches: null,
  requester_contact: null,
  possible_duplicates: null,
  possible_duplicates_judge: null,
  report_count: 1,
  merged_reports: [],
  merge: null,
  created_at: at,
  updated_at: at,
  status_changed_at: at,
  last_confirmed_at: at,
  confirmation: null,
  confirmation_asked_at: null,
}));

void import('../src/map-view.js').then(({ mountMap }) => {
  const element = document.getElementById('map')!;
  const view = mountMap(element, center, () => undefined);
  view.setPoints(toFeatures(requests, [], []));
  requestAnimationFrame(() => {
    element.setAttribute('data-points', String(count));
    (window as unknown as { benchMap: unknown }).benchMap = view.map;
  });
});
