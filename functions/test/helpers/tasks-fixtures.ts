// Fixtures of the tasks and resources tests. Disasters and requests are arranged through the data
// layer (their APIs belong to other features); resources and tasks through the API. Firestore is
// read through src's db() only: it sets its settings on first use, which must come first.
import assert from 'node:assert/strict';
import { internalCollections } from '../../src/data/collections.js';
import { disasterStore } from '../../src/disasters/store.js';
import { notificationStore } from '../../src/notifications/store.js';
import { requestStore } from '../../src/requests/store.js';
import { resourceStore } from '../../src/resources/store.js';
import { taskStore } from '../../src/tasks/store.js';
import { db } from '../../src/data/firestore.js';
import type { Disaster } from '../../src/disasters/model.js';
import type { HelpRequest } from '../../src/requests/model.js';
import { geohashOf } from '../../src/shared/geo.js';
import { call, expectStatus, uniqueId, type TestUser } from './api.js';
import { plannedDeterministically, requestDocument } from './request-document.js';

export const MANILA = { lat: 14.6, lng: 121.0 };

export async function confirmedDisaster(overrides: Partial<Disaster> = {}): Promise<Disaster> {
  const now = new Date().toISOString();
  const id = uniqueId('disaster');
  const disaster: Disaster = {
    id,
    name: 'Metro flood',
    type: 'flood',
    description: 'River overflow',
    location: MANILA,
    geohash: geohashOf(MANILA),
    radius_km: 25,
    severity: 4,
    status: 'confirmed',
    created_by: 'admin-seed',
    suggestion: null,
    confirmed_at: now,
    confirmed_by: 'admin-seed',
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await disasterStore.doc(id).set(disaster);
  return disaster;
}

export async function helpRequest(
  disasterId: string,
  ownerId: string,
  overrides: Partial<HelpRequest> = {},
): Promise<HelpRequest> {
  const now = new Date().toISOString();
  const id = overrides.id ?? uniqueId('request');
  const request = requestDocument({
    id,
    owner_id: ownerId,
    disaster_id: disasterId,
    created_at: now,
    planning: plannedDeterministically(now),
    ...overrides,
  });
  await requestStore.doc(id).set(request);
  return request;
}

export function resourceBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Rescue boat',
    category: 'boat',
    quantity: 1,
    unit: 'units',
    location: { lat: 14.59, lng: 120.98 },
    ...overrides,
  };
}

/** A resource added through the API by `owner`. */
export async function newResource(owner: TestUser, overrides: Record<string, unknown> = {}): Promise<any> {
  return expectStatus(await call('POST', '/resources', { token: owner.token, body: resourceBody(overrides) }), 201);
}

export function taskBody(disasterId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    disaster_id: disasterId,
    priority: 2,
    instructions: 'Evacuate the family at the marked roof',
    role_required: 'responder',
    ...overrides,
  };
}

export async function newTask(
  admin: TestUser,
  disasterId: string,
  overrides: Record<string, unknown> = {},
): Promise<any> {
  return expectStatus(await call('POST', '/tasks', { token: admin.token, body: taskBody(disasterId, overrides) }), 201);
}

/** A task assigned to `assignee` and authorized, ready to go on_route. */
export async function readyTask(
  admin: TestUser,
  assignee: TestUser,
  disasterId: string,
  overrides: Record<string, unknown> = {},
): Promise<any> {
  const task = await newTask(admin, disasterId, overrides);
  expectStatus(
    await call('PATCH', `/tasks/${task.id}/assign`, { token: admin.token, body: { user_id: assignee.uid } }),
    200,
  );
  return expectStatus(await call('PATCH', `/tasks/${task.id}/authorize`, { token: admin.token }), 200);
}

export async function storedTask(id: string) {
  return (await taskStore.doc(id).get()).data();
}

export async function storedResource(id: string) {
  return (await resourceStore.doc(id).get()).data();
}

export async function storedRequest(id: string) {
  return (await requestStore.doc(id).get()).data();
}

export async function claimOf(resourceId: string): Promise<Record<string, unknown> | undefined> {
  return (await db().collection(internalCollections.resourceClaims).doc(resourceId).get()).data();
}

export async function taskCount(): Promise<number> {
  return (await taskStore.ref().count().get()).data().count;
}

export async function notificationsOf(uid: string) {
  return (await notificationStore.ref(uid).get()).docs.map((doc) => doc.data());
}

/** Asserts the resource is available and unclaimed: the state a released resource must be in. */
export async function assertFree(resourceId: string): Promise<void> {
  const resource = await storedResource(resourceId);
  assert.equal(resource?.status, 'available');
  assert.equal(resource?.task_id, null);
  assert.equal(await claimOf(resourceId), undefined, 'no claim is left on an available resource');
}
