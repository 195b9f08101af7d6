// client_time: when a person took an action by their device's clock (an action queued offline),
// kept beside the server's time and never used for ordering; and the task moves that arrive after
// they stopped making sense, refused with what changed, by whom and when (tasks/late-actions.ts).
import assert from 'node:assert/strict';
import { auditStore } from '../src/audit/store.js';
import { chatMessageStore } from '../src/chat/store.js';
import { userStore } from '../src/users/store.js';
import { call, expectProblem, expectStatus, registeredUser, type TestUser } from './helpers/api.js';
import { confirmedDisaster, readyTask, storedTask } from './helpers/tasks-fixtures.js';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

async function setStatus(user: TestUser, taskId: string, body: Record<string, unknown>, invalidRequest?: string) {
  return call('PATCH', `/tasks/${taskId}/status`, {
    token: user.token,
    body,
    ...(invalidRequest ? { invalidRequest } : {}),
  });
}

const auditOf = async (taskId: string) =>
  (await auditStore.ref().where('entity_id', '==', taskId).get()).docs
    .map((doc) => doc.data())
    .filter((record) => record.action === 'status_changed');

describe('client_time and late actions', function () {
  // Each test arranges users, a task and its moves through the API on a machine shared with other stacks.
  this.timeout(60_000);
  let admin: TestUser;
  let responder: TestUser;
  let disasterId: string;
  before(async () => {
    admin = await registeredUser('admin');
    responder = await registeredUser('responder');
    disasterId = (await confirmedDisaster()).id;
  });

  describe('client_time', () => {
    it("a task move keeps the device's time beside the server's, in the history entry and the audit record", async () => {
      const task = await readyTask(admin, responder, disasterId);
      const tookAt = hoursAgo(3);
      // Sent with an offset: stored in UTC.
      const withOffset = new Date(Date.parse(tookAt)).toISOString().replace('Z', '+00:00');
      const moved = expectStatus(
        await setStatus(responder, task.id, { status: 'on_route', client_time: withOffset }),
        200,
      );
      const entry = moved.history.at(-1);
      assert.equal(entry.client_time, tookAt);
      assert.ok(Date.parse(entry.at) > Date.parse(tookAt) + 2 * 3_600_000, 'at is the server time');
      assert.equal((await storedTask(task.id))?.history.at(-1)?.client_time, tookAt);
      const [record] = await auditOf(task.id);
      assert.equal(record?.client_time, tookAt);
      assert.equal(record?.created_at, entry.at);
      // Without one, none is stored.
      const done = expectStatus(await setStatus(responder, task.id, { status: 'completed' }), 200);
      assert.equal('client_time' in done.history.at(-1), false);
    });

    it('refuses a time more than 5 minutes ahead of the server or more than 30 days old, writing nothing', async () => {
      const task = await readyTask(admin, responder, disasterId);
      const ahead = new Date(Date.now() + 10 * 60_000).toISOString();
      const old = hoursAgo(31 * 24);
      for (const client_time of [ahead, old, 'yesterday', '2026-13-01T00:00:00Z']) {
        const problem = expectProblem(
          await setStatus(responder, task.id, { status: 'on_route', client_time }, 'an absurd client_time'),
          400,
          'validation_failed',
        );
        assert.equal(problem.errors[0].path, 'body.client_time');
      }
      assert.equal((await storedTask(task.id))?.status, 'pending');
      assert.deepEqual(await auditOf(task.id), []);
      // A device a minute fast is fine.
      const fast = new Date(Date.now() + 60_000).toISOString();
      expectStatus(await setStatus(responder, task.id, { status: 'on_route', client_time: fast }), 200);
    });

    it("is kept on a help request's audit record, an observation (its full view only), a chat message, and the profile", async () => {
      const person = await registeredUser('affected_individual');
      const tookAt = hoursAgo(1);
      const request = expectStatus(
        await call('POST', '/requests', {
          token: person.token,
          body: {
            disaster_id: disasterId,
            type_of_need: 'water',
            description: 'Six people without water',
            location: { lat: 14.61, lng: 121.01 },
            client_time: tookAt,
          },
        }),
        201,
      );
      const created = (await auditStore.ref().where('entity_id', '==', request.id).get()).docs
        .map((doc) => doc.data())
        .find((record) => record.action === 'created');
      assert.equal(created?.client_time, tookAt);

      const reporter = await registeredUser('volunteer');
      const body = { type: 'damage', description: 'Bridge down', location: { lat: -40.5, lng: -120.5 }, severity: 3 };
      const observation = expectStatus(
        await call('POST', '/observations', { token: reporter.token, body: { ...body, client_time: tookAt } }),
        201,
      );
      assert.equal(observation.client_time, tookAt);
      const seenByOther = expectStatus(
        await call('GET', `/observations/${observation.id}`, { token: (await registeredUser('volunteer')).token }),
        200,
      );
      assert.equal(seenByOther.view, 'area');
      assert.equal('client_time' in seenByOther, false);

      const message = expectStatus(
        await call('POST', `/disasters/${disasterId}/chat/messages`, {
          token: admin.token,
          body: { text: 'Written offline', client_time: tookAt },
        }),
        200,
      );
      assert.equal(message.client_time, tookAt);
      assert.equal((await chatMessageStore.of(disasterId).get(message.id))?.client_time, tookAt);

      const volunteer = await registeredUser('volunteer');
      const profile = expectStatus(
        await call('PATCH', '/users/me/location', {
          token: volunteer.token,
          body: { location: { lat: 14.6, lng: 121 }, client_time: tookAt },
        }),
        200,
      );
      assert.equal(profile.location_client_time, tookAt);
      expectStatus(
        await call('PATCH', '/users/me/availability', {
          token: volunteer.token,
          body: { availability: 'available', client_time: tookAt },
        }),
        200,
      );
      assert.equal((await userStore.get(volunteer.uid))?.availability_client_time, tookAt);
      // A later change without a device time leaves none beside it.
      expectStatus(
        await call('PATCH', '/users/me/availability', {
          token: volunteer.token,
          body: { availability: 'unavailable' },
        }),
        200,
      );
      assert.equal((await userStore.get(volunteer.uid))?.availability_client_time, undefined);
    });
  });

  describe('a task move that arrives too late', () => {
    it("a responder's completed after a dispatcher cancelled: 409 task_ended naming the status, who and when", async () => {
      const task = await readyTask(admin, responder, disasterId);
      expectStatus(await setStatus(responder, task.id, { status: 'on_route' }), 200);
      const cancelled = expectStatus(await setStatus(admin, task.id, { status: 'cancelled' }), 200);
      const problem = expectProblem(
        await setStatus(responder, task.id, { status: 'completed', client_time: hoursAgo(0.5) }),
        409,
        'task_ended',
      );
      assert.equal(problem.task_id, task.id);
      assert.equal(problem.task_status, 'cancelled');
      assert.equal(problem.changed_by, admin.uid);
      assert.match(problem.changed_by_name, /^admin /);
      assert.equal(problem.changed_at, cancelled.history.at(-1).at);
      assert.match(problem.detail, /is cancelled \(by admin .* at /);
      const stored = await storedTask(task.id);
      assert.equal(stored?.status, 'cancelled');
      assert.equal(stored?.history.filter((entry) => entry.action === 'status_changed').length, 2);
    });

    it("a responder's on_route after the task was reassigned: 409 task_reassigned, without the new assignee", async () => {
      const other = await registeredUser('responder');
      const task = await readyTask(admin, responder, disasterId);
      const reassigned = expectStatus(
        await call('PATCH', `/tasks/${task.id}/assign`, { token: admin.token, body: { user_id: other.uid } }),
        200,
      );
      const answer = await setStatus(responder, task.id, { status: 'on_route' });
      const problem = expectProblem(answer, 409, 'task_reassigned');
      assert.equal(problem.changed_by, admin.uid);
      assert.equal(problem.changed_at, reassigned.assigned_at);
      assert.equal(answer.text.includes(other.uid), false, `the new assignee is not named: ${answer.text}`);
      assert.equal('task_status' in problem, false);
      assert.equal((await storedTask(task.id))?.status, 'pending');
      // Someone who never held it still gets the 404 of a task they may not see.
      expectProblem(
        await setStatus(await registeredUser('responder'), task.id, { status: 'on_route' }),
        404,
        'not_found',
      );
    });
  });
});
