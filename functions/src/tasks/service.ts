// Tasks: creation with all-or-nothing resource allocation, assignment, authorization and the
// status lifecycle (tasks/transitions.ts), with every change kept in the task's history.
//
// Who may do what:
// - create, assign, authorize, list all: admins (dispatchers).
// - read one: admins and the assignee (anyone else: 404, the task is not theirs to see).
// - move on_route, completed: the assignee only (on_route needs the task assigned and authorized).
// - move failed: the assignee or an admin. cancel: an admin.
//
// Concurrency (see resources/claims.ts): resources are claimed with `create()` of a claim
// document per resource, first in the task's commit; each status a task leaves is recorded with
// `create()` of `task_transitions/{task_id}_{from}`, first in the move's commit, so two moves out
// of the same status cannot both happen even where transactions are not isolated.
import { FieldValue, type Query, type Transaction } from 'firebase-admin/firestore';
import { collections, internalCollections } from '../data/collections.js';
import { toDocument } from '../data/converter.js';
import { db, isAlreadyExists } from '../data/firestore.js';
import { paginate } from '../data/paginate.js';
import { AppError, ConflictError, ForbiddenError, InvalidTransitionError, NotFoundError, ValidationError } from '../errors.js';
import type { Caller } from '../http/endpoint.js';
import { logs } from '../logs.js';
import { notify } from '../notifications/service.js';
import type { HelpRequest } from '../requests/model.js';
import type { RequestStatus } from '../requests/transitions.js';
import {
  claimForTask,
  handClaimToOwner,
  readClaims,
  releaseClaim,
  releaseOrphanedClaims,
  updateResourceFields,
} from '../resources/claims.js';
import type { Resource } from '../resources/model.js';
import { confirmedDisaster } from '../resources/service.js';
import type { Page, PageQuery } from '../shared/schemas.js';
import type { UserRecord } from '../users/model.js';
import { MAX_TASK_RESOURCES, type Task, type TaskHistoryEntry } from './model.js';
import { nextRequestStatus } from './request-status.js';
import { ACTIVE_TASK_STATUSES, taskTransitions, type TaskStatus } from './transitions.js';

export interface CreateTaskInput {
  disaster_id: string;
  priority: number;
  instructions: string;
  role_required: Task['role_required'];
  resource_ids?: string[] | undefined;
  request_id?: string | null | undefined;
  workflow_task_id?: string | null | undefined;
  /**
   * A deterministic id, so that creating "the task of X" twice cannot make two: the second
   * attempt finds the first and answers 409 (used for workflow tasks).
   */
  id?: string | undefined;
}

function assertAdmin(caller: Caller, what: string): void {
  if (caller.role !== 'admin') throw new ForbiddenError(`Only an admin (dispatcher) may ${what}.`);
}

function resourcesNotAvailable(ids: readonly string[]): ConflictError {
  return new ConflictError(`These resources are not available: ${ids.join(', ')}. Nothing was allocated.`, { resource_ids: ids });
}

/** The request a new task serves: it must exist, belong to the task's disaster and still need help. */
async function linkableRequest(tx: Transaction, requestId: string, disasterId: string): Promise<HelpRequest> {
  const request = (await tx.get(collections.requests.doc(requestId))).data();
  if (!request) throw new NotFoundError('Request', requestId);
  if (request.disaster_id !== disasterId) {
    throw new ValidationError([{ path: 'body.request_id', message: 'belongs to another disaster than disaster_id' }]);
  }
  if (request.status === 'fulfilled' || request.status === 'closed') {
    throw new ConflictError(`Request ${JSON.stringify(requestId)} is ${request.status}; it takes no new tasks.`);
  }
  return request;
}

function writeRequestStatus(tx: Transaction, request: HelpRequest, status: RequestStatus, now: string): void {
  tx.update(collections.requests.doc(request.id).withConverter(null), toDocument({ status, status_changed_at: now, updated_at: now }));
  logs.requestStatusFollowedTasks(request.id, request.status, status);
}

function historyEntry(by: string, action: TaskHistoryEntry['action'], from: string | null, to: string | null, at: string): TaskHistoryEntry {
  return { at, by, action, from, to };
}

/** Field-level task update that appends one history entry (never clobbers a concurrent change). */
function writeTask(tx: Transaction, task: Task, changes: Partial<Task>, entry: TaskHistoryEntry): Task {
  tx.update(
    collections.tasks.doc(task.id).withConverter(null),
    toDocument({ ...changes, updated_at: entry.at, history: FieldValue.arrayUnion(entry) }),
  );
  return { ...task, ...changes, updated_at: entry.at, history: [...task.history, entry] };
}

