// Tasks: creation with all-or-nothing resource allocation, assignment, authorization and the
// status lifecycle (tasks/transitions.ts), with every change kept in the task's history.
//
// Who may do what is stated once, in the declarations (`access`, `ownership`) of tasks/endpoints.ts
// (generated into docs/authorization.md); it is enforced here (assertAdmin, readVisibleTask, WHO_MOVES).
//
// Concurrency (see resources/claims.ts): resources are claimed with `create()` of a claim
// document per resource, first in the task's commit; each status a task leaves is recorded with
// `create()` of `task_transitions/{task_id}_{from}`, first in the move's commit, so two moves out
// of the same status cannot both happen even where transactions are not isolated.
import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import { changePosition, readChanges } from '../data/changes.js';
import { TASK_TRANSITIONS_PATH, taskStore } from './store.js';
import { userStore } from '../users/store.js';
import { db, isAlreadyExists } from '../data/firestore.js';
import { nothingInCommit, unchanged, type InCommit, type Staged } from '../data/staged.js';
import { requireConfirmedDisaster } from '../disasters/service.js';
import { recordEvent } from '../events/record.js';
import {
  AppError,
  ConflictError,
  ForbiddenError,
  InvalidTransitionError,
  NotFoundError,
  ValidationError,
} from '../errors.js';
import type { Caller } from '../shared/caller.js';
import { logs } from '../logs.js';
import {
  claimAllForTask,
  holdForTask,
  readResourcesToHold,
  readTaskRelease,
  releaseOrphanedClaims,
  resourcesNotAvailable,
} from '../resources/claims.js';
import { shortReference } from '../shared/reference.js';
import type { Page, PageQuery } from '../shared/schemas.js';
import { MAX_TASK_RESOURCES, type NewTaskBody, type Task, type TaskFilters, type TaskHistoryEntry } from './model.js';
import { followNewTask, readLinkableRequest, readRequestFollowing } from './request-status.js';
import { assertMayBeAssigned, assertMayMove, isVisibleTo } from './eligibility.js';
import { readTaskToMove } from './late-actions.js';
import { ACTIVE_TASK_STATUSES, taskTransitions, type TaskStatus } from './transitions.js';

/** What a task is made from: the body of POST /tasks, or an approved workflow task. */
export type TaskOrigin = NewTaskBody & { workflow_task_id?: string | undefined };

function assertAdmin(caller: Caller, what: string): void {
  if (caller.role !== 'admin') throw new ForbiddenError(`Only an admin (dispatcher) may ${what}.`);
}

/** Creating tasks is the dispatchers' work. */
export function assertMayCreateTasks(caller: Caller): void {
  assertAdmin(caller, 'create tasks');
}

/** The disaster and request a task event belongs to, for queries and history views. */
const contextOf = (task: Task) => ({ entity_id: task.id, disaster_id: task.disaster_id, request_id: task.request_id });

/** Field-level task update that appends one history entry (never clobbers a concurrent change). */
function writeTask(tx: Transaction, task: Task, changes: Partial<Task>, entry: TaskHistoryEntry): Task {
  taskStore.updateIn(tx, task.id, { ...changes, updated_at: entry.at, history: FieldValue.arrayUnion(entry) });
  return { ...task, ...changes, updated_at: entry.at, history: [...task.history, entry] };
}

/** The resource ids of a new task: distinct, and at most MAX_TASK_RESOURCES. */
function checkedResourceIds(ids: readonly string[] | undefined): string[] {
  const resourceIds = [...(ids ?? [])];
  if (new Set(resourceIds).size !== resourceIds.length) {
    throw new ValidationError([{ path: 'body.resource_ids', message: 'must not repeat a resource id' }]);
  }
  if (resourceIds.length > MAX_TASK_RESOURCES) {
    throw new ValidationError([
      { path: 'body.resource_ids', message: `at most ${MAX_TASK_RESOURCES} resources per task` },
    ]);
  }
  return resourceIds;
}

