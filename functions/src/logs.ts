// Every log line the service writes, as a named function: the code reads as a story, and what
// may never be logged (tokens, contact details, message text) is kept out in this one place.
import * as logger from 'firebase-functions/logger';

export const logs = {
  request(entry: {
    request_id: string;
    method: string;
    route: string;
    status: number;
    latency_ms: number;
    uid: string | null;
    code?: string;
  }): void {
    const log = entry.status >= 500 ? logger.error : entry.status >= 400 ? logger.warn : logger.info;
    log('http request', entry);
  },
  unexpectedError(requestId: string, error: unknown): void {
    logger.error('unexpected error', { request_id: requestId, error: describe(error) });
  },
  tokenRejected(requestId: string, reason: string): void {
    logger.info('id token rejected', { request_id: requestId, reason });
  },
  corruptDocument(path: string, issues: unknown): void {
    logger.error('stored document failed validation', { path, issues });
  },
  roleGranted(uid: string, role: string, by: string): void {
    logger.info('role granted', { uid, role, by });
  },
  triggerDuplicate(trigger: string, eventId: string): void {
    logger.info('duplicate event skipped', { trigger, event_id: eventId });
  },
  orphanedClaimsReleased(taskId: string, resourceIds: readonly string[]): void {
    logger.warn('claims of a failed allocation released', { task_id: taskId, resource_ids: resourceIds });
  },
  taskCreated(taskId: string, by: string, resourceIds: readonly string[]): void {
    logger.info('task created', { task_id: taskId, by, resource_ids: resourceIds });
  },
  allocationRefused(taskId: string, resourceIds: readonly string[]): void {
    logger.info('allocation refused: resources not available', { task_id: taskId, resource_ids: resourceIds });
  },
  taskStatusChanged(taskId: string, from: string, to: string, by: string): void {
    logger.info('task status changed', { task_id: taskId, from, to, by });
  },
  taskAssigned(taskId: string, assignee: string, by: string): void {
    logger.info('task assigned', { task_id: taskId, assigned_to: assignee, by });
  },
  requestStatusFollowedTasks(requestId: string, from: string, to: string): void {
    logger.info('request status follows its tasks', { request_id: requestId, from, to });
  },
};

function describe(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { value: String(error) };
}
