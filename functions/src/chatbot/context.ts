// What the assistant may know about the caller: only what the caller may see through the API,
// read straight from the data layer. Nothing here is ever about another user: their own requests
// (owner_id == caller) with a coarse summary of the plan, tasks assigned to them, disasters that
// are public (or, for admins, suggested) with whether the caller joined, and available resources
// nearest to the caller, found, ordered and measured as GET /resources shows them (a volunteer's
// resource at the centre of its cell, by its kind rather than its owner's words). No contact
// details, no other person's ids or names. Both assistants see only this; so does anyone who
// manages to inject a prompt.
import type { DocumentReference } from 'firebase-admin/firestore';
import { disasterStore, membershipStore } from '../disasters/store.js';
import { requestStore } from '../requests/store.js';
import { resourceStore } from '../resources/store.js';
import { taskStore } from '../tasks/store.js';
import { userStore } from '../users/store.js';
import { workflowOutputStore } from '../workflow/store.js';
import type { Disaster } from '../disasters/model.js';
import { NotFoundError } from '../errors.js';
import type { Caller } from '../shared/caller.js';
import type { HelpRequest } from '../requests/model.js';
import { seesPointOf, toView as toResourceView, type Resource } from '../resources/model.js';
import { isStaff } from '../shared/schemas.js';
import { widenUntil, withinRadius, type Placement } from '../data/nearby.js';
import { COARSE_CENTER_MAX_OFFSET_KM, distanceKm } from '../shared/geo.js';
import type { Location } from '../shared/schemas.js';
import type { Task } from '../tasks/model.js';
import type { WorkflowOutput } from '../workflow/model.js';
import { asTheirOwnerSees, survivorIdsOf } from '../requests/visibility.js';
import type { ChatContext, DisasterFacts, PlanSummary, RequestFacts, ResourceFacts, TaskFacts } from './facts.js';

/** Most recent own requests and assigned tasks considered. */
export const MAX_REQUESTS = 10;
export const MAX_TASKS = 10;
/** The caller's most recent memberships considered (users/{uid}/memberships). */
export const MAX_MEMBERSHIPS = 20;
/** Recent public disasters mentioned even when the caller has no link to them. */
export const RECENT_PUBLIC = 3;
/** Radii tried in turn for nearest resources; a wider one is read only when the narrower one is empty. */
export const RESOURCE_RADII_KM = [10, 25, 50] as const;
export const RESOURCES_PER_CATEGORY = 3;
/** Categories looked up per question: each costs up to three radii of range queries. */
export const MAX_CATEGORIES_PER_ASK = 3;
export const RESOURCES_ANY_CATEGORY = 5;
const PER_RANGE_LIMIT = 100;

export interface ContextOptions {
  disasterId?: string | undefined;
  /** Resource categories to look up nearest available units of. */
  categories: Resource['category'][];
  /** With no category asked for, still list the nearest available resources of any kind (Gemini). */
  anyNearby: boolean;
  /** Parts that cost reads, gathered only when the answer needs them (Gemini needs all). */
  parts: ContextParts;
}

export interface ContextParts {
  tasks: boolean;
  /** The plans (workflow outputs) of the caller's requests. */
  plans: boolean;
  /** Recent public disasters and whether the caller joined them. */
  memberships: boolean;
}

export const ALL_PARTS: ContextParts = { tasks: true, plans: true, memberships: true };

const round = (km: number) => Math.round(km * 10) / 10;
const clip = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

const isVisible = (disaster: Disaster, caller: Caller) => disaster.status !== 'suggested' || caller.role === 'admin';

function getAllData<T>(refs: DocumentReference<T>[]): Promise<(T | undefined)[]> {
  // One read per document either way; parallel gets keep the converter's types.
  return Promise.all(refs.map(async (ref) => (await ref.get()).data()));
}

/** The disaster a question names: 404 when it does not exist or the caller may not see it. */
export async function visibleDisaster(caller: Caller, id: string): Promise<Disaster> {
  const disaster = await disasterStore.get(id);
  if (!disaster || !isVisible(disaster, caller)) throw new NotFoundError('Disaster', id);
  return disaster;
}

