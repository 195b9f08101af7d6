// Figure 3: the cost scenarios of the feeds endpoints (src/feeds/endpoints.ts).
import { createdDisaster } from '../fixtures.js';
import type { CostScenario } from './scenario.js';

export const feedsCostScenarios: Record<string, CostScenario> = {
  'GET /feeds/cap': {
    minimum: { reads: 2, writes: 0, why: 'the live alerts, the recent Cancels (a query each; 1 read when empty)' },
    async arrange(ctx) {
      await createdDisaster(await ctx.user('admin'));
      return { method: 'GET', path: '/feeds/cap', expect: 200 };
    },
  },
};
