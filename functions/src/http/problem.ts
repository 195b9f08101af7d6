// Turns errors into RFC 9457 problem+json responses. The only place that maps an error code to
// an HTTP status; nothing internal (messages of unexpected errors, stacks) ever reaches a client.
import type { ErrorRequestHandler, Response } from 'express';
import { AppError, IdempotencyKeyInFlightError, RateLimitedError, type ErrorCode } from '../errors.js';
import { logs } from '../logs.js';

const STATUS: Record<ErrorCode, { status: number; title: string }> = {
  validation_failed: { status: 400, title: 'Invalid request' },
  malformed_body: { status: 400, title: 'Malformed JSON body' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  unauthenticated: { status: 401, title: 'Authentication required' },
  forbidden: { status: 403, title: 'Forbidden' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  conflict: { status: 409, title: 'Conflict' },
  invalid_transition: { status: 409, title: 'Invalid status transition' },
  task_reassigned: { status: 409, title: 'The task was reassigned' },
  task_ended: { status: 409, title: 'The task has ended' },
  idempotency_key_in_flight: { status: 409, title: 'Idempotency-Key in use' },
  idempotency_key_reused: { status: 422, title: 'Idempotency-Key reused' },
  payload_too_large: { status: 413, title: 'Payload too large' },
  export_too_large: { status: 422, title: 'Export too large for one call' },
  rate_limited: { status: 429, title: 'Too many requests' },
  internal: { status: 500, title: 'Internal error' },
  unavailable: { status: 503, title: 'Service unavailable' },
};

export const PROBLEM_TYPE_BASE = 'https://disaster-response.example/problems/';

export function statusOf(code: ErrorCode): number {
  return STATUS[code].status;
}

export function sendProblem(res: Response, error: AppError): void {
  const { status, title } = STATUS[error.code];
  if (status === 401) res.set('WWW-Authenticate', 'Bearer');
  if (error instanceof RateLimitedError || error instanceof IdempotencyKeyInFlightError)
    res.set('Retry-After', String(error.retryAfterSeconds));
  if (status === 503) res.set('Retry-After', '5');
  res.locals.errorCode = error.code;
  res
    .status(status)
    .type('application/problem+json')
    .send(
      JSON.stringify({
        type: PROBLEM_TYPE_BASE + error.code,
        title,
        status,
        detail: error.message,
        code: error.code,
        ...error.extensions,
      }),
    );
}

/**
 * gRPC status codes that mean "try again shortly": the backend cannot be reached, or a
 * transaction still lost to contention after the Firestore client's own retries (ABORTED).
 */
const TRY_AGAIN_GRPC_CODES = new Set([4 /* DEADLINE_EXCEEDED */, 10 /* ABORTED */, 14 /* UNAVAILABLE */]);

export function toAppError(error: unknown, requestId: string): AppError {
  if (error instanceof AppError) return error;
  const grpcCode = (error as { code?: unknown } | null)?.code;
  if (typeof grpcCode === 'number' && TRY_AGAIN_GRPC_CODES.has(grpcCode)) {
    logs.unexpectedError(requestId, error);
    return new AppError(
      'unavailable',
      grpcCode === 10
        ? 'Too many changes to the same data at once; try again shortly.'
        : 'The database is unreachable right now; try again shortly.',
    );
  }
  // Body parsers that run before this app (e.g. a plain express.json in tests) report like this.
  const httpError = error as { status?: unknown; type?: unknown } | null;
  if (httpError?.type === 'entity.too.large')
    return new AppError('payload_too_large', 'The request body is too large.');
  if (httpError?.type === 'entity.parse.failed')
    return new AppError('malformed_body', 'The request body is not valid JSON.');
  logs.unexpectedError(requestId, error);
  return new AppError('internal', 'Something went wrong on our side. It has been logged; try again.');
}

export const problemMiddleware: ErrorRequestHandler = (error, _req, res, next) => {
  if (res.headersSent) {
    next(error);
    return;
  }
  sendProblem(res, toAppError(error, String(res.locals.requestId ?? '-')));
};
