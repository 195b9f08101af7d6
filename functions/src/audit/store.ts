// The audit log, written by events/record.ts in the commit of every state change.
import { defineCollection } from '../data/collections.js';
import { auditRecordSchema } from './model.js';

/** `audit_log/{id}`: append-only record of every state change, one typed domain event each (events/record.ts). */
export const auditStore = defineCollection('audit_log', auditRecordSchema, {
  // entity_id is a uid for records about a user or a membership (`<disaster_id>:<uid>`).
  personFields: { uid: ['actor_id', 'entity_id', 'people_ids'], copies: ['before', 'after'] },
});

/**
 * The top-level fields that hold a uid in any collection but the audit log's own: the fields of an
 * audit record's before and after that name a person, which its `people_ids` lists (erasure finds
 * the records by it). Written out rather than gathered from every feature's store, so that the
 * audit writer does not load them all; test/person-fields.test.ts holds it against the stores.
 */
export const PERSON_UID_FIELDS: readonly string[] = [
  'user_id',
  'created_by',
  'confirmed_by',
  'closed_by',
  'sender_id',
  'owner_id',
  'requested_by',
  'assigned_to',
  'authorized_by',
  'reporter_id',
  'uid',
  'recipient_uid',
];
