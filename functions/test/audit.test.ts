// The audit trail (issue 13, item 9): every state change of a request, task, resource, disaster,
// membership and role writes exactly one audit record, with the changed fields only, in the same
// commit as the change; a refused change writes none. And the history endpoints' views.
import assert from 'node:assert/strict';
import type { AuditRecord } from '../src/audit/model.js';
import { processObservation } from '../src/agent/suggest.js';
import { auditStore } from '../src/audit/store.js';
import { memberStore } from '../src/disasters/store.js';
import { observationStore } from '../src/observations/store.js';
import { allEndpoints } from '../src/endpoints.js';
import type { Observation } from '../src/observations/model.js';
import type { Location } from '../src/shared/schemas.js';
import { grantRole } from '../src/users/roles.js';
import { verify } from './helpers/trust.js';
import { call, expectProblem, expectStatus, registeredUser, type TestUser } from './helpers/api.js';
import { disasterBody, observationValue, suggestedDisaster } from './helpers/disasters.js';
import { quietRequest } from './helpers/planning-fixtures.js';
import {
  confirmedDisaster,
  newResource,
  newTask,
  readyTask,
  storedResource,
  storedTask,
} from './helpers/tasks-fixtures.js';

/** The records about one entity, oldest first (as the history endpoints order them). */
async function auditOf(entity: AuditRecord['entity'], entityId: string): Promise<AuditRecord[]> {
  const snapshot = await auditStore.ref().where('entity', '==', entity).where('entity_id', '==', entityId).get();
  return snapshot.docs
    .map((doc) => doc.data())
    .sort((a, b) =>
      a.created_at === b.created_at ? a.id.localeCompare(b.id) : a.created_at.localeCompare(b.created_at),
    );
}

/** The one record of `action` about the entity; fails unless there is exactly one. */
async function onlyRecord(entity: AuditRecord['entity'], entityId: string, action: string): Promise<AuditRecord> {
  const records = (await auditOf(entity, entityId)).filter((r) => r.action === action);
  assert.equal(
    records.length,
    1,
    `expected one ${action} record of ${entity} ${entityId}, got ${JSON.stringify(records)}`,
  );
  return records[0]!;
}

async function auditCount(): Promise<number> {
  return (await auditStore.ref().count().get()).data().count;
}

const NEAR = { lat: 14.61, lng: 121.01 };
const requestBody = (disasterId: string) => ({
  disaster_id: disasterId,
  type_of_need: 'rescue',
  description: 'Two adults on a roof',
  location: NEAR,
});

