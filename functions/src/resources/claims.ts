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
import { collections, internalCollections } from '../data/collections.js';
import { toDocument } from '../data/converter.js';
import { db } from '../data/firestore.js';
import { logs } from '../logs.js';

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
  tx.create(claimRef(resourceId), { resource_id: resourceId, holder: 'task', task_id: taskId, created_at: now } satisfies Claim);
}

/** The write that takes a resource out of `available` for its owner (`not_available`). */
export function claimForOwner(tx: Transaction, resourceId: string, now: string): void {
  tx.create(claimRef(resourceId), { resource_id: resourceId, holder: 'owner', task_id: null, created_at: now } satisfies Claim);
}

/** A task's hold becomes the owner's (a resource used up while in use ends not_available). */
export function handClaimToOwner(tx: Transaction, resourceId: string, now: string): void {
  tx.set(claimRef(resourceId), { resource_id: resourceId, holder: 'owner', task_id: null, created_at: now } satisfies Claim);
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

/** Field-level update of a resource (never a whole-document set that could undo a concurrent claim). */
export function updateResourceFields(tx: Transaction, resourceId: string, fields: Record<string, unknown>): void {
  tx.update(collections.resources.doc(resourceId).withConverter(null), toDocument(fields));
}