/**
 * Where the caller may place a resource: its point when they see it, else the centre of its cell
 * (resources/model.ts toView). Searching, sorting and measuring by this, never by the hidden point,
 * keeps the answers from locating it by moving the caller's own location (F2).
 */
function shownPoint(caller: Caller, resource: Resource): Location {
  return seesPointOf(caller, resource) ? resource.location : toResourceView(resource, false).location;
}

/** Another volunteer's name for their resource is their free text (and a prompt-injection path). */
function shownName(caller: Caller, resource: Resource): string | null {
  return seesPointOf(caller, resource) ? resource.name : null;
}

/** Tenths of a km to a point the caller sees, whole km to a cell centre. */
function shownDistance(caller: Caller, resource: Resource, km: number): number {
  return seesPointOf(caller, resource) ? round(km) : Math.round(km);
}

/**
 * A plan's suggested resources as the caller may see them. Staff: the planner's names and
 * distances. Anyone else: the resources are read (at most 5 a plan) so that a volunteer's one is
 * named by its category and measured to its cell centre, like the nearest-resource answer.
 */
function summarizePlan(
  output: WorkflowOutput | undefined,
  caller: Caller,
  from: Location,
  stored: Map<string, Resource>,
): PlanSummary | null {
  if (!output) return null;
  const live = output.tasks.filter((task) => task.approval_status !== 'rejected');
  return {
    tasks_planned: live.length,
    tasks_approved: live.filter((task) => task.approval_status === 'approved').length,
    tasks_dispatched: live.filter((task) => task.task_id !== null).length,
    roles_needed: [...new Set(live.map((task) => task.role_required))],
    resources: plannedResources(output).map((suggestion) => {
      const common = {
        id: suggestion.resource_id,
        category: suggestion.category,
        approval_status: suggestion.approval_status,
      };
      if (isStaff(caller)) {
        const km = suggestion.distance_km;
        return { ...common, name: suggestion.name, distance_km: km === null ? null : round(km) };
      }
      const resource = stored.get(suggestion.resource_id);
      if (!resource) return { ...common, name: null, distance_km: null };
      const km = distanceKm(from, shownPoint(caller, resource));
      return { ...common, name: shownName(caller, resource), distance_km: shownDistance(caller, resource, km) };
    }),
  };
}

function plannedResources(output: WorkflowOutput) {
  return output.resources.filter((resource) => resource.approval_status !== 'rejected').slice(0, 5);
}

async function resourcesNear(caller: Caller, center: Location, category: Resource['category'] | null, limit: number) {
  let query = resourceStore.ref().where('status', '==', 'available');
  if (category !== null) query = query.where('category', '==', category);
  const placement: Placement<Resource> | undefined = isStaff(caller)
    ? undefined
    : { pointOf: (resource) => shownPoint(caller, resource), maxOffsetKm: COARSE_CENTER_MAX_OFFSET_KM };
  const { found, radiusKm, docsRead } = await widenUntil(
    RESOURCE_RADII_KM,
    async (radius) => {
      const nearby = await withinRadius(query, center, radius, { perRangeLimit: PER_RANGE_LIMIT, placement });
      return { found: nearby.found, docsRead: nearby.docsRead + nearby.emptyRanges };
    },
    (nearby) => nearby.length > 0,
  );
  const resources: ResourceFacts[] = found.slice(0, limit).map(({ item, distance_km }) => ({
    id: item.id,
    name: shownName(caller, item),
    category: item.category,
    quantity: item.quantity,
    unit: item.unit,
    distance_km: shownDistance(caller, item, distance_km),
  }));
  return { radius: radiusKm, docsRead, resources };
}

function requestFacts(
  request: HelpRequest,
  disasterName: string | null,
  output: WorkflowOutput | undefined,
  caller: Caller,
  stored: Map<string, Resource>,
): RequestFacts {
  return {
    id: request.id,
    disaster_id: request.disaster_id,
    disaster_name: disasterName,
    type_of_need: request.type_of_need,
    description: clip(request.description, 300),
    status: request.status,
    closed_reason: request.closed_reason,
    planning_state: request.planning.state,
    created_at: request.created_at,
    status_changed_at: request.status_changed_at,
    plan: summarizePlan(output, caller, request.location, stored),
  };
}

