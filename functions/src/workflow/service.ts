// Workflow outputs (spec 4.7–4.9): the plan of one request, reviewed and edited by dispatchers.
// Tasks and resource suggestions are embedded in `workflow_outputs/{request_id}` (one read per
// plan); every edit is a read-modify-write of that document in a transaction.
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'firebase-admin/firestore';
import { requestStore } from '../requests/store.js';
import { resourceStore } from '../resources/store.js';
import { userStore } from '../users/store.js';
import { workflowOutputStore } from './store.js';
import { db } from '../data/firestore.js';
import type { Staged } from '../data/staged.js';
import { paginateArray } from '../data/paginate.js';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../errors.js';
import type { Caller } from '../shared/caller.js';
import { assertMayCreateTasks, stageTask, taskNotCreated } from '../tasks/service.js';
import { logs } from '../logs.js';
import type { Task, TaskRole } from '../tasks/model.js';
import type { Page, PageQuery } from '../shared/schemas.js';
import type {
  NewSuggestion,
  NewWorkflowTask,
  OutputUpsert,
  SuggestionChange,
  WorkflowOutput,
  WorkflowResource,
  WorkflowTask,
  WorkflowTaskChange,
} from './model.js';

/** Bounds that keep one output document well under Firestore's 1 MiB. */
export const MAX_WORKFLOW_TASKS = 50;
export const MAX_WORKFLOW_RESOURCES = 50;

export async function getOutput(requestId: string): Promise<WorkflowOutput> {
  const output = await workflowOutputStore.require(requestId, 'Workflow output');
  return output;
}

export function listOutputs(
  filters: { disaster_id?: string | undefined; planner?: WorkflowOutput['planner'] | undefined },
  page: PageQuery,
): Promise<Page<WorkflowOutput>> {
  return workflowOutputStore.list({ disaster_id: filters.disaster_id, planner: filters.planner }, page);
}

/** An assignee the plan proposes must be a volunteer or responder of the role the task needs. */
async function checkAssignee(assigneeId: string | null | undefined, role: TaskRole): Promise<void> {
  if (assigneeId === undefined || assigneeId === null) return;
  const user = await userStore.require(assigneeId, 'User');
  if (user.role !== role)
    throw new ConflictError(`User ${JSON.stringify(assigneeId)} is ${user.role}; this task needs a ${role}.`);
}

function newWorkflowTask(input: NewWorkflowTask, at: string): WorkflowTask {
  return {
    id: randomUUID(),
    instructions: input.instructions,
    role_required: input.role_required,
    priority: input.priority,
    suggested_assignee_id: input.suggested_assignee_id ?? null,
    approval_status: input.approval_status ?? 'pending',
    source: 'dispatcher',
    task_id: null,
    created_at: at,
    updated_at: at,
  };
}

/** Reads the resources to suggest (404 unknown, 409 not available), in one round trip. */
async function suggestionsFor(inputs: readonly NewSuggestion[], at: string): Promise<WorkflowResource[]> {
  if (inputs.length === 0) return [];
  const ids = inputs.map((input) => input.resource_id);
  if (new Set(ids).size !== ids.length) throw new ConflictError('The same resource is suggested twice.');
  const snapshots = await Promise.all(ids.map((id) => resourceStore.doc(id).get()));
  return inputs.map((input, i) => {
    const resource = snapshots[i]?.data();
    if (!resource) throw new NotFoundError('Resource', input.resource_id);
    if (resource.status !== 'available') {
      throw new ConflictError(`Resource ${JSON.stringify(resource.id)} is ${resource.status}, not available.`, {
        resource_id: resource.id,
      });
    }
    return {
      id: randomUUID(),
      resource_id: resource.id,
      name: resource.name,
      category: resource.category,
      distance_km: null,
      reason: input.reason ?? '',
      approval_status: input.approval_status ?? 'pending',
      source: 'dispatcher',
      created_at: at,
      updated_at: at,
    };
  });
}

function checkBounds(output: WorkflowOutput): void {
  if (output.tasks.length > MAX_WORKFLOW_TASKS)
    throw new ConflictError(`A workflow output holds at most ${MAX_WORKFLOW_TASKS} tasks.`);
  if (output.resources.length > MAX_WORKFLOW_RESOURCES) {
    throw new ConflictError(`A workflow output holds at most ${MAX_WORKFLOW_RESOURCES} resource suggestions.`);
  }
  const suggested = output.resources.map((r) => r.resource_id);
  const twice = suggested.find((id, i) => suggested.indexOf(id) !== i);
  if (twice !== undefined)
    throw new ConflictError(`Resource ${JSON.stringify(twice)} is already suggested in this plan.`, {
      resource_id: twice,
    });
}

