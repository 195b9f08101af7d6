// /tasks/... (spec 4.3). Transition table: tasks/transitions.ts; request follow-up: tasks/request-status.ts.
import { z } from 'zod';
import { auditViewSchema } from '../audit/model.js';
import { taskHistory } from '../audit/service.js';
import { defineEndpoint } from '../http/endpoint.js';
import { idSchema, pageSchema, pageQuerySchema } from '../shared/schemas.js';
import {
  adminTaskListQuerySchema,
  newTaskSchema,
  ownTaskListQuerySchema,
  taskSchema,
  taskStatusChangeSchema,
  type Task,
} from './model.js';
import * as tasks from './service.js';

const TAG = 'tasks';
const params = z.strictObject({ task_id: idSchema });
const writeLimit = { bucket: 'tasks:write', limit: 120, windowSeconds: 60 };

export const taskEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/tasks',
    tag: TAG,
    summary: 'List all tasks, newest first; filter by status, disaster_id, request_id, assigned_to.',
    description: [
      '`updated_since` answers the changes instead (what a live view polls after loading the list once): the tasks changed at or after that time, oldest change first, of every status;',
      'disaster_id narrows them, status, request_id and assigned_to do not combine with it (400).',
    ].join(' '),
    access: ['admin'],
    query: adminTaskListQuerySchema,
    response: pageSchema(taskSchema),
    handler: ({ query: { limit, cursor, updated_since, ...filters } }) =>
      updated_since === undefined
        ? tasks.listTasks(filters, { limit, cursor })
        : tasks.taskChanges(filters, updated_since, { limit, cursor }),
  }),
  defineEndpoint({
    method: 'post',
    path: '/tasks',
    tag: TAG,
    summary: 'Create a task (status pending), allocating its resources all or none.',
    description: [
      'Every resource in resource_ids must exist (404 names the unknown ones) and be available (409 names the unavailable ones);',
      'they all become in_use, held by the task, or nothing changes.',
      'The disaster must be confirmed;',
      'a request_id must name a request of that disaster that is still open or in progress (it becomes in_progress).',
    ].join(' '),
    access: ['admin'],
    body: newTaskSchema,
    response: taskSchema,
    status: 201,
    errors: [404, 409],
    rateLimit: writeLimit,
    handler: ({ caller, body }) => tasks.createTask(caller, body),
  }),
  defineEndpoint({
    method: 'get',
    path: '/tasks/me',
    tag: TAG,
    summary: 'Tasks assigned to the caller, newest first; filter by status.',
    access: 'authenticated',
    query: ownTaskListQuerySchema,
    response: pageSchema(taskSchema),
    handler: ({ caller, query: { limit, cursor, status } }) =>
      tasks.listOwnTasks(caller, { status }, { limit, cursor }),
  }),
  defineEndpoint({
    method: 'get',
    path: '/tasks/{task_id}',
    tag: TAG,
    summary: 'Task details, with its history (who changed what, when, from what, to what).',
    access: 'authenticated',
    ownership: 'Admins and the assignee; anyone else gets 404.',
    params,
    response: taskSchema,
    errors: [404],
    handler: ({ caller, params }) => tasks.getTask(caller, params.task_id),
  }),
  defineEndpoint({
    method: 'get',
    path: '/tasks/{task_id}/history',
    tag: TAG,
    summary: "The task's audit trail, oldest first: creation, assignments, authorization, every status move.",
    description: [
      'Each item is one change, recorded in the same commit as the change: entity, action, actor_id and actor_role, the changed fields before and after, created_at.',
      'Records are append-only.',
    ].join(' '),
    access: ['admin', 'responder'],
    ownership: 'Any admin or responder; 404 for an unknown task.',
    params,
    query: pageQuerySchema,
    response: pageSchema(auditViewSchema),
    errors: [404],
    handler: ({ params, query }) => taskHistory(params.task_id, query),
  }),
  defineEndpoint({
    method: 'patch',
    path: '/tasks/{task_id}/status',
    tag: TAG,
    summary: 'Move the task along: pending → on_route | cancelled | failed; on_route → completed | failed | cancelled.',
    description: [
      'on_route needs the task assigned and authorized.',
      'Ending a task (completed, failed, cancelled) returns its resources to available (not_available if used up) and updates the linked request: in_progress while any of its tasks is active, fulfilled when none is active and one completed, open when all failed or were cancelled.',
      'A move outside the table is 409 invalid_transition.',
      'A move that arrives too late (queued offline) is 409 task_ended when the task has ended (naming task_status, changed_by, changed_by_name, changed_at) and 409 task_reassigned when the caller held it and no longer does (naming who reassigned it and when).',
      'client_time, when sent, is kept in the history entry and the audit record beside the server time.',
    ].join(' '),
    access: ['admin', 'responder', 'volunteer'],
    ownership: [
      'on_route and completed: the assignee only. failed: the assignee or an admin. cancelled: an admin.',
      'A task the caller may not see is 404.',
    ].join(' '),
    params,
    body: taskStatusChangeSchema,
    response: taskSchema,
    errors: [404, 409],
    rateLimit: writeLimit,
    idempotent: true,
    handler: ({ caller, params, body, answerInCommit }) =>
      tasks.changeTaskStatus(
        caller,
        params.task_id,
        { to: body.status, reason: body.reason, clientTime: body.client_time },
        answerInCommit((task: Task) => task),
      ),
  }),
  defineEndpoint({
    method: 'patch',
    path: '/tasks/{task_id}/assign',
    tag: TAG,
    summary: 'Assign a pending task to a user who can perform its role; the assignee is notified.',
    description: [
      'role_required volunteer: a volunteer (who has set availability to available) or a responder;',
      'responder: a responder.',
      'Reassigning notifies the previous assignee.',
      'Assigning to the current assignee changes nothing.',
    ].join(' '),
    access: ['admin'],
    params,
    body: z.strictObject({ user_id: idSchema }),
    response: taskSchema,
    errors: [404, 409],
    rateLimit: writeLimit,
    handler: ({ caller, params, body }) => tasks.assignTask(caller, params.task_id, body.user_id),
  }),
  defineEndpoint({
    method: 'patch',
    path: '/tasks/{task_id}/authorize',
    tag: TAG,
    summary: 'Authorize the task (records who and when); needed before it goes on_route.',
    description: [
      'Idempotent: authorizing an authorized task changes nothing.',
      'A task that ended cannot be authorized (409).',
    ].join(' '),
    access: ['admin'],
    params,
    response: taskSchema,
    errors: [404, 409],
    rateLimit: writeLimit,
    handler: ({ caller, params }) => tasks.authorizeTask(caller, params.task_id),
  }),
];
