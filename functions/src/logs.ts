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
  /** Never the message or the reply: they may carry personal details. */
  chatbotAnswered(uid: string, assistant: string, intent: string | null, durationMs: number): void {
    logger.info('chatbot answered', { uid, assistant, intent, duration_ms: durationMs });
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
