// The tasks: `tasks/{id}`.
import { defineCollection } from '../data/collections.js';
import { taskSchema } from './model.js';

export const taskStore = defineCollection('tasks', taskSchema, {
  personFields: { uid: ['assigned_to', 'created_by', 'authorized_by', 'history.by', 'history.from', 'history.to'] },
});

/** `task_transitions/{task_id}_{from}` (no schema): one per status a task leaves, so each move happens once. */
export const TASK_TRANSITIONS_PATH = 'task_transitions';
