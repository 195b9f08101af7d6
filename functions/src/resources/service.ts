// Resources: physical assets and manpower offered for disaster response, their usage and status.
//
// Who may do what is stated once, in the declarations (`access`, `ownership`) of
// resources/endpoints.ts (generated into docs/authorization.md); it is enforced here.
//
// Status: available ⇄ not_available by PUT /resources/{rid}/status; available → in_use only by a
// task claiming it (tasks/service.ts) and back when the task ends. See claims.ts for the guarantee.
import { recordEvent } from '../events/record.js';
import { resourceStore } from './store.js';
import { taskStore } from '../tasks/store.js';
import { db, isAlreadyExists } from '../data/firestore.js';
import { requireConfirmedDisaster } from '../disasters/service.js';
import { ConflictError, ForbiddenError } from '../errors.js';
import type { Caller } from '../shared/caller.js';
import { geohashOf } from '../shared/geo.js';
import { isStaff, type Page, type PageQuery, type Role } from '../shared/schemas.js';
import { claimForOwner, readClaims, releaseClaim } from './claims.js';
import { seesPointOf, type NewResource, type Resource, type ResourceFilters, type ResourcePatch } from './model.js';

/**
 * A volunteer offering their own truck is normal; affected individuals are the ones being helped,
 * and whoever wants to offer help registers as a volunteer (a self-service role).
 */
export const RESOURCE_CREATORS = ['admin', 'responder', 'volunteer'] as const satisfies readonly Role[];

export async function createResource(caller: Caller, input: NewResource): Promise<Resource> {
  const ref = resourceStore.ref().doc();
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
    owner_role: caller.role,
    disaster_id: input.disaster_id ?? null,
    status: input.status ?? 'available',
    task_id: null,
    created_at: now,
    updated_at: now,
  };
  if (resource.status === 'available' && resource.quantity === 0) {
    throw new ConflictError(
      'A resource with quantity 0 cannot be available; add it as not_available or with a quantity.',
    );
  }
  await db().runTransaction(async (tx) => {
    if (resource.disaster_id !== null) await requireConfirmedDisaster(resource.disaster_id, caller, tx);
    if (resource.status === 'not_available') claimForOwner(tx, resource.id, now);
    tx.create(ref, resource);
    recordEvent(
      tx,
      caller,
      {
        type: 'resource.created',
        entity_id: resource.id,
        before: null,
        after: { status: resource.status, quantity: resource.quantity },
        disaster_id: resource.disaster_id,
      },
      now,
    );
  });
  return resource;
}

export async function getResource(resourceId: string): Promise<Resource> {
  const resource = await resourceStore.require(resourceId, 'Resource');
  return resource;
}

/** Whether the caller sees the point of a resource: staff, the owner, or the assignee of the task holding it (1 read). */
export async function seesPoint(caller: Caller, resource: Resource): Promise<boolean> {
  if (seesPointOf(caller, resource)) return true;
  if (resource.task_id === null) return false;
  return (await taskStore.get(resource.task_id))?.assigned_to === caller.uid;
}

export function listResources(caller: Caller, filters: ResourceFilters, page: PageQuery): Promise<Page<Resource>> {
  if (filters.owner_id !== undefined && filters.owner_id !== caller.uid && !isStaff(caller)) {
    // A uid learnt anywhere must not map where that person keeps their things.
    throw new ForbiddenError(
      'Only admins and responders list the resources of another owner; list your own with owner_id set to your uid.',
    );
  }
  const { status, category, disaster_id, owner_id } = filters;
  return resourceStore.list({ status, category, disaster_id, owner_id }, page);
}

function canEdit(caller: Caller, resource: Resource): boolean {
  return caller.role === 'admin' || resource.owner_id === caller.uid;
}

function trimQuantity(value: number): number {
  // Consuming 0.1 three times from 0.3 should reach zero, not 5e-17.
  return Math.max(0, Math.round(value * 1e6) / 1e6);
}

export async function updateResource(caller: Caller, resourceId: string, patch: ResourcePatch): Promise<Resource> {
  const usageOnly = Object.keys(patch).every((key) => key === 'consume');
  try {
    return await db().runTransaction(async (tx) => {
      const resource = await resourceStore.require(resourceId, 'Resource', tx);
      if (!canEdit(caller, resource)) {
        const holder = resource.task_id === null ? undefined : await taskStore.get(resource.task_id, tx);
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
        await requireConfirmedDisaster(patch.disaster_id, caller, tx);
      }
      let quantity = resource.quantity;
      if (patch.consume !== undefined) {
        if (patch.consume > resource.quantity) {
          throw new ConflictError(`Only ${resource.quantity} ${resource.unit} of this resource are left.`, {
            quantity: resource.quantity,
          });
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
        recordEvent(
          tx,
          caller,
          {
            type: 'resource.status_changed',
            entity_id: resourceId,
            before: { status: resource.status, quantity: resource.quantity },
            after: { status: changes.status, quantity },
            disaster_id: patch.disaster_id === undefined ? resource.disaster_id : patch.disaster_id,
          },
          now,
        );
      }
      resourceStore.updateIn(tx, resourceId, changes);
      return { ...resource, ...changes };
    });
  } catch (error) {
    if (isAlreadyExists(error))
      throw new ConflictError('The resource was claimed by a task at the same moment; read it again.');
    throw error;
  }
}

export async function setResourceStatus(
  caller: Caller,
  resourceId: string,
  status: 'available' | 'not_available',
): Promise<Resource> {
  try {
    return await db().runTransaction(async (tx) => {
      const resource = await resourceStore.require(resourceId, 'Resource', tx);
      if (!canEdit(caller, resource))
        throw new ForbiddenError('Only the owner of this resource or an admin may set its status.');
      if (resource.status === 'in_use') {
        throw new ConflictError(
          `The resource is in use by task ${JSON.stringify(resource.task_id)}; it returns to available when the task ends.`,
          {
            task_id: resource.task_id,
          },
        );
      }
      if (resource.status === status) return resource;
      const now = new Date().toISOString();
      if (status === 'available') {
        if (resource.quantity === 0)
          throw new ConflictError('The resource is used up (quantity 0); set a quantity first.');
        const claim = (await readClaims([resourceId], tx)).get(resourceId);
        if (claim?.holder === 'task')
          throw new ConflictError('The resource is held by a task.', { task_id: claim.task_id });
        if (claim) releaseClaim(tx, resourceId);
      } else {
        claimForOwner(tx, resourceId, now);
      }
      resourceStore.updateIn(tx, resourceId, { status, updated_at: now });
      recordEvent(
        tx,
        caller,
        {
          type: 'resource.status_changed',
          entity_id: resourceId,
          before: { status: resource.status },
          after: { status },
          disaster_id: resource.disaster_id,
        },
        now,
      );
      return { ...resource, status, updated_at: now };
    });
  } catch (error) {
    if (isAlreadyExists(error))
      throw new ConflictError('The resource was claimed by a task at the same moment; read it again.');
    throw error;
  }
}
