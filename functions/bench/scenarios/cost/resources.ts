// Figure 3: the cost scenarios of the resources endpoints (src/resources/endpoints.ts).
import { newResource } from '../../../test/helpers/tasks-fixtures.js';
import { spot } from '../../../test/helpers/planning-fixtures.js';
import type { CostScenario } from './scenario.js';

export const resourcesCostScenarios: Record<string, CostScenario> = {
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
    minimum: { reads: 0, writes: 2, why: 'the resource, its audit record' },
    arrange: async (ctx) => ({
      method: 'POST',
      path: '/resources',
      token: (await ctx.user('volunteer')).token,
      body: { name: 'Pickup truck', category: 'vehicle', quantity: 1, unit: 'units', location: spot() },
      expect: 201,
    }),
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
      return {
        method: 'PATCH',
        path: `/resources/${unit.id}`,
        token: owner.token,
        body: { description: 'Fuelled, keys at the gate' },
        expect: 200,
      };
    },
  },
  'PUT /resources/{rid}/status': {
    minimum: {
      reads: 1,
      writes: 3,
      why: 'the resource (owner? in use?); the resource, its claim (not_available holds the unit against tasks), the audit record',
    },
    async arrange(ctx) {
      const owner = await ctx.user('volunteer');
      const unit = (await newResource(owner)) as { id: string };
      return {
        method: 'PUT',
        path: `/resources/${unit.id}/status`,
        token: owner.token,
        body: { status: 'not_available' },
        expect: 200,
      };
    },
  },
};
