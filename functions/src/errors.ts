// Typed errors thrown by services and the data layer. They name what went wrong in domain
// terms; only the HTTP layer (http/problem.ts) decides how each one is answered on the wire.

export type ErrorCode =
  | 'validation_failed'
  | 'malformed_body'
  | 'unsupported_media_type'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'invalid_transition'
  | 'task_reassigned'
  | 'task_ended'
  | 'idempotency_key_in_flight'
  | 'idempotency_key_reused'
  | 'payload_too_large'
  | 'export_too_large'
  | 'rate_limited'
  | 'unavailable'
  | 'internal';

export interface FieldIssue {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra members of the problem document, e.g. the ids that caused a conflict. */
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/**
 * A stored document its schema cannot read (logged with its issues by the converter): a 500 to an
 * API caller, and a failure no retry mends, so a trigger drops its event instead of retrying it.
 */
export class UnreadableDocumentError extends AppError {
  constructor(readonly path: string) {
    super('internal', 'A stored record is not readable.');
    this.name = 'UnreadableDocumentError';
  }
}

export class ValidationError extends AppError {
  constructor(readonly issues: FieldIssue[]) {
    const listed = issues.slice(0, 3).map((issue) => `${issue.path}: ${issue.message}`);
    if (issues.length > 3) listed.push(`and ${issues.length - 3} more`);
    super('validation_failed', `The request is not valid (${listed.join('; ')}).`, { errors: issues });
  }
}

export class UnauthenticatedError extends AppError {
  constructor(message = 'A valid Firebase ID token is required in the Authorization header.') {
    super('unauthenticated', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do this.') {
    super('forbidden', message);
  }
}

export class NotFoundError extends AppError {
  constructor(what: string, id?: string) {
    super('not_found', id === undefined ? `${what} not found.` : `${what} ${JSON.stringify(id)} not found.`);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, extensions: Record<string, unknown> = {}) {
    super('conflict', message, extensions);
  }
}

export class InvalidTransitionError extends AppError {
  constructor(entity: string, from: string, to: string, allowed: readonly string[]) {
    super(
      'invalid_transition',
      `A ${entity} cannot go from ${from} to ${to}.` +
        (allowed.length > 0 ? ` From ${from} it can go to: ${allowed.join(', ')}.` : ` ${from} is final.`),
      { from, to, allowed },
    );
  }
}

export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many requests; slow down.',
  ) {
    super('rate_limited', message, { retry_after: retryAfterSeconds });
  }
}

export class UnavailableError extends AppError {
  constructor(message = 'The service is temporarily unavailable; try again shortly.') {
    super('unavailable', message);
  }
}

/** More rows than one export call streams within the function's time-out (exports/model.ts). */
export class ExportTooLargeError extends AppError {
  constructor(rows: number, maxRows: number) {
    super(
      'export_too_large',
      `This export holds ${rows} rows; one call streams at most ${maxRows}. Split it by time (created_from, created_before) or narrow its filters.`,
      { rows, max_rows: maxRows },
    );
  }
}

/**
 * The webhook sealing key is missing or malformed (webhooks/sealing.ts): a deployment fault. Nothing
 * that needs it proceeds, so no signing secret is ever stored unsealed.
 */
export class SealingKeyUnavailableError extends UnavailableError {
  constructor(readonly reason: string) {
    super(`Webhook signing secrets cannot be sealed or opened: ${reason}. An operator must set it.`);
  }
}

/**
 * The same Idempotency-Key is still being answered (its first request runs): try again after
 * `retryAfterSeconds` (idempotency/store.ts).
 */
export class IdempotencyKeyInFlightError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      'idempotency_key_in_flight',
      'A request with this Idempotency-Key is still being processed; repeat it after Retry-After to get its answer.',
      { retry_after: retryAfterSeconds },
    );
  }
}

/** The Idempotency-Key was used before, with another body or on another resource. */
export class IdempotencyKeyReusedError extends AppError {
  constructor() {
    super(
      'idempotency_key_reused',
      'This Idempotency-Key was already used with a different request body; use a new key for a new request.',
    );
  }
}
