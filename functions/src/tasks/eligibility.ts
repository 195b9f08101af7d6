// Who may do a task and who may move it: the eligibility rules of assignment and of each status
// move, stated once (tasks/service.ts applies them; tasks/endpoints.ts states them to callers).
import { ConflictError, ForbiddenError } from '../errors.js';
import type { Caller } from '../shared/caller.js';
import type { UserRecord } from '../users/model.js';
import type { Task } from './model.js';
import type { TaskStatus } from './transitions.js';

/** Who sees a task (and may move it, as assertMayMove says): admins and its assignee. */
export function isVisibleTo(caller: Caller, task: Task): boolean {
  return caller.role === 'admin' || task.assigned_to === caller.uid;
}

/** Who can do a task: a responder can do what a volunteer can; only responders do responder tasks. */
export function canPerform(role: UserRecord['role'], required: Task['role_required']): boolean {
  return required === 'responder' ? role === 'responder' : role === 'volunteer' || role === 'responder';
}

/** Whether a person in `role` can hold tasks at all (and so move theirs by SMS: channels/). */
export function mayHoldTasks(role: UserRecord['role'] | null): boolean {
  return role !== null && canPerform(role, 'volunteer');
}

/**
 * Whether `user` may be given `task` (409 naming why not): a role that can do it, and a volunteer
 * must be verified and available. Tasks send people to vulnerable people's doors: only vetted
 * volunteers (PUT /users/{uid}/verification).
 */
export function assertMayBeAssigned(user: UserRecord, task: Task): void {
  if (!canPerform(user.role, task.role_required)) {
    throw new ConflictError(`A ${user.role} cannot perform a task that requires a ${task.role_required}.`, {
      role: user.role,
    });
  }
  if (user.role === 'volunteer' && !user.verified) {
    throw new ConflictError(
      'This volunteer is not verified yet; an admin verifies volunteers with PUT /users/{uid}/verification.',
    );
  }
  if (user.role === 'volunteer' && user.availability !== 'available') {
    throw new ConflictError('This volunteer is not available for tasks right now.');
  }
}

type Mover = 'assignee' | 'admin' | 'assignee_or_admin';
const WHO_MOVES: Record<Exclude<TaskStatus, 'pending'>, Mover> = {
  on_route: 'assignee',
  completed: 'assignee',
  failed: 'assignee_or_admin',
  cancelled: 'admin',
};

export function assertMayMove(caller: Caller, task: Task, to: Exclude<TaskStatus, 'pending'>): void {
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
