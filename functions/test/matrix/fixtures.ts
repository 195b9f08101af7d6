// Per-endpoint fixtures for the object-level part of the authorization matrix. Every endpoint
// about one object (a path with {params}) has an entry, keyed by "METHOD /path" exactly as
// declared: how to arrange an object owned by a user of a role, and what another user of the
// same role, who does not own it, gets. test/authorization.test.ts fails listing the endpoints
// that have none, so an endpoint landing from a feature branch cannot be forgotten.
import assert from 'node:assert/strict';
import { chatMessageStore } from '../../src/chat/store.js';
import { memberStore } from '../../src/disasters/store.js';
import { notificationStore } from '../../src/notifications/store.js';
import { observationStore } from '../../src/observations/store.js';
import { deviceStore } from '../../src/outbound/store.js';
import { requestStore } from '../../src/requests/store.js';
import { resourceStore } from '../../src/resources/store.js';
import { taskStore } from '../../src/tasks/store.js';
import type { Role } from '../../src/shared/schemas.js';
import { call, expectStatus, registeredUser, type ApiResponse, type TestUser } from '../helpers/api.js';
import { suggestedDisaster } from '../helpers/disasters.js';
import { verify } from '../helpers/trust.js';
import { disaster, join, north, quietRequest, requestValue, resource, spot } from '../helpers/planning-fixtures.js';
import { newResource, newTask, readyTask } from '../helpers/tasks-fixtures.js';
import { storeDelivery, storeWebhook } from '../helpers/webhooks.js';

export interface Arranged {
  /** Path parameters naming the arranged object. */
  params: Record<string, string>;
  /** A valid body for the call (omitted for GET and body-less endpoints). */
  body?: unknown;
  /** Query parameters, if the endpoint needs some. */
  query?: Record<string, string>;
  /** Other ids of the arrangement, for afterNonOwner. */
  ids?: Record<string, string>;
}

/** A status, or 'success': the endpoint's declared success status. */
export type Expected = number | 'success';

export interface ObjectFixture {
  /**
   * Arranges an object owned by `owner`, a registered user of `owner.role` (one of the roles the
   * declaration admits, restricted to `roles` when given), through the API or the data layer.
   */
  arrange(owner: TestUser): Promise<Arranged>;
  /** Roles the object-level check is run for; default every role the declaration admits. */
  roles?: readonly Role[];
  /**
   * The status another user of the same role, who does not own the object, gets: 404 (existence
   * not revealed), 403, or the success status when the rule lets every user of the role act.
   */
  nonOwner: Expected | Partial<Record<Role, Expected>>;
  /** The rule, in words, for docs/authorization.md. */
  why: string;
  /**
   * Checks, after the non-owner's call, that it did not reach the owner's data (e.g. the owner's
   * membership is still there, the list holds none of the owner's requests).
   */
  afterNonOwner?: (context: {
    owner: TestUser;
    other: TestUser;
    arranged: Arranged;
    response: ApiResponse;
  }) => Promise<void>;
}

let admin: Promise<TestUser> | undefined;
/** An admin who arranges objects that only admins create. */
const arranger = () => (admin ??= registeredUser('admin'));

const task = { instructions: 'Bring two boats to the school', role_required: 'responder', priority: 1 };

async function membershipOf(disasterId: string, uid: string): Promise<boolean> {
  return (await memberStore.doc(disasterId, uid).get()).exists;
}

async function disasterWithMember(owner: TestUser): Promise<Arranged> {
  const d = await disaster();
  await join(d.id, owner);
  return { params: { id: d.id } };
}

async function observation(owner: TestUser): Promise<string> {
  const created = await call('POST', '/observations', {
    token: owner.token,
    body: { type: 'flooding', description: 'Water over the road', location: spot(), severity: 3, disaster_id: null },
  });
  return expectStatus(created, 201).id as string;
}

async function ownedRequest(owner: TestUser): Promise<{ requestId: string; disasterId: string }> {
  const d = await disaster();
  const request = await quietRequest({ owner: owner.uid, disasterId: d.id, at: spot() });
  return { requestId: request.id, disasterId: d.id };
}

/** Two requests of one disaster (by someone else: merging is staff work on others' requests). */
async function twoRequests(_staff: TestUser): Promise<{ merged: string; survivor: string }> {
  const d = await disaster();
  const [merged, survivor] = await Promise.all(
    ['requester-a', 'requester-b'].map((owner) => quietRequest({ owner, disasterId: d.id, at: spot() })),
  );
  return { merged: merged!.id, survivor: survivor!.id };
}

