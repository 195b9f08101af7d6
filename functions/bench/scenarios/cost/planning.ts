// Figure 3: the cost scenarios of the planning endpoints (src/planning/endpoints.ts).
import { allocationJobStore } from '../../../src/planning/store.js';
import { db } from '../../../src/data/firestore.js';
import { call, expectStatus } from '../../../test/helpers/api.js';
import { disaster, waitFor } from '../../../test/helpers/planning-fixtures.js';
import type { CostScenario } from './scenario.js';

/** Every queued allocation job has run: the Cloud Tasks emulator may start one seconds later. */
async function allocationJobsFinished(): Promise<void> {
  await waitFor(
    'the queued allocation jobs to finish',
    async () => {
      for (const status of ['queued', 'running']) {
        if (!(await db().collection(allocationJobStore.path).where('status', '==', status).limit(1).get()).empty)
          return undefined;
      }
      return true;
    },
    60_000,
  );
}

export const planningCostScenarios: Record<string, CostScenario> = {
  'POST /resources/suggest/{disaster_id}': {
    minimum: { reads: 1, writes: 1, why: 'the disaster; the job (the queued job itself runs later, not counted)' },
    arrange: async (ctx) => {
      const [admin, d] = [await ctx.user('admin'), await disaster()];
      return {
        method: 'POST',
        path: `/resources/suggest/${d.id}`,
        token: admin.token,
        expect: 202,
        settle: allocationJobsFinished,
      };
    },
  },
  'GET /allocation-jobs/{job_id}': {
    minimum: { reads: 1, writes: 0, why: 'the job' },
    arrange: async (ctx) => {
      const [admin, d] = [await ctx.user('admin'), await disaster()];
      const queued = expectStatus<{ job_id: string }>(
        await call('POST', `/resources/suggest/${d.id}`, { token: admin.token }),
        202,
      );
      return {
        method: 'GET',
        path: `/allocation-jobs/${queued.job_id}`,
        token: admin.token,
        expect: 200,
        settle: allocationJobsFinished,
      };
    },
  },
};
