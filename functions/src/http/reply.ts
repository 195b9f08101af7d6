// How an answer leaves: checked against its declaration where tests run (status, media type,
// schema), sent as JSON, as another declared media type or raw, or streamed; and the deadline
// past which a request is answered 503 whatever its backends are doing.
import type { Response } from 'express';
import { config } from '../config.js';
import { AppError, UnavailableError } from '../errors.js';
import { logs } from '../logs.js';
import {
  Reply,
  mediaTypeOf,
  successContent,
  successStatus,
  successStatuses,
  type Endpoint,
  type Sink,
  type Streamed,
} from './endpoint.js';

export function send(endpoint: Endpoint, res: Response, result: unknown, requestId: string): void {
  const reply = result instanceof Reply ? result : new Reply(successStatus(endpoint), result);
  checkStatus(endpoint, reply.status, requestId);
  res.set(reply.headers);
  if (endpoint.produces !== undefined) {
    if (!res.get('Content-Type')) res.type(successContent(endpoint)[0]?.[0] ?? 'text/plain');
    checkResponse(endpoint, reply, mediaTypeOf(res.get('Content-Type') ?? ''), requestId);
    res.status(reply.status).send(reply.body);
    return;
  }
  if (endpoint.raw) {
    res.status(reply.status).send(reply.body);
    return;
  }
  if (reply.status === 204 || endpoint.response === null) {
    res.status(reply.status).end();
    return;
  }
  checkResponse(endpoint, reply, 'application/json', requestId);
  res.status(reply.status).json(reply.body);
}

/** Checked wherever tests run (emulator, CI): config.checkResponses. */
function responseDrift(endpoint: Endpoint, requestId: string, what: string): AppError {
  logs.unexpectedError(requestId, new Error(`response of ${endpoint.method} ${endpoint.path} ${what}`));
  return new AppError('internal', 'The response did not match its declaration.');
}

/** A success status the declaration does not list (`status`, `otherStatuses`) is not sent. */
export function checkStatus(endpoint: Endpoint, status: number, requestId: string): void {
  if (!config.checkResponses() || successStatuses(endpoint).includes(status)) return;
  throw responseDrift(endpoint, requestId, `has the undeclared status ${status}`);
}

/** The body of a success against the schema of its media type. */
function checkResponse(endpoint: Endpoint, reply: Reply, mediaType: string, requestId: string): void {
  if (!endpoint.response || !config.checkResponses()) return;
  const schema = successContent(endpoint).find(([type]) => type === mediaType)?.[1];
  if (!schema) throw responseDrift(endpoint, requestId, `has the undeclared media type ${mediaType}`);
  const checked = schema.safeParse(reply.body);
  if (!checked.success)
    throw responseDrift(endpoint, requestId, `breaks its schema (${mediaType}): ${checked.error.message}`);
}

/**
 * How long a request may wait on its backends (REQUEST_DEADLINE_MS, default 8 s): past it the
 * answer is a 503. The Firestore client retries an unreachable database for 40 s and more on
 * reads whatever its deadlines say; this keeps the answer within seconds. The late work is
 * dropped (its result or error is only logged).
 */
export const deadlineMs = (): number => config.requestDeadlineMs();

export async function withDeadline<T>(work: Promise<T>, ms: number, requestId: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      work.catch((error: unknown) => logs.unexpectedError(requestId, error));
      reject(new UnavailableError('A backend did not answer in time; try again shortly.'));
    }, ms);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

class ClientGone extends Error {}

/** Writes to `res`, waiting for 'drain' when its buffer is full; rejects once the client has gone. */
function sinkOf(res: Response): Sink {
  return {
    write(chunk) {
      if (res.destroyed || res.writableEnded) return Promise.reject(new ClientGone());
      if (res.write(chunk)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const done = (error?: Error) => {
          res.off('drain', onDrain);
          res.off('close', onClose);
          if (error) reject(error);
          else resolve();
        };
        const onDrain = () => done();
        const onClose = () => done(new ClientGone());
        res.on('drain', onDrain);
        res.on('close', onClose);
      });
    },
  };
}

/**
 * Sends a streamed body. Before the first byte nothing is committed; after it, an error cuts the
 * connection (the status is already out), and is logged unless the client went away.
 */
export async function stream(res: Response, reply: Streamed, requestId: string): Promise<void> {
  res.status(reply.status).set(reply.headers);
  try {
    await reply.produce(sinkOf(res));
    res.end();
  } catch (error) {
    if (!(error instanceof ClientGone)) logs.unexpectedError(requestId, error);
    res.destroy();
  }
}
