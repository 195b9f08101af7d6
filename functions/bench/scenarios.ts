// What the benchmarks call, endpoint by endpoint: the arranged data, the call, and (figure 3)
// the fewest Firestore reads and writes the endpoint could do its job with. A new endpoint
// gets its entry here; the cost figure lists every endpoint of allEndpoints that has none.
import type { Role } from '../src/shared/schemas.js';
import { registeredUser, type TestUser } from '../test/helpers/api.js';
import { tokenFor } from '../test/helpers/emulators.js';
import type { HttpCall } from './load.js';
import type { Session } from './session.js';

// --- Figure 2: the endpoints under load, each with its bare twin --------------------------------

export interface OverheadScenario {
  name: string;
  expect: number;
  prepare(session: Session): Promise<{ ours: (i: number) => HttpCall; baseline: (i: number) => HttpCall }>;
}

export const overheadScenarios: OverheadScenario[] = [
  {
    name: 'GET /users/me',
    expect: 200,
    async prepare(session) {
      const user = await registeredUser('volunteer');
      return {
        ours: () => ({ method: 'GET', url: `${session.apiUrl}/users/me`, token: user.token }),
        baseline: () => ({ method: 'GET', url: `${session.baselineUrl}/users/me`, token: user.token }),
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
};