/** The resource ids of a new task: distinct, and at most MAX_TASK_RESOURCES. */
function checkedResourceIds(ids: readonly string[] | undefined): string[] {
  const resourceIds = [...(ids ?? [])];
  if (new Set(resourceIds).size !== resourceIds.length) {
    throw new ValidationError([{ path: 'body.resource_ids', message: 'must not repeat a resource id' }]);
  }
  if (resourceIds.length > MAX_TASK_RESOURCES) {
    throw new ValidationError([{ path: 'body.resource_ids', message: `at most ${MAX_TASK_RESOURCES} resources per task` }]);
  }
  return resourceIds;
}

function newTask(id: string, caller: Caller, input: CreateTaskInput, resourceIds: string[], now: string): Task {
  return {
    id,
    disaster_id: input.disaster_id,
    request_id: input.request_id ?? null,
    workflow_task_id: input.workflow_task_id ?? null,
    priority: input.priority,
    instructions: input.instructions,
    role_required: input.role_required,
    resource_ids: resourceIds,
    status: 'pending',
    assigned_to: null,
    assigned_at: null,
    authorized: false,
    authorized_by: null,
    authorized_at: null,
    created_by: caller.uid,
    history: [historyEntry(caller.uid, 'created', null, 'pending', now)],
    created_at: now,
    updated_at: now,
  };
}

/** What a caller of createTaskWith reads in the task's transaction: the task, and what to write with it. */
export interface PreparedTask {
  input: CreateTaskInput;
  /** Written in the same commit as the task, after every read (e.g. the workflow output's link to it). */
  alsoWrite?: (tx: Transaction, task: Task) => void;
}

/**
 * Creates a task, allocating all of `resource_ids` or none (409 naming the unavailable ones).
 */
export async function createTask(caller: Caller, input: CreateTaskInput): Promise<Task> {
  return createTaskWith(caller, input.id, () => Promise.resolve({ input }));
}

/**
 * Creates a task in one transaction that starts with `prepare`: it reads what the task comes from
 * (the planning feature's workflow output) and names the writes that go with it, so the task and
 * its origin's record of it are committed together or not at all.
 */
export async function createTaskWith(caller: Caller, id: string | undefined, prepare: (tx: Transaction) => Promise<PreparedTask>): Promise<Task> {
  assertAdmin(caller, 'create tasks');
  const ref = id === undefined ? collections.tasks.ref().doc() : collections.tasks.doc(id);
  let attempted: Task | undefined;
  let task: Task;
  try {
    task = await db().runTransaction(async (tx) => {
      const { input, alsoWrite } = await prepare(tx);
      const resourceIds = checkedResourceIds(input.resource_ids);
      const now = new Date().toISOString();
      const staged = newTask(ref.id, caller, input, resourceIds, now);
      attempted = staged;
      await confirmedDisaster(staged.disaster_id, tx);
      const request = staged.request_id === null ? null : await linkableRequest(tx, staged.request_id, staged.disaster_id);
      const snapshots = resourceIds.length === 0 ? [] : await tx.getAll(...resourceIds.map((rid) => collections.resources.doc(rid)));
      const resources = snapshots.map((snapshot) => snapshot.data());
      const missing = resourceIds.filter((_, i) => resources[i] === undefined);
      if (missing.length > 0) {
        throw new AppError('not_found', `Unknown resources: ${missing.join(', ')}.`, { resource_ids: missing });
      }
      const found = resources as Resource[];
      const elsewhere = found.filter((r) => r.disaster_id !== null && r.disaster_id !== staged.disaster_id).map((r) => r.id);
      if (elsewhere.length > 0) {
        throw new ConflictError(`These resources serve another disaster: ${elsewhere.join(', ')}.`, { resource_ids: elsewhere });
      }
      const unavailable = found.filter((r) => r.status !== 'available').map((r) => r.id);
      if (unavailable.length > 0) throw resourcesNotAvailable(unavailable);

      // Claims first, in a fixed order: a lost race fails the commit before anything else is written.
      for (const rid of [...resourceIds].sort()) claimForTask(tx, rid, staged.id, now);
      tx.create(ref, staged);
      for (const rid of resourceIds) updateResourceFields(tx, rid, { status: 'in_use', task_id: staged.id, updated_at: now });
      if (request) {
        const next = nextRequestStatus(request.status, ['pending']);
        if (next) writeRequestStatus(tx, request, next, now);
      }
      alsoWrite?.(tx, staged);
      return staged;
    });
  } catch (error) {
    if (!isAlreadyExists(error) || attempted === undefined) throw error;
    // With a deterministic id the claims under this id may be the other attempt's: keep them.
    if (id !== undefined && (await ref.get()).exists) {
      throw new ConflictError(`Task ${JSON.stringify(attempted.id)} already exists.`, { task_id: attempted.id });
    }
    const held = await releaseOrphanedClaims(attempted.resource_ids, attempted.id);
    const named = held.length > 0 ? held : attempted.resource_ids;
    logs.allocationRefused(attempted.id, named);
    throw resourcesNotAvailable(named);
  }
  logs.taskCreated(task.id, caller.uid, task.resource_ids);
  return task;
}