function taskOf(id: string, caller: Caller, origin: TaskOrigin, resourceIds: string[], now: string): Task {
  return {
    id,
    reference: shortReference(id),
    disaster_id: origin.disaster_id,
    request_id: origin.request_id ?? null,
    workflow_task_id: origin.workflow_task_id ?? null,
    priority: origin.priority,
    instructions: origin.instructions,
    role_required: origin.role_required,
    resource_ids: resourceIds,
    status: 'pending',
    assigned_to: null,
    assigned_at: null,
    authorized: false,
    authorized_by: null,
    authorized_at: null,
    created_by: caller.uid,
    history: [{ at: now, by: caller.uid, action: 'created', from: null, to: 'pending' }],
    created_at: now,
    updated_at: now,
  };
}

/**
 * Reads and checks all a new task needs in `tx` (its disaster, request and resources: 404, 409)
 * and returns the task and its writes (claims, the task, its resources in use, the request
 * following it, and their events), to be made after every read of the caller's transaction (read
 * first, then write: data/staged.ts). `id` undefined: a new random id; a deterministic one makes
 * creating "the task of X" twice fail (see taskNotCreated).
 */
export async function stageTask(
  tx: Transaction,
  caller: Caller,
  id: string | undefined,
  origin: TaskOrigin,
): Promise<Staged<Task>> {
  const ref = id === undefined ? taskStore.ref().doc() : taskStore.doc(id);
  const resourceIds = checkedResourceIds(origin.resource_ids);
  const now = new Date().toISOString();
  const task = taskOf(ref.id, caller, origin, resourceIds, now);
  await requireConfirmedDisaster(task.disaster_id, caller, tx);
  const request = task.request_id === null ? null : await readLinkableRequest(tx, task.request_id, task.disaster_id);
  // Read outside the transaction: its read locks on resources that many tasks want at once only
  // make those transactions wait on each other. The claims created first in the commit decide who
  // holds a resource (claims.ts), whatever this read saw.
  const resources = resourceIds.length === 0 ? [] : await readResourcesToHold(resourceIds, task.disaster_id);
  return {
    value: task,
    write: () => {
      claimAllForTask(tx, resourceIds, task.id, now);
      tx.create(ref, task);
      recordEvent(
        tx,
        caller,
        {
          type: 'task.created',
          ...contextOf(task),
          before: null,
          after: {
            status: task.status,
            priority: task.priority,
            role_required: task.role_required,
            resource_ids: resourceIds,
          },
        },
        now,
        { task, request },
      );
      holdForTask(tx, caller, resources, task.id, now);
      if (request) followNewTask(tx, caller, request, now);
    },
  };
}

/**
 * After a creation commit failed: the error to answer. A lost claim race (ALREADY_EXISTS) is a
 * 409 naming the resources held by others, or, with a deterministic id taken by an earlier
 * attempt, a 409 naming that task.
 */
export async function taskNotCreated(
  error: unknown,
  attempted: Task | undefined,
  deterministicId: boolean,
): Promise<unknown> {
  if (!isAlreadyExists(error) || attempted === undefined) return error;
  // With a deterministic id the claims under this id may be the other attempt's: keep them.
  if (deterministicId && (await taskStore.get(attempted.id))) {
    return new ConflictError(`Task ${JSON.stringify(attempted.id)} already exists.`, { task_id: attempted.id });
  }
  const held = await releaseOrphanedClaims(attempted.resource_ids, attempted.id);
  const named = held.length > 0 ? held : attempted.resource_ids;
  logs.allocationRefused(attempted.id, named);
  return resourcesNotAvailable(named);
}

/** POST /tasks: creates a task, allocating all of `resource_ids` or none (409 naming the unavailable ones). */
export async function createTask(caller: Caller, body: NewTaskBody): Promise<Task> {
  assertMayCreateTasks(caller);
  let staged: Staged<Task> | undefined;
  try {
    await db().runTransaction(async (tx) => {
      staged = await stageTask(tx, caller, undefined, body);
      staged.write();
    });
  } catch (error) {
    throw await taskNotCreated(error, staged?.value, false);
  }
  if (!staged) throw new AppError('internal', 'The task was not staged.');
  logs.taskCreated(staged.value.id, caller.uid, staged.value.resource_ids);
  return staged.value;
}

