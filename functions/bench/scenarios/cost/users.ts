// Figure 3: the cost scenarios of the users endpoints (src/users/endpoints.ts).
import { tokenFor } from '../../../test/helpers/emulators.js';
import { here } from '../fixtures.js';
import type { CostScenario } from './scenario.js';

export const usersCostScenarios: Record<string, CostScenario> = {
  'POST /users/register': {
    minimum: { reads: 1, writes: 2, why: 'read the profile (upsert), write it; the audit record of the role it sets' },
    arrange: async () => ({
      method: 'POST',
      path: '/users/register',
      token: await tokenFor({}),
      body: { display_name: 'Bench user' },
      expect: 200,
    }),
  },
  'GET /users/me': {
    minimum: { reads: 1, writes: 0, why: 'the profile' },
    arrange: async (ctx) => ({
      method: 'GET',
      path: '/users/me',
      token: (await ctx.user('affected_individual')).token,
      expect: 200,
    }),
  },
  'GET /users/me/availability': {
    minimum: { reads: 1, writes: 0, why: 'the profile' },
    arrange: async (ctx) => ({
      method: 'GET',
      path: '/users/me/availability',
      token: (await ctx.user('volunteer')).token,
      expect: 200,
    }),
  },
  'PATCH /users/me/availability': {
    minimum: { reads: 1, writes: 1, why: 'read the profile (must exist), write it' },
    arrange: async (ctx) => ({
      method: 'PATCH',
      path: '/users/me/availability',
      token: (await ctx.user('volunteer')).token,
      body: { availability: 'available' },
      expect: 200,
    }),
  },
  'PATCH /users/me/location': {
    minimum: { reads: 1, writes: 1, why: 'read the profile (must exist), write it' },
    arrange: async (ctx) => ({
      method: 'PATCH',
      path: '/users/me/location',
      token: (await ctx.user('volunteer')).token,
      body: { location: here },
      expect: 200,
    }),
  },
  'GET /users/{uid}/display_name': {
    minimum: { reads: 1, writes: 0, why: 'the profile' },
    async arrange(ctx) {
      const [caller, other] = [await ctx.user('volunteer'), await ctx.user('affected_individual')];
      return { method: 'GET', path: `/users/${other.uid}/display_name`, token: caller.token, expect: 200 };
    },
  },
  'PUT /users/{uid}/role': {
    minimum: { reads: 1, writes: 2, why: 'read the profile (must exist), write the role into it; its audit record' },
    async arrange(ctx) {
      const [admin, other] = [await ctx.user('admin'), await ctx.user('affected_individual')];
      return {
        method: 'PUT',
        path: `/users/${other.uid}/role`,
        token: admin.token,
        body: { role: 'responder' },
        expect: 200,
      };
    },
  },

  'DELETE /users/me': {
    minimum: {
      reads: 28,
      writes: 7,
      why: "a person with nothing but a profile: the erasure marker (read; create, next stage, delete), the profile (read, delete), their registration's role record (read, rewritten), the erasure record, a code pending for their number (deleted unread: one write either way); one query for each place a person can appear, 25, empty here and each billed one read: requests owned; tasks assigned, created, authorized by them, their task moves, their notifications (the tasks they name; read again where they are deleted, below); resources, observations; the disasters (their chat, one query more per disaster, none yet); disasters created, confirmed, closed by them, allocation runs asked; audit records naming them as actor or in a change, those of their requests and resources (2); conversations; notifications, devices, preferences, outbound messages, client references (users/erasure/steps/personal.ts); memberships; linked phone numbers. Each sweep stops at a short page (no second, empty query)",
    },
    async arrange(ctx) {
      const person = await ctx.user('volunteer');
      return { method: 'DELETE', path: '/users/me', token: person.token, expect: 204 };
    },
  },
  'PUT /users/{uid}/verification': {
    minimum: {
      reads: 1,
      writes: 2,
      why: 'read the profile (must exist), write the decision into it; its audit record',
    },
    async arrange(ctx) {
      const [admin, volunteer] = [await ctx.user('admin'), await ctx.user('volunteer')];
      return {
        method: 'PUT',
        path: `/users/${volunteer.uid}/verification`,
        token: admin.token,
        body: { verified: true, note: 'ID checked' },
        expect: 200,
      };
    },
  },
};
