// The tasks: `tasks/{id}`.
import { defineCollection } from '../data/collections.js';
import { taskSchema } from './model.js';

export const taskStore = defineCollection('tasks', taskSchema, {
  personFields: { uid: ['assigned_to', 'created_by', 'authorized_by', 'history.by', 'history.from', 'history.to'] },
});