function isVisibleTo(caller: Caller, task: Task): boolean {
  return caller.role === 'admin' || task.assigned_to === caller.uid;
}

async function readVisibleTask(caller: Caller, taskId: string, tx?: Transaction): Promise<Task> {
  const ref = collections.tasks.doc(taskId);
  const task = (tx ? await tx.get(ref) : await ref.get()).data();
  if (!task || !isVisibleTo(caller, task)) throw new NotFoundError('Task', taskId);
  return task;
}

export function getTask(caller: Caller, taskId: string): Promise<Task> {
  return readVisibleTask(caller, taskId);
}

export interface TaskFilters {
  status?: TaskStatus | undefined;
  disaster_id?: string | undefined;
  request_id?: string | undefined;
  assigned_to?: string | undefined;
}

export function listTasks(filters: TaskFilters, page: PageQuery): Promise<Page<Task>> {
  let query: Query<Task> = collections.tasks.ref();
  if (filters.status !== undefined) query = query.where('status', '==', filters.status);
  if (filters.disaster_id !== undefined) query = query.where('disaster_id', '==', filters.disaster_id);
  if (filters.request_id !== undefined) query = query.where('request_id', '==', filters.request_id);
  if (filters.assigned_to !== undefined) query = query.where('assigned_to', '==', filters.assigned_to);
  return paginate(query, page);
}

export function listOwnTasks(caller: Caller, filters: { status?: TaskStatus | undefined }, page: PageQuery): Promise<Page<Task>> {
  return listTasks({ ...filters, assigned_to: caller.uid }, page);
}

/** Who can do a task: a responder can do what a volunteer can; only responders do responder tasks. */
export function canPerform(role: UserRecord['role'], required: Task['role_required']): boolean {
  return required === 'responder' ? role === 'responder' : role === 'volunteer' || role === 'responder';
}

function summary(task: Task): string {
  const text = task.instructions.length > 140 ? `${task.instructions.slice(0, 139)}…` : task.instructions;
  return `(priority ${task.priority}) ${text}`;
}

