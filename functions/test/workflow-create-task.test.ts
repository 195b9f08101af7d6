// POST /workflow-outputs/{request_id}/tasks/{task_id}/create-task: an approved workflow task
// becomes exactly one real task, under the task rules.
import assert from 'node:assert/strict';
import { call, expectProblem, expectStatus, registeredUser, type TestUser } from './helpers/api.js';
import { testDb } from './helpers/emulators.js';
import { quietRequest, resource, spot } from './helpers/planning-fixtures.js';
import { confirmedDisaster, storedResource } from './helpers/tasks-fixtures.js';

describe('turning an approved workflow task into a task', () => {
  let admin: TestUser;
  let owner: TestUser;
  before(async () => {
    admin = await registeredUser('admin');
    owner = await registeredUser('affected_individual');
  });

  /** A request with a dispatcher-made plan: one workflow task and one resource suggestion. */
  async function plannedRequest(approve: boolean) {
    const disaster = await confirmedDisaster();
    const at = spot();
    const request = await quietRequest({ owner: owner.uid, disasterId: disaster.id, at });
    const boat = await resource(at, { category: 'boat', disaster_id: disaster.id });
    const output = expectStatus(
      await call('POST', '/workflow-outputs', {
        token: admin.token,
        body: {
          request_id: request.id,
          rationale: 'Dispatcher plan',
          tasks: [{ instructions: 'Evacuate the family by boat', role_required: 'responder', priority: 1 }],
          resources: [{ resource_id: boat.id, reason: 'nearest boat' }],
        },
      }),
      201,
    );
    const workflowTask = output.tasks[0];
    const suggestion = output.resources[0];
    if (approve) {
      expectStatus(
        await call('PATCH', `/workflow-outputs/${request.id}/tasks/${workflowTask.id}`, {
          token: admin.token,
          body: { approval_status: 'approved' },
        }),
        200,
      );
      expectStatus(
        await call('PATCH', `/workflow-outputs/${request.id}/resources/${suggestion.id}`, {
          token: admin.token,
          body: { approval_status: 'approved' },
        }),
        200,
      );
    }
    return { request, boat, workflowTask };
  }

  async function linkedTaskId(requestId: string, workflowTaskId: string): Promise<string | null> {
    const output = expectStatus(await call('GET', `/workflow-outputs/${requestId}`, { token: admin.token }), 200);
    return (output.tasks as { id: string; task_id: string | null }[]).find((t) => t.id === workflowTaskId)!.task_id;
  }

  async function tasksOf(requestId: string) {
    return (await testDb().collection('tasks').where('request_id', '==', requestId).get()).docs;
  }

  it('creates the task with the approved resources, once: a second call is a 409 naming it', async () => {
    const { request, boat, workflowTask } = await plannedRequest(true);
    const path = `/workflow-outputs/${request.id}/tasks/${workflowTask.id}/create-task`;
    const task = expectStatus(await call('POST', path, { token: admin.token }), 201);
    assert.deepEqual(task.resource_ids, [boat.id]);
    assert.equal(task.status, 'pending');
    assert.equal((await storedResource(boat.id))?.status, 'in_use');
    const again = expectProblem(await call('POST', path, { token: admin.token }), 409, 'conflict');
    assert.equal(again.task_id, task.id);
    assert.equal((await tasksOf(request.id)).length, 1);
    assert.equal(await linkedTaskId(request.id, workflowTask.id), task.id, 'the workflow task links to its task');
  });

  it('makes one task when two dispatchers convert at the same time', async () => {
    const { request, workflowTask } = await plannedRequest(true);
    const path = `/workflow-outputs/${request.id}/tasks/${workflowTask.id}/create-task`;
    const convert = () => call('POST', path, { token: admin.token, body: { resource_ids: [] } });
    const answers = await Promise.all([1, 2, 3].map(convert));
    // Contention the official emulator could not resolve within the request deadline (it breaks a
    // deadlock only by a 3 s lock timeout) is a 503 with Retry-After, never a 500: the dispatcher
    // sends it again, as asked, and then hears that the task exists.
    for (const [i, answer] of answers.entries()) {
      if (answer.status !== 503) continue;
      assert.ok(Number(answer.headers.get('retry-after')) > 0, answer.text);
      answers[i] = await convert();
    }
    assert.deepEqual(answers.map((a) => a.status).sort(), [201, 409, 409]);
    const made = await tasksOf(request.id);
    assert.equal(made.length, 1);
    assert.equal(await linkedTaskId(request.id, workflowTask.id), made[0]!.id);
  });

  it('writes neither the task nor the link when the task is refused (a suggested resource was taken meanwhile)', async () => {
    const { request, boat, workflowTask } = await plannedRequest(true);
    expectStatus(
      await call('POST', '/tasks', {
        token: admin.token,
        body: {
          disaster_id: request.disaster_id,
          priority: 1,
          instructions: 'Other use',
          role_required: 'responder',
          resource_ids: [boat.id],
        },
      }),
      201,
    );
    const refused = expectProblem(
      await call('POST', `/workflow-outputs/${request.id}/tasks/${workflowTask.id}/create-task`, {
        token: admin.token,
      }),
      409,
      'conflict',
    );
    assert.deepEqual(refused.resource_ids, [boat.id]);
    assert.equal((await tasksOf(request.id)).length, 0);
    assert.equal(await linkedTaskId(request.id, workflowTask.id), null);
  });

  it('refuses a workflow task that is not approved, writing nothing', async () => {
    const { request, boat, workflowTask } = await plannedRequest(false);
    expectProblem(
      await call('POST', `/workflow-outputs/${request.id}/tasks/${workflowTask.id}/create-task`, {
        token: admin.token,
      }),
      409,
      'conflict',
    );
    assert.equal((await tasksOf(request.id)).length, 0);
    assert.equal((await storedResource(boat.id))?.status, 'available');
  });

  it('answers 404 for an unknown workflow task and 400 for bad resource ids', async () => {
    const { request, workflowTask } = await plannedRequest(true);
    expectProblem(
      await call('POST', `/workflow-outputs/${request.id}/tasks/nope/create-task`, { token: admin.token }),
      404,
      'not_found',
    );
    expectProblem(
      await call('POST', `/workflow-outputs/${request.id}/tasks/${workflowTask.id}/create-task`, {
        token: admin.token,
        body: { resource_ids: ['a/b'] },
        invalidRequest: 'a resource id that is not an id',
      }),
      400,
      'validation_failed',
    );
    expectProblem(
      await call('POST', `/workflow-outputs/${request.id}/tasks/${workflowTask.id}/create-task`, {
        token: admin.token,
        body: { resource_ids: [], extra: 1 },
        invalidRequest: 'an unknown field',
      }),
      400,
      'validation_failed',
    );
    assert.equal((await tasksOf(request.id)).length, 0);
  });
});