function taskFacts(task: Task, disasterName: string | null): TaskFacts {
  return {
    id: task.id,
    disaster_id: task.disaster_id,
    disaster_name: disasterName,
    priority: task.priority,
    instructions: clip(task.instructions, 500),
    role_required: task.role_required,
    status: task.status,
    authorized: task.authorized,
    resource_ids: task.resource_ids,
    created_at: task.created_at,
  };
}

/** Counts documents read, as Firestore bills them (a query that matches nothing costs one). */
class Reads {
  count = 0;
  query<S extends { size: number }>(snapshot: S): S {
    this.count += Math.max(1, snapshot.size);
    return snapshot;
  }
  docs<T>(values: T[]): T[] {
    this.count += values.length;
    return values;
  }
}

export interface Gathered {
  context: ChatContext;
  /** Documents read to build it (for logs and benchmarks; never sent anywhere). */
  docsRead: number;
}

/** The caller's own records: profile, latest requests, assigned tasks, recent public disasters and memberships. */
async function readOwn(caller: Caller, parts: ContextParts, reads: Reads) {
  const none = Promise.resolve(null);
  const [userSnap, requestSnap, taskSnap, recentSnap, membershipSnap] = await Promise.all([
    userStore.doc(caller.uid).get(),
    requestStore.ref().where('owner_id', '==', caller.uid).orderBy('sort_key', 'desc').limit(MAX_REQUESTS).get(),
    parts.tasks
      ? taskStore.ref().where('assigned_to', '==', caller.uid).orderBy('sort_key', 'desc').limit(MAX_TASKS).get()
      : none,
    parts.memberships
      ? disasterStore.ref().where('status', '==', 'confirmed').orderBy('sort_key', 'desc').limit(RECENT_PUBLIC).get()
      : none,
    parts.memberships
      ? membershipStore.ref(caller.uid).orderBy('created_at', 'desc').limit(MAX_MEMBERSHIPS).get()
      : none,
  ]);
  reads.count += 1;
  // The caller's own requests as they see them: one merged into another follows its survivor's
  // status (requests/visibility.ts), never who else reported it.
  const stored = reads.query(requestSnap).docs.map((doc) => doc.data());
  reads.count += survivorIdsOf(stored).length;
  return {
    user: userSnap.data(),
    requests: await asTheirOwnerSees(stored),
    tasks: taskSnap ? reads.query(taskSnap).docs.map((doc) => doc.data()) : [],
    recent: new Map<string, Disaster>(
      recentSnap ? reads.query(recentSnap).docs.map((doc) => [doc.id, doc.data()]) : [],
    ),
    joined: new Set(membershipSnap ? reads.query(membershipSnap).docs.map((doc) => doc.id) : []),
  };
}

type Own = Awaited<ReturnType<typeof readOwn>>;

/**
 * Disasters: the recent public ones, plus those the caller joined and those the question,
 * requests and tasks refer to (read when not among the recent ones).
 */
async function readDisasters(own: Own, focus: Disaster | null, reads: Reads): Promise<Map<string, Disaster>> {
  const disasters = new Map(own.recent);
  if (focus) disasters.set(focus.id, focus);
  const missing = [
    ...new Set([...own.joined, ...own.requests.map((r) => r.disaster_id), ...own.tasks.map((t) => t.disaster_id)]),
  ].filter((id) => !disasters.has(id));
  for (const disaster of reads.docs(await getAllData(missing.map((id) => disasterStore.doc(id))))) {
    if (disaster) disasters.set(disaster.id, disaster);
  }
  return disasters;
}

/** The plans of the caller's requests, and the resources they suggest that a non-staff caller sees by category. */
async function readPlans(caller: Caller, requests: HelpRequest[], parts: ContextParts, reads: Reads) {
  const outputs = parts.plans
    ? reads.docs(await getAllData(requests.map((request) => workflowOutputStore.doc(request.id))))
    : [];
  const planned = isStaff(caller)
    ? []
    : [...new Set(outputs.flatMap((output) => (output ? plannedResources(output).map((r) => r.resource_id) : [])))];
  const stored = new Map<string, Resource>();
  for (const resource of reads.docs(await getAllData(planned.map((id) => resourceStore.doc(id))))) {
    if (resource) stored.set(resource.id, resource);
  }
  return { outputs, stored };
}