describe('audit trail', () => {
  let admin: TestUser;
  let responder: TestUser;
  let volunteer: TestUser;
  let owner: TestUser;
  let disasterId: string;
  before(async () => {
    admin = await registeredUser('admin');
    responder = await registeredUser('responder');
    volunteer = await verify(await registeredUser('volunteer', { availability: 'available' }));
    owner = await registeredUser('affected_individual');
    disasterId = (await confirmedDisaster()).id;
  });

  describe('requests', () => {
    it('a new request records its creation, by its owner, with no description or location', async () => {
      const request = expectStatus(
        await call('POST', '/requests', { token: owner.token, body: requestBody(disasterId) }),
        201,
      );
      const record = await onlyRecord('request', request.id, 'created');
      assert.deepEqual(
        {
          type: record.type,
          actor_id: record.actor_id,
          actor_role: record.actor_role,
          before: record.before,
          after: record.after,
          disaster_id: record.disaster_id,
          request_id: record.request_id,
        },
        {
          type: 'request.created',
          actor_id: owner.uid,
          actor_role: 'affected_individual',
          before: null,
          after: { status: 'open', duplicate_of: null, channel: 'app' },
          disaster_id: disasterId,
          request_id: request.id,
        },
      );
      assert.equal(record.created_at, request.created_at, 'written by the commit that created the request');
    });

    it('a request refused (a disaster only suggested: 404 to its owner, as an unknown one) records nothing', async () => {
      const suggestion = await suggestedDisaster(NEAR);
      const before = await auditCount();
      expectProblem(
        await call('POST', '/requests', { token: owner.token, body: requestBody(suggestion.id) }),
        404,
        'not_found',
      );
      assert.equal(await auditCount(), before);
    });

    it('a status change records the status and reason before and after; a refused one records nothing', async () => {
      const request = expectStatus(
        await call('POST', '/requests', { token: owner.token, body: requestBody(disasterId) }),
        201,
      );
      const closed = expectStatus(
        await call('PATCH', `/requests/${request.id}/status`, { token: owner.token, body: { status: 'closed' } }),
        200,
      );
      const record = await onlyRecord('request', request.id, 'status_changed');
      assert.deepEqual(record.before, { status: 'open', closed_reason: null });
      assert.deepEqual(record.after, { status: 'closed', closed_reason: 'withdrawn' });
      assert.equal(record.actor_id, owner.uid);
      assert.equal(record.created_at, closed.updated_at);

      expectProblem(
        await call('PATCH', `/requests/${request.id}/status`, { token: admin.token, body: { status: 'open' } }),
        409,
        'invalid_transition',
      );
      expectProblem(
        await call('PATCH', `/requests/${request.id}/status`, { token: volunteer.token, body: { status: 'closed' } }),
        404,
        'not_found',
      );
      assert.equal((await auditOf('request', request.id)).length, 2, 'created and closed only');
    });
  });

  describe('tasks and the resources and requests that follow them', () => {
    it('creating a task records the task, each resource it takes and the request it moves, by the admin', async () => {
      const request = expectStatus(
        await call('POST', '/requests', { token: owner.token, body: requestBody(disasterId) }),
        201,
      );
      const boat = await newResource(volunteer);
      const task = await newTask(admin, disasterId, { request_id: request.id, resource_ids: [boat.id] });

      const created = await onlyRecord('task', task.id, 'created');
      assert.deepEqual(created.after, {
        status: 'pending',
        priority: 2,
        role_required: 'responder',
        resource_ids: [boat.id],
      });
      assert.equal(created.actor_id, admin.uid);
      assert.equal(created.request_id, request.id);
      const taken = await onlyRecord('resource', boat.id, 'status_changed');
      assert.deepEqual(
        [taken.before, taken.after],
        [
          { status: 'available', task_id: null },
          { status: 'in_use', task_id: task.id },
        ],
      );
      const moved = await onlyRecord('request', request.id, 'status_changed');
      assert.deepEqual(
        [moved.before, moved.after, moved.actor_id],
        [{ status: 'open' }, { status: 'in_progress' }, admin.uid],
      );
      for (const record of [created, taken, moved]) assert.equal(record.created_at, task.created_at, 'one commit');
    });

    it('a task refused for an unavailable resource records nothing', async () => {
      const boat = await newResource(volunteer);
      await newTask(admin, disasterId, { resource_ids: [boat.id] });
      const before = await auditCount();
      expectProblem(
        await call('POST', '/tasks', {
          token: admin.token,
          body: {
            disaster_id: disasterId,
            priority: 1,
            instructions: 'Again',
            role_required: 'responder',
            resource_ids: [boat.id],
          },
        }),
        409,
        'conflict',
      );
      assert.equal(await auditCount(), before);
    });

    it('assignment, reassignment and authorization each record the fields they change', async () => {
      const task = await newTask(admin, disasterId, { role_required: 'volunteer' });
      expectStatus(
        await call('PATCH', `/tasks/${task.id}/assign`, { token: admin.token, body: { user_id: volunteer.uid } }),
        200,
      );
      const reassigned = expectStatus(
        await call('PATCH', `/tasks/${task.id}/assign`, { token: admin.token, body: { user_id: responder.uid } }),
        200,
      );
      expectStatus(
        await call('PATCH', `/tasks/${task.id}/assign`, { token: admin.token, body: { user_id: responder.uid } }),
        200,
      );
      const authorized = expectStatus(await call('PATCH', `/tasks/${task.id}/authorize`, { token: admin.token }), 200);
      expectStatus(await call('PATCH', `/tasks/${task.id}/authorize`, { token: admin.token }), 200);

      const records = await auditOf('task', task.id);
      assert.deepEqual(
        records.map((r) => r.action),
        ['created', 'assigned', 'reassigned', 'authorized'],
        'a repeated assignment or authorization changes nothing and records nothing',
      );
      assert.deepEqual(records[1]!.before, { assigned_to: null, assigned_at: null });
      assert.equal(records[1]!.after?.assigned_to, volunteer.uid);
      assert.deepEqual(records[2]!.before?.assigned_to, volunteer.uid);
      assert.deepEqual(records[2]!.after, { assigned_to: responder.uid, assigned_at: reassigned.assigned_at });
      assert.deepEqual(records[3]!.before, { authorized: false, authorized_by: null, authorized_at: null });
      assert.deepEqual(records[3]!.after, {
        authorized: true,
        authorized_by: admin.uid,
        authorized_at: authorized.authorized_at,
      });
      assert.ok(records.every((r) => r.actor_id === admin.uid && r.actor_role === 'admin'));
    });

    it('every status move records from and to, with the resources released and the request fulfilled, by the assignee', async () => {
      const request = expectStatus(
        await call('POST', '/requests', { token: owner.token, body: requestBody(disasterId) }),
        201,
      );
      const boat = await newResource(volunteer);
      const task = await readyTask(admin, volunteer, disasterId, {
        role_required: 'volunteer',
        request_id: request.id,
        resource_ids: [boat.id],
      });

      const stranger = await registeredUser('volunteer');
      const before = await auditCount();
      expectProblem(
        await call('PATCH', `/tasks/${task.id}/status`, { token: stranger.token, body: { status: 'on_route' } }),
        404,
        'not_found',
      );
      expectProblem(
        await call('PATCH', `/tasks/${task.id}/status`, { token: volunteer.token, body: { status: 'pending' } }),
        409,
        'invalid_transition',
      );
      assert.equal(await auditCount(), before, 'refused moves record nothing');

      expectStatus(
        await call('PATCH', `/tasks/${task.id}/status`, { token: volunteer.token, body: { status: 'on_route' } }),
        200,
      );
      const done = expectStatus(
        await call('PATCH', `/tasks/${task.id}/status`, { token: volunteer.token, body: { status: 'completed' } }),
        200,
      );

      const moves = (await auditOf('task', task.id)).filter((r) => r.action === 'status_changed');
      assert.deepEqual(
        moves.map((r) => [r.before, r.after, r.actor_id]),
        [
          [{ status: 'pending' }, { status: 'on_route' }, volunteer.uid],
          [{ status: 'on_route' }, { status: 'completed' }, volunteer.uid],
        ],
      );
      const boatRecords = await auditOf('resource', boat.id);
      assert.deepEqual(
        boatRecords.map((r) => r.action),
        ['created', 'status_changed', 'status_changed'],
      );
      assert.deepEqual(
        [boatRecords[2]!.before, boatRecords[2]!.after, boatRecords[2]!.actor_id],
        [{ status: 'in_use', task_id: task.id }, { status: 'available', task_id: null }, volunteer.uid],
      );
      const requestRecords = await auditOf('request', request.id);
      assert.deepEqual(
        requestRecords.map((r) => [r.action, r.after?.status, r.actor_id]),
        [
          ['created', 'open', owner.uid],
          ['status_changed', 'in_progress', admin.uid],
          ['status_changed', 'fulfilled', volunteer.uid],
        ],
      );
      assert.equal(requestRecords[2]!.created_at, done.updated_at, 'the request followed in the same commit');
      assert.equal((await storedTask(task.id))?.status, 'completed');
    });

    it('a task created from an approved workflow task is recorded once, with the request it moves', async () => {
      const request = await quietRequest({ owner: owner.uid, disasterId, at: NEAR });
      const output = expectStatus(
        await call('POST', '/workflow-outputs', {
          token: admin.token,
          body: {
            request_id: request.id,
            tasks: [
              {
                instructions: 'Evacuate by boat',
                role_required: 'responder',
                priority: 1,
                approval_status: 'approved',
              },
            ],
          },
        }),
        201,
      );
      const path = `/workflow-outputs/${request.id}/tasks/${output.tasks[0].id}/create-task`;
      const task = expectStatus(await call('POST', path, { token: admin.token }), 201);
      expectProblem(await call('POST', path, { token: admin.token }), 409, 'conflict');
      const created = await onlyRecord('task', task.id, 'created');
      assert.equal(created.request_id, request.id);
      const moved = await onlyRecord('request', request.id, 'status_changed');
      assert.deepEqual(moved.after, { status: 'in_progress' });
    });
  });

  describe('resources', () => {
    it('creation, status changes and a consume that uses it up are recorded; other edits and refusals are not', async () => {
      const truck = await newResource(volunteer, { quantity: 2 });
      const created = await onlyRecord('resource', truck.id, 'created');
      assert.deepEqual([created.after, created.actor_id], [{ status: 'available', quantity: 2 }, volunteer.uid]);

      const before = await auditCount();
      expectProblem(
        await call('PUT', `/resources/${truck.id}/status`, { token: owner.token, body: { status: 'not_available' } }),
        403,
        'forbidden',
      );
      expectStatus(
        await call('PATCH', `/resources/${truck.id}`, { token: volunteer.token, body: { description: 'Blue truck' } }),
        200,
      );
      expectStatus(
        await call('PATCH', `/resources/${truck.id}`, { token: volunteer.token, body: { consume: 1 } }),
        200,
      );
      assert.equal(await auditCount(), before, 'no status change: no record');

      expectStatus(
        await call('PATCH', `/resources/${truck.id}`, { token: volunteer.token, body: { consume: 1 } }),
        200,
      );
      expectStatus(
        await call('PATCH', `/resources/${truck.id}`, { token: volunteer.token, body: { quantity: 3 } }),
        200,
      );
      expectStatus(
        await call('PUT', `/resources/${truck.id}/status`, { token: admin.token, body: { status: 'available' } }),
        200,
      );
      const records = (await auditOf('resource', truck.id)).slice(1);
      assert.deepEqual(
        records.map((r) => [r.before, r.after, r.actor_id]),
        [
          [{ status: 'available', quantity: 1 }, { status: 'not_available', quantity: 0 }, volunteer.uid],
          [{ status: 'not_available' }, { status: 'available' }, admin.uid],
        ],
      );
      assert.equal((await storedResource(truck.id))?.status, 'available');
    });
  });

  describe('disasters and memberships', () => {
    it('creation, approval and discarding of disasters are recorded; a refused approval is not', async () => {
      const created = expectStatus(await call('POST', '/disasters', { token: admin.token, body: disasterBody() }), 201);
      const record = await onlyRecord('disaster', created.id, 'created');
      assert.deepEqual(
        [record.after, record.actor_id, record.disaster_id],
        [{ status: 'confirmed', severity: 4, radius_km: 25 }, admin.uid, created.id],
      );

      const approvedOne = await suggestedDisaster({ lat: -30, lng: 20 });
      expectStatus(await call('POST', `/disasters/${approvedOne.id}/approve`, { token: admin.token }), 200);
      const approved = await onlyRecord('disaster', approvedOne.id, 'approved');
      assert.deepEqual([approved.before, approved.after], [{ status: 'suggested' }, { status: 'confirmed' }]);
      expectProblem(await call('POST', `/disasters/${approvedOne.id}/approve`, { token: admin.token }), 409);
      assert.equal((await auditOf('disaster', approvedOne.id)).length, 1);

      const discardedOne = await suggestedDisaster({ lat: -31, lng: 21 });
      expectStatus(await call('DELETE', `/disasters/${discardedOne.id}/discard`, { token: admin.token }), 204);
      const discarded = await onlyRecord('disaster', discardedOne.id, 'discarded');
      assert.deepEqual(
        [discarded.before, discarded.after, discarded.actor_id],
        [{ status: 'suggested' }, null, admin.uid],
      );
    });

    it('joining and leaving are recorded once each, not when repeated', async () => {
      const member = await registeredUser('volunteer');
      const entityId = `${disasterId}:${member.uid}`;
      expectStatus(await call('POST', `/disasters/${disasterId}/join`, { token: member.token }), 201);
      expectStatus(await call('POST', `/disasters/${disasterId}/join`, { token: member.token }), 200);
      expectStatus(await call('DELETE', `/disasters/${disasterId}/leave`, { token: member.token }), 204);
      expectStatus(await call('DELETE', `/disasters/${disasterId}/leave`, { token: member.token }), 204);
      const records = await auditOf('membership', entityId);
      assert.deepEqual(
        records.map((r) => [r.action, r.before, r.after, r.actor_id, r.disaster_id]),
        [
          ['joined', null, { role: 'volunteer' }, member.uid, disasterId],
          ['left', { role: 'volunteer' }, null, member.uid, disasterId],
        ],
      );
      assert.equal((await memberStore.doc(disasterId, member.uid).get()).exists, false);
    });

    it('an agent suggestion is recorded once, by the agent', async () => {
      const centre: Location = { lat: 48, lng: 40 };
      const observations: Observation[] = [0, 2, 4].map((km, i) => {
        const location = { lat: centre.lat + km / 111.2, lng: centre.lng };
        const at = new Date(Date.now() - (3 - i) * 1000).toISOString();
        return observationValue(location, { reporter_id: `reporter-${i}`, created_at: at });
      });
      for (const observation of observations) await observationStore.doc(observation.id).set(observation);
      const outcome = await processObservation(observations[2]!.id);
      assert.notEqual(outcome.kind, 'none', JSON.stringify(outcome));
      const suggestionId = `agent-${observations[0]!.id}`;
      const record = await onlyRecord('disaster', suggestionId, 'suggested');
      assert.deepEqual(
        [record.actor_id, record.actor_role, record.before, record.after?.observations],
        ['agent', null, null, 3],
      );
    });
  });

  describe('roles', () => {
    it('registration records the role it sets; a grant by an admin or by the CLI records the change; a refused grant records nothing', async () => {
      const user = await registeredUser('volunteer');
      const registered = await onlyRecord('role', user.uid, 'registered');
      assert.deepEqual(
        [registered.before, registered.after, registered.actor_id],
        [{ role: null }, { role: 'volunteer' }, user.uid],
      );

      const before = await auditCount();
      expectProblem(
        await call('PUT', `/users/${user.uid}/role`, { token: responder.token, body: { role: 'admin' } }),
        403,
        'forbidden',
      );
      assert.equal(await auditCount(), before);

      expectStatus(
        await call('PUT', `/users/${user.uid}/role`, { token: admin.token, body: { role: 'responder' } }),
        200,
      );
      expectStatus(
        await call('PUT', `/users/${user.uid}/role`, { token: admin.token, body: { role: 'responder' } }),
        200,
      );
      await grantRole(user.uid, 'admin', 'system');
      const grants = (await auditOf('role', user.uid)).filter((r) => r.action === 'granted');
      assert.deepEqual(
        grants.map((r) => [r.before, r.after, r.actor_id, r.actor_role]),
        [
          [{ role: 'volunteer' }, { role: 'responder' }, admin.uid, 'admin'],
          [{ role: 'responder' }, { role: 'admin' }, 'system', null],
        ],
      );
    });
  });

  describe('GET /requests/{req_id}/history and GET /tasks/{task_id}/history', () => {
    let requestId: string;
    let taskId: string;
    before(async () => {
      const request = expectStatus(
        await call('POST', '/requests', { token: owner.token, body: requestBody(disasterId) }),
        201,
      );
      requestId = request.id;
      const task = await readyTask(admin, volunteer, disasterId, { role_required: 'volunteer', request_id: requestId });
      taskId = task.id;
      expectStatus(
        await call('PATCH', `/tasks/${taskId}/status`, { token: volunteer.token, body: { status: 'on_route' } }),
        200,
      );
      expectStatus(
        await call('PATCH', `/tasks/${taskId}/status`, { token: volunteer.token, body: { status: 'completed' } }),
        200,
      );
    });

    it("staff see the request's records and its task's, oldest first", async () => {
      for (const staff of [admin, responder]) {
        const page = expectStatus(await call('GET', `/requests/${requestId}/history`, { token: staff.token }), 200);
        assert.equal(page.next_cursor, null);
        const seen = page.items.map((r: AuditRecord) => `${r.entity}:${r.action}`);
        assert.deepEqual([...seen].sort(), [
          'request:created',
          'request:status_changed',
          'request:status_changed',
          'task:assigned',
          'task:authorized',
          'task:created',
          'task:status_changed',
          'task:status_changed',
        ]);
        const times = page.items.map((r: AuditRecord) => r.created_at);
        assert.deepEqual(times, [...times].sort(), 'oldest first');
        assert.equal(seen[0], 'request:created');
        assert.ok(
          page.items.some((r: AuditRecord) => r.actor_id === volunteer.uid),
          'staff see who acted',
        );
      }
    });

    it("the owner sees the request's status history only, without the volunteer's id", async () => {
      const page = expectStatus(await call('GET', `/requests/${requestId}/history`, { token: owner.token }), 200);
      assert.deepEqual(
        page.items.map((r: AuditRecord) => [r.entity, r.after?.status, r.actor_id, r.actor_role]),
        [
          ['request', 'open', owner.uid, 'affected_individual'],
          ['request', 'in_progress', admin.uid, 'admin'],
          ['request', 'fulfilled', null, 'volunteer'],
        ],
      );
      assert.ok(!JSON.stringify(page.items).includes(volunteer.uid), "the volunteer's uid appears nowhere");
    });

    it('pages with limit and cursor, oldest first, without repeats', async () => {
      const all = expectStatus(
        await call('GET', `/requests/${requestId}/history`, { token: admin.token }),
        200,
      ).items.map((r: AuditRecord) => r.id);
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor === null ? '?limit=3' : `?limit=3&cursor=${cursor}`;
        const page = expectStatus(
          await call('GET', `/requests/${requestId}/history${query}`, { token: admin.token }),
          200,
        );
        assert.ok(page.items.length <= 3);
        paged.push(...page.items.map((r: AuditRecord) => r.id));
        cursor = page.next_cursor;
      } while (cursor !== null);
      assert.deepEqual(paged, all);
      assert.equal(all.length, 8);
    });

    it('anyone else gets 404, as does an unknown request', async () => {
      const other = await registeredUser('affected_individual');
      expectProblem(await call('GET', `/requests/${requestId}/history`, { token: other.token }), 404, 'not_found');
      expectProblem(await call('GET', `/requests/${requestId}/history`, { token: volunteer.token }), 404, 'not_found');
      expectProblem(await call('GET', '/requests/no-such-request/history', { token: admin.token }), 404, 'not_found');
      expectProblem(await call('GET', `/requests/${requestId}/history`), 401, 'unauthenticated');
    });

    it("the task's trail is for admins and responders; unknown task 404; the assignee 403", async () => {
      const page = expectStatus(await call('GET', `/tasks/${taskId}/history`, { token: responder.token }), 200);
      assert.deepEqual(
        page.items.map((r: AuditRecord) => r.action),
        ['created', 'assigned', 'authorized', 'status_changed', 'status_changed'],
      );
      assert.ok(page.items.every((r: AuditRecord) => r.entity === 'task' && r.entity_id === taskId));
      expectProblem(await call('GET', '/tasks/no-such-task/history', { token: admin.token }), 404, 'not_found');
      expectProblem(await call('GET', `/tasks/${taskId}/history`, { token: volunteer.token }), 403, 'forbidden');
    });

    it('no endpoint writes audit records: the history endpoints are read-only and nothing else names them', () => {
      const touching = allEndpoints.filter((e) => /history|audit/.test(e.path));
      assert.deepEqual(touching.map((e) => `${e.method} ${e.path}`).sort(), [
        'get /requests/{req_id}/history',
        'get /tasks/{task_id}/history',
      ]);
    });
  });
});
