// Figure 3: the cost scenarios of the situation overview (src/situation/endpoints.ts). Firestore
// bills a select()ed document as one read like a whole one: an overview costs the disaster, its N
// requests and its T tasks (+1 for a query that ends on a full page of 1,000).
import { newTask } from '../../../test/helpers/tasks-fixtures.js';
import { disaster } from '../../../test/helpers/planning-fixtures.js';
import { request } from '../fixtures.js';
import type { CostContext, CostScenario } from './scenario.js';

const WHY = 'the disaster (404 check), its 2 requests and 2 tasks (only the fields the figures need): 1 + N + T';

async function arrangeSituation(ctx: CostContext, suffix: string) {
  const [admin, owner] = [await ctx.user('admin'), await ctx.user('affected_individual')];
  const d = await disaster();
  const [a] = await Promise.all([request(owner, d.id), request(owner, d.id)]);
  await newTask(admin, d.id, { request_id: a.id });
  await newTask(admin, d.id, { request_id: a.id });
  return { method: 'GET', path: `/disasters/${d.id}/${suffix}`, token: admin.token, expect: 200 };
}

export const situationCostScenarios: Record<string, CostScenario> = {
  'GET /disasters/{id}/situation': {
    minimum: { reads: 5, writes: 0, why: WHY },
    arrange: (ctx) => arrangeSituation(ctx, 'situation'),
  },
  'GET /disasters/{id}/situation.csv': {
    minimum: { reads: 5, writes: 0, why: `${WHY}; the same figures as the JSON, one table` },
    arrange: (ctx) => arrangeSituation(ctx, 'situation.csv?table=needs'),
  },
};
