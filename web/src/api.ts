// The HTTP API on the same origin (Hosting's /api/** rewrite): every read shaped by the
// need-to-know rules and every write goes through here, never through Firestore.
import type { Location } from './geo.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type TokenSource = () => Promise<string | null>;

let tokenSource: TokenSource = async () => null;
let apiBase = '/api';

export function configureApi(base: string, tokens: TokenSource): void {
  apiBase = base;
  tokenSource = tokens;
}

export async function api<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const token = await tokenSource();
  const response = await fetch(`${apiBase}${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const parsed: unknown = text === '' ? null : JSON.parse(text);
  if (!response.ok) {
    const problem = (parsed ?? {}) as { code?: string; detail?: string; title?: string };
    throw new ApiError(
      response.status,
      problem.code ?? 'error',
      problem.detail ?? problem.title ?? response.statusText,
    );
  }
  return parsed as T;
}

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

/** Every page of a list, up to `max` items (the API pages at most 200 at a time). */
export async function listAll<T>(path: string, max = 10_000): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const page: Page<T> = await api<Page<T>>(
      'GET',
      `${path}${separator}limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    items.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor && items.length < max);
  return items;
}

// --- What the console reads (the API's views; see the OpenAPI document) ---------------------

export const NEEDS = ['rescue', 'medical', 'food', 'water', 'shelter', 'evacuation', 'sanitation', 'other'] as const;
export type Need = (typeof NEEDS)[number];
export const REQUEST_STATUSES = ['open', 'in_progress', 'fulfilled', 'closed'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const REQUEST_CHANNELS = ['app', 'sms', 'whatsapp'] as const;
export type RequestChannel = (typeof REQUEST_CHANNELS)[number];
export const TASK_STATUSES = ['pending', 'on_route', 'completed', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const PLANNING_STATES = ['pending', 'planning', 'planned', 'failed', 'skipped', 'awaiting_location'] as const;
export type PlanningState = (typeof PLANNING_STATES)[number];
export type Role = 'admin' | 'responder' | 'volunteer' | 'affected_individual';

export interface Me {
  id: string;
  display_name: string;
  role: Role;
  availability?: string | null;
  /** The location the user shared (PATCH /users/me/location), if any. */
  location?: Location | null;
}

export const DISASTER_TYPES = [
  'flood',
  'earthquake',
  'cyclone',
  'wildfire',
  'landslide',
  'tsunami',
  'storm',
  'drought',
  'volcanic_eruption',
  'industrial_accident',
  'other',
] as const;
export type DisasterType = (typeof DISASTER_TYPES)[number];

export interface Disaster {
  id: string;
  name: string;
  type: DisasterType;
  description: string;
  status: 'confirmed' | 'suggested' | 'closed';
  location: Location;
  radius_km: number;
  severity: number;
  /** What the agent saw, on its suggestions only, in the admins' views (GET /disasters/agent-suggested); absent from the public one. */
  suggestion?: { observation_ids: string[]; summary: string; summarized_by: 'deterministic' | 'gemini' } | null;
  closed_at: string | null;
  close_reason: string | null;
  created_at: string;
}

/** What POST /disasters takes and PATCH /disasters/{id} edits. */
export type DisasterInput = Pick<Disaster, 'name' | 'type' | 'description' | 'location' | 'radius_km' | 'severity'>;

export interface Observation {
  id: string;
  type: string;
  description: string;
  location?: Location;
  severity: number;
  created_at: string;
}

export const RESOURCE_STATUSES = ['available', 'not_available', 'in_use'] as const;
export type ResourceStatus = (typeof RESOURCE_STATUSES)[number];
export const RESOURCE_CATEGORIES = [
  'vehicle',
  'boat',
  'helicopter',
  'medical_supplies',
  'medical_team',
  'food',
  'water',
  'shelter',
  'generator',
  'equipment',
  'sanitation',
  'personnel',
  'other',
] as const;
export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];

export interface Resource {
  id: string;
  name: string;
  category: ResourceCategory;
  /** The owner's free text: absent in the area view (location_precision area). */
  description?: string;
  quantity: number;
  unit: string;
  location: Location;
  location_precision: 'exact' | 'area';
  owner_id: string | null;
  disaster_id: string | null;
  status: ResourceStatus;
  /** Absent in the area view. */
  task_id?: string | null;
}

export interface AppNotification {
  id: string;
  kind: 'task_assigned' | 'task_authorized' | 'task_cancelled' | 'request_updated';
  text: string;
  task_id: string | null;
  request_id: string | null;
  read: boolean;
  created_at: string;
}

export interface HelpRequestView {
  id: string;
  view: 'staff' | 'owner' | 'assignee' | 'area';
  disaster_id: string;
  type_of_need: Need;
  status: RequestStatus;
  description?: string;
  location?: Location;
  /** The place as written, while planning waits for a point (SMS/WhatsApp intake). */
  location_text?: string | null;
  /** Staff only: how to reach the person who asked (the phone is E.164, null when unknown). */
  requester_contact?: { channel: RequestChannel; phone: string | null } | null;
  area?: { center: Location };
  planning?: { state: PlanningState };
  potential_matches?: {
    responders: { id: string; display_name: string; role: 'volunteer' | 'responder'; distance_km: number }[];
  } | null;
  match_summary?: { helpers: { count: number } } | null;
  created_at: string;
  updated_at: string;
  status_changed_at: string;
}

export interface WorkflowTask {
  id: string;
  instructions: string;
  role_required: 'volunteer' | 'responder';
  priority: number;
  approval_status: 'pending' | 'approved' | 'rejected';
  suggested_assignee_id: string | null;
  task_id: string | null;
}

export interface WorkflowOutput {
  request_id: string;
  rationale: string;
  tasks: WorkflowTask[];
  resources: {
    id: string;
    name: string;
    category: string;
    distance_km: number | null;
    reason: string;
    approval_status: WorkflowTask['approval_status'];
  }[];
}

export interface Task {
  id: string;
  disaster_id: string;
  request_id: string | null;
  instructions: string;
  role_required: 'volunteer' | 'responder';
  priority: number;
  status: TaskStatus;
  assigned_to: string | null;
  authorized: boolean;
  created_at: string;
  updated_at: string;
}

export interface ChatMessage {
  id: string;
  sender_id: string;
  sender_name: string;
  /** The sender's verified role, set by the server: a name alone ("Dispatch HQ") proves nothing. */
  sender_role: Role;
  text: string;
  created_at: string;
}
