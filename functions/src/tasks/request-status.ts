// How a help request's status follows its tasks (spec 3.1: "the request status is updated").
//
// Over the statuses of all tasks linked to the request (after the change being made):
// - any task active (pending or on_route)            → in_progress
// - none active, at least one completed              → fulfilled (failed or cancelled ones were
//                                                       superseded by the one that did the job)
// - none active, none completed (all failed/cancelled) → open again, for a new plan or task
// A request that is already fulfilled or closed is never touched, and the move must be in
// requests/transitions.ts; it is written in the same transaction as the task change.
import type { RequestStatus } from '../requests/transitions.js';
import { requestTransitions } from '../requests/transitions.js';
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
