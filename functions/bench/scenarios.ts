// What the benchmarks call, endpoint by endpoint: the arranged data, the call, and (figure 3)
// the fewest Firestore reads and writes the endpoint could do its job with. A new endpoint
// gets its entry here; the cost figure lists every endpoint of allEndpoints that has none.
import { collections } from '../src/data/collections.js';
import type { Observation } from '../src/observations/model.js';
import type { HelpRequest } from '../src/requests/model.js';
import { geohashOf } from '../src/shared/geo.js';
import type { Role } from '../src/shared/schemas.js';
import type { WorkflowOutput } from '../src/workflow/model.js';
import { call, expectStatus, registeredUser, type TestUser } from '../test/helpers/api.js';
import { tokenFor } from '../test/helpers/emulators.js';
import { newResource, newTask, readyTask } from '../test/helpers/tasks-fixtures.js';
import { disaster, join, quietRequest, requestValue, resource, spot, waitFor } from '../test/helpers/planning-fixtures.js';
import { db } from '../src/data/firestore.js';
import type { HttpCall } from './load.js';
import type { Session } from './session.js';

// --- Figure 2: the endpoints under load, each with its bare twin --------------------------------

export interface OverheadScenario {
  name: string;
  expect: number;
  /** Fewer calls than the run's default (a slow endpoint), as a fraction of it. */
  share?: number;
  /** `calls`: at most this many calls per side (for scenarios that use up their data). */
  prepare(session: Session, calls: number): Promise<{ ours: (i: number) => HttpCall; baseline: (i: number) => HttpCall; settle?: () => Promise<void> }>;
}

/**
 * `count` copies of a task that is assigned to `assignee` and authorized, ready to go on_route:
 * one made through the API, cloned in batches (raw documents, new ids and sort keys).
 */
async function readyTasks(assignee: TestUser, count: number): Promise<string[]> {
  const admin = await registeredUser('admin');
  const d = await disaster();
  const model = (await readyTask(admin, assignee, d.id)) as { id: string };
  const raw = (await db().collection(collections.tasks.path).doc(model.id).get()).data() ?? {};
  const ids: string[] = [];
  for (let start = 0; start < count; start += 400) {
    const batch = db().batch();
    for (let i = start; i < Math.min(count, start + 400); i++) {
      const id = `${model.id}-${i}`;
      ids.push(id);
      batch.set(db().collection(collections.tasks.path).doc(id), { ...raw, id, sort_key: `${String(raw.sort_key).split('~')[0]}~${id}` });
    }
    await batch.commit();
  }
  return ids;
}

/** `count` stored requests that the planning trigger skips at once (marked as duplicates). */
async function seedRequests(owner: string, disasterId: string, count: number): Promise<void> {
  const batch = db().batch();
  for (let i = 0; i < count; i++) {
    const value = { ...requestValue({ owner, disasterId, at: spot() }), duplicate_of: 'bench-original' };
    batch.set(collections.requests.doc(value.id), value);
  }
  await batch.commit();
}

const both = (session: Session, method: string, path: string, token: string, body?: unknown) => ({
  ours: () => ({ method, url: `${session.apiUrl}${path}`, token, body }),
  baseline: () => ({ method, url: `${session.baselineUrl}${path}`, token, body }),
});

