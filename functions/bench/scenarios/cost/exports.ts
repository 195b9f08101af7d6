// Figure 3: the cost scenarios of the exports endpoints (src/exports/endpoints.ts).
import { newTask } from '../../../test/helpers/tasks-fixtures.js';
import { disaster, resource, spot } from '../../../test/helpers/planning-fixtures.js';
import { request } from '../fixtures.js';
import type { CostScenario } from './scenario.js';

export const exportsCostScenarios: Record<string, CostScenario> = {
  'GET /exports/requests': {
    minimum: {
      reads: 4,
      writes: 0,
      why: 'the disaster (404 check and its name), the count (one aggregation read per 1,000 rows), its 2 requests',
    },
    async arrange(ctx) {
      const [admin, owner] = [await ctx.user('admin'), await ctx.user('affected_individual')];
      const d = await disaster();
      await Promise.all([request(owner, d.id), request(owner, d.id)]);
      return { method: 'GET', path: `/exports/requests?disaster_id=${d.id}`, token: admin.token, expect: 200 };
    },
  },
  'GET /exports/resources': {
    minimum: { reads: 4, writes: 0, why: 'the count, 2 resources, the name of their disaster (read once)' },
    async arrange(ctx) {
      const admin = await ctx.user('admin');
      const d = await disaster();
      await Promise.all([resource(spot(), { disaster_id: d.id }), resource(spot(), { disaster_id: d.id })]);
      return { method: 'GET', path: `/exports/resources?disaster_id=${d.id}`, token: admin.token, expect: 200 };
    },
  },
  'GET /exports/3w': {
    minimum: {
      reads: 5,
      writes: 0,
      why: 'the disaster, the count, its 2 tasks, the request they serve (read once)',
    },
    async arrange(ctx) {
      const [admin, owner] = [await ctx.user('admin'), await ctx.user('affected_individual')];
      const d = await disaster();
      const req = await request(owner, d.id);
      await newTask(admin, d.id, { request_id: req.id });
      await newTask(admin, d.id, { request_id: req.id });
      return { method: 'GET', path: `/exports/3w?disaster_id=${d.id}`, token: admin.token, expect: 200 };
    },
  },
};
