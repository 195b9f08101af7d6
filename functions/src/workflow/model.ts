import { z } from 'zod';
import { idSchema, isoDateTime, boundedText } from '../shared/schemas.js';
import { plannerSchema } from '../requests/model.js';
import { prioritySchema, taskRoleSchema } from '../tasks/model.js';
import { GEMINI_FALLBACK_CODES } from '../shared/gemini.js';
import { APPROVAL_STATUSES } from '../shared/vocabulary.js';

// The value lists live in shared/vocabulary.ts, which the console imports too.
export { APPROVAL_STATUSES };
export const approvalStatusSchema = z.enum(APPROVAL_STATUSES);

export const workflowTaskSchema = z.object({
  id: idSchema,
  instructions: boundedText(1, 4000),
  role_required: taskRoleSchema,
  priority: prioritySchema,
  approval_status: approvalStatusSchema,
  source: z.enum(['planner', 'dispatcher']),
  /** A nearby available volunteer or responder of role_required the planner proposes. */
  suggested_assignee_id: idSchema.nullable().default(null),
  /** The real task created from it, once a dispatcher did. */
  task_id: idSchema.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type WorkflowTask = z.infer<typeof workflowTaskSchema>;

/** POST /workflow-outputs/{request_id}/tasks, and each of the tasks of POST /workflow-outputs. */
export const newWorkflowTaskSchema = z.strictObject({
  instructions: boundedText(1, 4000),
  role_required: taskRoleSchema,
  priority: prioritySchema,
  suggested_assignee_id: idSchema.nullable().optional(),
  approval_status: approvalStatusSchema.optional(),
});
export type NewWorkflowTask = z.infer<typeof newWorkflowTaskSchema>;

/** PATCH /workflow-outputs/{request_id}/tasks/{task_id}: any field of a new task. */
export const workflowTaskChangeSchema = newWorkflowTaskSchema.partial();
export type WorkflowTaskChange = z.infer<typeof workflowTaskChangeSchema>;

/** POST /workflow-outputs/{request_id}/resources, and each of the resources of POST /workflow-outputs. */
export const newSuggestionSchema = z.strictObject({
  resource_id: idSchema,
  reason: boundedText(0, 1000).optional(),
  approval_status: approvalStatusSchema.optional(),
});
export type NewSuggestion = z.infer<typeof newSuggestionSchema>;

/** PATCH /workflow-outputs/{request_id}/resources/{res_id}. */
export const suggestionChangeSchema = newSuggestionSchema.omit({ resource_id: true });
export type SuggestionChange = z.infer<typeof suggestionChangeSchema>;

/** POST /workflow-outputs: a new plan, or additions to the existing one. */
export const outputUpsertSchema = z.strictObject({
  request_id: idSchema,
  rationale: boundedText(1, 2000).optional(),
  tasks: z.array(newWorkflowTaskSchema).max(50).optional(),
  resources: z.array(newSuggestionSchema).max(50).optional(),
});
export type OutputUpsert = z.infer<typeof outputUpsertSchema>;

export const workflowResourceSchema = z.object({
  id: idSchema,
  resource_id: idSchema,
  name: z.string(),
  category: z.string(),
  distance_km: z.number().nullable(),
  reason: boundedText(0, 1000),
  approval_status: approvalStatusSchema,
  source: z.enum(['planner', 'dispatcher']),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type WorkflowResource = z.infer<typeof workflowResourceSchema>;

/** `workflow_outputs/{request_id}`: the plan for one request, tasks and suggestions embedded (one read). */
export const workflowOutputSchema = z.object({
  id: idSchema.describe('Same as request_id.'),
  request_id: idSchema,
  disaster_id: idSchema,
  /** Who made the first version: a planner, or a dispatcher through POST /workflow-outputs. */
  planner: z.union([plannerSchema, z.literal('dispatcher')]),
  model: z.string().nullable(),
  duration_ms: z.number().min(0),
  rationale: z.string(),
  /** Why the deterministic plan was used although Gemini is configured, if it was: a short sentence and a stable code. */
  fallback_reason: z.string().nullable(),
  fallback_code: z.enum(GEMINI_FALLBACK_CODES).nullable().default(null),
  tasks: z.array(workflowTaskSchema),
  resources: z.array(workflowResourceSchema),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type WorkflowOutput = z.infer<typeof workflowOutputSchema>;