async function readVisibleTask(caller: Caller, taskId: string, tx?: Transaction): Promise<Task> {
  const ref = taskStore.doc(taskId);
  const task = (tx ? await tx.get(ref) : await ref.get()).data();
  if (!task || !isVisibleTo(caller, task)) throw new NotFoundError('Task', taskId);
  return task;
}

export function getTask(caller: Caller, taskId: string): Promise<Task> {
  return readVisibleTask(caller, taskId);
}

export function listTasks(filters: TaskFilters, page: PageQuery): Promise<Page<Task>> {
  const { status, disaster_id, request_id, assigned_to } = filters;
  return taskStore.list({ status, disaster_id, request_id, assigned_to }, page);
}

/**
 * GET /tasks?updated_since=: the change feed (data/changes.ts), of one disaster when disaster_id
 * is given (a task never changes disaster). The other filters would hide the tasks that leave
 * them: the client filters those itself.
 */
export async function taskChanges(filters: TaskFilters, since: string, page: PageQuery): Promise<Page<Task>> {
  const unfiltered = (['status', 'request_id', 'assigned_to'] as const).filter((f) => filters[f] !== undefined);
  if (unfiltered.length > 0) {
    throw new ValidationError(
      unfiltered.map((field) => ({
        path: `query.${field}`,
        message: 'does not combine with updated_since: the changes include the tasks that left such a filter',
      })),
    );
  }
  const all = taskStore.ref();
  const query = filters.disaster_id === undefined ? all : all.where('disaster_id', '==', filters.disaster_id);
  return readChanges([query], changePosition(since, page.cursor), page.limit);
}

export function listOwnTasks(
  caller: Caller,
  filters: Pick<TaskFilters, 'status'>,
  page: PageQuery,
): Promise<Page<Task>> {
  return listTasks({ ...filters, assigned_to: caller.uid }, page);
}

export async function assignTask(caller: Caller, taskId: string, userId: string): Promise<Task> {
  assertAdmin(caller, 'assign tasks');
  const updated = await db().runTransaction(async (tx) => {
    const task = await readVisibleTask(caller, taskId, tx);
    const user = await userStore.get(userId, tx);
    if (task.status !== 'pending')
      throw new ConflictError(`Only a pending task can be assigned; this one is ${task.status}.`);
    if (!user) throw new NotFoundError('User', userId);
    assertMayBeAssigned(user, task);
    if (task.assigned_to === userId) return task;
    const now = new Date().toISOString();
    const previous = task.assigned_to;
    const after = { assigned_to: userId, assigned_at: now };
    const next = writeTask(tx, task, after, {
      at: now,
      by: caller.uid,
      action: 'assigned',
      from: previous,
      to: userId,
    });
    const subject = { task: next };
    if (previous === null) {
      recordEvent(
        tx,
        caller,
        { type: 'task.assigned', ...contextOf(task), before: { assigned_to: null, assigned_at: null }, after },
        now,
        subject,
      );
    } else {
      const before = { assigned_to: previous, assigned_at: task.assigned_at };
      recordEvent(tx, caller, { type: 'task.reassigned', ...contextOf(task), before, after }, now, subject);
    }
    return next;
  });
  logs.taskAssigned(taskId, userId, caller.uid);
  return updated;
}

export async function authorizeTask(caller: Caller, taskId: string): Promise<Task> {
  assertAdmin(caller, 'authorize tasks');
  return db().runTransaction(async (tx) => {
    const task = await readVisibleTask(caller, taskId, tx);
    if (taskTransitions.isFinal(task.status))
      throw new ConflictError(`The task is ${task.status}; there is nothing to authorize.`);
    if (task.authorized) return task;
    const now = new Date().toISOString();
    const after = { authorized: true as const, authorized_by: caller.uid, authorized_at: now };
    const next = writeTask(tx, task, after, {
      at: now,
      by: caller.uid,
      action: 'authorized',
      from: null,
      to: caller.uid,
    });
    const before = {
      authorized: task.authorized,
      authorized_by: task.authorized_by,
      authorized_at: task.authorized_at,
    };
    recordEvent(tx, caller, { type: 'task.authorized', ...contextOf(task), before, after }, now, { task: next });
    return next;
  });
}