export const overheadScenarios: OverheadScenario[] = [
  {
    name: 'GET /users/me',
    expect: 200,
    async prepare(session) {
      const user = await registeredUser('volunteer');
      return both(session, 'GET', '/users/me', user.token);
    },
  },
  {
    name: 'GET /requests/{id}',
    expect: 200,
    async prepare(session) {
      const owner = await registeredUser('affected_individual');
      const req = await request(owner);
      return both(session, 'GET', `/requests/${req.id}`, owner.token);
    },
  },
  {
    name: 'GET /requests?limit=50',
    expect: 200,
    async prepare(session) {
      const responder = await registeredUser('responder');
      const d = await disaster();
      await seedRequests('bench-owner', d.id, 60);
      await waitFor('the relay to skip the seeded requests', async () => {
        const seeded = await collections.requests.ref().where('disaster_id', '==', d.id).get();
        return seeded.docs.every((doc) => doc.data().planning.state === 'skipped') ? true : undefined;
      }, 30_000);
      return both(session, 'GET', '/requests?limit=50', responder.token);
    },
  },
  {
    name: 'POST /requests',
    expect: 201,
    share: 0.5,
    async prepare(session) {
      // One owner at one place: after the first, every request is a likely duplicate, which the
      // planning trigger skips at once, so the load measures the call rather than the planner.
      const owner = await registeredUser('affected_individual');
      const d = await disaster();
      const body = { disaster_id: d.id, type_of_need: 'water', description: 'Bench: drinking water for 5', location: spot() };
      return {
        ...both(session, 'POST', '/requests', owner.token, body),
        // The trigger relay works through every creation after the load: let it finish first.
        settle: async () => {
          await waitFor('the relay to handle every request of the load', async () => {
            const made = await collections.requests.ref().where('owner_id', '==', owner.uid).get();
            return made.docs.every((doc) => doc.data().planning.state !== 'pending') ? true : undefined;
          }, 300_000);
        },
      };
    },
  },
  {
    name: 'PATCH /tasks/{id}/status',
    expect: 200,
    // pending → on_route by the assignee: each call moves a task of its own, ready in advance.
    async prepare(session, calls) {
      const assignee = await registeredUser('responder');
      const ours = await readyTasks(assignee, calls);
      const theirs = await readyTasks(assignee, calls);
      const body = { status: 'on_route' };
      return {
        ours: (i) => ({ method: 'PATCH', url: `${session.apiUrl}/tasks/${ours[i]}/status`, token: assignee.token, body }),
        baseline: (i) => ({ method: 'PATCH', url: `${session.baselineUrl}/tasks/${theirs[i]}/status`, token: assignee.token, body }),
      };
    },
  },
];

// --- Figure 3: one call of every endpoint, and the minimum it needs -------------------------------

export interface CostCall {
  method: string;
  /** Path under the API, with the query. */
  path: string;
  token?: string;
  body?: unknown;
  expect: number;
  /** Waits, after the call was counted, for background work it set off that outlasts a quiet spell. */
  settle?: () => Promise<void>;
}

/** Every queued allocation job has run: the Cloud Tasks emulator may start one seconds later. */
async function allocationJobsFinished(): Promise<void> {
  await waitFor('the queued allocation jobs to finish', async () => {
    for (const status of ['queued', 'running']) {
      if (!(await db().collection(collections.allocationJobs.path).where('status', '==', status).limit(1).get()).empty) return undefined;
    }
    return true;
  }, 60_000);
}

export interface CostScenario {
  /** The fewest document reads and writes this call needs, and why. */
  minimum: { reads: number; writes: number; why: string };
  /** A list: one document more than the page is read to know whether a next page exists. */
  page?: true;
  arrange(ctx: CostContext): Promise<CostCall>;
}

export interface CostContext {
  user(role: Role, profile?: Record<string, unknown>): Promise<TestUser>;
}

export const costContext: CostContext = {
  user: (role, profile) => registeredUser(role, profile),
};

const here = { lat: 14.6, lng: 121.0 };

/** A pending request of `owner` that no planner touches while it is measured (see quietRequest). */
async function request(owner: TestUser, disasterId?: string): Promise<HelpRequest> {
  const disasterOf = disasterId ?? (await disaster()).id;
  return quietRequest({ owner: owner.uid, disasterId: disasterOf, at: spot() });
}

/** A workflow output for `req`, with one planner task and one suggestion, written directly. */
async function output(req: HelpRequest): Promise<WorkflowOutput> {
  const now = new Date().toISOString();
  const unit = await resource(req.location);
  const value: WorkflowOutput = {
    id: req.id,
    request_id: req.id,
    disaster_id: req.disaster_id,
    planner: 'deterministic',
    model: null,
    duration_ms: 1,
    rationale: 'Bench plan',
    fallback_reason: null,
    tasks: [{ id: 'wt-1', instructions: 'Bring the boat', role_required: 'volunteer', priority: 1, approval_status: 'pending', source: 'planner', suggested_assignee_id: null, task_id: null, created_at: now, updated_at: now }],
    resources: [{ id: 'wr-1', resource_id: unit.id, name: unit.name, category: unit.category, distance_km: 0, reason: 'nearby', approval_status: 'pending', source: 'planner', created_at: now, updated_at: now }],
    created_at: now,
    updated_at: now,
  };
  await collections.workflowOutputs.doc(req.id).set(value);
  return value;
}

async function planned(ctx: CostContext): Promise<{ admin: TestUser; req: HelpRequest }> {
  const [admin, owner] = [await ctx.user('admin'), await ctx.user('affected_individual')];
  const req = await request(owner);
  await output(req);
  return { admin, req };
}

const PAGE = 5;

