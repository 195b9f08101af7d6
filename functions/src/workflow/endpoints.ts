// /workflow-outputs/... (spec 4.7–4.9): for admins (dispatchers).
import { z } from 'zod';
import { defineEndpoint, Reply } from '../http/endpoint.js';
import { idSchema, pageSchema, pageQuerySchema } from '../shared/schemas.js';
import { taskSchema } from '../tasks/model.js';
import {
  newSuggestionSchema,
  newWorkflowTaskSchema,
  outputUpsertSchema,
  suggestionChangeSchema,
  workflowOutputSchema,
  workflowResourceSchema,
  workflowTaskChangeSchema,
  workflowTaskSchema,
} from './model.js';
import * as workflow from './service.js';

const TAG = 'workflow';
const ADMIN = ['admin'] as const;

const outputParams = z.strictObject({ request_id: idSchema });
const taskParams = z.strictObject({ request_id: idSchema, task_id: idSchema });
const suggestionParams = z.strictObject({ request_id: idSchema, res_id: idSchema });

export const workflowEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/workflow-outputs',
    tag: TAG,
    summary: 'All workflow outputs (plans), newest first.',
    access: ADMIN,
    query: pageQuerySchema.extend({
      disaster_id: idSchema.optional(),
      planner: z.enum(['deterministic', 'gemini', 'dispatcher']).optional(),
    }),
    response: pageSchema(workflowOutputSchema),
    handler: async ({ query }) => {
      const { limit, cursor, ...filters } = query;
      return workflow.listOutputs(filters, { limit, cursor });
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/workflow-outputs',
    tag: TAG,
    summary: 'Create the workflow output of a request, or add to it.',
    description: [
      'Creates the output (planner "dispatcher", 201) when the request has none;',
      'otherwise replaces its rationale if given and appends the tasks and resource suggestions given (200).',
      'Suggested resources must exist (404) and be available (409);',
      'a resource is suggested at most once per plan (409).',
      'At most 50 tasks and 50 suggestions.',
    ].join(' '),
    access: ADMIN,
    body: outputUpsertSchema,
    response: workflowOutputSchema,
    status: 201,
    otherStatuses: { 200: 'The request already had an output: the output with what was added.' },
    errors: [404, 409],
    handler: async ({ caller, body }) => {
      const { output, created } = await workflow.upsertOutput(caller, body);
      return created ? output : new Reply(200, output);
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/workflow-outputs/{request_id}',
    tag: TAG,
    summary: 'The workflow output of one request.',
    access: ADMIN,
    params: outputParams,
    response: workflowOutputSchema,
    errors: [404],
    handler: ({ params }) => workflow.getOutput(params.request_id),
  }),
  defineEndpoint({
    method: 'delete',
    path: '/workflow-outputs/{request_id}',
    tag: TAG,
    summary: 'Delete the workflow output of a request (tasks already created from it stay).',
    access: ADMIN,
    params: outputParams,
    response: null,
    errors: [404],
    handler: ({ params }) => workflow.deleteOutput(params.request_id),
  }),
  defineEndpoint({
    method: 'get',
    path: '/workflow-outputs/{request_id}/tasks',
    tag: TAG,
    summary: 'Tasks of a workflow output, in plan order.',
    access: ADMIN,
    params: outputParams,
    query: pageQuerySchema,
    response: pageSchema(workflowTaskSchema),
    errors: [404],
    handler: ({ params, query }) => workflow.listWorkflowTasks(params.request_id, query),
  }),
  defineEndpoint({
    method: 'post',
    path: '/workflow-outputs/{request_id}/tasks',
    tag: TAG,
    summary: 'Add a task to a workflow output.',
    description:
      'suggested_assignee_id, if given, must be a user with the role role_required (404 unknown, 409 other role).',
    access: ADMIN,
    params: outputParams,
    body: newWorkflowTaskSchema,
    response: workflowTaskSchema,
    status: 201,
    errors: [404, 409],
    handler: ({ params, body }) => workflow.addWorkflowTask(params.request_id, body),
  }),
  defineEndpoint({
    method: 'patch',
    path: '/workflow-outputs/{request_id}/tasks/{task_id}',
    tag: TAG,
    summary: 'Edit, approve or reject a workflow task.',
    description: 'A workflow task already turned into a real task cannot be changed (409).',
    access: ADMIN,
    params: taskParams,
    body: workflowTaskChangeSchema,
    response: workflowTaskSchema,
    errors: [404, 409],
    handler: ({ params, body }) => workflow.updateWorkflowTask(params.request_id, params.task_id, body),
  }),
  defineEndpoint({
    method: 'delete',
    path: '/workflow-outputs/{request_id}/tasks/{task_id}',
    tag: TAG,
    summary: 'Remove a task from a workflow output.',
    description: 'A workflow task already turned into a real task cannot be removed (409).',
    access: ADMIN,
    params: taskParams,
    response: null,
    errors: [404, 409],
    handler: ({ params }) => workflow.removeWorkflowTask(params.request_id, params.task_id),
  }),
  defineEndpoint({
    method: 'post',
    path: '/workflow-outputs/{request_id}/tasks/{task_id}/create-task',
    tag: TAG,
    summary: 'Turn an approved workflow task into a real task linked to the request.',
    description: [
      'Creates the task under the rules of POST /tasks (201): the disaster must be confirmed, the resources are allocated all or none (409 naming the unavailable ones). resource_ids defaults to the resources of the approved suggestions;',
      'send [] for none.',
      'The workflow task must be approved (409 otherwise).',
      'Calling it again answers 409 with the existing task_id.',
    ].join(' '),
    access: ADMIN,
    params: taskParams,
    body: z.strictObject({ resource_ids: z.array(idSchema).max(20).optional() }).optional(),
    response: taskSchema,
    status: 201,
    errors: [404, 409],
    handler: ({ caller, params, body }) =>
      workflow.createTaskFromWorkflow(caller, params.request_id, params.task_id, body?.resource_ids),
  }),
  defineEndpoint({
    method: 'get',
    path: '/workflow-outputs/{request_id}/resources',
    tag: TAG,
    summary: 'Resource suggestions of a workflow output, in plan order.',
    access: ADMIN,
    params: outputParams,
    query: pageQuerySchema,
    response: pageSchema(workflowResourceSchema),
    errors: [404],
    handler: ({ params, query }) => workflow.listSuggestions(params.request_id, query),
  }),
  defineEndpoint({
    method: 'post',
    path: '/workflow-outputs/{request_id}/resources',
    tag: TAG,
    summary: 'Suggest a resource for the request.',
    description: 'The resource must exist (404), be available (409) and not be suggested already in this plan (409).',
    access: ADMIN,
    params: outputParams,
    body: newSuggestionSchema,
    response: workflowResourceSchema,
    status: 201,
    errors: [404, 409],
    handler: ({ params, body }) => workflow.addSuggestion(params.request_id, body),
  }),
  defineEndpoint({
    method: 'patch',
    path: '/workflow-outputs/{request_id}/resources/{res_id}',
    tag: TAG,
    summary: 'Edit, approve or reject a resource suggestion.',
    access: ADMIN,
    params: suggestionParams,
    body: suggestionChangeSchema,
    response: workflowResourceSchema,
    errors: [404],
    handler: ({ params, body }) => workflow.updateSuggestion(params.request_id, params.res_id, body),
  }),
  defineEndpoint({
    method: 'delete',
    path: '/workflow-outputs/{request_id}/resources/{res_id}',
    tag: TAG,
    summary: 'Remove a resource suggestion.',
    access: ADMIN,
    params: suggestionParams,
    response: null,
    errors: [404],
    handler: ({ params }) => workflow.removeSuggestion(params.request_id, params.res_id),
  }),
];