/** A request with a workflow output holding one task and one resource suggestion. */
async function plannedRequest(
  owner: TestUser,
  approved = false,
): Promise<{ requestId: string; taskId: string; suggestionId: string }> {
  const { requestId } = await ownedRequest(owner);
  const boat = await resource(spot(), { category: 'boat' });
  const output = expectStatus(
    await call('POST', '/workflow-outputs', {
      token: (await arranger()).token,
      body: {
        request_id: requestId,
        tasks: [{ ...task, ...(approved ? { approval_status: 'approved' } : {}) }],
        resources: [{ resource_id: boat.id }],
      },
    }),
    201,
  );
  return { requestId, taskId: output.tasks[0].id as string, suggestionId: output.resources[0].id as string };
}

/** A task assigned to `owner` and authorized: it can go on_route. */
async function assignedTask(owner: TestUser): Promise<{ id: string }> {
  if (owner.role === 'volunteer') {
    await verify(owner); // only verified volunteers are assigned tasks
    expectStatus(
      await call('PATCH', '/users/me/availability', { token: owner.token, body: { availability: 'available' } }),
      200,
    );
  }
  return readyTask(await arranger(), owner, (await disaster()).id, { role_required: 'volunteer' });
}

const ADMINS_ANY = 'Admin only; every admin manages every plan, by design.';

