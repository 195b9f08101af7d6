// Exclusive holds on resources: the repository that "claims these resources for this task".
//
// Invariant: `resource_claims/{resource_id}` exists exactly while the resource is not `available`:
// held by a task while it is `in_use`, or by its owner while it is `not_available`. Every change
// that takes a resource out of `available` writes the claim with `create()` in the same commit as
// the resource update, and first in that commit. `create()` fails with ALREADY_EXISTS when the
// document exists, atomically, on production Firestore and on the embedded emulator alike, so of
// many concurrent claimers exactly one wins, whatever the (non-)isolation of the transaction
// that read the resource as available.
//
// The embedded emulator applies a commit's writes one by one and stops at the first failing
// precondition (production applies all or none). A commit that claims several resources can
// thus leave the claims it wrote before the failing one: `releaseOrphanedClaims` removes them.
import type { DocumentReference, Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { recordEvent, type EventActor } from '../events/record.js';
import { unchanged, type Staged } from '../data/staged.js';
import { internalCollections } from '../data/collections.js';
import { resourceStore } from './store.js';
import { db } from '../data/firestore.js';
import { AppError, ConflictError } from '../errors.js';
import { logs } from '../logs.js';
import type { Task } from '../tasks/model.js';
import type { Resource } from './model.js';

export const claimSchema = z.object({
  resource_id: z.string(),
  holder: z.enum(['task', 'owner']),
  task_id: z.string().nullable(),
  created_at: z.string(),
});
export type Claim = z.infer<typeof claimSchema>;

export function claimRef(resourceId: string): DocumentReference {
  return db().collection(internalCollections.resourceClaims).doc(resourceId);
}

function parseClaim(data: unknown): Claim | null {
  if (data === undefined) return null;
  const parsed = claimSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export async function readClaims(resourceIds: readonly string[], tx?: Transaction): Promise<Map<string, Claim | null>> {
  if (resourceIds.length === 0) return new Map();
  const refs = resourceIds.map(claimRef);
  const snapshots = tx ? await tx.getAll(...refs) : await db().getAll(...refs);
  return new Map(snapshots.map((snapshot, i) => [resourceIds[i]!, parseClaim(snapshot.data())]));
}

/** The write that takes a resource out of `available` for a task; must come first in its commit. */
export function claimForTask(tx: Transaction, resourceId: string, taskId: string, now: string): void {
  tx.create(claimRef(resourceId), {
    resource_id: resourceId,
    holder: 'task',
    task_id: taskId,
    created_at: now,
  } satisfies Claim);
}

/** The write that takes a resource out of `available` for its owner (`not_available`). */
export function claimForOwner(tx: Transaction, resourceId: string, now: string): void {
  tx.create(claimRef(resourceId), {
    resource_id: resourceId,
    holder: 'owner',
    task_id: null,
    created_at: now,
  } satisfies Claim);
}

/** A task's hold becomes the owner's (a resource used up while in use ends not_available). */
export function handClaimToOwner(tx: Transaction, resourceId: string, now: string): void {
  tx.set(claimRef(resourceId), {
    resource_id: resourceId,
    holder: 'owner',
    task_id: null,
    created_at: now,
  } satisfies Claim);
}

export function releaseClaim(tx: Transaction, resourceId: string): void {
  tx.delete(claimRef(resourceId));
}

/**
 * After a failed claim commit: deletes the claims the failed attempt of `taskId` left behind
 * (only on the embedded emulator can there be any), and answers which of `resourceIds` are held
 * by someone else.
 */
export async function releaseOrphanedClaims(resourceIds: readonly string[], taskId: string): Promise<string[]> {
  const claims = await readClaims(resourceIds);
  const orphaned = resourceIds.filter((id) => claims.get(id)?.task_id === taskId);
  if (orphaned.length > 0) {
    const batch = db().batch();
    for (const id of orphaned) batch.delete(claimRef(id));
    await batch.commit();
    logs.orphanedClaimsReleased(taskId, orphaned);
  }
  return resourceIds.filter((id) => {
    const claim = claims.get(id);
    return claim !== null && claim !== undefined && claim.task_id !== taskId;
  });
}

// --- Resources held by tasks ----------------------------------------------------------------------

export function resourcesNotAvailable(ids: readonly string[]): ConflictError {
  return new ConflictError(`These resources are not available: ${ids.join(', ')}. Nothing was allocated.`, {
    resource_ids: ids,
  });
}

/** A resource entering or leaving a task's hold, in the audit trail. */
function auditHold(
  tx: Transaction,
  actor: EventActor,
  resource: Resource,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  at: string,
): void {
  recordEvent(
    tx,
    actor,
    { type: 'resource.status_changed', entity_id: resource.id, before, after, disaster_id: resource.disaster_id },
    at,
  );
}

/**
 * Reads the resources a new task of `disasterId` would hold: all must exist (404 naming the
 * unknown ones), serve no other disaster and be available (409 naming the others).
 */
export async function readResourcesToHold(resourceIds: readonly string[], disasterId: string): Promise<Resource[]> {
  const read = await resourceStore.getAll(resourceIds);
  const missing = resourceIds.filter((_, i) => read[i] === undefined);
  if (missing.length > 0)
    throw new AppError('not_found', `Unknown resources: ${missing.join(', ')}.`, { resource_ids: missing });
  const found = read.filter((resource): resource is Resource => resource !== undefined);
  const elsewhere = found.filter((r) => r.disaster_id !== null && r.disaster_id !== disasterId).map((r) => r.id);
  if (elsewhere.length > 0) {
    throw new ConflictError(`These resources serve another disaster: ${elsewhere.join(', ')}.`, {
      resource_ids: elsewhere,
    });
  }
  const unavailable = found.filter((r) => r.status !== 'available').map((r) => r.id);
  if (unavailable.length > 0) throw resourcesNotAvailable(unavailable);
  return found;
}

/** The claims of a new task, in a fixed order: a lost race fails the commit before anything else is written. */
export function claimAllForTask(tx: Transaction, resourceIds: readonly string[], taskId: string, now: string): void {
  for (const id of [...resourceIds].sort()) claimForTask(tx, id, taskId, now);
}

/** The resources of a new task go in use (after their claims, claimAllForTask). */
export function holdForTask(
  tx: Transaction,
  actor: EventActor,
  resources: readonly Resource[],
  taskId: string,
  now: string,
): void {
  for (const resource of resources) {
    resourceStore.updateIn(tx, resource.id, { status: 'in_use', task_id: taskId, updated_at: now });
    auditHold(
      tx,
      actor,
      resource,
      { status: resource.status, task_id: null },
      { status: 'in_use', task_id: taskId },
      now,
    );
  }
}

/**
 * Reads what an ending task holds and returns the writes that give it back to the owners' pool
 * (available, or not_available when used up): read first, then write (data/staged.ts).
 */
export async function readTaskRelease(
  tx: Transaction,
  actor: EventActor,
  task: Task,
  now: string,
): Promise<Staged<void>> {
  const ids = task.resource_ids;
  if (ids.length === 0) return unchanged(undefined);
  const resources = await resourceStore.getAll(ids, tx);
  const claims = await readClaims(ids, tx);
  const write = () => {
    for (const resource of resources) {
      if (!resource || resource.task_id !== task.id) continue;
      const ours = claims.get(resource.id)?.task_id === task.id;
      const status = resource.quantity === 0 ? 'not_available' : 'available';
      if (status === 'not_available') {
        if (ours) handClaimToOwner(tx, resource.id, now);
      } else if (ours) {
        releaseClaim(tx, resource.id);
      }
      resourceStore.updateIn(tx, resource.id, { status, task_id: null, updated_at: now });
      auditHold(tx, actor, resource, { status: resource.status, task_id: task.id }, { status, task_id: null }, now);
    }
  };
  return { value: undefined, write };
}
