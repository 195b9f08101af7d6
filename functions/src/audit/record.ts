// The audit trail: every state change of a request, task, resource, disaster, membership, role
// and verification is recorded by the transaction or batch that makes it, so that a change and
// its record land together or not at all.
import type { Transaction, WriteBatch } from 'firebase-admin/firestore';
import { collections } from '../data/collections.js';
import type { Caller } from '../shared/caller.js';
import type { AuditEntity, AuditRecord } from './model.js';

/** Who made a change: a caller, or the service itself (triggers and jobs) or the agent. */
export type AuditActor = Caller | 'system' | 'agent';

export interface AuditChange {
  entity: AuditEntity;
  entity_id: string;
  action: string;
  actor: AuditActor;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  disaster_id?: string | null | undefined;
  request_id?: string | null | undefined;
  /** A fixed record id, for a change that must be recorded once whoever makes it (the create() fails the commit otherwise). */
  record_id?: string | undefined;
}

/** Fields whose values are uids: a record naming someone there is found by `people_ids`. */
const PERSON_FIELDS = ['assigned_to', 'owner_id', 'authorized_by', 'user_id'] as const;

function peopleNamed(...changes: (Record<string, unknown> | null)[]): string[] {
  const found = new Set<string>();
  for (const fields of changes) {
    for (const field of PERSON_FIELDS) {
      const value = fields?.[field];
      if (typeof value === 'string') found.add(value);
    }
  }
  return [...found];
}

/** Adds the record of `change` to the transaction or batch that makes the change. */
export function recordAudit(
  writer: Transaction | WriteBatch,
  change: AuditChange,
  at: string = new Date().toISOString(),
): AuditRecord {
  const ref = change.record_id === undefined ? collections.audit.ref().doc() : collections.audit.doc(change.record_id);
  const actor = change.actor;
  const record: AuditRecord = {
    id: ref.id,
    entity: change.entity,
    entity_id: change.entity_id,
    action: change.action,
    actor_id: typeof actor === 'string' ? actor : actor.uid,
    actor_role: typeof actor === 'string' ? null : actor.role,
    before: change.before,
    after: change.after,
    people_ids: peopleNamed(change.before, change.after),
    disaster_id: change.disaster_id ?? null,
    request_id: change.request_id ?? null,
    created_at: at,
  };
  // Transaction.create and WriteBatch.create take the same arguments.
  (writer as WriteBatch).create(ref, record);
  return record;
}
