// Figure 3: the cost scenarios of the observations endpoints (src/observations/endpoints.ts).
import { observationStore } from '../../../src/observations/store.js';
import type { Observation } from '../../../src/observations/model.js';
import { geohashOf } from '../../../src/shared/geo.js';
import type { TestUser } from '../../../test/helpers/api.js';
import { spot } from '../../../test/helpers/planning-fixtures.js';
import type { CostScenario } from './scenario.js';

/** An observation written directly (its creation reaches the agent trigger, which is let settle). */
async function observation(reporter: TestUser): Promise<Observation> {
  const now = new Date().toISOString();
  const at = spot();
  const value: Observation = {
    id: `obs-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    type: 'flooding',
    description: 'Water rising on the main road',
    location: at,
    geohash: geohashOf(at),
    severity: 3,
    disaster_id: null,
    reporter_id: reporter.uid,
    day: now.slice(0, 10),
    created_at: now,
    updated_at: now,
  };
  await observationStore.doc(value.id).set(value);
  await new Promise((resolve) => setTimeout(resolve, 500));
  return value;
}

export const observationsCostScenarios: Record<string, CostScenario> = {
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
    arrange: async (ctx) => ({
      method: 'POST',
      path: '/observations',
      token: (await ctx.user('volunteer')).token,
      body: { type: 'flooding', description: 'Water over the road', location: spot(), severity: 3 },
      expect: 201,
    }),
  },
  'GET /observations/{obs_id}': {
    minimum: { reads: 1, writes: 0, why: 'the observation' },
    async arrange(ctx) {
      const reporter = await ctx.user('volunteer');
      return {
        method: 'GET',
        path: `/observations/${(await observation(reporter)).id}`,
        token: reporter.token,
        expect: 200,
      };
    },
  },
  'DELETE /observations/{obs_id}': {
    minimum: { reads: 1, writes: 1, why: 'the observation (reporter?); its deletion' },
    async arrange(ctx) {
      const reporter = await ctx.user('volunteer');
      return {
        method: 'DELETE',
        path: `/observations/${(await observation(reporter)).id}`,
        token: reporter.token,
        expect: 204,
      };
    },
  },
};
