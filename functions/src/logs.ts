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
  planningStarted(requestId: string, attempt: number): void {
    logger.info('planning started', { request_id: requestId, attempt });
  },
  planningSkipped(requestId: string, outcome: string): void {
    logger.info('planning not run', { request_id: requestId, outcome });
  },
  planningFinished(requestId: string, outcome: string, planner: string, durationMs: number, docsRead: number): void {
    logger.info('planning finished', { request_id: requestId, outcome, planner, duration_ms: durationMs, docs_read: docsRead });
  },
  planningFailed(requestId: string, attempt: number, state: string, error: unknown): void {
    (state === 'failed' ? logger.error : logger.warn)('planning run failed', { request_id: requestId, attempt, state, error: describe(error) });
  },
  /** The reason only: never the prompt (it carries the requester's description). */
  plannerFallback(requestId: string, reason: string): void {
    logger.warn('gemini planner not used, deterministic plan instead', { request_id: requestId, reason });
  },
  allocationNotQueued(jobId: string, error: unknown): void {
    logger.error('allocation job could not be queued', { job_id: jobId, error: describe(error) });
  },
  disasterCreated(disasterId: string, by: string): void {
    logger.info('disaster created', { disaster_id: disasterId, by });
  },
  disasterJoined(disasterId: string, uid: string): void {
    logger.info('disaster joined', { disaster_id: disasterId, uid });
  },
  suggestionApproved(disasterId: string, by: string): void {
    logger.info('suggested disaster approved', { disaster_id: disasterId, by });
  },
  suggestionDiscarded(disasterId: string, by: string): void {
    logger.info('suggested disaster discarded', { disaster_id: disasterId, by });
  },
  /** Never the message text: chat content stays out of the logs. */
  chatMessagePosted(disasterId: string, messageId: string, senderId: string): void {
    logger.info('chat message posted', { disaster_id: disasterId, message_id: messageId, sender_id: senderId });
  },
  observationReported(observationId: string, reporterId: string): void {
    logger.info('observation reported', { observation_id: observationId, reporter_id: reporterId });
  },
  observationDeleted(observationId: string, by: string): void {
    logger.info('observation deleted', { observation_id: observationId, by });
  },
  agentNoCluster(observationId: string, reason: string): void {
    logger.info('agent: no suggestion', { observation_id: observationId, reason });
  },
  agentSuggestionCreated(disasterId: string, clusterKey: string, observations: number): void {
    logger.info('agent: suggested disaster created', { disaster_id: disasterId, cluster_key: clusterKey, observations });
  },
  agentSuggestionUpdated(disasterId: string, clusterKey: string, observations: number): void {
    logger.info('agent: suggested disaster updated', { disaster_id: disasterId, cluster_key: clusterKey, observations });
  },
  agentSummaryFallback(disasterId: string, reason: string): void {
    logger.warn('agent: Gemini summary failed, deterministic summary kept', { disaster_id: disasterId, reason });
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
  /** Never the message or the reply: they may carry personal details. */
  chatbotAnswered(uid: string, assistant: string, intent: string | null, durationMs: number, docsRead: number): void {
    logger.info('chatbot answered', { uid, assistant, intent, duration_ms: durationMs, docs_read: docsRead });
  },
  /** The reason only: never the prompt (it carries the caller's records and message). */
  chatbotFallback(uid: string, reason: string): void {
    logger.warn('gemini assistant not used, deterministic answer instead', { uid, reason });
  },
};

function describe(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { value: String(error) };
}