function transitionRef(taskId: string, from: TaskStatus) {
  return db().collection(TASK_TRANSITIONS_PATH).doc(`${taskId}_${from}`);
}

/** A status move as asked: `reason`, why a task failed; `clientTime`, when by the device's clock (kept, never decides). */
export interface StatusMove {
  to: TaskStatus;
  reason?: string | undefined;
  clientTime?: string | undefined;
}

/**
 * Reads and checks a status move in `tx` (404, 409, 403) and returns the moved task and its writes
 * (the transition's claim, the task, its resources released, its request following, the event), to
 * be made after every read of the caller's transaction. The endpoint and the SMS commands use it.
 */
export async function stageStatusMove(
  tx: Transaction,
  caller: Caller,
  taskId: string,
  move: StatusMove,
  now: string,
): Promise<Staged<Task>> {
  const { to, reason, clientTime } = move;
  const task = await readTaskToMove(caller, taskId, to, tx);
  if (to === 'pending') throw new InvalidTransitionError('task', task.status, to, taskTransitions.next[task.status]);
  if (reason !== undefined && to !== 'failed')
    throw new ValidationError([{ path: 'body.reason', message: 'is given only when the task failed' }]);
  taskTransitions.assert(task.status, to);
  assertMayMove(caller, task, to);
  if (to === 'on_route' && task.assigned_to === null) throw new ConflictError('The task is not assigned yet.');
  if (to === 'on_route' && !task.authorized)
    throw new ConflictError('The task is not authorized yet; an admin must authorize it first.');

  const ending = !ACTIVE_TASK_STATUSES.includes(to);
  const release = ending ? await readTaskRelease(tx, caller, task, now) : unchanged(undefined);
  const following = await readRequestFollowing(tx, caller, task, to, now);
  const entry: TaskHistoryEntry = { at: now, by: caller.uid, action: 'status_changed', from: task.status, to };
  if (clientTime !== undefined) entry.client_time = clientTime;
  const next: Task = { ...task, status: to, updated_at: now, history: [...task.history, entry] };
  return {
    value: next,
    write() {
      // First in the commit: leaving this status can happen once only.
      tx.create(transitionRef(task.id, task.status), {
        task_id: task.id,
        from: task.status,
        to,
        by: caller.uid,
        at: now,
      });
      writeTask(tx, task, { status: to }, entry);
      recordEvent(
        tx,
        caller,
        {
          type: 'task.status_changed',
          ...contextOf(task),
          before: { status: task.status },
          after: { status: to, ...(reason !== undefined && { reason }) },
          client_time: clientTime,
        },
        now,
        { task: next, request: following.value },
      );
      release.write();
      following.write();
    },
  };
}

export async function changeTaskStatus(
  caller: Caller,
  taskId: string,
  move: StatusMove,
  inCommit: InCommit<Task> = nothingInCommit,
): Promise<Task> {
  let from: TaskStatus | undefined;
  try {
    const updated = await db().runTransaction(async (tx) => {
      const staged = await stageStatusMove(tx, caller, taskId, move, new Date().toISOString());
      from = staged.value.history.at(-1)?.from as TaskStatus;
      staged.write();
      inCommit(tx, staged.value);
      return staged.value;
    });
    logs.taskStatusChanged(taskId, from ?? '?', move.to, caller.uid);
    return updated;
  } catch (error) {
    // The move's transition exists: the task left its status at the same moment by another change.
    if (isAlreadyExists(error))
      throw new ConflictError(
        `The task left ${from ?? 'its status'} at the same moment by another change; read it again.`,
      );
    throw error;
  }
}
