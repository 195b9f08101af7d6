// Figure 3: the cost scenarios of the tasks endpoints (src/tasks/endpoints.ts).
import { call, expectStatus } from '../../../test/helpers/api.js';
import { newResource, newTask, readyTask } from '../../../test/helpers/tasks-fixtures.js';
import { disaster } from '../../../test/helpers/planning-fixtures.js';
import type { CostScenario } from './scenario.js';

export const tasksCostScenarios: Record<string, CostScenario> = {
  'GET /tasks': {
    page: true,
    minimum: { reads: 2, writes: 0, why: 'a page of 2' },
    async arrange(ctx) {
      const [admin, d] = [await ctx.user('admin'), await disaster()];
      await Promise.all([newTask(admin, d.id), newTask(admin, d.id), newTask(admin, d.id)]);
      return { method: 'GET', path: '/tasks?limit=2', token: admin.token, expect: 200 };
    },
  },
  'POST /tasks': {
    minimum: {
      reads: 3,
      writes: 6,
      why: 'the disaster, the resource and its claim (all or none); the task, the claim, the resource, a history entry in the task; audit records of the task and of the resource',
    },
    async arrange(ctx) {
      const [admin, owner, d] = [await ctx.user('admin'), await ctx.user('volunteer'), await disaster()];
      const unit = (await newResource(owner)) as { id: string };
      return {
        method: 'POST',
        path: '/tasks',
        token: admin.token,
        body: {
          disaster_id: d.id,
          priority: 2,
          instructions: 'Bring the boat to the school',
          role_required: 'volunteer',
          resource_ids: [unit.id],
        },
        expect: 201,
      };
    },
  },
  'GET /tasks/me': {
    minimum: { reads: 1, writes: 0, why: "the caller's 1 task" },
    async arrange(ctx) {
      const [admin, responder, d] = [await ctx.user('admin'), await ctx.user('responder'), await disaster()];
      await readyTask(admin, responder, d.id);
      return { method: 'GET', path: '/tasks/me', token: responder.token, expect: 200 };
    },
  },
  'GET /tasks/{task_id}': {
    minimum: { reads: 1, writes: 0, why: 'the task' },
    async arrange(ctx) {
      const [admin, responder, d] = [await ctx.user('admin'), await ctx.user('responder'), await disaster()];
      const task = (await readyTask(admin, responder, d.id)) as { id: string };
      return { method: 'GET', path: `/tasks/${task.id}`, token: responder.token, expect: 200 };
    },
  },
  'GET /tasks/{task_id}/history': {
    page: true,
    minimum: { reads: 2, writes: 0, why: 'the task (404 check), a page of 1 record' },
    async arrange(ctx) {
      const [admin, responder, d] = [await ctx.user('admin'), await ctx.user('responder'), await disaster()];
      const task = (await readyTask(admin, responder, d.id)) as { id: string };
      return { method: 'GET', path: `/tasks/${task.id}/history?limit=1`, token: responder.token, expect: 200 };
    },
  },
  'PATCH /tasks/{task_id}/status': {
    minimum: { reads: 1, writes: 3, why: 'the task; the task, the once-only transition marker, the audit record' },
    async arrange(ctx) {
      const [admin, responder, d] = [await ctx.user('admin'), await ctx.user('responder'), await disaster()];
      const task = (await readyTask(admin, responder, d.id)) as { id: string };
      return {
        method: 'PATCH',
        path: `/tasks/${task.id}/status`,
        token: responder.token,
        body: { status: 'on_route' },
        expect: 200,
      };
    },
  },
  'PATCH /tasks/{task_id}/assign': {
    minimum: {
      reads: 2,
      writes: 3,
      why: "the task, the assignee (role fits?); the task, the assignee's notification, the audit record",
    },
    async arrange(ctx) {
      const [admin, responder, d] = [await ctx.user('admin'), await ctx.user('responder'), await disaster()];
      const task = (await newTask(admin, d.id)) as { id: string };
      return {
        method: 'PATCH',
        path: `/tasks/${task.id}/assign`,
        token: admin.token,
        body: { user_id: responder.uid },
        expect: 200,
      };
    },
  },
  'PATCH /tasks/{task_id}/authorize': {
    minimum: { reads: 1, writes: 3, why: "the task; the task, the assignee's notification, the audit record" },
    async arrange(ctx) {
      const [admin, responder, d] = [await ctx.user('admin'), await ctx.user('responder'), await disaster()];
      const task = (await newTask(admin, d.id)) as { id: string };
      expectStatus(
        await call('PATCH', `/tasks/${task.id}/assign`, { token: admin.token, body: { user_id: responder.uid } }),
        200,
      );
      return { method: 'PATCH', path: `/tasks/${task.id}/authorize`, token: admin.token, expect: 200 };
    },
  },
};