export const objectFixtures: Record<string, ObjectFixture> = {
  'GET /users/{uid}/display_name': {
    arrange: (owner) => Promise.resolve({ params: { uid: owner.uid } }),
    nonOwner: 200,
    why: 'Public by design: reveals the display name and nothing else.',
  },
  'PUT /users/{uid}/role': {
    arrange: async () => ({ params: { uid: (await registeredUser('volunteer')).uid }, body: { role: 'responder' } }),
    nonOwner: 200,
    why: 'Admins grant roles to any other user (the dispatcher of the spec), never to themselves (403); no other role passes the role check.',
  },
  'POST /users/{uid}/erasure': {
    arrange: async () => ({ params: { uid: (await registeredUser('affected_individual')).uid } }),
    nonOwner: 204,
    why: 'Admins erase any other user on their behalf (a person known only by SMS has no session), never themselves (403: DELETE /users/me).',
  },
  'PUT /users/{uid}/verification': {
    arrange: async () => ({
      params: { uid: (await registeredUser('volunteer')).uid },
      body: { verified: true, note: 'ID checked' },
    }),
    nonOwner: 200,
    why: 'Admins verify any volunteer; no other role passes the role check.',
  },
  // --- disasters, membership, chat -------------------------------------------------------------
  'GET /disasters/{id}': {
    arrange: async () => ({ params: { id: (await disaster()).id } }),
    nonOwner: 200,
    why: 'Confirmed disasters are public.',
  },
  'PATCH /disasters/{id}': {
    arrange: async () => ({
      params: { id: (await suggestedDisaster(spot())).id },
      body: { name: 'Flood in the lower town' },
    }),
    nonOwner: 'success',
    why: 'Admin only; any admin edits a suggested or confirmed disaster.',
  },
  'POST /disasters/{id}/join': {
    arrange: async () => ({ params: { id: (await disaster()).id } }),
    nonOwner: 'success',
    why: "Anyone may join a confirmed disaster; the membership is the caller's own.",
  },
  'DELETE /disasters/{id}/leave': {
    arrange: disasterWithMember,
    nonOwner: 'success',
    why: "Idempotent: another user's call removes only their own (absent) membership.",
    afterNonOwner: async ({ owner, arranged }) =>
      assert.ok(
        await membershipOf(arranged.params.id!, owner.uid),
        "another user's leave removed the owner's membership",
      ),
  },
  'GET /disasters/{id}/joined': {
    arrange: disasterWithMember,
    nonOwner: 200,
    why: 'Answers about the caller only: another user learns only that they have not joined.',
    afterNonOwner: ({ response }) =>
      Promise.resolve(assert.equal(response.body.joined, false, `another user was told: ${response.text}`)),
  },
  'GET /disasters/{id}/volunteers': {
    arrange: disasterWithMember,
    nonOwner: 200,
    why: 'Admin only.',
  },
  'GET /disasters/{id}/situation': {
    arrange: async () => ({ params: { id: (await disaster()).id } }),
    nonOwner: 200,
    why: 'Figures of the whole disaster, no one in particular.',
  },
  'GET /disasters/{id}/situation.csv': {
    arrange: async () => ({ params: { id: (await disaster()).id } }),
    nonOwner: 200,
    why: 'The same figures as GET /disasters/{id}/situation.',
  },
  'POST /disasters/{id}/approve': {
    arrange: async () => ({ params: { id: (await suggestedDisaster(spot())).id } }),
    nonOwner: 'success',
    why: 'Admin only; any admin approves a suggestion.',
  },
  'DELETE /disasters/{id}/discard': {
    arrange: async () => ({ params: { id: (await suggestedDisaster(spot())).id } }),
    nonOwner: 'success',
    why: 'Admin only; any admin discards a suggestion.',
  },
  'POST /disasters/{id}/close': {
    arrange: async () => ({ params: { id: (await disaster()).id } }),
    nonOwner: 'success',
    why: 'Admin only; any admin closes any confirmed disaster.',
  },
  'GET /disasters/{id}/cap': {
    arrange: async () => {
      const admin = await registeredUser('admin');
      const body = { name: 'CAP flood', type: 'flood', location: spot(), radius_km: 10, severity: 3 };
      const created = expectStatus(await call('POST', '/disasters', { token: admin.token, body }), 201);
      return { params: { id: created.id } };
    },
    nonOwner: 200,
    why: 'Public: the CAP alerts of confirmed disasters are published for everyone.',
  },
  'GET /disasters/{id}/chat/messages': {
    arrange: disasterWithMember,
    nonOwner: { admin: 200, volunteer: 403, responder: 403, affected_individual: 403 },
    why: 'The owner here is a member: a non-member is refused, an admin reads every chat.',
  },
  'POST /disasters/{id}/chat/messages': {
    arrange: async (owner) => ({ ...(await disasterWithMember(owner)), body: { text: 'Water is rising on Main St.' } }),
    nonOwner: { admin: 'success', volunteer: 403, responder: 403, affected_individual: 403 },
    why: 'The owner here is a member: a non-member is refused, an admin writes to every chat.',
    afterNonOwner: async ({ arranged, other, response }) => {
      if (response.status !== 403) return;
      const messages = await chatMessageStore.ref(arranged.params.id!).get();
      assert.ok(
        messages.docs.every((m) => m.data().sender_id !== other.uid),
        "a refused non-member's message was stored",
      );
    },
  },
  // --- observations -----------------------------------------------------------------------------
  'GET /observations/{obs_id}': {
    arrange: async (owner) => ({ params: { obs_id: await observation(owner) } }),
    nonOwner: 200,
    why: 'Observations are shared with every signed-in user (the agent clusters them).',
  },
  'DELETE /observations/{obs_id}': {
    arrange: async (owner) => ({ params: { obs_id: await observation(owner) } }),
    nonOwner: { admin: 'success', volunteer: 403, responder: 403, affected_individual: 403 },
    why: 'Only the reporter or an admin deletes one.',
    afterNonOwner: async ({ arranged, response }) => {
      if (response.status === 403)
        assert.ok((await observationStore.doc(arranged.params.obs_id!).get()).exists, 'a refused delete deleted');
    },
  },
  // --- requests ---------------------------------------------------------------------------------
  'GET /requests/{req_id}': {
    arrange: async (owner) => ({ params: { req_id: (await ownedRequest(owner)).requestId } }),
    nonOwner: { admin: 200, responder: 200, volunteer: 404, affected_individual: 404 },
    why: 'Not revealed to volunteers who did not join its disaster nor to other affected individuals.',
  },
  'GET /requests/{req_id}/history': {
    arrange: async (owner) => ({ params: { req_id: (await ownedRequest(owner)).requestId } }),
    nonOwner: { admin: 200, responder: 200, volunteer: 404, affected_individual: 404 },
    why: "Staff read every request's trail; another volunteer or affected individual does not learn the request exists.",
  },
  'PATCH /requests/{req_id}/status': {
    arrange: async (owner) => ({
      params: { req_id: (await ownedRequest(owner)).requestId },
      body: { status: 'closed' },
    }),
    nonOwner: { admin: 200, responder: 200, volunteer: 404, affected_individual: 404 },
    why: 'Other users who cannot see the request get 404 and change nothing.',
    afterNonOwner: async ({ arranged, response }) => {
      if (response.status === 404)
        assert.equal(
          (await requestStore.doc(arranged.params.req_id!).get()).data()?.status,
          'open',
          'a refused change changed the status',
        );
    },
  },
  'POST /requests/{req_id}/confirm': {
    arrange: async (owner) => ({
      params: { req_id: (await ownedRequest(owner)).requestId },
      body: { still_needed: false },
    }),
    nonOwner: { admin: 403, responder: 403, volunteer: 404, affected_individual: 404 },
    why: 'Only the person who raised the request says whether they still need help: staff, who see it, get 403; others 404.',
    afterNonOwner: async ({ arranged }) =>
      assert.equal(
        (await requestStore.doc(arranged.params.req_id!).get()).data()?.status,
        'open',
        'a refused answer closed the request',
      ),
  },
  'POST /requests/{req_id}/merge': {
    arrange: async (owner) => {
      const { merged, survivor } = await twoRequests(owner);
      return { params: { req_id: merged }, body: { into: survivor, reason: 'Same family, same roof' } };
    },
    nonOwner: 'success',
    why: 'Dispatcher triage: any admin or responder merges two requests of one disaster (reversible).',
  },
  'POST /requests/{req_id}/unmerge': {
    arrange: async (owner) => {
      const { merged, survivor } = await twoRequests(owner);
      const body = { into: survivor, reason: 'Same family, same roof' };
      expectStatus(await call('POST', `/requests/${merged}/merge`, { token: owner.token, body }), 200);
      return { params: { req_id: merged } };
    },
    nonOwner: 'success',
    why: 'Dispatcher triage: any admin or responder undoes a merge.',
  },
  'PUT /requests/{req_id}/location': {
    arrange: async (owner) => {
      const d = await disaster();
      const value = requestValue({ owner: owner.uid, disasterId: d.id, at: d.location });
      await requestStore
        .doc(value.id)
        .create({ ...value, channel: 'sms', planning: { ...value.planning, state: 'awaiting_location' } });
      return { params: { req_id: value.id }, body: { location: north(d.location, 2) } };
    },
    nonOwner: 'success',
    why: 'Dispatcher triage: any admin or responder places a request waiting for its point (SMS/WhatsApp intake).',
  },
  'GET /requests/disaster/{disaster_id}': {
    arrange: async (owner) => {
      const { requestId, disasterId } = await ownedRequest(owner);
      return { params: { disaster_id: disasterId }, ids: { request: requestId } };
    },
    nonOwner: 200,
    why: 'Everyone may list; volunteers who did not join and affected individuals see only their own requests.',
    afterNonOwner: ({ other, arranged, response }) => {
      if (other.role === 'volunteer' || other.role === 'affected_individual') {
        assert.ok(
          !response.body.items.some((r: any) => r.id === arranged.ids?.request),
          "another user's list shows the owner's request",
        );
      }
      return Promise.resolve();
    },
  },
  // --- workflow outputs (admin only) --------------------------------------------------------------
  'GET /workflow-outputs/{request_id}': {
    arrange: async (owner) => ({ params: { request_id: (await plannedRequest(owner)).requestId } }),
    nonOwner: 200,
    why: ADMINS_ANY,
  },
  'DELETE /workflow-outputs/{request_id}': {
    arrange: async (owner) => ({ params: { request_id: (await plannedRequest(owner)).requestId } }),
    nonOwner: 'success',
    why: ADMINS_ANY,
  },
  'GET /workflow-outputs/{request_id}/tasks': {
    arrange: async (owner) => ({ params: { request_id: (await plannedRequest(owner)).requestId } }),
    nonOwner: 200,
    why: ADMINS_ANY,
  },
  'POST /workflow-outputs/{request_id}/tasks': {
    arrange: async (owner) => ({ params: { request_id: (await plannedRequest(owner)).requestId }, body: task }),
    nonOwner: 'success',
    why: ADMINS_ANY,
  },
  'PATCH /workflow-outputs/{request_id}/tasks/{task_id}': {
    arrange: async (owner) => {
      const planned = await plannedRequest(owner);
      return { params: { request_id: planned.requestId, task_id: planned.taskId }, body: { priority: 2 } };
    },
    nonOwner: 'success',
    why: ADMINS_ANY,
  },
  'DELETE /workflow-outputs/{request_id}/tasks/{task_id}': {
    arrange: async (owner) => {
      const planned = await plannedRequest(owner);
      return { params: { request_id: planned.requestId, task_id: planned.taskId } };
    },
    nonOwner: 'success',
    why: ADMINS_ANY,
  },
  'POST /workflow-outputs/{request_id}/tasks/{task_id}/create-task': {
    arrange: async (owner) => {
      const planned = await plannedRequest(owner, true);
      return { params: { request_id: planned.requestId, task_id: planned.taskId }, body: {} };
    },
    nonOwner: 'success',
    why: ADMINS_ANY,
  },
  'GET /workflow-outputs/{request_id}/resources': {
    arrange: async (owner) => ({ params: { request_id: (await plannedRequest(owner)).requestId } }),
    nonOwner: 200,
    why: ADMINS_ANY,
  },
  'POST /workflow-outputs/{request_id}/resources': {
    arrange: async (owner) => ({
      params: { request_id: (await plannedRequest(owner)).requestId },
      body: { resource_id: (await resource(spot(), { category: 'vehicle' })).id },
    }),
    nonOwner: 'success',
    why: ADMINS_ANY,
  },
  'PATCH /workflow-outputs/{request_id}/resources/{res_id}': {
    arrange: async (owner) => {
      const planned = await plannedRequest(owner);
      return {
        params: { request_id: planned.requestId, res_id: planned.suggestionId },
        body: { approval_status: 'approved' },
      };
    },
    nonOwner: 'success',
    why: ADMINS_ANY,
  },
  'DELETE /workflow-outputs/{request_id}/resources/{res_id}': {
    arrange: async (owner) => {
      const planned = await plannedRequest(owner);
      return { params: { request_id: planned.requestId, res_id: planned.suggestionId } };
    },
    nonOwner: 'success',
    why: ADMINS_ANY,
  },
  // --- allocation ----------------------------------------------------------------------------------
  'POST /resources/suggest/{disaster_id}': {
    arrange: async () => ({ params: { disaster_id: (await disaster()).id } }),
    nonOwner: 'success',
    why: 'Admin only; any admin starts an allocation run.',
  },
  'GET /allocation-jobs/{job_id}': {
    arrange: async (owner) => {
      const d = await disaster();
      const started = expectStatus(await call('POST', `/resources/suggest/${d.id}`, { token: owner.token }), 202);
      return { params: { job_id: started.job_id as string } };
    },
    nonOwner: 200,
    why: 'Admin only; every admin sees every allocation run.',
  },
  // --- tasks, resources, notifications -------------------------------------------------------------
  'GET /tasks/{task_id}': {
    arrange: async (owner) => ({ params: { task_id: (await assignedTask(owner)).id } }),
    roles: ['volunteer', 'responder'],
    nonOwner: 404,
    why: 'The owner here is the assignee: another volunteer or responder does not learn it exists.',
  },
  'GET /tasks/{task_id}/history': {
    arrange: async () => ({ params: { task_id: (await newTask(await arranger(), (await disaster()).id)).id } }),
    nonOwner: 'success',
    why: "Admins and responders only; any of them reads any task's trail (tasks are not owned by staff).",
  },
  'PATCH /tasks/{task_id}/status': {
    arrange: async (owner) => ({ params: { task_id: (await assignedTask(owner)).id }, body: { status: 'on_route' } }),
    roles: ['volunteer', 'responder'],
    nonOwner: 404,
    why: 'The owner here is the assignee: another volunteer or responder gets 404 and changes nothing.',
    afterNonOwner: async ({ arranged }) =>
      assert.equal(
        (await taskStore.doc(arranged.params.task_id!).get()).data()?.status,
        'pending',
        'a refused move moved the task',
      ),
  },
  'PATCH /tasks/{task_id}/assign': {
    arrange: async (owner) => ({
      params: { task_id: (await newTask(owner, (await disaster()).id, { role_required: 'volunteer' })).id },
      body: { user_id: (await verify(await registeredUser('volunteer', { availability: 'available' }))).uid },
    }),
    nonOwner: 'success',
    why: 'Admin only; any admin assigns any task.',
  },
  'PATCH /tasks/{task_id}/authorize': {
    arrange: async (owner) => ({ params: { task_id: (await newTask(owner, (await disaster()).id)).id } }),
    nonOwner: 'success',
    why: 'Admin only; any admin authorizes any task.',
  },
  'GET /resources/{rid}': {
    arrange: async (owner) => ({ params: { rid: (await newResource(owner)).id } }),
    roles: ['admin', 'volunteer', 'responder'],
    nonOwner: 200,
    why: 'Resources are visible to every signed-in user (the map of available help).',
  },
  'PATCH /resources/{rid}': {
    arrange: async (owner) => ({ params: { rid: (await newResource(owner)).id }, body: { name: 'Renamed boat' } }),
    roles: ['admin', 'volunteer', 'responder'],
    nonOwner: { admin: 'success', volunteer: 403, responder: 403 },
    why: 'Only the owner or an admin changes it.',
    afterNonOwner: async ({ arranged, response }) => {
      if (response.status === 403)
        assert.equal(
          (await resourceStore.doc(arranged.params.rid!).get()).data()?.name,
          'Rescue boat',
          'a refused change changed the resource',
        );
    },
  },
  'PUT /resources/{rid}/status': {
    arrange: async (owner) => ({ params: { rid: (await newResource(owner)).id }, body: { status: 'not_available' } }),
    roles: ['admin', 'volunteer', 'responder'],
    nonOwner: { admin: 'success', volunteer: 403, responder: 403 },
    why: 'Only the owner or an admin changes it.',
  },
  'PATCH /notifications/{id}': {
    arrange: async (owner) => {
      const id = `n${Date.now().toString(36)}${Math.floor(Math.random() * 1e9).toString(36)}`;
      await notificationStore.doc(owner.uid, id).set({
        id,
        user_id: owner.uid,
        kind: 'task_assigned',
        text: 'A task for you',
        task_id: null,
        request_id: null,
        read: false,
        created_at: new Date().toISOString(),
      });
      return { params: { id }, body: { read: true } };
    },
    nonOwner: 404,
    why: "Another user's notification does not exist for the caller.",
    afterNonOwner: async ({ owner, arranged }) =>
      assert.equal(
        (await notificationStore.doc(owner.uid, arranged.params.id!).get()).data()?.read,
        false,
        'a refused change marked it read',
      ),
  },
  // --- webhooks ------------------------------------------------------------------------------------
  'GET /webhooks/{webhook_id}': {
    arrange: async () => ({ params: { webhook_id: (await storeWebhook(['request.created'])).id } }),
    nonOwner: 'success',
    why: 'Admin only; subscribers are service configuration, which any admin manages.',
  },
  'PATCH /webhooks/{webhook_id}': {
    arrange: async () => ({
      params: { webhook_id: (await storeWebhook(['request.created'])).id },
      body: { status: 'disabled' },
    }),
    nonOwner: 'success',
    why: 'Admin only; any admin pauses, re-enables or re-subscribes a subscriber.',
  },
  'DELETE /webhooks/{webhook_id}': {
    arrange: async () => ({ params: { webhook_id: (await storeWebhook(['request.created'])).id } }),
    nonOwner: 'success',
    why: 'Admin only; any admin removes a subscriber.',
  },
  'GET /webhooks/{webhook_id}/deliveries': {
    arrange: async () => {
      const webhook = await storeWebhook(['disaster.updated']);
      await storeDelivery(webhook.id);
      return { params: { webhook_id: webhook.id } };
    },
    nonOwner: 'success',
    why: "Admin only; any admin reads any subscriber's delivery log (payloads are never listed).",
  },
  'DELETE /users/me/devices/{device_id}': {
    arrange: async (owner) => {
      const token = `matrix-token-${Date.now().toString(36)}${Math.floor(Math.random() * 1e9).toString(36)}`;
      const device = expectStatus(
        await call('POST', '/users/me/devices', { token: owner.token, body: { token, platform: 'android' } }),
        201,
      );
      return { params: { device_id: String(device.id) } };
    },
    nonOwner: 404,
    why: "Another user's device does not exist for the caller.",
    afterNonOwner: async ({ owner, arranged }) =>
      assert.notEqual(
        (await deviceStore.doc(owner.uid, arranged.params.device_id!).get()).data(),
        undefined,
        'a refused call removed the device',
      ),
  },
};

export function nonOwnerStatus(fixture: ObjectFixture, role: Role): Expected | undefined {
  return typeof fixture.nonOwner === 'object' ? fixture.nonOwner[role] : fixture.nonOwner;
}
