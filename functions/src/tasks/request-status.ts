// How a help request's status follows its tasks (spec 3.1: "the request status is updated").
//
// Over the statuses of all tasks linked to the request (after the change being made):
// - any task active (pending or on_route)            → in_progress
// - none active, at least one completed              → fulfilled (failed or cancelled ones were
//                                                       superseded by the one that did the job)
// - none active, none completed (all failed/cancelled) → open again, for a new plan or task
// A request that is already fulfilled or closed is never touched, and the move must be in
// requests/transitions.ts; it is written in the same transaction as the task change.
import type { Transaction } from 'firebase-admin/firestore';
import { recordEvent, type EventActor } from '../events/record.js';
import { readsActiveTasks, type EventHead } from '../events/notices.js';
import { requestStore } from '../requests/store.js';
import { taskStore } from './store.js';
import { unchanged, type Staged } from '../data/staged.js';
import { ConflictError, ValidationError } from '../errors.js';
import { logs } from '../logs.js';
import type { HelpRequest } from '../requests/model.js';
import type { RequestStatus } from '../requests/transitions.js';
import { requestTransitions } from '../requests/transitions.js';
import type { Task } from './model.js';
import { ACTIVE_TASK_STATUSES, type TaskStatus } from './transitions.js';

export function requestStatusFor(taskStatuses: readonly TaskStatus[]): RequestStatus {
  if (taskStatuses.some((status) => ACTIVE_TASK_STATUSES.includes(status))) return 'in_progress';
  if (taskStatuses.some((status) => status === 'completed')) return 'fulfilled';
  return 'open';
}

/** The status the request moves to, or null when it stays as it is. */
export function nextRequestStatus(current: RequestStatus, taskStatuses: readonly TaskStatus[]): RequestStatus | null {
  if (current === 'fulfilled' || current === 'closed') return null;
  const next = requestStatusFor(taskStatuses);
  return next !== current && requestTransitions.allows(current, next) ? next : null;
}

/** The request a new task serves: it must exist, belong to the task's disaster and still need help. */
export async function readLinkableRequest(
  tx: Transaction,
  requestId: string,
  disasterId: string,
): Promise<HelpRequest> {
  const request = await requestStore.require(requestId, 'Request', tx);
  if (request.disaster_id !== disasterId) {
    throw new ValidationError([{ path: 'body.request_id', message: 'belongs to another disaster than disaster_id' }]);
  }
  if (request.status === 'fulfilled' || request.status === 'closed') {
    throw new ConflictError(`Request ${JSON.stringify(requestId)} is ${request.status}; it takes no new tasks.`);
  }
  // Its stored point is a placeholder until a dispatcher sets the real one: nobody is sent there.
  if (request.planning.state === 'awaiting_location') {
    throw new ConflictError(
      `Request ${JSON.stringify(requestId)} is waiting for its location (PUT /requests/{req_id}/location first).`,
    );
  }
  return request;
}

/** Tasks of one request read for a notice, at most: a request has a handful. */
export const REQUEST_TASKS_READ = 20;

/** The request's active tasks (pending, on the way), as a notice about it names them (events/notices.ts). */
export async function activeTasksOf(requestId: string, tx?: Transaction): Promise<Task[]> {
  const query = taskStore.ref().where('request_id', '==', requestId).limit(REQUEST_TASKS_READ);
  const snapshot = tx ? await tx.get(query) : await query.get();
  return snapshot.docs.map((doc) => doc.data()).filter((task) => ACTIVE_TASK_STATUSES.includes(task.status));
}

/**
 * The active tasks of `request` whose people the decision about its status change (`event`, by
 * `actorId`) names: read only when it names them (its owner withdrew it: `readsActiveTasks`), else
 * none, unread. The transaction that changes the status and the outbound trigger read alike, so
 * both tell the same people.
 */
export async function activeTasksToTell(
  event: EventHead,
  request: HelpRequest,
  actorId: string,
  tx?: Transaction,
): Promise<Task[]> {
  return readsActiveTasks(event, request, actorId) ? activeTasksOf(request.id, tx) : [];
}

/** The request's move and its audit record; the actor is whoever moved the task: the request followed their change. */
function writeRequestStatus(
  tx: Transaction,
  actor: EventActor,
  request: HelpRequest,
  status: RequestStatus,
  now: string,
): void {
  requestStore.updateIn(tx, request.id, { status, status_changed_at: now, updated_at: now });
  recordEvent(
    tx,
    actor,
    {
      type: 'request.status_changed',
      entity_id: request.id,
      before: { status: request.status },
      after: { status },
      disaster_id: request.disaster_id,
      request_id: request.id,
    },
    now,
    { request },
  );
  logs.requestStatusFollowedTasks(request.id, request.status, status);
}

/** A new (pending) task on `request`: the request follows it (read by readLinkableRequest). */
export function followNewTask(tx: Transaction, actor: EventActor, request: HelpRequest, now: string): void {
  const next = nextRequestStatus(request.status, ['pending']);
  if (next) writeRequestStatus(tx, actor, request, next, now);
}

/**
 * Reads the linked request and its tasks (read first, then write: data/staged.ts). The value: the
 * request as read (null for a task without one); the write makes it follow `task` moving `to`.
 */
export async function readRequestFollowing(
  tx: Transaction,
  actor: EventActor,
  task: Task,
  to: TaskStatus,
  now: string,
): Promise<Staged<HelpRequest | null>> {
  if (task.request_id === null) return unchanged(null);
  const request = (await requestStore.get(task.request_id, tx)) ?? null;
  if (!request || request.status === 'fulfilled' || request.status === 'closed') return unchanged(request);
  const linked = (await tx.get(taskStore.ref().where('request_id', '==', request.id).limit(500))).docs.map((doc) =>
    doc.data(),
  );
  const statuses = linked.filter((t) => t.id !== task.id).map((t) => t.status);
  const next = nextRequestStatus(request.status, [...statuses, to]);
  return {
    value: request,
    write: () => {
      if (next) writeRequestStatus(tx, actor, request, next, now);
    },
  };
}