/**
 * POST /workflow-outputs: creates the output of a request (planner `dispatcher`) or, if it
 * exists, replaces its rationale (when given) and appends the tasks and suggestions given.
 */
export async function upsertOutput(
  caller: Caller,
  input: OutputUpsert,
): Promise<{ output: WorkflowOutput; created: boolean }> {
  const request = await requestStore.require(input.request_id, 'Request');
  const tasks = input.tasks ?? [];
  await Promise.all(tasks.map((task) => checkAssignee(task.suggested_assignee_id, task.role_required)));
  const at = new Date().toISOString();
  const newWorkflowTasks = tasks.map((task) => newWorkflowTask(task, at));
  const newResources = await suggestionsFor(input.resources ?? [], at);
  const ref = workflowOutputStore.doc(input.request_id);
  return db().runTransaction(async (tx) => {
    const existing = (await tx.get(ref)).data();
    const output: WorkflowOutput = existing
      ? {
          ...existing,
          rationale: input.rationale ?? existing.rationale,
          tasks: [...existing.tasks, ...newWorkflowTasks],
          resources: [...existing.resources, ...newResources],
          updated_at: at,
        }
      : {
          id: request.id,
          request_id: request.id,
          disaster_id: request.disaster_id,
          planner: 'dispatcher',
          model: null,
          duration_ms: 0,
          rationale: input.rationale ?? `Written by dispatcher ${caller.uid}.`,
          fallback_reason: null,
          fallback_code: null,
          tasks: newWorkflowTasks,
          resources: newResources,
          created_at: at,
          updated_at: at,
        };
    checkBounds(output);
    tx.set(ref, output);
    return { output, created: !existing };
  });
}

export async function deleteOutput(requestId: string): Promise<void> {
  const ref = workflowOutputStore.doc(requestId);
  await db().runTransaction(async (tx) => {
    if (!(await tx.get(ref)).exists) throw new NotFoundError('Workflow output', requestId);
    tx.delete(ref);
  });
}

/**
 * Runs `change` on the output in a transaction and stores the result; returns what change returns.
 * Checks that need other documents run inside `change`, on the output the transaction read: one
 * read of the output per call.
 */
async function editOutput<R>(
  requestId: string,
  change: (output: WorkflowOutput, at: string, tx: Transaction) => R | Promise<R>,
): Promise<R> {
  const ref = workflowOutputStore.doc(requestId);
  return db().runTransaction(async (tx) => {
    const output = await workflowOutputStore.require(requestId, 'Workflow output', tx);
    const at = new Date().toISOString();
    const result = await change(output, at, tx);
    const next = { ...output, updated_at: at };
    checkBounds(next);
    tx.set(ref, next);
    return result;
  });
}

function findWorkflowTask(output: WorkflowOutput, taskId: string): WorkflowTask {
  const task = output.tasks.find((t) => t.id === taskId);
  if (!task) throw new NotFoundError('Workflow task', taskId);
  return task;
}

function findSuggestion(output: WorkflowOutput, resId: string): WorkflowResource {
  const suggestion = output.resources.find((r) => r.id === resId);
  if (!suggestion) throw new NotFoundError('Resource suggestion', resId);
  return suggestion;
}

function assertEditable(task: WorkflowTask): void {
  if (task.task_id !== null) {
    throw new ConflictError(
      `Workflow task ${JSON.stringify(task.id)} was turned into task ${JSON.stringify(task.task_id)}; change that task instead.`,
      {
        task_id: task.task_id,
      },
    );
  }
}

export async function listWorkflowTasks(requestId: string, page: PageQuery): Promise<Page<WorkflowTask>> {
  return paginateArray((await getOutput(requestId)).tasks, page);
}

export async function addWorkflowTask(requestId: string, input: NewWorkflowTask): Promise<WorkflowTask> {
  await checkAssignee(input.suggested_assignee_id, input.role_required);
  return editOutput(requestId, (output, at) => {
    const task = newWorkflowTask(input, at);
    output.tasks = [...output.tasks, task];
    return task;
  });
}

