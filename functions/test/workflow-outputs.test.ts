import assert from 'node:assert/strict';
import { workflowOutputStore } from '../src/workflow/store.js';
import { runPlanning } from '../src/planning/job.js';
import { call, expectProblem, expectStatus, registeredUser, type TestUser } from './helpers/api.js';
import { north, planningScene, quietRequest, resource, spot } from './helpers/planning-fixtures.js';

async function outputOf(requestId: string) {
  return (await workflowOutputStore.doc(requestId).get()).data();
}

const task = { instructions: 'Bring two boats to the school', role_required: 'responder', priority: 1 };

describe('workflow outputs', () => {
  let disasterId: string;
  let admin: TestUser;
  let owner: TestUser;
  before(async () => {
    ({ disasterId, admin, owner } = await planningScene());
  });

  /** A request with no output yet (nothing plans it unless the test does). */
  const unplanned = (need: 'rescue' | 'water' = 'rescue') =>
    quietRequest({ owner: owner.uid, disasterId, at: spot(), need });

  describe('POST /workflow-outputs', () => {
    it('creates the output of a request written by a dispatcher (201), then adds to it (200)', async () => {
      const request = await unplanned();
      const boat = await resource(request.location, { category: 'boat' });
      const created = expectStatus(
        await call('POST', '/workflow-outputs', {
          token: admin.token,
          body: {
            request_id: request.id,
            rationale: 'Boats first',
            tasks: [task],
            resources: [{ resource_id: boat.id, reason: 'closest boat' }],
          },
        }),
        201,
      );
      assert.equal(created.id, request.id);
      assert.equal(created.planner, 'dispatcher');
      assert.equal(created.rationale, 'Boats first');
      assert.equal(created.tasks.length, 1);
      assert.equal(created.tasks[0].approval_status, 'pending');
      assert.equal(created.tasks[0].source, 'dispatcher');
      assert.equal(created.resources[0].resource_id, boat.id);
      assert.equal(created.resources[0].name, boat.name);

      const truck = await resource(request.location, { category: 'vehicle' });
      const updated = expectStatus(
        await call('POST', '/workflow-outputs', {
          token: admin.token,
          body: {
            request_id: request.id,
            rationale: 'Boats, then a truck',
            tasks: [{ ...task, role_required: 'volunteer', priority: 3 }],
            resources: [{ resource_id: truck.id }],
          },
        }),
        200,
      );
      assert.equal(updated.rationale, 'Boats, then a truck');
      assert.equal(updated.tasks.length, 2);
      assert.deepEqual(
        updated.resources.map((r: any) => r.resource_id),
        [boat.id, truck.id],
      );
      assert.equal(updated.created_at, created.created_at);
      const stored = await outputOf(request.id);
      assert.equal(stored?.tasks.length, 2);
      assert.equal(stored?.resources.length, 2);
    });

    it('refuses an unknown request (404), an unknown resource (404), a busy resource (409) and a resource twice (409), writing nothing', async () => {
      const request = await unplanned();
      const busy = await resource(request.location, { status: 'in_use', task_id: 'task-x' });
      const free = await resource(request.location);
      expectProblem(
        await call('POST', '/workflow-outputs', {
          token: admin.token,
          body: { request_id: 'no-such-request', tasks: [task] },
        }),
        404,
        'not_found',
      );
      expectProblem(
        await call('POST', '/workflow-outputs', {
          token: admin.token,
          body: { request_id: request.id, resources: [{ resource_id: 'no-such-resource' }] },
        }),
        404,
        'not_found',
      );
      expectProblem(
        await call('POST', '/workflow-outputs', {
          token: admin.token,
          body: { request_id: request.id, tasks: [task], resources: [{ resource_id: busy.id }] },
        }),
        409,
        'conflict',
      );
      expectProblem(
        await call('POST', '/workflow-outputs', {
          token: admin.token,
          body: { request_id: request.id, resources: [{ resource_id: free.id }, { resource_id: free.id }] },
        }),
        409,
        'conflict',
      );
      assert.equal(await outputOf(request.id), undefined);
      expectStatus(
        await call('POST', '/workflow-outputs', {
          token: admin.token,
          body: { request_id: request.id, resources: [{ resource_id: free.id }] },
        }),
        201,
      );
      expectProblem(
        await call('POST', '/workflow-outputs', {
          token: admin.token,
          body: { request_id: request.id, resources: [{ resource_id: free.id }] },
        }),
        409,
        'conflict',
      );
      assert.equal((await outputOf(request.id))?.resources.length, 1);
    });

    const invalid: [string, Record<string, unknown>][] = [
      ['no request_id', { tasks: [task] }],
      ['a task with priority 0', { tasks: [{ ...task, priority: 0 }] }],
      ['a task with priority 6', { tasks: [{ ...task, priority: 6 }] }],
      ['a task with a fractional priority', { tasks: [{ ...task, priority: 1.5 }] }],
      ['a task for the role admin', { tasks: [{ ...task, role_required: 'admin' }] }],
      ['a task without instructions', { tasks: [{ ...task, instructions: '' }] }],
      ['a task with an unknown field', { tasks: [{ ...task, assigned_to: 'x' }] }],
      ['an unknown approval status', { tasks: [{ ...task, approval_status: 'maybe' }] }],
      ['an unknown top-level field', { planner: 'gemini' }],
      ['a rationale over 2000 characters', { rationale: 'x'.repeat(2001) }],
    ];
    for (const [what, body] of invalid) {
      it(`refuses ${what} with 400, writing nothing`, async () => {
        const request = await unplanned();
        const withId = 'request_id' in body || what === 'no request_id' ? body : { request_id: request.id, ...body };
        expectProblem(
          await call('POST', '/workflow-outputs', { token: admin.token, body: withId, invalidRequest: what }),
          400,
          'validation_failed',
        );
        assert.equal(await outputOf(request.id), undefined);
      });
    }
  });

  describe('reading and deleting', () => {
    it('GET one (404 when none), list by disaster, DELETE (204, then 404)', async () => {
      const request = await unplanned();
      expectProblem(await call('GET', `/workflow-outputs/${request.id}`, { token: admin.token }), 404, 'not_found');
      assert.equal(await runPlanning(request.id, { gemini: null }), 'planned');
      const output = expectStatus(await call('GET', `/workflow-outputs/${request.id}`, { token: admin.token }), 200);
      assert.equal(output.planner, 'deterministic');
      const list = expectStatus(
        await call('GET', `/workflow-outputs?disaster_id=${disasterId}&limit=200`, { token: admin.token }),
        200,
      );
      assert.ok(list.items.some((o: any) => o.id === request.id));
      const none = expectStatus(
        await call('GET', '/workflow-outputs?disaster_id=no-such-disaster', { token: admin.token }),
        200,
      );
      assert.deepEqual(none, { items: [], next_cursor: null });
      expectProblem(
        await call('GET', '/workflow-outputs?planner=robot', {
          token: admin.token,
          invalidRequest: 'an unknown planner',
        }),
        400,
        'validation_failed',
      );
      expectStatus(await call('DELETE', `/workflow-outputs/${request.id}`, { token: admin.token }), 204);
      assert.equal(await outputOf(request.id), undefined);
      expectProblem(await call('DELETE', `/workflow-outputs/${request.id}`, { token: admin.token }), 404, 'not_found');
    });

    it('is for admins only: a responder and the requester get 403', async () => {
      const request = await unplanned();
      await runPlanning(request.id, { gemini: null });
      const responder = await registeredUser('responder');
      expectProblem(await call('GET', `/workflow-outputs/${request.id}`, { token: responder.token }), 403, 'forbidden');
      expectProblem(await call('DELETE', `/workflow-outputs/${request.id}`, { token: owner.token }), 403, 'forbidden');
      assert.notEqual(await outputOf(request.id), undefined);
    });
  });

  describe('workflow tasks', () => {
    it('lists planned tasks in plan order with paging, approves one, edits one, removes one', async () => {
      const request = await unplanned('rescue');
      await runPlanning(request.id, { gemini: null });
      const first = expectStatus(
        await call('GET', `/workflow-outputs/${request.id}/tasks?limit=1`, { token: admin.token }),
        200,
      );
      assert.equal(first.items.length, 1);
      assert.equal(first.items[0].id, 't1');
      const second = expectStatus(
        await call('GET', `/workflow-outputs/${request.id}/tasks?limit=1&cursor=${first.next_cursor}`, {
          token: admin.token,
        }),
        200,
      );
      assert.equal(second.items[0].id, 't2');
      assert.equal(second.next_cursor, null);

      const approved = expectStatus(
        await call('PATCH', `/workflow-outputs/${request.id}/tasks/t1`, {
          token: admin.token,
          body: { approval_status: 'approved' },
        }),
        200,
      );
      assert.equal(approved.approval_status, 'approved');
      assert.equal(approved.instructions, first.items[0].instructions);
      const edited = expectStatus(
        await call('PATCH', `/workflow-outputs/${request.id}/tasks/t2`, {
          token: admin.token,
          body: { instructions: 'Drive evacuees to the stadium', priority: 1 },
        }),
        200,
      );
      assert.equal(edited.priority, 1);
      const stored = await outputOf(request.id);
      assert.equal(stored?.tasks.find((t) => t.id === 't1')?.approval_status, 'approved');
      assert.equal(stored?.tasks.find((t) => t.id === 't2')?.instructions, 'Drive evacuees to the stadium');

      expectStatus(await call('DELETE', `/workflow-outputs/${request.id}/tasks/t2`, { token: admin.token }), 204);
      assert.deepEqual(
        (await outputOf(request.id))?.tasks.map((t) => t.id),
        ['t1'],
      );
      expectProblem(
        await call('DELETE', `/workflow-outputs/${request.id}/tasks/t2`, { token: admin.token }),
        404,
        'not_found',
      );
    });

    it('adds a task with a suggested assignee of the right role, and refuses an unknown user (404) or another role (409)', async () => {
      const request = await unplanned();
      await runPlanning(request.id, { gemini: null });
      const responder = await registeredUser('responder');
      const volunteer = await registeredUser('volunteer');
      const added = expectStatus(
        await call('POST', `/workflow-outputs/${request.id}/tasks`, {
          token: admin.token,
          body: { ...task, suggested_assignee_id: responder.uid },
        }),
        201,
      );
      assert.equal(added.source, 'dispatcher');
      assert.equal(added.suggested_assignee_id, responder.uid);
      const count = (await outputOf(request.id))?.tasks.length;
      expectProblem(
        await call('POST', `/workflow-outputs/${request.id}/tasks`, {
          token: admin.token,
          body: { ...task, suggested_assignee_id: 'nobody' },
        }),
        404,
        'not_found',
      );
      expectProblem(
        await call('POST', `/workflow-outputs/${request.id}/tasks`, {
          token: admin.token,
          body: { ...task, suggested_assignee_id: volunteer.uid },
        }),
        409,
        'conflict',
      );
      expectProblem(
        await call('PATCH', `/workflow-outputs/${request.id}/tasks/${added.id}`, {
          token: admin.token,
          body: { role_required: 'volunteer' },
        }),
        409,
        'conflict',
      );
      assert.equal((await outputOf(request.id))?.tasks.length, count);
      assert.equal((await outputOf(request.id))?.tasks.find((t) => t.id === added.id)?.role_required, 'responder');
    });

    it('refuses bad edits with 400 and unknown ids with 404, changing nothing', async () => {
      const request = await unplanned();
      await runPlanning(request.id, { gemini: null });
      const before = await outputOf(request.id);
      for (const body of [
        {},
        { priority: 6 },
        { approval_status: 'maybe' },
        { instructions: '' },
        { task_id: 'x' },
        { role_required: 'admin' },
      ]) {
        expectProblem(
          await call('PATCH', `/workflow-outputs/${request.id}/tasks/t1`, {
            token: admin.token,
            body,
            invalidRequest: 'an invalid change',
          }),
          400,
          'validation_failed',
        );
      }
      expectProblem(
        await call('PATCH', `/workflow-outputs/${request.id}/tasks/t99`, { token: admin.token, body: { priority: 2 } }),
        404,
        'not_found',
      );
      expectProblem(
        await call('POST', '/workflow-outputs/no-such-request/tasks', { token: admin.token, body: task }),
        404,
        'not_found',
      );
      assert.deepEqual(await outputOf(request.id), before);
    });
  });

  describe('workflow resources', () => {
    it('lists planned suggestions, adds one, refuses it twice, approves and removes it', async () => {
      const request = await unplanned('water');
      const tank = await resource(north(request.location, 1), { category: 'water' });
      await runPlanning(request.id, { gemini: null });
      const list = expectStatus(
        await call('GET', `/workflow-outputs/${request.id}/resources`, { token: admin.token }),
        200,
      );
      assert.deepEqual(
        list.items.map((r: any) => r.resource_id),
        [tank.id],
      );
      expectProblem(
        await call('POST', `/workflow-outputs/${request.id}/resources`, {
          token: admin.token,
          body: { resource_id: tank.id },
        }),
        409,
        'conflict',
      );

      const generator = await resource(north(request.location, 30), { category: 'generator' });
      const added = expectStatus(
        await call('POST', `/workflow-outputs/${request.id}/resources`, {
          token: admin.token,
          body: { resource_id: generator.id, reason: 'pump power' },
        }),
        201,
      );
      assert.equal(added.source, 'dispatcher');
      assert.equal(added.reason, 'pump power');
      const rejected = expectStatus(
        await call('PATCH', `/workflow-outputs/${request.id}/resources/${added.id}`, {
          token: admin.token,
          body: { approval_status: 'rejected' },
        }),
        200,
      );
      assert.equal(rejected.approval_status, 'rejected');
      assert.equal((await outputOf(request.id))?.resources.find((r) => r.id === added.id)?.approval_status, 'rejected');
      expectProblem(
        await call('PATCH', `/workflow-outputs/${request.id}/resources/${added.id}`, {
          token: admin.token,
          body: { approval_status: 'yes' },
          invalidRequest: 'an unknown approval_status',
        }),
        400,
        'validation_failed',
      );
      expectProblem(
        await call('PATCH', `/workflow-outputs/${request.id}/resources/${added.id}`, { token: admin.token, body: {} }),
        400,
        'validation_failed',
      );
      expectStatus(
        await call('DELETE', `/workflow-outputs/${request.id}/resources/${added.id}`, { token: admin.token }),
        204,
      );
      assert.deepEqual(
        (await outputOf(request.id))?.resources.map((r) => r.resource_id),
        [tank.id],
      );
      expectProblem(
        await call('DELETE', `/workflow-outputs/${request.id}/resources/${added.id}`, { token: admin.token }),
        404,
        'not_found',
      );
      expectProblem(
        await call('POST', `/workflow-outputs/${request.id}/resources`, {
          token: admin.token,
          body: { resource_id: 'no-such-resource' },
        }),
        404,
        'not_found',
      );
    });
  });
});
