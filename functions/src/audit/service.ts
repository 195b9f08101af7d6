// Reading the audit trail: the history of a request (with its tasks) and of a task. Records are
// written by recordEvent (events/record.ts) in the services that make the changes; nothing here writes.
import { auditStore } from './store.js';
import { requestStore } from '../requests/store.js';
import { taskStore } from '../tasks/store.js';
import { NotFoundError } from '../errors.js';
import type { Caller } from '../shared/caller.js';
import { isStaff, STAFF_ROLES, type Page, type PageQuery } from '../shared/schemas.js';
import type { AuditRecord, AuditView } from './model.js';

const isStaffRole = (role: string | null) => (STAFF_ROLES as readonly string[]).includes(role ?? '');

/**
 * A record as the history endpoints show it: without `people_ids` (erasure's index). In the
 * owner's view, who among staff acted is kept (the owner deals with them anyway), a volunteer's
 * or another person's uid is not; `system` and `agent` are not people.
 */
function toAuditView(record: AuditRecord, owner?: Caller): AuditView {
  const { people_ids: _people, ...view } = record;
  if (!owner) return view;
  const named =
    isStaffRole(record.actor_role) ||
    record.actor_id === 'system' ||
    record.actor_id === 'agent' ||
    record.actor_id === owner.uid;
  return named ? view : { ...view, actor_id: null };
}

function viewed(page: Page<AuditRecord>, owner?: Caller): Page<AuditView> {
  return { ...page, items: page.items.map((record) => toAuditView(record, owner)) };
}

/**
 * GET /requests/{req_id}/history. Admins and responders: the request's records and its tasks'
 * (every record carrying the request's id), oldest first. The owner: the request's own records
 * only (its status history). Anyone else: 404, as for the request itself.
 */
export async function requestHistory(caller: Caller, requestId: string, page: PageQuery): Promise<Page<AuditView>> {
  const request = await requestStore.require(requestId, 'Request');
  if (isStaff(caller)) return viewed(await auditStore.list({ request_id: requestId }, page, 'oldest_first'));
  if (request.owner_id !== caller.uid) throw new NotFoundError('Request', requestId);
  return viewed(await auditStore.list({ request_id: requestId, entity: 'request' }, page, 'oldest_first'), caller);
}

/** GET /tasks/{task_id}/history: admins and responders (checked by the declaration); 404 for an unknown task. */
export async function taskHistory(taskId: string, page: PageQuery): Promise<Page<AuditView>> {
  await taskStore.require(taskId, 'Task');
  return viewed(await auditStore.list({ entity: 'task', entity_id: taskId }, page, 'oldest_first'));
}