export async function updateWorkflowTask(
  requestId: string,
  taskId: string,
  change: WorkflowTaskChange,
): Promise<WorkflowTask> {
  if (Object.values(change).every((value) => value === undefined)) {
    throw new ValidationError([{ path: 'body', message: 'give at least one field to change' }]);
  }
  return editOutput(requestId, async (output, at) => {
    const task = findWorkflowTask(output, taskId);
    assertEditable(task);
    // The assignee is checked against the role the task will have after the change.
    const role = change.role_required ?? task.role_required;
    const assignee =
      change.suggested_assignee_id !== undefined
        ? change.suggested_assignee_id
        : change.role_required
          ? task.suggested_assignee_id
          : undefined;
    await checkAssignee(assignee, role);
    const next: WorkflowTask = {
      ...task,
      instructions: change.instructions ?? task.instructions,
      role_required: role,
      priority: change.priority ?? task.priority,
      suggested_assignee_id:
        change.suggested_assignee_id !== undefined ? change.suggested_assignee_id : task.suggested_assignee_id,
      approval_status: change.approval_status ?? task.approval_status,
      updated_at: at,
    };
    output.tasks = output.tasks.map((t) => (t.id === taskId ? next : t));
    return next;
  });
}

export async function removeWorkflowTask(requestId: string, taskId: string): Promise<void> {
  await editOutput(requestId, (output) => {
    assertEditable(findWorkflowTask(output, taskId));
    output.tasks = output.tasks.filter((t) => t.id !== taskId);
  });
}

export async function listSuggestions(requestId: string, page: PageQuery): Promise<Page<WorkflowResource>> {
  return paginateArray((await getOutput(requestId)).resources, page);
}

export async function addSuggestion(requestId: string, input: NewSuggestion): Promise<WorkflowResource> {
  return editOutput(requestId, async (output, at) => {
    const [suggestion] = await suggestionsFor([input], at);
    output.resources = [...output.resources, suggestion!];
    return suggestion!;
  });
}

export async function updateSuggestion(
  requestId: string,
  resId: string,
  change: SuggestionChange,
): Promise<WorkflowResource> {
  if (Object.values(change).every((value) => value === undefined)) {
    throw new ValidationError([{ path: 'body', message: 'give at least one field to change' }]);
  }
  return editOutput(requestId, (output, at) => {
    const suggestion = findSuggestion(output, resId);
    const next: WorkflowResource = {
      ...suggestion,
      reason: change.reason ?? suggestion.reason,
      approval_status: change.approval_status ?? suggestion.approval_status,
      updated_at: at,
    };
    output.resources = output.resources.map((r) => (r.id === resId ? next : r));
    return next;
  });
}

export async function removeSuggestion(requestId: string, resId: string): Promise<void> {
  await editOutput(requestId, (output) => {
    findSuggestion(output, resId);
    output.resources = output.resources.filter((r) => r.id !== resId);
  });
}

/**
 * Turns an approved workflow task into a real task linked to the request, allocating
 * `resourceIds` (by default the resources of the approved suggestions) under the task rules.
 * The task and the workflow task's link to it (`task_id`) are written in one transaction, and the
 * task id is derived from the workflow task: a repeated or concurrent call cannot create a second
 * task, it answers 409 with the existing task's id.
 */
export async function createTaskFromWorkflow(
  caller: Caller,
  requestId: string,
  workflowTaskId: string,
  resourceIds: string[] | undefined,
): Promise<Task> {
  assertMayCreateTasks(caller);
  let staged: Staged<Task> | undefined;
  try {
    await db().runTransaction(async (tx) => {
      const output = await workflowOutputStore.require(requestId, 'Workflow output', tx);
      const workflowTask = findWorkflowTask(output, workflowTaskId);
      assertEditable(workflowTask);
      if (workflowTask.approval_status !== 'approved') {
        throw new ConflictError(
          `Workflow task ${JSON.stringify(workflowTaskId)} is ${workflowTask.approval_status}; approve it first.`,
        );
      }
      staged = await stageTask(tx, caller, `wf_${requestId}_${workflowTaskId}`, {
        disaster_id: output.disaster_id,
        request_id: requestId,
        workflow_task_id: workflowTaskId,
        priority: workflowTask.priority,
        instructions: workflowTask.instructions,
        role_required: workflowTask.role_required,
        resource_ids:
          resourceIds ?? output.resources.filter((r) => r.approval_status === 'approved').map((r) => r.resource_id),
      });
      // Every read done: the task's writes, then the workflow task's link to it, in one commit.
      staged.write();
      const task = staged.value;
      const tasks = output.tasks.map((t) =>
        t.id === workflowTaskId ? { ...t, task_id: task.id, updated_at: task.created_at } : t,
      );
      tx.set(workflowOutputStore.doc(requestId), { ...output, tasks, updated_at: task.created_at });
    });
  } catch (error) {
    throw await taskNotCreated(error, staged?.value, true);
  }
  if (!staged) throw new AppError('internal', 'The task was not staged.');
  logs.taskCreated(staged.value.id, caller.uid, staged.value.resource_ids);
  return staged.value;
}
