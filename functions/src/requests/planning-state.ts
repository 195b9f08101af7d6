// The planning job's timing rules, shared by request creation (requests/creation.ts) and the job
// itself (planning/job.ts), kept apart so that the API does not load the planner to create a request.
import type { Planning } from './model.js';

/** Longer than the trigger's time-out (120 s): a live run never loses its lease. */
export const PLANNING_LEASE_MS = 150_000;

/**
 * `planning_due_at` (top level, stored only, not in the API schema): when the sweeper should look
 * at the request if no run finished it by then; null once the job is final. Top level because
 * range filters on nested fields are not supported by the embedded emulator.
 */
export function planningDueAt(planning: Planning): string | null {
  if (planning.state === 'planning') return planning.lease_expires_at;
  if (planning.state === 'pending') return new Date(Date.parse(planning.updated_at) + PLANNING_LEASE_MS).toISOString();
  return null;
}
