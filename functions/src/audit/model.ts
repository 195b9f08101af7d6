import { z } from 'zod';
import { DOMAIN_EVENT_TYPES } from '../events/types.js';
import { idSchema, isoDateTime } from '../shared/schemas.js';

/** What an audit record is about. */
export const AUDIT_ENTITIES = [
  'request',
  'task',
  'resource',
  'disaster',
  'membership',
  'role',
  'verification',
  'user',
  /** A disclosure rather than a change: an export that included personal data (exports/service.ts). */
  'export',
  /** A disclosure too: staff looked a person's requests up by phone number (GET /requests?phone=). */
  'contact',
  'webhook',
] as const;
export const auditEntitySchema = z.enum(AUDIT_ENTITIES);
export type AuditEntity = z.infer<typeof auditEntitySchema>;

/**
 * `audit_log/{id}`: one state change, written with create() in the same transaction or batch as
 * the change itself. Append-only: no endpoint edits or deletes one (erasure only anonymises the
 * actor, see users/erasure.ts).
 */
const auditRecordFields = z.object({
  id: idSchema,
  type: z
    .enum(DOMAIN_EVENT_TYPES)
    .describe('The domain event the record holds, `<entity>.<action>` (e.g. `task.status_changed`).'),
  entity: auditEntitySchema,
  entity_id: z.string(),
  /** The event's action: created, status_changed, assigned, verified, joined, left, erased, ... */
  action: z.string(),
  /** The uid who made the change, or `system` (triggers, jobs) or `agent`. */
  actor_id: z.string(),
  /** The actor's role at the time (null for system and agent). */
  actor_role: z.string().nullable(),
  /** The changed fields before and after (null before a creation, after a deletion). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /** Uids the changed fields name (an assignee, an owner), so that erasure finds the record. */
  people_ids: z.array(z.string()).default([]),
  /** Context for queries and views: the disaster and request the change belongs to. */
  disaster_id: z.string().nullable(),
  request_id: z.string().nullable(),
  /** When the person took the action by their device's clock, if the client sent it: never used for ordering. */
  client_time: isoDateTime.optional(),
  created_at: isoDateTime,
});
/** Records written before events were typed carry no `type`: it is their entity and action. */
export const auditRecordSchema = z.preprocess(
  (value) =>
    typeof value === 'object' && value !== null && !('type' in value) && 'entity' in value && 'action' in value
      ? { ...value, type: `${String(value.entity)}.${String(value.action)}` }
      : value,
  auditRecordFields,
);
export type AuditRecord = z.infer<typeof auditRecordFields>;

/** An audit record as the history endpoints answer it: `actor_id` is null where the caller may not learn who acted. */
export const auditViewSchema = auditRecordFields.omit({ people_ids: true }).extend({
  actor_id: z
    .string()
    .nullable()
    .describe("The uid who made the change, `system` or `agent`; null in the owner's view for anyone but staff."),
});
export type AuditView = z.infer<typeof auditViewSchema>;
