// Resources: physical assets and manpower offered for disaster response, their usage and status.
//
// Who may do what (decided here, described in the declarations' `ownership`):
// - add: admins, responders and volunteers (a volunteer offering their own truck is normal); the
//   caller becomes the owner. Affected individuals may not: they are the ones being helped, and
//   whoever wants to offer help registers as a volunteer (a self-service role).
// - edit properties and set the status: the owner or an admin (403 for anyone else).
// - record usage (`consume`): the owner, an admin, or the assignee of the task holding the resource.
// - read: any authenticated user (resources are not personal data; maps need them).
//
// Status: available ⇄ not_available by PUT /resources/{rid}/status; available → in_use only by a
// task claiming it (tasks/service.ts) and back when the task ends. See claims.ts for the guarantee.
import type { Query, Transaction } from 'firebase-admin/firestore';
import { collections } from '../data/collections.js';
import { db, isAlreadyExists } from '../data/firestore.js';
import { paginate } from '../data/paginate.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors.js';
import type { Caller } from '../http/endpoint.js';
import { geohashOf } from '../shared/geo.js';
import type { Page, PageQuery, Role } from '../shared/schemas.js';
import { claimForOwner, readClaims, releaseClaim, updateResourceFields } from './claims.js';
import type { NewResource, Resource, ResourcePatch } from './model.js';

export const RESOURCE_CREATORS = ['admin', 'responder', 'volunteer'] as const satisfies readonly Role[];

/** A disaster a resource or task may be tied to: it must exist and be confirmed. */
export async function confirmedDisaster(disasterId: string, tx?: Transaction): Promise<void> {
  const ref = collections.disasters.doc(disasterId);
  const disaster = (tx ? await tx.get(ref) : await ref.get()).data();
  if (!disaster) throw new NotFoundError('Disaster', disasterId);
  if (disaster.status !== 'confirmed') {
    throw new ConflictError(`Disaster ${JSON.stringify(disasterId)} is an unapproved suggestion; an admin must approve it first.`);
  }
}

export async function createResource(caller: Caller, input: NewResource): Promise<Resource> {
  const ref = collections.resources.ref().doc();
  const now = new Date().toISOString();
  const resource: Resource = {
    id: ref.id,
    name: input.name,
    category: input.category,
    description: input.description ?? '',
    quantity: input.quantity,
    unit: input.unit,
    location: input.location,
    geohash: geohashOf(input.location),
    owner_id: caller.uid,
    disaster_id: input.disaster_id ?? null,
    status: input.status ?? 'available',
    task_id: null,
    created_at: now,
    updated_at: now,
  };
  if (resource.status === 'available' && resource.quantity === 0) {
    throw new ConflictError('A resource with quantity 0 cannot be available; add it as not_available or with a quantity.');
  }
  await db().runTransaction(async (tx) => {
    if (resource.disaster_id !== null) await confirmedDisaster(resource.disaster_id, tx);
    if (resource.status === 'not_available') claimForOwner(tx, resource.id, now);
    tx.create(ref, resource);
  });
  return resource;
}

export async function getResource(resourceId: string): Promise<Resource> {
  const resource = (await collections.resources.doc(resourceId).get()).data();
  if (!resource) throw new NotFoundError('Resource', resourceId);
  return resource;
}

export interface ResourceFilters {
  status?: Resource['status'] | undefined;
  category?: Resource['category'] | undefined;
  disaster_id?: string | undefined;
  owner_id?: string | undefined;
}

export function listResources(filters: ResourceFilters, page: PageQuery): Promise<Page<Resource>> {
  let query: Query<Resource> = collections.resources.ref();
  if (filters.status !== undefined) query = query.where('status', '==', filters.status);
  if (filters.category !== undefined) query = query.where('category', '==', filters.category);
  if (filters.disaster_id !== undefined) query = query.where('disaster_id', '==', filters.disaster_id);
  if (filters.owner_id !== undefined) query = query.where('owner_id', '==', filters.owner_id);
  return paginate(query, page);
}

function canEdit(caller: Caller, resource: Resource): boolean {
  return caller.role === 'admin' || resource.owner_id === caller.uid;
}