export async function assignTask(caller: Caller, taskId: string, userId: string): Promise<Task> {
  assertAdmin(caller, 'assign tasks');
  const updated = await db().runTransaction(async (tx) => {
    const task = await readVisibleTask(caller, taskId, tx);
    const user = (await tx.get(collections.users.doc(userId))).data();
    if (task.status !== 'pending') throw new ConflictError(`Only a pending task can be assigned; this one is ${task.status}.`);
    if (!user) throw new NotFoundError('User', userId);
    if (!canPerform(user.role, task.role_required)) {
      throw new ConflictError(`A ${user.role} cannot perform a task that requires a ${task.role_required}.`, { role: user.role });
    }
    if (user.role === 'volunteer' && user.availability !== 'available') {
      throw new ConflictError('This volunteer is not available for tasks right now.');
    }
    if (task.assigned_to === userId) return task;
    const now = new Date().toISOString();
    const previous = task.assigned_to;
    const next = writeTask(tx, task, { assigned_to: userId, assigned_at: now }, historyEntry(caller.uid, 'assigned', previous, userId, now));
    notify(tx, userId, { kind: 'task_assigned', text: `You have a new task ${summary(task)}`, task_id: task.id, request_id: task.request_id }, now);
    if (previous !== null) {
      notify(tx, previous, { kind: 'task_cancelled', text: `A task was reassigned to someone else ${summary(task)}`, task_id: task.id }, now);
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
    if (taskTransitions.isFinal(task.status)) throw new ConflictError(`The task is ${task.status}; there is nothing to authorize.`);
    if (task.authorized) return task;
    const now = new Date().toISOString();
    const next = writeTask(
      tx,
      task,
      { authorized: true, authorized_by: caller.uid, authorized_at: now },
      historyEntry(caller.uid, 'authorized', null, caller.uid, now),
    );
    if (task.assigned_to !== null) {
      notify(tx, task.assigned_to, { kind: 'task_authorized', text: `Your task is authorized ${summary(task)}`, task_id: task.id, request_id: task.request_id }, now);
    }
    return next;
  });
}

type Mover = 'assignee' | 'admin' | 'assignee_or_admin';
const WHO_MOVES: Record<Exclude<TaskStatus, 'pending'>, Mover> = {
  on_route: 'assignee',
  completed: 'assignee',
  failed: 'assignee_or_admin',
  cancelled: 'admin',
};

function assertMayMove(caller: Caller, task: Task, to: Exclude<TaskStatus, 'pending'>): void {
  const isAssignee = task.assigned_to === caller.uid;
  const isAdmin = caller.role === 'admin';
  const mover = WHO_MOVES[to];
  const allowed = mover === 'assignee' ? isAssignee : mover === 'admin' ? isAdmin : isAssignee || isAdmin;
  if (!allowed) {
    throw new ForbiddenError(
      mover === 'assignee'
        ? `Only the assignee moves a task to ${to}.`
        : mover === 'admin'
          ? `Only an admin may move a task to ${to}.`
          : `Only the assignee or an admin may move a task to ${to}.`,
    );
  }
}

function transitionRef(taskId: string, from: TaskStatus) {
  return db().collection(internalCollections.taskTransitions).doc(`${taskId}_${from}`);
}

/** Returns the task's resources to their owners' pool (available, or not_available when used up). */
async function releaseResources(tx: Transaction, task: Task) {
  const ids = task.resource_ids;
  if (ids.length === 0) return () => undefined;
  const snapshots = await tx.getAll(...ids.map((id) => collections.resources.doc(id)));
  const claims = await readClaims(ids, tx);
  return (now: string) => {
    snapshots.forEach((snapshot, i) => {
      const id = ids[i]!;
      const resource = snapshot.data();
      if (!resource || resource.task_id !== task.id) return;
      const ours = claims.get(id)?.task_id === task.id;
      if (resource.quantity === 0) {
        if (ours) handClaimToOwner(tx, id, now);
        updateResourceFields(tx, id, { status: 'not_available', task_id: null, updated_at: now });
      } else {
        if (ours) releaseClaim(tx, id);
        updateResourceFields(tx, id, { status: 'available', task_id: null, updated_at: now });
      }
    });
  };
}

/** Reads the linked request and its tasks; returns the write that makes the request follow them. */
async function followRequest(tx: Transaction, task: Task, to: TaskStatus) {
  if (task.request_id === null) return () => undefined;
  const request = (await tx.get(collections.requests.doc(task.request_id))).data();
  if (!request || request.status === 'fulfilled' || request.status === 'closed') return () => undefined;
  const linked = (await tx.get(collections.tasks.ref().where('request_id', '==', request.id).limit(500))).docs.map((doc) => doc.data());
  const statuses = linked.filter((t) => t.id !== task.id).map((t) => t.status);
  const next = nextRequestStatus(request.status, [...statuses, to]);
  return (now: string) => {
    if (next) writeRequestStatus(tx, request, next, now);
  };
}

export async function changeTaskStatus(caller: Caller, taskId: string, to: TaskStatus): Promise<Task> {
  let from: TaskStatus | undefined;
  try {
    const updated = await db().runTransaction(async (tx) => {
      const task = await readVisibleTask(caller, taskId, tx);
      from = task.status;
      if (to === 'pending') throw new InvalidTransitionError('task', task.status, to, taskTransitions.next[task.status]);
      taskTransitions.assert(task.status, to);
      assertMayMove(caller, task, to);
      if (to === 'on_route' && task.assigned_to === null) throw new ConflictError('The task is not assigned yet.');
      if (to === 'on_route' && !task.authorized) throw new ConflictError('The task is not authorized yet; an admin must authorize it first.');

      const ending = !ACTIVE_TASK_STATUSES.includes(to);
      const release = ending ? await releaseResources(tx, task) : () => undefined;
      const follow = await followRequest(tx, task, to);

      const now = new Date().toISOString();
      // First in the commit: leaving this status can happen once only.
      tx.create(transitionRef(task.id, task.status), { task_id: task.id, from: task.status, to, by: caller.uid, at: now });
      const next = writeTask(tx, task, { status: to }, historyEntry(caller.uid, 'status_changed', task.status, to, now));
      release(now);
      follow(now);
      if (to === 'cancelled' && task.assigned_to !== null && task.assigned_to !== caller.uid) {
        notify(tx, task.assigned_to, { kind: 'task_cancelled', text: `Your task was cancelled ${summary(task)}`, task_id: task.id, request_id: task.request_id }, now);
      }
      return next;
    });
    logs.taskStatusChanged(taskId, from ?? '?', to, caller.uid);
    return updated;
  } catch (error) {
    if (isAlreadyExists(error)) {
      throw new ConflictError(`The task left ${from ?? 'its status'} at the same moment by another change; read it again.`);
    }
    throw error;
  }
}
