// `agent_evidence/{observation_id}`: which suggested disaster (agent/) an observation backs. When an admin
// discards a suggestion its evidence is marked `discarded`: that is the tombstone that keeps the
// agent from suggesting the same cluster again from the same observations.
import type { DocumentReference, Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { internalCollections } from '../data/collections.js';
import { db } from '../data/firestore.js';

export const evidenceSchema = z.object({
  observation_id: z.string(),
  disaster_id: z.string(),
  cluster_key: z.string(),
  state: z.enum(['suggested', 'discarded']),
  updated_at: z.string(),
});
export type Evidence = z.infer<typeof evidenceSchema>;

export function evidenceRef(observationId: string): DocumentReference {
  return db().collection(internalCollections.agentEvidence).doc(observationId);
}

/** The evidence records of these observations (absent ones are not in the map). */
export async function readEvidence(observationIds: readonly string[]): Promise<Map<string, Evidence>> {
  const found = new Map<string, Evidence>();
  if (observationIds.length === 0) return found;
  const snapshots = await db().getAll(...observationIds.map(evidenceRef));
  for (const snapshot of snapshots) {
    const parsed = evidenceSchema.safeParse(snapshot.data());
    if (snapshot.exists && parsed.success) found.set(snapshot.id, parsed.data);
  }
  return found;
}

/** Within the discard transaction: tombstones the evidence of the discarded suggestion. */
export function markDiscarded(
  tx: Transaction,
  disasterId: string,
  clusterKey: string,
  observationIds: readonly string[],
  now: string,
): void {
  for (const observationId of observationIds) {
    const record: Evidence = {
      observation_id: observationId,
      disaster_id: disasterId,
      cluster_key: clusterKey,
      state: 'discarded',
      updated_at: now,
    };
    tx.set(evidenceRef(observationId), record);
  }
}
