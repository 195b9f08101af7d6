import assert from 'node:assert/strict';
import { notificationStore } from '../src/notifications/store.js';
import { call, expectProblem, expectStatus, registeredUser, type TestUser } from './helpers/api.js';
import { confirmedDisaster, newTask, notificationsOf } from './helpers/tasks-fixtures.js';

async function assign(admin: TestUser, taskId: string, user: TestUser) {
  return expectStatus(
    await call('PATCH', `/tasks/${taskId}/assign`, { token: admin.token, body: { user_id: user.uid } }),
    200,
  );
}

describe('notifications', () => {
  let admin: TestUser;
  let disaster: { id: string };
  before(async () => {
    admin = await registeredUser('admin');
    disaster = await confirmedDisaster();
  });

  it('assigning a task writes a notification under the assignee, which GET /notifications/me lists', async () => {
    const responder = await registeredUser('responder');
    const task = await newTask(admin, disaster.id, { instructions: 'Bring the boat to the school', priority: 1 });
    await assign(admin, task.id, responder);
    const stored = await notificationsOf(responder.uid);
    assert.equal(stored.length, 1);
    assert.equal(stored[0]?.user_id, responder.uid);
    assert.equal(stored[0]?.kind, 'task_assigned');
    assert.equal(stored[0]?.read, false);
    assert.match(String(stored[0]?.text), /Bring the boat to the school/);
    const page = expectStatus(await call('GET', '/notifications/me', { token: responder.token }), 200);
    assert.deepEqual(page, { items: stored, next_cursor: null });
  });

  it("a user sees only their own notifications, and cannot mark another user's (404)", async () => {
    const responder = await registeredUser('responder');
    const other = await registeredUser('responder');
    const task = await newTask(admin, disaster.id);
    await assign(admin, task.id, responder);
    const page = expectStatus(await call('GET', '/notifications/me', { token: other.token }), 200);
    assert.deepEqual(page.items, []);
    const [note] = await notificationsOf(responder.uid);
    expectProblem(
      await call('PATCH', `/notifications/${note!.id}`, { token: other.token, body: { read: true } }),
      404,
      'not_found',
    );
    assert.equal((await notificationsOf(responder.uid))[0]?.read, false);
  });

  it('marks a notification read, and ?read=false lists the unread ones', async () => {
    const responder = await registeredUser('responder');
    const first = await newTask(admin, disaster.id);
    const second = await newTask(admin, disaster.id);
    await assign(admin, first.id, responder);
    await assign(admin, second.id, responder);
    const page = expectStatus(await call('GET', '/notifications/me', { token: responder.token }), 200);
    assert.deepEqual(
      page.items.map((n: any) => n.task_id),
      [second.id, first.id],
      'newest first',
    );
    const marked = expectStatus(
      await call('PATCH', `/notifications/${page.items[1].id}`, { token: responder.token, body: { read: true } }),
      200,
    );
    assert.equal(marked.read, true);
    const stored = (await notificationStore.doc(responder.uid, page.items[1].id).get()).data();
    assert.equal(stored?.read, true);
    const unread = expectStatus(await call('GET', '/notifications/me?read=false', { token: responder.token }), 200);
    assert.deepEqual(
      unread.items.map((n: any) => n.task_id),
      [second.id],
    );
  });

  it('rejects malformed input with 400 and unknown ids with 404', async () => {
    const responder = await registeredUser('responder');
    const task = await newTask(admin, disaster.id);
    await assign(admin, task.id, responder);
    const [note] = await notificationsOf(responder.uid);
    for (const body of [{}, { read: 'yes' }, { read: true, text: 'edited' }]) {
      expectProblem(
        await call('PATCH', `/notifications/${note!.id}`, {
          token: responder.token,
          body,
          invalidRequest: 'an invalid change',
        }),
        400,
        'validation_failed',
      );
    }
    expectProblem(
      await call('GET', '/notifications/me?read=maybe', { token: responder.token, invalidRequest: 'read=maybe' }),
      400,
      'validation_failed',
    );
    expectProblem(
      await call('PATCH', '/notifications/no-such-note', { token: responder.token, body: { read: true } }),
      404,
      'not_found',
    );
    const stored = await notificationsOf(responder.uid);
    assert.equal(stored[0]?.read, false);
    assert.equal(stored[0]?.text, note!.text);
  });

  it('tells the assignee when their task is authorized or cancelled, and the previous one when it is reassigned', async () => {
    const first = await registeredUser('responder');
    const second = await registeredUser('responder');
    const task = await newTask(admin, disaster.id);
    await assign(admin, task.id, first);
    await assign(admin, task.id, second);
    expectStatus(await call('PATCH', `/tasks/${task.id}/authorize`, { token: admin.token }), 200);
    expectStatus(
      await call('PATCH', `/tasks/${task.id}/status`, { token: admin.token, body: { status: 'cancelled' } }),
      200,
    );
    const kinds = (uid: string) => notificationsOf(uid).then((notes) => notes.map((n) => n.kind).sort());
    assert.deepEqual(await kinds(first.uid), ['task_assigned', 'task_cancelled']);
    assert.deepEqual(await kinds(second.uid), ['task_assigned', 'task_authorized', 'task_cancelled']);
  });

  it('a refused assignment notifies no one', async () => {
    const affected = await registeredUser('affected_individual');
    const task = await newTask(admin, disaster.id, { role_required: 'volunteer' });
    expectProblem(
      await call('PATCH', `/tasks/${task.id}/assign`, { token: admin.token, body: { user_id: affected.uid } }),
      409,
      'conflict',
    );
    assert.deepEqual(await notificationsOf(affected.uid), []);
  });
});
