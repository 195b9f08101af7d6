// A status change that arrives after it stopped making sense: a responder's `on_route` or
// `completed`, queued offline, reaching a task that a dispatcher cancelled or gave to someone else
// meanwhile. The answer is a 409 with a code of its own and what changed, by whom and when, from the
// task's history, so that the person sees "cancelled by X at 10:42" instead of a bare refusal.
//
// What the caller learns is decided here, once: the assignee (and an admin) see the whole task and
// its history anyway, so a task that ended names its status and who ended it; a former assignee
// learns only that the task is no longer theirs, who took it from them and when: not the task's
// status now, and never who has it now.
import type { Transaction } from 'firebase-admin/firestore';
import { taskStore } from '../tasks/store.js';
import { userStore } from '../users/store.js';
import { AppError, NotFoundError } from '../errors.js';
import type { Caller } from '../shared/caller.js';
import { isVisibleTo } from './eligibility.js';
import type { Task, TaskHistoryEntry } from './model.js';
import { taskTransitions, type TaskStatus } from './transitions.js';

/** Who made the change that the late action ran into, and when (the server's time). */
interface LateChange {
  changed_by: string | null;
  /** Their display name (public: GET /users/{uid}/display_name), null when there is none. */
  changed_by_name: string | null;
  changed_at: string;
}

async function describe(entry: TaskHistoryEntry | undefined, task: Task, tx: Transaction): Promise<LateChange> {
  const by = entry?.by ?? null;
  const profile = by === null ? undefined : await userStore.get(by, tx);
  return { changed_by: by, changed_by_name: profile?.display_name ?? null, changed_at: entry?.at ?? task.updated_at };
}

const atOrBy = (change: LateChange): string =>
  `${change.changed_by_name ?? change.changed_by ?? 'someone'} at ${change.changed_at}`;

/** Whether `uid` held the task at some point (history of its assignments). */
export function wasAssignedTo(task: Task, uid: string): boolean {
  return task.history.some((entry) => entry.action === 'assigned' && (entry.to === uid || entry.from === uid));
}

/** 409 task_reassigned: the caller held the task and no longer does. */
export async function taskReassigned(task: Task, tx: Transaction): Promise<AppError> {
  const lastAssignment = task.history.filter((entry) => entry.action === 'assigned').at(-1);
  const change = await describe(lastAssignment, task, tx);
  return new AppError(
    'task_reassigned',
    `This task is no longer assigned to you: it was reassigned by ${atOrBy(change)}.`,
    { task_id: task.id, ...change },
  );
}

/** 409 task_ended: the task is completed, failed or cancelled; by whom and when. */
export async function taskEnded(task: Task, to: string, tx: Transaction): Promise<AppError> {
  const ending = task.history.filter((entry) => entry.action === 'status_changed' && entry.to === task.status).at(-1);
  const change = await describe(ending, task, tx);
  return new AppError('task_ended', `This task is ${task.status} (by ${atOrBy(change)}); it cannot go to ${to}.`, {
    task_id: task.id,
    // Not `status`: that member of a problem is its HTTP status.
    task_status: task.status,
    ...change,
    // As invalid_transition says it: the move asked for, and none allowed from a final status.
    from: task.status,
    to,
    allowed: [],
  });
}

/** The task a status move applies to, as `tx` reads it; a late move is refused with what changed meanwhile. */
export async function readTaskToMove(caller: Caller, taskId: string, to: TaskStatus, tx: Transaction): Promise<Task> {
  const task = (await tx.get(taskStore.doc(taskId))).data();
  if (task && !isVisibleTo(caller, task) && wasAssignedTo(task, caller.uid)) throw await taskReassigned(task, tx);
  if (!task || !isVisibleTo(caller, task)) throw new NotFoundError('Task', taskId);
  if (taskTransitions.isFinal(task.status)) throw await taskEnded(task, to, tx);
  return task;
}