/** Nearest available resources of the categories asked (the first few), or of any kind for Gemini. */
async function readNearby(
  caller: Caller,
  center: Location | null,
  options: ContextOptions,
  reads: Reads,
): Promise<ChatContext['nearby']> {
  // The first categories named only: a question naming all of them would cost dozens of range queries.
  const categories = options.categories.slice(0, MAX_CATEGORIES_PER_ASK);
  const nearby: ChatContext['nearby'] = { categories, searched_km: null, resources: [] };
  if (!center) return nearby;
  const lookups =
    categories.length > 0
      ? categories.map((c) => [c, RESOURCES_PER_CATEGORY] as const)
      : options.anyNearby
        ? [[null, RESOURCES_ANY_CATEGORY] as const]
        : [];
  // From the caller's own point: with every hidden point replaced by its public cell centre, the
  // answer depends only on public places and the caller's own input, so no snapping is needed.
  const found = await Promise.all(lookups.map(([category, limit]) => resourcesNear(caller, center, category, limit)));
  const seen = new Set<string>();
  for (const { radius, resources, docsRead } of found) {
    reads.count += docsRead;
    if (radius !== null) nearby.searched_km = Math.max(nearby.searched_km ?? 0, radius);
    for (const resource of resources) {
      if (seen.has(resource.id)) continue;
      seen.add(resource.id);
      nearby.resources.push(resource);
    }
  }
  return nearby;
}

/** The visible disasters the caller has a relation to, each with the closest one (joined, referenced, recent). */
function disasterFacts(
  caller: Caller,
  own: Own,
  disasters: Map<string, Disaster>,
  focus: Disaster | null,
  center: Location | null,
): DisasterFacts[] {
  const referenced = new Set([
    ...own.requests.map((r) => r.disaster_id),
    ...own.tasks.map((t) => t.disaster_id),
    ...(focus ? [focus.id] : []),
  ]);
  const relationOf = (id: string): DisasterFacts['relation'] | null =>
    own.joined.has(id) ? 'joined' : referenced.has(id) ? 'referenced' : own.recent.has(id) ? 'recent' : null;
  return [...disasters.values()]
    .filter((disaster) => isVisible(disaster, caller))
    .flatMap((disaster) => {
      const relation = relationOf(disaster.id);
      if (relation === null) return [];
      return [
        {
          id: disaster.id,
          relation,
          name: disaster.name,
          type: disaster.type,
          description: clip(disaster.description, 500),
          severity: disaster.severity,
          radius_km: disaster.radius_km,
          status: disaster.status,
          joined: own.joined.has(disaster.id),
          distance_km: center ? round(distanceKm(center, disaster.location)) : null,
        },
      ];
    });
}

export async function gatherContext(caller: Caller, options: ContextOptions): Promise<Gathered> {
  const reads = new Reads();
  const focus = options.disasterId === undefined ? null : await visibleDisaster(caller, options.disasterId);
  if (focus) reads.count += 1;
  const own = await readOwn(caller, options.parts, reads);
  const disasters = await readDisasters(own, focus, reads);
  const nameOf = (id: string) => {
    const disaster = disasters.get(id);
    return disaster && isVisible(disaster, caller) ? disaster.name : null;
  };
  const { outputs, stored } = await readPlans(caller, own.requests, options.parts, reads);

  const { user, requests } = own;
  const latest = requests[0];
  const center = user?.location ?? latest?.location ?? null;
  const locationSource = user?.location ? 'profile' : latest ? 'latest_request' : null;
  const nearby = await readNearby(caller, center, options, reads);

  const context: ChatContext = {
    user: { display_name: user?.display_name ?? null, role: caller.role, registered: user !== undefined },
    location_source: center ? locationSource : null,
    requests: requests.map((request, i) =>
      requestFacts(request, nameOf(request.disaster_id), outputs[i], caller, stored),
    ),
    tasks: own.tasks.map((task) => taskFacts(task, nameOf(task.disaster_id))),
    disasters: disasterFacts(caller, own, disasters, focus, center),
    focus_disaster_id: focus?.id ?? null,
    nearby,
  };
  return { context, docsRead: reads.count };
}
