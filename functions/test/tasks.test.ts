import assert from 'node:assert/strict';
import { notificationStore } from '../src/notifications/store.js';
import { requestStore } from '../src/requests/store.js';
import { taskStore } from '../src/tasks/store.js';
import { verify } from './helpers/trust.js';
import { call, expectProblem, expectStatus, registeredUser, uniqueId, type TestUser } from './helpers/api.js';
import {
  assertFree,
  claimOf,
  confirmedDisaster,
  helpRequest,
  newResource,
  newTask,
  readyTask,
  storedRequest,
  storedResource,
  storedTask,
  taskBody,
} from './helpers/tasks-fixtures.js';

async function tasksOf(disasterId: string) {
  return (await taskStore.ref().where('disaster_id', '==', disasterId).get()).docs.map((doc) => doc.data());
}

async function setStatus(user: TestUser, taskId: string, status: string) {
  return call('PATCH', `/tasks/${taskId}/status`, { token: user.token, body: { status } });
}

describe('tasks', () => {
  let admin: TestUser;
  let responder: TestUser;
  let owner: TestUser;
  let disaster: { id: string };
  before(async () => {
    admin = await registeredUser('admin');
    responder = await registeredUser('responder');
    owner = await registeredUser('volunteer');
    disaster = await confirmedDisaster();
  });

  describe('POST /tasks', () => {
    it('creates a pending task, allocating its resources: they become in_use, held by the task', async () => {
      const boat = await newResource(owner);
      const medics = await newResource(owner, {
        name: 'Medic team',
        category: 'medical_team',
        quantity: 3,
        unit: 'people',
      });
      const response = await call('POST', '/tasks', {
        token: admin.token,
        body: taskBody(disaster.id, { resource_ids: [boat.id, medics.id] }),
      });
      const task = expectStatus(response, 201);
      assert.equal(task.status, 'pending');
      assert.equal(task.assigned_to, null);
      assert.equal(task.authorized, false);
      assert.equal(task.created_by, admin.uid);
      assert.deepEqual(task.resource_ids, [boat.id, medics.id]);
      assert.deepEqual(
        task.history.map((h: any) => [h.action, h.from, h.to, h.by]),
        [['created', null, 'pending', admin.uid]],
      );
      assert.equal((await storedTask(task.id))?.status, 'pending');
      for (const id of [boat.id, medics.id]) {
        const resource = await storedResource(id);
        assert.equal(resource?.status, 'in_use');
        assert.equal(resource?.task_id, task.id);
        assert.equal((await claimOf(id))?.task_id, task.id);
      }
    });

    it('links a request of the same disaster and moves it to in_progress', async () => {
      const request = await helpRequest(disaster.id, 'someone');
      const task = await newTask(admin, disaster.id, { request_id: request.id });
      assert.equal(task.request_id, request.id);
      assert.equal((await storedRequest(request.id))?.status, 'in_progress');
    });

    it('allocates all or nothing: one unavailable resource refuses the task with 409 naming it', async () => {
      const free = await newResource(owner);
      const busy = await newResource(owner, { status: 'not_available' });
      const d = await confirmedDisaster();
      const problem = expectProblem(
        await call('POST', '/tasks', {
          token: admin.token,
          body: taskBody(d.id, { resource_ids: [free.id, busy.id] }),
        }),
        409,
        'conflict',
      );
      assert.deepEqual(problem.resource_ids, [busy.id]);
      assert.match(problem.detail, new RegExp(busy.id));
      await assertFree(free.id);
      assert.equal((await storedResource(busy.id))?.status, 'not_available');
      assert.equal((await tasksOf(d.id)).length, 0);
    });

    it('answers 404 naming unknown resources, allocating nothing', async () => {
      const free = await newResource(owner);
      const d = await confirmedDisaster();
      const problem = expectProblem(
        await call('POST', '/tasks', {
          token: admin.token,
          body: taskBody(d.id, { resource_ids: [free.id, 'no-such-boat'] }),
        }),
        404,
        'not_found',
      );
      assert.deepEqual(problem.resource_ids, ['no-such-boat']);
      await assertFree(free.id);
      assert.equal((await tasksOf(d.id)).length, 0);
    });

    it('refuses a resource that serves another disaster (409)', async () => {
      const other = await confirmedDisaster();
      const theirs = await newResource(owner, { disaster_id: other.id });
      const d = await confirmedDisaster();
      const problem = expectProblem(
        await call('POST', '/tasks', { token: admin.token, body: taskBody(d.id, { resource_ids: [theirs.id] }) }),
        409,
        'conflict',
      );
      assert.deepEqual(problem.resource_ids, [theirs.id]);
      await assertFree(theirs.id);
    });

    it('answers 404 for an unknown disaster and 409 for an unapproved suggestion', async () => {
      expectProblem(
        await call('POST', '/tasks', { token: admin.token, body: taskBody('no-such-disaster') }),
        404,
        'not_found',
      );
      const suggested = await confirmedDisaster({ status: 'suggested', confirmed_at: null, confirmed_by: null });
      expectProblem(
        await call('POST', '/tasks', { token: admin.token, body: taskBody(suggested.id) }),
        409,
        'conflict',
      );
      assert.equal((await tasksOf(suggested.id)).length, 0);
    });

    it('refuses a request that is unknown (404), of another disaster (400) or already fulfilled (409)', async () => {
      const d = await confirmedDisaster();
      const other = await confirmedDisaster();
      expectProblem(
        await call('POST', '/tasks', { token: admin.token, body: taskBody(d.id, { request_id: 'no-such-request' }) }),
        404,
        'not_found',
      );
      const elsewhere = await helpRequest(other.id, 'someone');
      const problem = expectProblem(
        await call('POST', '/tasks', { token: admin.token, body: taskBody(d.id, { request_id: elsewhere.id }) }),
        400,
        'validation_failed',
      );
      assert.equal(problem.errors[0].path, 'body.request_id');
      const done = await helpRequest(d.id, 'someone', { status: 'fulfilled' });
      expectProblem(
        await call('POST', '/tasks', { token: admin.token, body: taskBody(d.id, { request_id: done.id }) }),
        409,
        'conflict',
      );
      assert.equal((await tasksOf(d.id)).length, 0);
      assert.equal((await storedRequest(elsewhere.id))?.status, 'open');
    });

    const invalid: [string, Record<string, unknown>][] = [
      ['a priority of 0', { priority: 0 }],
      ['a priority of 6', { priority: 6 }],
      ['a fractional priority', { priority: 2.5 }],
      ['a priority given as a string', { priority: '1' }],
      ['empty instructions', { instructions: ' ' }],
      ['instructions of 4001 characters', { instructions: 'x'.repeat(4001) }],
      ['instructions with control characters', { instructions: 'go\u0000now' }],
      ['a role_required of admin', { role_required: 'admin' }],
      ['a role_required of affected_individual', { role_required: 'affected_individual' }],
      ['no disaster_id', { disaster_id: undefined }],
      ['resource ids that repeat', { resource_ids: ['boat-1', 'boat-1'] }],
      ['21 resource ids', { resource_ids: Array.from({ length: 21 }, (_, i) => `r${i}`) }],
      ['resource_ids that is not a list', { resource_ids: 'boat-1' }],
      ['a resource id with a slash', { resource_ids: ['a/b'] }],
      ['an unknown field', { status: 'completed' }],
      ['an assignee at creation', { assigned_to: 'someone' }],
    ];
    for (const [what, change] of invalid) {
      it(`rejects ${what} with 400 and writes nothing`, async () => {
        const d = await confirmedDisaster();
        expectProblem(
          await call('POST', '/tasks', { token: admin.token, body: taskBody(d.id, change), invalidRequest: what }),
          400,
          'validation_failed',
        );
        assert.equal((await tasksOf(d.id)).length, 0);
      });
    }

    it('refuses a responder creating a task (403)', async () => {
      const d = await confirmedDisaster();
      expectProblem(await call('POST', '/tasks', { token: responder.token, body: taskBody(d.id) }), 403, 'forbidden');
      assert.equal((await tasksOf(d.id)).length, 0);
    });
  });

  describe('PATCH /tasks/{task_id}/assign', () => {
    it('assigns a responder, records it in the history and notifies them', async () => {
      const task = await newTask(admin, disaster.id);
      const assignee = await registeredUser('responder');
      const assigned = expectStatus(
        await call('PATCH', `/tasks/${task.id}/assign`, { token: admin.token, body: { user_id: assignee.uid } }),
        200,
      );
      assert.equal(assigned.assigned_to, assignee.uid);
      assert.equal(typeof assigned.assigned_at, 'string');
      assert.deepEqual(assigned.history.at(-1), {
        at: assigned.assigned_at,
        by: admin.uid,
        action: 'assigned',
        from: null,
        to: assignee.uid,
      });
      assert.equal((await storedTask(task.id))?.assigned_to, assignee.uid);
      const notes = (await notificationStore.ref(assignee.uid).get()).docs.map((d) => d.data());
      assert.equal(notes.length, 1);
      assert.equal(notes[0]?.kind, 'task_assigned');
      assert.equal(notes[0]?.task_id, task.id);
    });

    it('lets a volunteer who is available take a volunteer task', async () => {
      const task = await newTask(admin, disaster.id, { role_required: 'volunteer' });
      const vol = await verify(await registeredUser('volunteer', { availability: 'available' }));
      expectStatus(
        await call('PATCH', `/tasks/${task.id}/assign`, { token: admin.token, body: { user_id: vol.uid } }),
        200,
      );
      assert.equal((await storedTask(task.id))?.assigned_to, vol.uid);
    });

    const cannot: [string, () => Promise<TestUser>, string][] = [
      ['an affected individual', () => registeredUser('affected_individual'), 'volunteer'],
      ['an admin', () => registeredUser('admin'), 'volunteer'],
      [
        'a volunteer, for a responder task',
        () => registeredUser('volunteer', { availability: 'available' }),
        'responder',
      ],
      ['a volunteer who is unavailable', async () => verify(await registeredUser('volunteer')), 'volunteer'],
      [
        'a volunteer who is available but not verified',
        () => registeredUser('volunteer', { availability: 'available' }),
        'volunteer',
      ],
    ];
    for (const [who, make, role] of cannot) {
      it(`refuses to assign ${who} (409), changing nothing and notifying no one`, async () => {
        const task = await newTask(admin, disaster.id, { role_required: role });
        const user = await make();
        expectProblem(
          await call('PATCH', `/tasks/${task.id}/assign`, { token: admin.token, body: { user_id: user.uid } }),
          409,
          'conflict',
        );
        const stored = await storedTask(task.id);
        assert.equal(stored?.assigned_to, null);
        assert.equal(stored?.history.length, 1);
        assert.equal((await notificationStore.ref(user.uid).get()).size, 0);
      });
    }

    it('answers 404 for an unknown user or task, and 400 for a missing or malformed user_id', async () => {
      const task = await newTask(admin, disaster.id);
      expectProblem(
        await call('PATCH', `/tasks/${task.id}/assign`, { token: admin.token, body: { user_id: 'nobody-here' } }),
        404,
        'not_found',
      );
      expectProblem(
        await call('PATCH', `/tasks/${uniqueId('none')}/assign`, {
          token: admin.token,
          body: { user_id: responder.uid },
        }),
        404,
        'not_found',
      );
      expectProblem(
        await call('PATCH', `/tasks/${task.id}/assign`, { token: admin.token, body: {}, invalidRequest: 'no user_id' }),
        400,
        'validation_failed',
      );
      expectProblem(
        await call('PATCH', `/tasks/${task.id}/assign`, {
          token: admin.token,
          body: { user_id: '../x' },
          invalidRequest: 'a user_id that is not an id',
        }),
        400,
        'validation_failed',
      );
      assert.equal((await storedTask(task.id))?.assigned_to, null);
    });

    it('refuses a responder assigning a task (403)', async () => {
      const task = await newTask(admin, disaster.id);
      expectProblem(
        await call('PATCH', `/tasks/${task.id}/assign`, { token: responder.token, body: { user_id: responder.uid } }),
        403,
        'forbidden',
      );
      assert.equal((await storedTask(task.id))?.assigned_to, null);
    });

    it('refuses to assign a task that is no longer pending (409)', async () => {
      const task = await readyTask(admin, responder, disaster.id);
      expectStatus(await setStatus(responder, task.id, 'on_route'), 200);
      const other = await registeredUser('responder');
      expectProblem(
        await call('PATCH', `/tasks/${task.id}/assign`, { token: admin.token, body: { user_id: other.uid } }),
        409,
        'conflict',
      );
      assert.equal((await storedTask(task.id))?.assigned_to, responder.uid);
    });
  });

  describe('PATCH /tasks/{task_id}/authorize', () => {
    it('records who authorized and when, once', async () => {
      const task = await newTask(admin, disaster.id);
      const authorized = expectStatus(await call('PATCH', `/tasks/${task.id}/authorize`, { token: admin.token }), 200);
      assert.equal(authorized.authorized, true);
      assert.equal(authorized.authorized_by, admin.uid);
      assert.equal(typeof authorized.authorized_at, 'string');
      assert.equal(authorized.history.at(-1).action, 'authorized');
      const again = expectStatus(await call('PATCH', `/tasks/${task.id}/authorize`, { token: admin.token }), 200);
      assert.equal(again.authorized_at, authorized.authorized_at);
      assert.equal((await storedTask(task.id))?.history.length, 2, 'authorizing again adds nothing');
    });

    it('refuses a non-admin (403) and a task that ended (409)', async () => {
      const task = await newTask(admin, disaster.id);
      expectProblem(await call('PATCH', `/tasks/${task.id}/authorize`, { token: responder.token }), 403, 'forbidden');
      assert.equal((await storedTask(task.id))?.authorized, false);
      expectStatus(await setStatus(admin, task.id, 'cancelled'), 200);
      expectProblem(await call('PATCH', `/tasks/${task.id}/authorize`, { token: admin.token }), 409, 'conflict');
      assert.equal((await storedTask(task.id))?.authorized, false);
    });
  });

  describe('PATCH /tasks/{task_id}/status', () => {
    it('lets the assignee go on_route and complete; completion frees the resources', async () => {
      const boat = await newResource(owner);
      const task = await readyTask(admin, responder, disaster.id, { resource_ids: [boat.id] });
      const onRoute = expectStatus(await setStatus(responder, task.id, 'on_route'), 200);
      assert.equal(onRoute.status, 'on_route');
      assert.equal((await storedResource(boat.id))?.status, 'in_use');
      const done = expectStatus(await setStatus(responder, task.id, 'completed'), 200);
      assert.equal(done.status, 'completed');
      assert.deepEqual(
        done.history.filter((h: any) => h.action === 'status_changed').map((h: any) => [h.from, h.to, h.by]),
        [
          ['pending', 'on_route', responder.uid],
          ['on_route', 'completed', responder.uid],
        ],
      );
      assert.equal((await storedTask(task.id))?.status, 'completed');
      await assertFree(boat.id);
    });

    it('refuses on_route before the task is authorized, or before it is assigned (409)', async () => {
      const task = await newTask(admin, disaster.id);
      expectStatus(
        await call('PATCH', `/tasks/${task.id}/assign`, { token: admin.token, body: { user_id: responder.uid } }),
        200,
      );
      expectProblem(await setStatus(responder, task.id, 'on_route'), 409, 'conflict');
      assert.equal((await storedTask(task.id))?.status, 'pending');
      const unassigned = await newTask(admin, disaster.id);
      expectStatus(await call('PATCH', `/tasks/${unassigned.id}/authorize`, { token: admin.token }), 200);
      expectProblem(await setStatus(admin, unassigned.id, 'on_route'), 403, 'forbidden');
    });

    it('a responder who is not the assignee cannot move the task: 404, nothing changes', async () => {
      const boat = await newResource(owner);
      const task = await readyTask(admin, responder, disaster.id, { resource_ids: [boat.id] });
      const stranger = await registeredUser('responder');
      for (const status of ['on_route', 'completed', 'failed']) {
        expectProblem(await setStatus(stranger, task.id, status), 404, 'not_found');
      }
      const stored = await storedTask(task.id);
      assert.equal(stored?.status, 'pending');
      assert.equal((await storedResource(boat.id))?.status, 'in_use');
    });

    it('an admin may cancel but not complete or go on_route; the assignee may not cancel (403)', async () => {
      const task = await readyTask(admin, responder, disaster.id);
      expectProblem(await setStatus(admin, task.id, 'on_route'), 403, 'forbidden');
      expectProblem(await setStatus(responder, task.id, 'cancelled'), 403, 'forbidden');
      expectStatus(await setStatus(responder, task.id, 'on_route'), 200);
      expectProblem(await setStatus(admin, task.id, 'completed'), 403, 'forbidden');
      assert.equal((await storedTask(task.id))?.status, 'on_route');
      expectStatus(await setStatus(admin, task.id, 'cancelled'), 200);
      assert.equal((await storedTask(task.id))?.status, 'cancelled');
    });

    it('answers 409 invalid_transition outside the table, naming the allowed moves', async () => {
      const task = await readyTask(admin, responder, disaster.id);
      const skip = expectProblem(await setStatus(responder, task.id, 'completed'), 409, 'invalid_transition');
      assert.deepEqual(skip.allowed, ['on_route', 'cancelled', 'failed']);
      expectProblem(await setStatus(responder, task.id, 'pending'), 409, 'invalid_transition');
      expectStatus(await setStatus(responder, task.id, 'failed'), 200);
      // Out of a final status: the late-action answer, naming who ended it (test/client-time.test.ts).
      const final = expectProblem(await setStatus(responder, task.id, 'on_route'), 409, 'task_ended');
      assert.deepEqual(final.allowed, []);
      const stored = await storedTask(task.id);
      assert.equal(stored?.status, 'failed');
      assert.equal(stored?.history.filter((h) => h.action === 'status_changed').length, 1);
    });

    it('rejects a status that is not in the table, or extra fields, with 400', async () => {
      const task = await readyTask(admin, responder, disaster.id);
      for (const body of [{ status: 'flying' }, { status: 'ON_ROUTE' }, {}, { status: 'on_route', note: 'hi' }]) {
        expectProblem(
          await call('PATCH', `/tasks/${task.id}/status`, {
            token: responder.token,
            body,
            invalidRequest: 'an invalid change',
          }),
          400,
          'validation_failed',
        );
      }
      assert.equal((await storedTask(task.id))?.status, 'pending');
    });

    it('failing or cancelling a task frees its resources too', async () => {
      const a = await newResource(owner);
      const b = await newResource(owner);
      const failing = await readyTask(admin, responder, disaster.id, { resource_ids: [a.id] });
      const cancelled = await readyTask(admin, responder, disaster.id, { resource_ids: [b.id] });
      expectStatus(await setStatus(responder, failing.id, 'failed'), 200);
      expectStatus(await setStatus(admin, cancelled.id, 'cancelled'), 200);
      await assertFree(a.id);
      await assertFree(b.id);
    });

    it('a resource used up while in use ends not_available when the task frees it', async () => {
      const water = await newResource(owner, { category: 'water', name: 'Water', quantity: 20, unit: 'litres' });
      const task = await readyTask(admin, responder, disaster.id, { resource_ids: [water.id] });
      expectStatus(
        await call('PATCH', `/resources/${water.id}`, { token: responder.token, body: { consume: 20 } }),
        200,
      );
      expectStatus(await setStatus(responder, task.id, 'on_route'), 200);
      expectStatus(await setStatus(responder, task.id, 'completed'), 200);
      const stored = await storedResource(water.id);
      assert.equal(stored?.status, 'not_available');
      assert.equal(stored?.task_id, null);
      assert.equal((await claimOf(water.id))?.holder, 'owner');
    });

    it('answers 404 for an unknown task', async () => {
      expectProblem(await setStatus(admin, uniqueId('none'), 'cancelled'), 404, 'not_found');
    });
  });

  describe('the linked request follows its tasks', () => {
    it('stays in_progress while any task is active and is fulfilled when they are done', async () => {
      const request = await helpRequest(disaster.id, 'someone');
      const first = await readyTask(admin, responder, disaster.id, { request_id: request.id });
      const second = await readyTask(admin, responder, disaster.id, { request_id: request.id });
      assert.equal((await storedRequest(request.id))?.status, 'in_progress');
      expectStatus(await setStatus(responder, first.id, 'on_route'), 200);
      expectStatus(await setStatus(responder, first.id, 'completed'), 200);
      assert.equal((await storedRequest(request.id))?.status, 'in_progress', 'the second task is still pending');
      expectStatus(await setStatus(responder, second.id, 'failed'), 200);
      assert.equal((await storedRequest(request.id))?.status, 'fulfilled', 'none active, one completed');
    });

    it('goes back to open when every task failed or was cancelled', async () => {
      const request = await helpRequest(disaster.id, 'someone');
      const first = await readyTask(admin, responder, disaster.id, { request_id: request.id });
      const second = await newTask(admin, disaster.id, { request_id: request.id });
      expectStatus(await setStatus(responder, first.id, 'failed'), 200);
      assert.equal((await storedRequest(request.id))?.status, 'in_progress');
      expectStatus(await setStatus(admin, second.id, 'cancelled'), 200);
      const stored = await storedRequest(request.id);
      assert.equal(stored?.status, 'open');
      assert.ok(stored && stored.status_changed_at >= stored.created_at);
    });

    it('never touches a request that was closed meanwhile', async () => {
      const request = await helpRequest(disaster.id, 'someone');
      const task = await readyTask(admin, responder, disaster.id, { request_id: request.id });
      await requestStore
        .doc(request.id)
        .set({ ...(await storedRequest(request.id))!, status: 'closed', closed_reason: 'withdrawn' });
      expectStatus(await setStatus(responder, task.id, 'on_route'), 200);
      expectStatus(await setStatus(responder, task.id, 'completed'), 200);
      assert.equal((await storedRequest(request.id))?.status, 'closed');
    });
  });

  describe('reading tasks', () => {
    it('GET /tasks/{task_id} is for admins and the assignee; others get 404', async () => {
      const task = await readyTask(admin, responder, disaster.id);
      assert.equal(expectStatus(await call('GET', `/tasks/${task.id}`, { token: admin.token }), 200).id, task.id);
      const mine = expectStatus(await call('GET', `/tasks/${task.id}`, { token: responder.token }), 200);
      assert.deepEqual(mine, task);
      const stranger = await registeredUser('responder');
      expectProblem(await call('GET', `/tasks/${task.id}`, { token: stranger.token }), 404, 'not_found');
    });

    it('GET /tasks/me lists only the tasks assigned to the caller, filterable by status', async () => {
      const me = await registeredUser('responder');
      const a = await readyTask(admin, me, disaster.id);
      const b = await readyTask(admin, me, disaster.id);
      await readyTask(admin, responder, disaster.id);
      expectStatus(await setStatus(me, b.id, 'on_route'), 200);
      const all = expectStatus(await call('GET', '/tasks/me', { token: me.token }), 200);
      assert.deepEqual(
        all.items.map((t: any) => t.id),
        [b.id, a.id],
      );
      const onRoute = expectStatus(await call('GET', '/tasks/me?status=on_route', { token: me.token }), 200);
      assert.deepEqual(
        onRoute.items.map((t: any) => t.id),
        [b.id],
      );
      expectProblem(
        await call('GET', '/tasks/me?status=asleep', { token: me.token, invalidRequest: 'an unknown status' }),
        400,
        'validation_failed',
      );
    });

    it('GET /tasks lists every task for an admin, filterable, and pages', async () => {
      const d = await confirmedDisaster();
      const t1 = await newTask(admin, d.id);
      const t2 = await newTask(admin, d.id);
      const t3 = await newTask(admin, d.id);
      expectStatus(await setStatus(admin, t2.id, 'cancelled'), 200);
      const page1 = expectStatus(await call('GET', `/tasks?disaster_id=${d.id}&limit=2`, { token: admin.token }), 200);
      assert.deepEqual(
        page1.items.map((t: any) => t.id),
        [t3.id, t2.id],
      );
      const page2 = expectStatus(
        await call('GET', `/tasks?disaster_id=${d.id}&limit=2&cursor=${page1.next_cursor}`, { token: admin.token }),
        200,
      );
      assert.deepEqual(
        page2.items.map((t: any) => t.id),
        [t1.id],
      );
      assert.equal(page2.next_cursor, null);
      const cancelled = expectStatus(
        await call('GET', `/tasks?disaster_id=${d.id}&status=cancelled`, { token: admin.token }),
        200,
      );
      assert.deepEqual(
        cancelled.items.map((t: any) => t.id),
        [t2.id],
      );
      expectProblem(await call('GET', '/tasks', { token: responder.token }), 403, 'forbidden');
      expectProblem(
        await call('GET', '/tasks?cursor=not*a*cursor', { token: admin.token, invalidRequest: 'a malformed cursor' }),
        400,
        'validation_failed',
      );
    });
  });
});
