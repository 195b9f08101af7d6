import { z } from 'zod';
import {
  clientTimeField,
  idSchema,
  isoDateTime,
  pageQuerySchema,
  boundedText,
  updatedSinceSchema,
} from '../shared/schemas.js';
import { shortReference } from '../shared/reference.js';
import { TASK_ROLES, TASK_STATUSES } from '../shared/vocabulary.js';

// The value lists live in shared/vocabulary.ts, which the console imports too.
export { TASK_ROLES, TASK_STATUSES };

export const taskStatusSchema = z.enum(TASK_STATUSES);

/** PATCH /tasks/{task_id}/status. */
export const taskStatusChangeSchema = z.strictObject({
  status: taskStatusSchema,
  reason: boundedText(1, 500)
    .optional()
    .describe("Only with failed: why. Kept in the task's history (GET /tasks/{task_id}/history), for the dispatchers."),
  ...clientTimeField,
});
export type TaskStatusChange = z.infer<typeof taskStatusChangeSchema>;

/** The filters of GET /tasks, shared by the 3W export (GET /exports/3w). */
export const taskListFilters = {
  status: taskStatusSchema.optional(),
  disaster_id: idSchema.optional(),
  request_id: idSchema.optional(),
  assigned_to: idSchema.optional(),
};

export const taskRoleSchema = z.enum(TASK_ROLES);
export type TaskRole = z.infer<typeof taskRoleSchema>;

export const prioritySchema = z.number().int().min(1).max(5).describe('1 (most urgent) to 5 (least).');

export const taskHistoryEntrySchema = z.object({
  at: isoDateTime,
  by: z.string(),
  action: z.enum(['created', 'assigned', 'authorized', 'status_changed']),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** When the person took the action by their device's clock, if the client sent it (`at` is the server's). */
  client_time: isoDateTime.optional(),
});
export type TaskHistoryEntry = z.infer<typeof taskHistoryEntrySchema>;

const taskFields = z.object({
  id: idSchema,
  reference: z
    .string()
    .describe(
      "The task's short reference, as people quote it: on the console, in the assignee's SMS and push, and in `DONE <ref>` by SMS.",
    ),
  disaster_id: idSchema,
  request_id: idSchema.nullable(),
  /** The workflow task it was created from, if any. */
  workflow_task_id: idSchema.nullable(),
  priority: prioritySchema,
  instructions: boundedText(1, 4000),
  role_required: taskRoleSchema,
  resource_ids: z.array(idSchema),
  status: taskStatusSchema,
  assigned_to: idSchema.nullable(),
  assigned_at: isoDateTime.nullable(),
  authorized: z.boolean(),
  authorized_by: idSchema.nullable(),
  authorized_at: isoDateTime.nullable(),
  created_by: idSchema,
  history: z.array(taskHistoryEntrySchema),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
/** Tasks created before references carry none: it is their id's start (shared/reference.ts). */
export const taskSchema = z.preprocess(
  (value) =>
    typeof value === 'object' && value !== null && !('reference' in value) && 'id' in value
      ? { ...value, reference: shortReference(String(value.id)) }
      : value,
  taskFields,
);
export type Task = z.infer<typeof taskFields>;

/** Resources one task may hold (each claimed in the same commit as the task). */
export const MAX_TASK_RESOURCES = 20;

export const newTaskSchema = z.strictObject({
  disaster_id: idSchema.describe('A confirmed disaster.'),
  priority: prioritySchema,
  instructions: boundedText(1, 4000),
  role_required: taskRoleSchema.describe(
    'Who can do it: volunteer (volunteers and responders) or responder (responders only).',
  ),
  resource_ids: z
    .array(idSchema)
    .max(MAX_TASK_RESOURCES)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'must not repeat a resource id' })
    .optional()
    .describe(`Up to ${MAX_TASK_RESOURCES} available resources to allocate, all or none.`),
  request_id: idSchema.optional().describe('The help request this task serves; it must belong to the same disaster.'),
});
export type NewTaskBody = z.infer<typeof newTaskSchema>;

/** GET /tasks: each filter an equality on the field of the same name. */
export const taskListQuerySchema = pageQuerySchema.extend(taskListFilters);
export type TaskFilters = Omit<z.infer<typeof taskListQuerySchema>, 'limit' | 'cursor'>;

/** GET /tasks (admins): the list, or with updated_since its change feed (data/changes.ts). */
export const adminTaskListQuerySchema = taskListQuerySchema.extend({ updated_since: updatedSinceSchema.optional() });

/** GET /tasks/me: the caller's tasks, by status. */
export const ownTaskListQuerySchema = taskListQuerySchema.pick({ limit: true, cursor: true, status: true });