function trimQuantity(value: number): number {
  // Consuming 0.1 three times from 0.3 should reach zero, not 5e-17.
  return Math.max(0, Math.round(value * 1e6) / 1e6);
}

export async function updateResource(caller: Caller, resourceId: string, patch: ResourcePatch): Promise<Resource> {
  const ref = collections.resources.doc(resourceId);
  const usageOnly = Object.keys(patch).every((key) => key === 'consume');
  try {
    return await db().runTransaction(async (tx) => {
      const resource = (await tx.get(ref)).data();
      if (!resource) throw new NotFoundError('Resource', resourceId);
      if (!canEdit(caller, resource)) {
        const holder = resource.task_id === null ? undefined : (await tx.get(collections.tasks.doc(resource.task_id))).data();
        const isHoldingAssignee = holder !== undefined && holder.assigned_to === caller.uid;
        if (!(usageOnly && isHoldingAssignee)) {
          throw new ForbiddenError(
            usageOnly
              ? 'Only the owner, an admin or the assignee of the task using this resource may record its usage.'
              : 'Only the owner of this resource or an admin may change it.',
          );
        }
      }
      if (patch.disaster_id !== undefined && patch.disaster_id !== null && patch.disaster_id !== resource.disaster_id) {
        await confirmedDisaster(patch.disaster_id, tx);
      }
      let quantity = resource.quantity;
      if (patch.consume !== undefined) {
        if (patch.consume > resource.quantity) {
          throw new ConflictError(`Only ${resource.quantity} ${resource.unit} of this resource are left.`, { quantity: resource.quantity });
        }
        quantity = trimQuantity(resource.quantity - patch.consume);
      } else if (patch.quantity !== undefined) {
        quantity = patch.quantity;
      }
      const now = new Date().toISOString();
      const { consume: _consume, ...properties } = patch;
      const changes: Partial<Resource> = { ...properties, quantity, updated_at: now };
      if (patch.location !== undefined) changes.geohash = geohashOf(patch.location);
      // Used up: no longer available. An in_use resource stays with its task and ends
      // not_available when the task releases it (tasks/service.ts).
      if (quantity === 0 && resource.status === 'available') {
        claimForOwner(tx, resourceId, now);
        changes.status = 'not_available';
      }
      updateResourceFields(tx, resourceId, changes);
      return { ...resource, ...changes };
    });
  } catch (error) {
    if (isAlreadyExists(error)) throw new ConflictError('The resource was claimed by a task at the same moment; read it again.');
    throw error;
  }
}

export async function setResourceStatus(caller: Caller, resourceId: string, status: 'available' | 'not_available'): Promise<Resource> {
  const ref = collections.resources.doc(resourceId);
  try {
    return await db().runTransaction(async (tx) => {
      const resource = (await tx.get(ref)).data();
      if (!resource) throw new NotFoundError('Resource', resourceId);
      if (!canEdit(caller, resource)) throw new ForbiddenError('Only the owner of this resource or an admin may set its status.');
      if (resource.status === 'in_use') {
        throw new ConflictError(`The resource is in use by task ${JSON.stringify(resource.task_id)}; it returns to available when the task ends.`, {
          task_id: resource.task_id,
        });
      }
      if (resource.status === status) return resource;
      const now = new Date().toISOString();
      if (status === 'available') {
        if (resource.quantity === 0) throw new ConflictError('The resource is used up (quantity 0); set a quantity first.');
        const claim = (await readClaims([resourceId], tx)).get(resourceId);
        if (claim?.holder === 'task') throw new ConflictError('The resource is held by a task.', { task_id: claim.task_id });
        if (claim) releaseClaim(tx, resourceId);
      } else {
        claimForOwner(tx, resourceId, now);
      }
      updateResourceFields(tx, resourceId, { status, updated_at: now });
      return { ...resource, status, updated_at: now };
    });
  } catch (error) {
    if (isAlreadyExists(error)) throw new ConflictError('The resource was claimed by a task at the same moment; read it again.');
    throw error;
  }
}

