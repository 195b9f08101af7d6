// What the benchmarks call, endpoint by endpoint: the arranged data, the call, and (figure 3)
// the fewest Firestore reads and writes the endpoint could do its job with. A new endpoint
// gets its entry here; the cost figure lists every endpoint of allEndpoints that has none.
import { collections } from '../src/data/collections.js';
import type { HelpRequest } from '../src/requests/model.js';
import type { Role } from '../src/shared/schemas.js';
import type { WorkflowOutput } from '../src/workflow/model.js';
import { call, expectStatus, registeredUser, type TestUser } from '../test/helpers/api.js';
import { tokenFor } from '../test/helpers/emulators.js';
import { disaster, quietRequest, requestValue, resource, spot, waitFor } from '../test/helpers/planning-fixtures.js';
import { db } from '../src/data/firestore.js';
import type { HttpCall } from './load.js';
import type { Session } from './session.js';

// --- Figure 2: the endpoints under load, each with its bare twin --------------------------------

export interface OverheadScenario {
  name: string;
  expect: number;
  prepare(session: Session): Promise<{ ours: (i: number) => HttpCall; baseline: (i: number) => HttpCall }>;
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
    async prepare(session) {
      // One owner at one place: after the first, every request is a likely duplicate, which the
      // planning trigger skips at once, so the load measures the call rather than the planner.
      const owner = await registeredUser('affected_individual');
      const d = await disaster();
      const body = { disaster_id: d.id, type_of_need: 'water', description: 'Bench: drinking water for 5', location: spot() };
      return both(session, 'POST', '/requests', owner.token, body);
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
}

export interface CostScenario {
  /** The fewest document reads and writes this call needs, and why. */
  minimum: { reads: number; writes: number; why: string };
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

  // --- requests ---
  'GET /requests': {
    minimum: { reads: PAGE, writes: 0, why: `a page of ${PAGE} (${PAGE + 1} read: one more tells whether a next page exists)` },
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
    minimum: { reads: 2, writes: 0, why: 'a page of 2 (3 read: one more tells whether a next page exists)' },
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
      return { method: 'POST', path: `/resources/suggest/${d.id}`, token: admin.token, expect: 202 };
    },
  },
  'GET /allocation-jobs/{job_id}': {
    minimum: { reads: 1, writes: 0, why: 'the job' },
    arrange: async (ctx) => {
      const [admin, d] = [await ctx.user('admin'), await disaster()];
      const queued = expectStatus<{ job_id: string }>(await call('POST', `/resources/suggest/${d.id}`, { token: admin.token }), 202);
      return { method: 'GET', path: `/allocation-jobs/${queued.job_id}`, token: admin.token, expect: 200 };
    },
  },
};
