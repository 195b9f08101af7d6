// Reads the JSON body from its bytes. Behind Cloud Functions the framework has already consumed
// the stream (parsing with a limit far above anything sensible) and kept the bytes in
// req.rawBody; standalone (benchmarks, local tools) `captureRawBody` reads them. Either way the
// size limit is enforced here, on the bytes.
import express, { type Request, type RequestHandler } from 'express';
import { AppError } from '../errors.js';

export const MAX_BODY_BYTES = 100 * 1024;

type RequestWithRaw = Request & { rawBody?: Buffer };

const readRaw = express.raw({ type: () => true, limit: MAX_BODY_BYTES });

/** Reads the body bytes into req.rawBody unless the functions framework already did. */
export const captureRawBody: RequestHandler = (req, res, next) => {
  const request = req as RequestWithRaw;
  if (request.rawBody !== undefined || request.body !== undefined) {
    next();
    return;
  }
  readRaw(req, res, (error?: unknown) => {
    if (Buffer.isBuffer(request.body)) request.rawBody = request.body;
    next(error);
  });
};

function tooLarge(): AppError {
  return new AppError('payload_too_large', `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`);
}

/**
 * The parsed body, or undefined when none was sent. Over the limit is a 413, a body not declared
 * as JSON a 415, one that does not parse a 400 `malformed_body`.
 */
export function readJsonBody(req: Request): unknown {
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  const bytes = (req as RequestWithRaw).rawBody;
  if (bytes === undefined || bytes.length === 0) return undefined;
  if (bytes.length > MAX_BODY_BYTES) throw tooLarge();
  if (req.is(['application/json', 'application/*+json']) === false) {
    throw new AppError('unsupported_media_type', 'Send the body as JSON with "Content-Type: application/json".');
  }
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    throw new AppError('malformed_body', 'The request body is not valid JSON.');
  }
}

/**
 * The fields of an `application/x-www-form-urlencoded` body (webhooks such as Twilio's), or
 * undefined when none was sent. Same size limit; another content type is a 415; a field sent
 * twice is a 400 (no webhook this service takes repeats one, and a signature covers them all).
 */
export function readFormBody(req: Request): Record<string, string> | undefined {
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  const bytes = (req as RequestWithRaw).rawBody;
  if (bytes === undefined || bytes.length === 0) return undefined;
  if (bytes.length > MAX_BODY_BYTES) throw tooLarge();
  if (req.is('application/x-www-form-urlencoded') === false) {
    throw new AppError(
      'unsupported_media_type',
      'Send the body as a form with "Content-Type: application/x-www-form-urlencoded".',
    );
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(bytes.toString('utf8'))) {
    if (Object.hasOwn(fields, name)) throw new AppError('malformed_body', `The form field ${name} is sent twice.`);
    fields[name] = value;
  }
  return fields;
}
