// Help request statuses. `in_progress` and `fulfilled` also follow the request's tasks
// automatically: in_progress while any linked task is active, fulfilled when all are completed.
import { transitionTable } from '../shared/transitions.js';
import type { z } from 'zod';
import type { requestStatusSchema } from './model.js';

export type RequestStatus = z.infer<typeof requestStatusSchema>;

export const requestTransitions = transitionTable<RequestStatus>('request', {
  open: ['in_progress', 'fulfilled', 'closed'],
  // Back to open when every linked task failed or was cancelled.
  in_progress: ['open', 'fulfilled', 'closed'],
  fulfilled: [],
  closed: [],
});