/** An observation written directly (its creation reaches the agent trigger, which is let settle). */
async function observation(reporter: TestUser): Promise<Observation> {
  const now = new Date().toISOString();
  const at = spot();
  const value: Observation = { id: `obs-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`, type: 'flooding', description: 'Water rising on the main road', location: at, geohash: geohashOf(at), severity: 3, disaster_id: null, reporter_id: reporter.uid, created_at: now, updated_at: now };
  await collections.observations.doc(value.id).set(value);
  await new Promise((resolve) => setTimeout(resolve, 500));
  return value;
}

export const costScenarios: Record<string, CostScenario> = {
  'GET /health': { minimum: { reads: 0, writes: 0, why: 'no data' }, arrange: () => Promise.resolve({ method: 'GET', path: '/health', expect: 200 }) },
  'GET /openapi.json': { minimum: { reads: 0, writes: 0, why: 'generated from the declarations' }, arrange: () => Promise.resolve({ method: 'GET', path: '/openapi.json', expect: 200 }) },
  'GET /docs': { minimum: { reads: 0, writes: 0, why: 'static page' }, arrange: () => Promise.resolve({ method: 'GET', path: '/docs', expect: 200 }) },
  'POST /users/register': {
    minimum: { reads: 1, writes: 1, why: 'read the profile (upsert), write it' },
    arrange: async () => ({ method: 'POST', path: '/users/register', token: await tokenFor({}), body: { display_name: 'Bench user' }, expect: 200 }),
  },
  'GET /users/me': {
    minimum: { reads: 1, writes: 0, why: 'the profile' },
    arrange: async (ctx) => ({ method: 'GET', path: '/users/me', token: (await ctx.user('affected_individual')).token, expect: 200 }),
  },
  'GET /users/me/availability': {
    minimum: { reads: 1, writes: 0, why: 'the profile' },
    arrange: async (ctx) => ({ method: 'GET', path: '/users/me/availability', token: (await ctx.user('volunteer')).token, expect: 200 }),
  },
  'PATCH /users/me/availability': {
    minimum: { reads: 1, writes: 1, why: 'read the profile (must exist), write it' },
    arrange: async (ctx) => ({ method: 'PATCH', path: '/users/me/availability', token: (await ctx.user('volunteer')).token, body: { availability: 'available' }, expect: 200 }),
  },
  'PATCH /users/me/location': {
    minimum: { reads: 1, writes: 1, why: 'read the profile (must exist), write it' },
    arrange: async (ctx) => ({ method: 'PATCH', path: '/users/me/location', token: (await ctx.user('volunteer')).token, body: { location: here }, expect: 200 }),
  },
  'GET /users/{uid}/display_name': {
    minimum: { reads: 1, writes: 0, why: 'the profile' },
    async arrange(ctx) {
      const [caller, other] = [await ctx.user('volunteer'), await ctx.user('affected_individual')];
      return { method: 'GET', path: `/users/${other.uid}/display_name`, token: caller.token, expect: 200 };
    },
  },
  'PUT /users/{uid}/role': {
    minimum: { reads: 1, writes: 1, why: 'read the profile (must exist), write the role into it' },
    async arrange(ctx) {
      const [admin, other] = [await ctx.user('admin'), await ctx.user('affected_individual')];
      return { method: 'PUT', path: `/users/${other.uid}/role`, token: admin.token, body: { role: 'responder' }, expect: 200 };
    },
  },

  // --- disasters, membership, chat ---
  'GET /disasters': {
    page: true,
    minimum: { reads: 2, writes: 0, why: 'a page of 2' },
    async arrange(ctx) {
      await Promise.all([disaster(), disaster(), disaster()]);
      return { method: 'GET', path: '/disasters?limit=2', token: (await ctx.user('volunteer')).token, expect: 200 };
    },
  },
  'POST /disasters': {
    minimum: { reads: 0, writes: 1, why: 'the disaster' },
    arrange: async (ctx) => ({ method: 'POST', path: '/disasters', token: (await ctx.user('admin')).token, body: { name: 'Bench flood', type: 'flood', description: 'River over its banks', location: spot(), radius_km: 20, severity: 3 }, expect: 201 }),
  },
  'GET /disasters/agent-suggested': {
    minimum: { reads: 1, writes: 0, why: 'a page of 1 suggestion' },
    async arrange(ctx) {
      await disaster('suggested');
      return { method: 'GET', path: '/disasters/agent-suggested?limit=1', token: (await ctx.user('admin')).token, expect: 200 };
    },
  },
  'GET /disasters/{id}': {
    minimum: { reads: 1, writes: 0, why: 'the disaster' },
    arrange: async (ctx) => ({ method: 'GET', path: `/disasters/${(await disaster()).id}`, token: (await ctx.user('volunteer')).token, expect: 200 }),
  },
  'POST /disasters/{id}/join': {
    minimum: { reads: 3, writes: 2, why: "the disaster (confirmed?), the caller (display name, role), the membership (201 or 200: idempotent); the membership and the caller's list entry" },
    arrange: async (ctx) => ({ method: 'POST', path: `/disasters/${(await disaster()).id}/join`, token: (await ctx.user('volunteer')).token, expect: 201 }),
  },
  'DELETE /disasters/{id}/leave': {
    minimum: { reads: 1, writes: 2, why: "the disaster (404 when unknown); the membership and the caller's list entry deleted (idempotent)" },
    async arrange(ctx) {
      const [member, d] = [await ctx.user('volunteer'), await disaster()];
      await join(d.id, member);
      return { method: 'DELETE', path: `/disasters/${d.id}/leave`, token: member.token, expect: 204 };
    },
  },
  'GET /disasters/{id}/joined': {
    minimum: { reads: 2, writes: 0, why: 'the disaster (404 when unknown), the membership' },
    async arrange(ctx) {
      const [member, d] = [await ctx.user('volunteer'), await disaster()];
      await join(d.id, member);
      return { method: 'GET', path: `/disasters/${d.id}/joined`, token: member.token, expect: 200 };
    },
  },
  'GET /disasters/{id}/volunteers': {
    minimum: { reads: 5, writes: 0, why: 'the disaster, its 2 members, their 2 profiles (availability, location)' },
    async arrange(ctx) {
      const [admin, a, b, d] = [await ctx.user('admin'), await ctx.user('volunteer'), await ctx.user('volunteer'), await disaster()];
      await Promise.all([join(d.id, a), join(d.id, b)]);
      return { method: 'GET', path: `/disasters/${d.id}/volunteers`, token: admin.token, expect: 200 };
    },
  },
  'POST /disasters/{id}/approve': {
    minimum: { reads: 1, writes: 1, why: 'the suggestion; the confirmed disaster' },
    arrange: async (ctx) => ({ method: 'POST', path: `/disasters/${(await disaster('suggested')).id}/approve`, token: (await ctx.user('admin')).token, expect: 200 }),
  },
  'DELETE /disasters/{id}/discard': {
    minimum: { reads: 1, writes: 1, why: 'the suggestion; its deletion (+ marks on its observations, none here)' },
    arrange: async (ctx) => ({ method: 'DELETE', path: `/disasters/${(await disaster('suggested')).id}/discard`, token: (await ctx.user('admin')).token, expect: 204 }),
  },
  'GET /disasters/{id}/chat/messages': {
    page: true,
    minimum: { reads: 3, writes: 0, why: 'the disaster (404 when unknown), the membership (members only), a page of 1 message' },
    async arrange(ctx) {
      const [member, d] = [await ctx.user('volunteer'), await disaster()];
      await join(d.id, member);
      for (const text of ['first', 'second']) expectStatus(await call('POST', `/disasters/${d.id}/chat/messages`, { token: member.token, body: { text } }), 200);
      return { method: 'GET', path: `/disasters/${d.id}/chat/messages?limit=1`, token: member.token, expect: 200 };
    },
  },
  'POST /disasters/{id}/chat/messages': {
    minimum: { reads: 2, writes: 1, why: 'the disaster (404 when unknown), the membership (members only; the sender\'s name); the message' },
    async arrange(ctx) {
      const [member, d] = [await ctx.user('volunteer'), await disaster()];
      await join(d.id, member);
      return { method: 'POST', path: `/disasters/${d.id}/chat/messages`, token: member.token, body: { text: 'Boat available at the bridge' }, expect: 200 };
    },
  },

  // --- observations ---
  'GET /observations': {
    page: true,
    minimum: { reads: 2, writes: 0, why: 'a page of 2' },
    async arrange(ctx) {
      const reporter = await ctx.user('volunteer');
      await Promise.all([observation(reporter), observation(reporter), observation(reporter)]);
      return { method: 'GET', path: '/observations?limit=2', token: reporter.token, expect: 200 };
    },
  },
  'POST /observations': {
    minimum: { reads: 0, writes: 1, why: 'the observation (the agent trigger it sets off is not counted)' },
    arrange: async (ctx) => ({ method: 'POST', path: '/observations', token: (await ctx.user('volunteer')).token, body: { type: 'flooding', description: 'Water over the road', location: spot(), severity: 3 }, expect: 201 }),
  },
  'GET /observations/{obs_id}': {
    minimum: { reads: 1, writes: 0, why: 'the observation' },
    async arrange(ctx) {
      const reporter = await ctx.user('volunteer');
      return { method: 'GET', path: `/observations/${(await observation(reporter)).id}`, token: reporter.token, expect: 200 };
    },
  },
  'DELETE /observations/{obs_id}': {
    minimum: { reads: 1, writes: 1, why: 'the observation (reporter?); its deletion' },
    async arrange(ctx) {
      const reporter = await ctx.user('volunteer');
      return { method: 'DELETE', path: `/observations/${(await observation(reporter)).id}`, token: reporter.token, expect: 204 };
    },
  },

  // --- tasks, resources, notifications ---
  'GET /tasks': {
    page: true,
    minimum: { reads: 2, writes: 0, why: 'a page of 2' },
    async arrange(ctx) {
      const [admin, d] = [await ctx.user('admin'), await disaster()];
      await Promise.all([newTask(admin, d.id), newTask(admin, d.id), newTask(admin, d.id)]);
      return { method: 'GET', path: '/tasks?limit=2', token: admin.token, expect: 200 };
    },
  },
  'POST /tasks': {
    minimum: { reads: 3, writes: 4, why: 'the disaster, the resource and its claim (all or none); the task, the claim, the resource, a history entry in the task' },
    async arrange(ctx) {
      const [admin, owner, d] = [await ctx.user('admin'), await ctx.user('volunteer'), await disaster()];
      const unit = (await newResource(owner)) as { id: string };
      return { method: 'POST', path: '/tasks', token: admin.token, body: { disaster_id: d.id, priority: 2, instructions: 'Bring the boat to the school', role_required: 'volunteer', resource_ids: [unit.id] }, expect: 201 };
    },
  },
  'GET /tasks/me': {
    minimum: { reads: 1, writes: 0, why: 'the caller\'s 1 task' },
    async arrange(ctx) {
      const [admin, responder, d] = [await ctx.user('admin'), await ctx.user('responder'), await disaster()];
      await readyTask(admin, responder, d.id);
      return { method: 'GET', path: '/tasks/me', token: responder.token, expect: 200 };
    },
  },
  'GET /tasks/{task_id}': {
    minimum: { reads: 1, writes: 0, why: 'the task' },
    async arrange(ctx) {
      const [admin, responder, d] = [await ctx.user('admin'), await ctx.user('responder'), await disaster()];
      const task = (await readyTask(admin, responder, d.id)) as { id: string };
      return { method: 'GET', path: `/tasks/${task.id}`, token: responder.token, expect: 200 };
    },
  },
  'PATCH /tasks/{task_id}/status': {
    minimum: { reads: 1, writes: 2, why: 'the task; the task, the once-only transition marker' },
    async arrange(ctx) {
      const [admin, responder, d] = [await ctx.user('admin'), await ctx.user('responder'), await disaster()];
      const task = (await readyTask(admin, responder, d.id)) as { id: string };
      return { method: 'PATCH', path: `/tasks/${task.id}/status`, token: responder.token, body: { status: 'on_route' }, expect: 200 };
    },
  },
  'PATCH /tasks/{task_id}/assign': {
    minimum: { reads: 2, writes: 2, why: 'the task, the assignee (role fits?); the task, the assignee\'s notification' },
    async arrange(ctx) {
      const [admin, responder, d] = [await ctx.user('admin'), await ctx.user('responder'), await disaster()];
      const task = (await newTask(admin, d.id)) as { id: string };
      return { method: 'PATCH', path: `/tasks/${task.id}/assign`, token: admin.token, body: { user_id: responder.uid }, expect: 200 };
    },
  },
  'PATCH /tasks/{task_id}/authorize': {
    minimum: { reads: 1, writes: 2, why: 'the task; the task, the assignee\'s notification' },
    async arrange(ctx) {
      const [admin, responder, d] = [await ctx.user('admin'), await ctx.user('responder'), await disaster()];
      const task = (await newTask(admin, d.id)) as { id: string };
      expectStatus(await call('PATCH', `/tasks/${task.id}/assign`, { token: admin.token, body: { user_id: responder.uid } }), 200);
      return { method: 'PATCH', path: `/tasks/${task.id}/authorize`, token: admin.token, expect: 200 };
    },
  },
  'GET /resources': {
    page: true,
    minimum: { reads: 2, writes: 0, why: 'a page of 2' },
    async arrange(ctx) {
      const owner = await ctx.user('volunteer');
      await Promise.all([newResource(owner), newResource(owner), newResource(owner)]);
      return { method: 'GET', path: '/resources?limit=2', token: owner.token, expect: 200 };
    },
  },
  'POST /resources': {
    minimum: { reads: 0, writes: 1, why: 'the resource' },
    arrange: async (ctx) => ({ method: 'POST', path: '/resources', token: (await ctx.user('volunteer')).token, body: { name: 'Pickup truck', category: 'vehicle', quantity: 1, unit: 'units', location: spot() }, expect: 201 }),
  },
  'GET /resources/available': {
    page: true,
    minimum: { reads: 2, writes: 0, why: 'a page of 2' },
    async arrange(ctx) {
      const owner = await ctx.user('volunteer');
      await Promise.all([newResource(owner), newResource(owner), newResource(owner)]);
      return { method: 'GET', path: '/resources/available?limit=2', token: owner.token, expect: 200 };
    },
  },
  'GET /resources/locations': {
    page: true,
    minimum: { reads: 2, writes: 0, why: 'a page of 2 points' },
    async arrange(ctx) {
      const owner = await ctx.user('volunteer');
      await Promise.all([newResource(owner), newResource(owner), newResource(owner)]);
      return { method: 'GET', path: '/resources/locations?limit=2', token: owner.token, expect: 200 };
    },
  },
  'GET /resources/{rid}': {
    minimum: { reads: 1, writes: 0, why: 'the resource' },
    async arrange(ctx) {
      const owner = await ctx.user('volunteer');
      const unit = (await newResource(owner)) as { id: string };
      return { method: 'GET', path: `/resources/${unit.id}`, token: owner.token, expect: 200 };
    },
  },
  'PATCH /resources/{rid}': {
    minimum: { reads: 1, writes: 1, why: 'the resource (owner?); the resource' },
    async arrange(ctx) {
      const owner = await ctx.user('volunteer');
      const unit = (await newResource(owner)) as { id: string };
      return { method: 'PATCH', path: `/resources/${unit.id}`, token: owner.token, body: { description: 'Fuelled, keys at the gate' }, expect: 200 };
    },
  },
  'PUT /resources/{rid}/status': {
    minimum: { reads: 1, writes: 2, why: 'the resource (owner? in use?); the resource, its claim (not_available holds the unit against tasks)' },
    async arrange(ctx) {
      const owner = await ctx.user('volunteer');
      const unit = (await newResource(owner)) as { id: string };
      return { method: 'PUT', path: `/resources/${unit.id}/status`, token: owner.token, body: { status: 'not_available' }, expect: 200 };
    },
  },
  'GET /notifications/me': {
    page: true,
    minimum: { reads: 2, writes: 0, why: 'the caller\'s 2 notifications (assigned, authorized)' },
    async arrange(ctx) {
      const [admin, responder, d] = [await ctx.user('admin'), await ctx.user('responder'), await disaster()];
      await readyTask(admin, responder, d.id);
      return { method: 'GET', path: '/notifications/me', token: responder.token, expect: 200 };
    },
  },
  'PATCH /notifications/{id}': {
    minimum: { reads: 1, writes: 1, why: 'the notification; the notification' },
    async arrange(ctx) {
      const [admin, responder, d] = [await ctx.user('admin'), await ctx.user('responder'), await disaster()];
      await readyTask(admin, responder, d.id);
      const page = expectStatus<{ items: { id: string }[] }>(await call('GET', '/notifications/me', { token: responder.token }), 200);
      return { method: 'PATCH', path: `/notifications/${page.items[0]?.id ?? 'none'}`, token: responder.token, body: { read: true }, expect: 200 };
    },
  },

  // --- requests ---
  'GET /requests': {
    page: true,
    minimum: { reads: PAGE, writes: 0, why: `a page of ${PAGE}` },
    async arrange(ctx) {
      const [responder, owner] = [await ctx.user('responder'), await ctx.user('affected_individual')];
      const d = await disaster();
      await Promise.all(Array.from({ length: PAGE + 2 }, () => request(owner, d.id)));
      return { method: 'GET', path: `/requests?limit=${PAGE}`, token: responder.token, expect: 200 };
    },
  },
  'POST /requests': {
    minimum: { reads: 2, writes: 1, why: 'the disaster, the duplicate check (an empty query bills one read); the request' },
    async arrange(ctx) {
      const [owner, d] = [await ctx.user('affected_individual'), await disaster()];
      return { method: 'POST', path: '/requests', token: owner.token, body: { disaster_id: d.id, type_of_need: 'rescue', description: 'Bench: two people on a roof', location: spot() }, expect: 201 };
    },
  },
  'GET /requests/me': {
    minimum: { reads: 2, writes: 0, why: 'the caller\'s 2 requests' },
    async arrange(ctx) {
      const owner = await ctx.user('affected_individual');
      await Promise.all([request(owner), request(owner)]);
      return { method: 'GET', path: '/requests/me', token: owner.token, expect: 200 };
    },
  },
  'GET /requests/{req_id}': {
    minimum: { reads: 1, writes: 0, why: 'the request (the owner reads it)' },
    async arrange(ctx) {
      const owner = await ctx.user('affected_individual');
      const req = await request(owner);
      return { method: 'GET', path: `/requests/${req.id}`, token: owner.token, expect: 200 };
    },
  },
  'PATCH /requests/{req_id}/status': {
    minimum: { reads: 1, writes: 1, why: 'read the request (state check), write it' },
    async arrange(ctx) {
      const [responder, owner] = [await ctx.user('responder'), await ctx.user('affected_individual')];
      const req = await request(owner);
      return { method: 'PATCH', path: `/requests/${req.id}/status`, token: responder.token, body: { status: 'in_progress' }, expect: 200 };
    },
  },
  'GET /requests/disaster/{disaster_id}': {
    minimum: { reads: 3, writes: 0, why: 'the disaster (404 check), its 2 requests' },
    async arrange(ctx) {
      const [responder, owner] = [await ctx.user('responder'), await ctx.user('affected_individual')];
      const d = await disaster();
      await Promise.all([request(owner, d.id), request(owner, d.id)]);
      return { method: 'GET', path: `/requests/disaster/${d.id}`, token: responder.token, expect: 200 };
    },
  },

  // --- workflow outputs ---
  'GET /workflow-outputs': {
    page: true,
    minimum: { reads: 2, writes: 0, why: 'a page of 2' },
    async arrange(ctx) {
      const { admin } = await planned(ctx);
      await planned(ctx);
      await planned(ctx);
      return { method: 'GET', path: '/workflow-outputs?limit=2', token: admin.token, expect: 200 };
    },
  },
  'POST /workflow-outputs': {
    minimum: { reads: 2, writes: 1, why: 'the request, the output (create or append); the output' },
    async arrange(ctx) {
      const [admin, owner] = [await ctx.user('admin'), await ctx.user('affected_individual')];
      const req = await request(owner);
      return { method: 'POST', path: '/workflow-outputs', token: admin.token, body: { request_id: req.id, rationale: 'Dispatcher plan', tasks: [{ instructions: 'Check on the family', role_required: 'responder', priority: 2 }] }, expect: 201 };
    },
  },
  'GET /workflow-outputs/{request_id}': {
    minimum: { reads: 1, writes: 0, why: 'the output' },
    arrange: async (ctx) => {
      const { admin, req } = await planned(ctx);
      return { method: 'GET', path: `/workflow-outputs/${req.id}`, token: admin.token, expect: 200 };
    },
  },
  'DELETE /workflow-outputs/{request_id}': {
    minimum: { reads: 1, writes: 1, why: 'the output (404 check); its deletion' },
    arrange: async (ctx) => {
      const { admin, req } = await planned(ctx);
      return { method: 'DELETE', path: `/workflow-outputs/${req.id}`, token: admin.token, expect: 204 };
    },
  },
  'GET /workflow-outputs/{request_id}/tasks': {
    minimum: { reads: 1, writes: 0, why: 'the output (tasks are embedded)' },
    arrange: async (ctx) => {
      const { admin, req } = await planned(ctx);
      return { method: 'GET', path: `/workflow-outputs/${req.id}/tasks`, token: admin.token, expect: 200 };
    },
  },
  'POST /workflow-outputs/{request_id}/tasks': {
    minimum: { reads: 1, writes: 1, why: 'the output; the output' },
    arrange: async (ctx) => {
      const { admin, req } = await planned(ctx);
      return { method: 'POST', path: `/workflow-outputs/${req.id}/tasks`, token: admin.token, body: { instructions: 'Bring water', role_required: 'volunteer', priority: 3 }, expect: 201 };
    },
  },
  'PATCH /workflow-outputs/{request_id}/tasks/{task_id}': {
    minimum: { reads: 1, writes: 1, why: 'the output; the output' },
    arrange: async (ctx) => {
      const { admin, req } = await planned(ctx);
      return { method: 'PATCH', path: `/workflow-outputs/${req.id}/tasks/wt-1`, token: admin.token, body: { approval_status: 'approved' }, expect: 200 };
    },
  },
  'DELETE /workflow-outputs/{request_id}/tasks/{task_id}': {
    minimum: { reads: 1, writes: 1, why: 'the output; the output' },
    arrange: async (ctx) => {
      const { admin, req } = await planned(ctx);
      return { method: 'DELETE', path: `/workflow-outputs/${req.id}/tasks/wt-1`, token: admin.token, expect: 204 };
    },
  },
  'POST /workflow-outputs/{request_id}/tasks/{task_id}/create-task': {
    minimum: { reads: 3, writes: 4, why: 'the output, the request, the disaster; the task, the output (task_id), the request (in_progress), the assignee notification if any' },
    arrange: async (ctx) => {
      const { admin, req } = await planned(ctx);
      expectStatus(await call('PATCH', `/workflow-outputs/${req.id}/tasks/wt-1`, { token: admin.token, body: { approval_status: 'approved' } }), 200);
      return { method: 'POST', path: `/workflow-outputs/${req.id}/tasks/wt-1/create-task`, token: admin.token, expect: 201 };
    },
  },
  'GET /workflow-outputs/{request_id}/resources': {
    minimum: { reads: 1, writes: 0, why: 'the output (suggestions are embedded)' },
    arrange: async (ctx) => {
      const { admin, req } = await planned(ctx);
      return { method: 'GET', path: `/workflow-outputs/${req.id}/resources`, token: admin.token, expect: 200 };
    },
  },
  'POST /workflow-outputs/{request_id}/resources': {
    minimum: { reads: 2, writes: 1, why: 'the output, the resource (exists, available); the output' },
    arrange: async (ctx) => {
      const { admin, req } = await planned(ctx);
      const unit = await resource(req.location, { category: 'water' });
      return { method: 'POST', path: `/workflow-outputs/${req.id}/resources`, token: admin.token, body: { resource_id: unit.id, reason: 'close by' }, expect: 201 };
    },
  },
  'PATCH /workflow-outputs/{request_id}/resources/{res_id}': {
    minimum: { reads: 1, writes: 1, why: 'the output; the output' },
    arrange: async (ctx) => {
      const { admin, req } = await planned(ctx);
      return { method: 'PATCH', path: `/workflow-outputs/${req.id}/resources/wr-1`, token: admin.token, body: { approval_status: 'approved' }, expect: 200 };
    },
  },
  'DELETE /workflow-outputs/{request_id}/resources/{res_id}': {
    minimum: { reads: 1, writes: 1, why: 'the output; the output' },
    arrange: async (ctx) => {
      const { admin, req } = await planned(ctx);
      return { method: 'DELETE', path: `/workflow-outputs/${req.id}/resources/wr-1`, token: admin.token, expect: 204 };
    },
  },

  // --- allocation ---
  'POST /resources/suggest/{disaster_id}': {
    minimum: { reads: 1, writes: 1, why: 'the disaster; the job (the queued job itself runs later, not counted)' },
    arrange: async (ctx) => {
      const [admin, d] = [await ctx.user('admin'), await disaster()];
      return { method: 'POST', path: `/resources/suggest/${d.id}`, token: admin.token, expect: 202, settle: allocationJobsFinished };
    },
  },
  'GET /allocation-jobs/{job_id}': {
    minimum: { reads: 1, writes: 0, why: 'the job' },
    arrange: async (ctx) => {
      const [admin, d] = [await ctx.user('admin'), await disaster()];
      const queued = expectStatus<{ job_id: string }>(await call('POST', `/resources/suggest/${d.id}`, { token: admin.token }), 202);
      return { method: 'GET', path: `/allocation-jobs/${queued.job_id}`, token: admin.token, expect: 200, settle: allocationJobsFinished };
    },
  },

  // --- assistant ---
  'POST /chatbot/ask': {
    minimum: {
      reads: 8,
      writes: 1,
      why: "a disaster question (deterministic assistant): the profile, the caller's requests and tasks (none: an empty query bills one read each), the 3 most recent confirmed disasters, the caller's 2 memberships (both among those 3); the conversation",
    },
    async arrange(ctx) {
      const member = await ctx.user('volunteer');
      for (const d of [await disaster(), await disaster()]) await join(d.id, member);
      await disaster(); // a third recent one the caller did not join
      return { method: 'POST', path: '/chatbot/ask', token: member.token, body: { message: 'What is the situation in the disasters I joined?' }, expect: 200 };
    },
  },
};
