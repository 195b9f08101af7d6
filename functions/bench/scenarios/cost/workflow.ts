// Figure 3: the cost scenarios of the workflow endpoints (src/workflow/endpoints.ts).
import { workflowOutputStore } from '../../../src/workflow/store.js';
import type { HelpRequest } from '../../../src/requests/model.js';
import type { WorkflowOutput } from '../../../src/workflow/model.js';
import { call, expectStatus, type TestUser } from '../../../test/helpers/api.js';
import { resource } from '../../../test/helpers/planning-fixtures.js';
import { request } from '../fixtures.js';
import type { CostScenario, CostContext } from './scenario.js';

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
    fallback_code: null,
    tasks: [
      {
        id: 'wt-1',
        instructions: 'Bring the boat',
        role_required: 'volunteer',
        priority: 1,
        approval_status: 'pending',
        source: 'planner',
        suggested_assignee_id: null,
        task_id: null,
        created_at: now,
        updated_at: now,
      },
    ],
    resources: [
      {
        id: 'wr-1',
        resource_id: unit.id,
        name: unit.name,
        category: unit.category,
        distance_km: 0,
        reason: 'nearby',
        approval_status: 'pending',
        source: 'planner',
        created_at: now,
        updated_at: now,
      },
    ],
    created_at: now,
    updated_at: now,
  };
  await workflowOutputStore.doc(req.id).set(value);
  return value;
}

async function planned(ctx: CostContext): Promise<{ admin: TestUser; req: HelpRequest }> {
  const [admin, owner] = [await ctx.user('admin'), await ctx.user('affected_individual')];
  const req = await request(owner);
  await output(req);
  return { admin, req };
}

export const workflowCostScenarios: Record<string, CostScenario> = {
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
      return {
        method: 'POST',
        path: '/workflow-outputs',
        token: admin.token,
        body: {
          request_id: req.id,
          rationale: 'Dispatcher plan',
          tasks: [{ instructions: 'Check on the family', role_required: 'responder', priority: 2 }],
        },
        expect: 201,
      };
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
      return {
        method: 'POST',
        path: `/workflow-outputs/${req.id}/tasks`,
        token: admin.token,
        body: { instructions: 'Bring water', role_required: 'volunteer', priority: 3 },
        expect: 201,
      };
    },
  },
  'PATCH /workflow-outputs/{request_id}/tasks/{task_id}': {
    minimum: { reads: 1, writes: 1, why: 'the output; the output' },
    arrange: async (ctx) => {
      const { admin, req } = await planned(ctx);
      return {
        method: 'PATCH',
        path: `/workflow-outputs/${req.id}/tasks/wt-1`,
        token: admin.token,
        body: { approval_status: 'approved' },
        expect: 200,
      };
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
    minimum: {
      reads: 3,
      writes: 6,
      why: 'the output, the request, the disaster; the task, the output (task_id), the request (in_progress), the assignee notification if any; audit records of the task and of the request',
    },
    arrange: async (ctx) => {
      const { admin, req } = await planned(ctx);
      expectStatus(
        await call('PATCH', `/workflow-outputs/${req.id}/tasks/wt-1`, {
          token: admin.token,
          body: { approval_status: 'approved' },
        }),
        200,
      );
      return {
        method: 'POST',
        path: `/workflow-outputs/${req.id}/tasks/wt-1/create-task`,
        token: admin.token,
        expect: 201,
      };
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
      return {
        method: 'POST',
        path: `/workflow-outputs/${req.id}/resources`,
        token: admin.token,
        body: { resource_id: unit.id, reason: 'close by' },
        expect: 201,
      };
    },
  },
  'PATCH /workflow-outputs/{request_id}/resources/{res_id}': {
    minimum: { reads: 1, writes: 1, why: 'the output; the output' },
    arrange: async (ctx) => {
      const { admin, req } = await planned(ctx);
      return {
        method: 'PATCH',
        path: `/workflow-outputs/${req.id}/resources/wr-1`,
        token: admin.token,
        body: { approval_status: 'approved' },
        expect: 200,
      };
    },
  },
  'DELETE /workflow-outputs/{request_id}/resources/{res_id}': {
    minimum: { reads: 1, writes: 1, why: 'the output; the output' },
    arrange: async (ctx) => {
      const { admin, req } = await planned(ctx);
      return { method: 'DELETE', path: `/workflow-outputs/${req.id}/resources/wr-1`, token: admin.token, expect: 204 };
    },
  },
};
