// Task statuses. Who may make each move is decided in tasks/service.ts: the assignee moves a task
// on_route (once assigned and authorized) and completed or failed; an admin may cancel or fail it.
import { transitionTable } from '../shared/transitions.js';
import type { z } from 'zod';
import type { taskStatusSchema } from './model.js';

export type TaskStatus = z.infer<typeof taskStatusSchema>;

export const taskTransitions = transitionTable<TaskStatus>('task', {
  pending: ['on_route', 'cancelled', 'failed'],
  on_route: ['completed', 'failed', 'cancelled'],
  completed: [],
  failed: [],
  cancelled: [],
});

// Defined in shared/vocabulary.ts, which requests/visibility.ts and the console read too.
export { ACTIVE_TASK_STATUSES } from '../shared/vocabulary.js';
