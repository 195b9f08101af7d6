// Records for the assistant's tests, written straight through the data layer (collections.*),
// complete and valid as the other features store them.
import { shortReference } from '../../src/shared/reference.js';
import { collections } from '../../src/data/collections.js';
import { db } from '../../src/data/firestore.js';
import type { Disaster, Member } from '../../src/disasters/model.js';
import { writeMembership } from '../../src/disasters/membership.js';
import type { HelpRequest } from '../../src/requests/model.js';
import type { Resource } from '../../src/resources/model.js';
import { geohashOf } from '../../src/shared/geo.js';
import type { Location } from '../../src/shared/schemas.js';
import type { Task } from '../../src/tasks/model.js';
import type { WorkflowOutput } from '../../src/workflow/model.js';
import { uniqueId } from './api.js';
import { requestDocument } from './request-document.js';

/** Applies the data layer's Firestore settings before anything else uses the instance. */
export function useDataLayer(): void {
  db();
}

const now = () => new Date().toISOString();
/** A time `minutes` ago, for ordering records. */
export const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export const MANILA: Location = { lat: 14.5995, lng: 120.9842 };
/** A point `km` east of `from` (roughly; fine for tests at these latitudes). */
export function east(from: Location, km: number): Location {
  return { lat: from.lat, lng: from.lng + km / (111.32 * Math.cos((from.lat * Math.PI) / 180)) };
}

export async function seedDisaster(overrides: Partial<Disaster> = {}): Promise<Disaster> {
  const location = overrides.location ?? MANILA;
  const disaster: Disaster = {
    id: uniqueId('dis'),
    name: 'Typhoon Test',
    type: 'cyclone',
    description: 'Strong winds and flooding in the metro area.',
    location,
    geohash: geohashOf(location),
    radius_km: 40,
    severity: 4,
    status: 'confirmed',
    created_by: 'admin-seed',
    suggestion: null,
    confirmed_at: now(),
    confirmed_by: 'admin-seed',
    created_at: now(),
    updated_at: now(),
    ...overrides,
  };
  await collections.disasters.doc(disaster.id).set(disaster);
  return disaster;
}

export async function seedMember(
  disasterId: string,
  uid: string,
  role: Member['role'] = 'affected_individual',
): Promise<void> {
  await writeMembership({ id: uid, disaster_id: disasterId, role, display_name: 'Member', created_at: now() }, 'set');
}

export async function seedRequest(
  ownerId: string,
  disasterId: string,
  overrides: Partial<HelpRequest> = {},
): Promise<HelpRequest> {
  const request = requestDocument({
    id: uniqueId('req'),
    owner_id: ownerId,
    disaster_id: disasterId,
    type_of_need: 'water',
    description: 'We need drinking water for 5 people.',
    location: MANILA,
    created_at: now(),
    ...overrides,
  });
  await collections.requests.doc(request.id).set(request);
  return request;
}

export async function seedPlan(
  request: HelpRequest,
  resources: { resource_id: string; name: string; category: string }[] = [],
): Promise<WorkflowOutput> {
  const at = now();
  const output: WorkflowOutput = {
    id: request.id,
    request_id: request.id,
    disaster_id: request.disaster_id,
    planner: 'deterministic',
    model: null,
    duration_ms: 12,
    rationale: 'Standard plan.',
    fallback_reason: null,
    fallback_code: null,
    tasks: [
      {
        id: uniqueId('wt'),
        instructions: 'Deliver water',
        role_required: 'volunteer',
        priority: 2,
        approval_status: 'approved',
        source: 'planner',
        suggested_assignee_id: null,
        task_id: uniqueId('task'),
        created_at: at,
        updated_at: at,
      },
      {
        id: uniqueId('wt'),
        instructions: 'Check on the family',
        role_required: 'responder',
        priority: 3,
        approval_status: 'pending',
        source: 'planner',
        suggested_assignee_id: null,
        task_id: null,
        created_at: at,
        updated_at: at,
      },
      {
        id: uniqueId('wt'),
        instructions: 'Rejected idea',
        role_required: 'responder',
        priority: 5,
        approval_status: 'rejected',
        source: 'planner',
        suggested_assignee_id: null,
        task_id: null,
        created_at: at,
        updated_at: at,
      },
    ],
    resources: resources.map((r) => ({
      id: uniqueId('wr'),
      ...r,
      distance_km: 1.5,
      reason: 'close',
      approval_status: 'pending',
      source: 'planner',
      created_at: at,
      updated_at: at,
    })),
    created_at: at,
    updated_at: at,
  };
  await collections.workflowOutputs.doc(request.id).set(output);
  return output;
}

export async function seedTask(
  assignedTo: string | null,
  disasterId: string,
  overrides: Partial<Task> = {},
): Promise<Task> {
  const at = overrides.created_at ?? now();
  const id = overrides.id ?? uniqueId('task');
  const task: Task = {
    id,
    reference: shortReference(id),
    disaster_id: disasterId,
    request_id: null,
    workflow_task_id: null,
    priority: 2,
    instructions: 'Bring 20 litres of water to the evacuation centre.',
    role_required: 'volunteer',
    resource_ids: [],
    status: 'pending',
    assigned_to: assignedTo,
    assigned_at: assignedTo ? at : null,
    authorized: true,
    authorized_by: 'admin-seed',
    authorized_at: at,
    created_by: 'admin-seed',
    history: [],
    created_at: at,
    updated_at: at,
    ...overrides,
  };
  await collections.tasks.doc(task.id).set(task);
  return task;
}

export async function seedResource(
  category: Resource['category'],
  location: Location,
  overrides: Partial<Resource> = {},
): Promise<Resource> {
  const resource: Resource = {
    id: uniqueId('res'),
    name: `${category} unit`,
    category,
    description: '',
    quantity: 10,
    unit: 'units',
    location,
    geohash: geohashOf(location),
    owner_id: 'owner-seed',
    owner_role: 'responder', // the response's own (a shelter, a depot): shown as it is
    disaster_id: null,
    status: 'available',
    task_id: null,
    created_at: now(),
    updated_at: now(),
    ...overrides,
  };
  await collections.resources.doc(resource.id).set(resource);
  return resource;
}

/** Sets the caller's profile location directly (the user must be registered). */
export async function placeUser(uid: string, location: Location): Promise<void> {
  await collections.users.doc(uid).update({ location, geohash: geohashOf(location) });
}

export async function conversationsOf(uid: string) {
  return (await collections.conversations.ref().where('owner_id', '==', uid).get()).docs.map((doc) => doc.data());
}
