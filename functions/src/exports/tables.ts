// The columns of each export, read from the need-to-know views (requests/visibility.ts,
// resources' toView), never from stored fields: a rule change there reaches the exports too.
// Tags and their meaning: docs/interop.md ("Exports").
import type { Disaster } from '../disasters/model.js';
import type { RequestView, RequesterContact } from '../requests/model.js';
import type { ResourceView } from '../resources/model.js';
import { coarseArea } from '../shared/geo.js';
import type { Location } from '../shared/schemas.js';
import type { Task } from '../tasks/model.js';
import type { Cell, Table } from './model.js';

/** The point a view shows: the exact one, or the centre of its coarse cell. */
function pointOf(view: RequestView): Location {
  return view.view === 'area' ? view.area.center : view.location;
}

function cellOf(view: RequestView): string {
  return view.view === 'area' ? view.area.geohash : coarseArea(view.location).geohash;
}

function contactOf(view: RequestView): RequesterContact | null {
  return view.view === 'staff' ? view.requester_contact : null;
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

export interface RequestRow {
  view: RequestView;
  disaster: Disaster;
}

export const requestTable: Table<RequestRow> = {
  name: 'requests',
  columns: [
    { header: 'id', tag: '#meta+id', value: (r) => r.view.id },
    { header: 'disaster', tag: '#crisis+name', value: (r) => r.disaster.name },
    { header: 'disaster_id', tag: '#crisis+code', value: (r) => r.disaster.id },
    { header: 'disaster_severity', tag: '#severity', value: (r) => r.disaster.severity },
    { header: 'type_of_need', tag: '#need+type', value: (r) => r.view.type_of_need },
    { header: 'status', tag: '#status+code', value: (r) => r.view.status },
    { header: 'created_at', tag: '#date+reported', value: (r) => r.view.created_at },
    { header: 'lat', tag: '#geo+lat', value: (r) => round6(pointOf(r.view).lat) },
    { header: 'lon', tag: '#geo+lon', value: (r) => round6(pointOf(r.view).lng) },
    { header: 'area', tag: '#loc+code', value: (r) => cellOf(r.view) },
    {
      header: 'description',
      tag: '#description',
      personal: true,
      value: (r) => ('description' in r.view ? r.view.description : null),
    },
    {
      header: 'owner_id',
      tag: '#beneficiary+code',
      personal: true,
      value: (r) => ('owner_id' in r.view ? r.view.owner_id : null),
    },
    // The requester's contact, in the staff view only: empty for anyone else even when included.
    {
      header: 'contact_channel',
      tag: '#contact+type',
      personal: true,
      value: (r) => contactOf(r.view)?.channel ?? null,
    },
    { header: 'contact_phone', tag: '#contact+phone', personal: true, value: (r) => contactOf(r.view)?.phone ?? null },
  ],
  point: (r) => pointOf(r.view),
  label: (r) => `${r.view.type_of_need} (${r.view.status})`,
};

export interface ResourceRow {
  view: ResourceView;
  disasterName: string | null;
}

export const resourceTable: Table<ResourceRow> = {
  name: 'resources',
  columns: [
    { header: 'id', tag: '#meta+id', value: (r) => r.view.id },
    { header: 'name', tag: '#item+name', value: (r) => r.view.name },
    { header: 'category', tag: '#item+type', value: (r) => r.view.category },
    { header: 'quantity', tag: '#capacity+num', value: (r) => r.view.quantity },
    { header: 'unit', tag: '#capacity+type', value: (r) => r.view.unit },
    { header: 'status', tag: '#status+code', value: (r) => r.view.status },
    { header: 'disaster', tag: '#crisis+name', value: (r) => r.disasterName },
    { header: 'disaster_id', tag: '#crisis+code', value: (r) => r.view.disaster_id },
    { header: 'lat', tag: '#geo+lat', value: (r) => round6(r.view.location.lat) },
    { header: 'lon', tag: '#geo+lon', value: (r) => round6(r.view.location.lng) },
    { header: 'location_precision', tag: '#loc+type', value: (r) => r.view.location_precision },
    { header: 'created_at', tag: '#date+reported', value: (r) => r.view.created_at },
    { header: 'description', tag: '#description', personal: true, value: (r) => r.view.description ?? null },
    { header: 'owner_id', tag: '#org+code', personal: true, value: (r) => r.view.owner_id },
  ],
  point: (r) => r.view.location,
  label: (r) => r.view.name,
};

/** Task statuses after which the work is over: their last change is the 3W end date. */
const FINAL_TASK_STATUSES: ReadonlySet<Task['status']> = new Set(['completed', 'failed', 'cancelled']);

export interface TaskRow {
  task: Task;
  disaster: Disaster;
  /** The linked request in the caller's view, or null (no request, or one they may not see). */
  request: RequestView | null;
}

const whereOf = (r: TaskRow, pick: (point: Location) => number): Cell =>
  r.request === null ? null : round6(pick(pointOf(r.request)));

export const threeWTable: Table<TaskRow> = {
  name: '3w',
  columns: [
    { header: 'id', tag: '#meta+id', value: (r) => r.task.id },
    { header: 'disaster', tag: '#crisis+name', value: (r) => r.disaster.name },
    { header: 'disaster_id', tag: '#crisis+code', value: (r) => r.disaster.id },
    // Who: the kind of responder doing it (there is no organisation registry).
    { header: 'who', tag: '#org+impl+type', value: (r) => r.task.role_required },
    // What: the need it answers, and the request it answers.
    { header: 'what', tag: '#activity+type', value: (r) => r.request?.type_of_need ?? null },
    { header: 'request_id', tag: '#need+code', value: (r) => r.task.request_id },
    { header: 'resource_ids', tag: '#item+code', value: (r) => r.task.resource_ids.join(' ') },
    { header: 'resources', tag: '#capacity+num', value: (r) => r.task.resource_ids.length },
    // Where: the request's point (or cell) in the caller's view.
    { header: 'lat', tag: '#geo+lat', value: (r) => whereOf(r, (p) => p.lat) },
    { header: 'lon', tag: '#geo+lon', value: (r) => whereOf(r, (p) => p.lng) },
    { header: 'area', tag: '#loc+code', value: (r) => (r.request === null ? null : cellOf(r.request)) },
    // When.
    { header: 'created_at', tag: '#date+reported', value: (r) => r.task.created_at },
    { header: 'started_at', tag: '#date+start', value: (r) => r.task.assigned_at },
    {
      header: 'ended_at',
      tag: '#date+end',
      value: (r) => (FINAL_TASK_STATUSES.has(r.task.status) ? r.task.updated_at : null),
    },
    { header: 'status', tag: '#status+code', value: (r) => r.task.status },
    { header: 'instructions', tag: '#activity+name', personal: true, value: (r) => r.task.instructions },
    { header: 'assigned_to', tag: '#org+impl+code', personal: true, value: (r) => r.task.assigned_to },
  ],
  point: (r) => (r.request === null ? null : pointOf(r.request)),
  label: (r) => `${r.task.role_required} task (${r.task.status})`,
};
