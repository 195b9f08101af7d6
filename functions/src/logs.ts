// Every log line the service writes, as a named function: the code reads as a story, and what
// may never be logged (tokens, contact details, message text) is kept out in this one place.
import * as logger from 'firebase-functions/logger';

export const logs = {
  webhookEventDropped(eventId: string, reason: string): void {
    logger.warn('webhook event dropped', { event_id: eventId, reason });
  },
  webhookEventFannedOut(auditId: string, type: string, queued: number): void {
    logger.info('webhook event queued', { audit_id: auditId, type, deliveries: queued });
  },
  /** Never the URL (it may carry the receiver's key) nor the body. */
  webhookAttempt(webhookId: string, deliveryId: string, statusCode: number | null, outcome: string): void {
    logger.info('webhook attempt', {
      webhook_id: webhookId,
      delivery_id: deliveryId,
      status_code: statusCode,
      outcome,
    });
  },
  webhookDisabled(webhookId: string, failingSince: string): void {
    logger.warn('webhook disabled after a day of failures', { webhook_id: webhookId, failing_since: failingSince });
  },
  /** A deployment fault: every webhook registration and delivery fails until the key is set. */
  webhookSealingKeyUnavailable(reason: string): void {
    logger.error('webhook sealing key unavailable', { reason });
  },
  outboundDeviceRemoved(uid: string, deviceId: string): void {
    logger.info('push device removed: FCM reported its token invalid', { uid, device_id: deviceId });
  },
  outboundFailed(messageId: string, channel: string, attempts: number, error: string): void {
    logger.warn('outbound message failed', { message_id: messageId, channel, attempts, error: error.slice(0, 200) });
  },
  outboundStatusUnknown(sid: string): void {
    logger.info('twilio status callback for an unknown message', { sid });
  },
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
  /** A Twilio message delivered again (its MessageSid was processed): nothing done, nothing answered. */
  inboundDuplicate(messageSid: string): void {
    logger.info('inbound message already processed', { message_sid: messageSid });
  },
  /**
   * Numbers masked (shared/phone.ts maskNumber); never the message text. The MessageSid (as in
   * inboundDuplicate) ties a dropped message to Twilio's record of it: the only trace it leaves.
   */
  inboundDropped(messageSid: string, maskedNumber: string, reason: string): void {
    logger.warn('inbound message dropped', { message_sid: messageSid, from: maskedNumber, reason });
  },
  /**
   * The alarm of an intake guard for all numbers (channels/limits.ts INBOUND_GLOBAL,
   * NEW_NUMBERS_GLOBAL): the message is still stored and answered, its request queued for triage.
   * Alert on this line (a log-based metric on `inbound intake guard acted`).
   */
  inboundGuardActed(messageSid: string, maskedNumber: string, guard: string): void {
    logger.warn('inbound intake guard acted', { message_sid: messageSid, from: maskedNumber, guard });
  },
  inboundReplySuppressed(messageSid: string, maskedNumber: string, reason: string): void {
    logger.warn('inbound reply suppressed', { message_sid: messageSid, from: maskedNumber, reason });
  },
  /** STOP or START from a number: a spoofed sender could silence someone (security review 3, S1). */
  inboundOptOutChanged(maskedNumber: string, optedOut: boolean): void {
    logger.warn('inbound opt-out changed', { from: maskedNumber, opted_out: optedOut });
  },
  inboundProcessed(channel: string, maskedNumber: string, outcome: string, requestId: string | null): void {
    logger.info('inbound message processed', { channel, from: maskedNumber, outcome, request_id: requestId });
  },
  inboundSignatureRejected(reason: string): void {
    logger.warn('inbound webhook refused', { reason });
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
    logger.info('planning finished', {
      request_id: requestId,
      outcome,
      planner,
      duration_ms: durationMs,
      docs_read: docsRead,
    });
  },
  planningFailed(requestId: string, attempt: number, state: string, error: unknown): void {
    (state === 'failed' ? logger.error : logger.warn)('planning run failed', {
      request_id: requestId,
      attempt,
      state,
      error: describe(error),
    });
  },
  /** The reason only: never the prompt (it carries the requester's description). */
  duplicatesNotScored(requestId: string, error: unknown): void {
    logger.warn('likely duplicates not scored; the plan is stored without them', {
      request_id: requestId,
      error: describe(error),
    });
  },
  /** Never the texts sent nor Gemini's answer: they are people's words. */
  duplicatesJudged(requestId: string, judged: number, model: string): void {
    logger.info('likely duplicates judged by gemini', { request_id: requestId, judged, model });
  },
  duplicatesSecondOpinionFallback(requestId: string, code: string, reason: string): void {
    logger.warn("gemini's second opinion on likely duplicates not used; the scorer's list is kept", {
      request_id: requestId,
      code,
      reason,
    });
  },
  /** Not Gemini's failure (a read of the candidates, the budget's counter): the scorer's list is kept too. */
  duplicatesSecondOpinionFailed(requestId: string, error: unknown): void {
    logger.warn("second opinion on likely duplicates failed; the scorer's list is kept", {
      request_id: requestId,
      error: describe(error),
    });
  },
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
    logger.info('agent: suggested disaster created', {
      disaster_id: disasterId,
      cluster_key: clusterKey,
      observations,
    });
  },
  agentSuggestionUpdated(disasterId: string, clusterKey: string, observations: number): void {
    logger.info('agent: suggested disaster updated', {
      disaster_id: disasterId,
      cluster_key: clusterKey,
      observations,
    });
  },
  agentSummaryFallback(disasterId: string, reason: string): void {
    logger.warn('agent: Gemini summary failed, deterministic summary kept', { disaster_id: disasterId, reason });
  },
  agentCandidatesCapped(observationId: string, read: number): void {
    logger.warn('agent: candidate cap reached, the cluster is judged on the first candidates read', {
      observation_id: observationId,
      read,
    });
  },
  disasterEdited(disasterId: string, by: string, fields: readonly string[]): void {
    logger.info('disaster edited', { disaster_id: disasterId, by, fields });
  },
  disasterClosed(disasterId: string, by: string): void {
    logger.info('disaster closed', { disaster_id: disasterId, by });
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
  /** The pseudonym only: the log of an erasure must not link it to the uid. */
  erasurePaused(pseudonym: string, counts: Record<string, number>, stepMs: Record<string, number>): void {
    logger.info('erasure paused, time budget spent; the next call continues', { pseudonym, counts, step_ms: stepMs });
  },
  userErased(
    pseudonym: string,
    counts: Record<string, number>,
    stepMs: Record<string, number>,
    durationMs: number,
  ): void {
    logger.info('user erased', { pseudonym, counts, step_ms: stepMs, duration_ms: durationMs });
  },
  /** The reason only: never the prompt (it carries the caller's records and message). */
  chatbotFallback(uid: string, reason: string): void {
    logger.warn('gemini assistant not used, deterministic answer instead', { uid, reason });
  },
  exportStreamed(kind: string, format: string, rows: number, durationMs: number, by: string, personal: boolean): void {
    logger.info('export streamed', { kind, format, rows, duration_ms: durationMs, by, personal_data: personal });
  },
};

function describe(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { value: String(error) };
}
