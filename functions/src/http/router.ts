// Mounts the endpoint declarations on an Express router: authenticate, authorize by role,
// validate params/query/body, rate-limit, call the handler, check and send its answer.
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import { config } from '../config.js';
import {
  AppError,
  ForbiddenError,
  UnauthenticatedError,
  UnavailableError,
  ValidationError,
  type FieldIssue,
} from '../errors.js';
import { logs } from '../logs.js';
import { readFormBody, readJsonBody } from './body.js';
import {
  bySpecificity,
  expressPath,
  Reply,
  Streamed,
  mediaTypeOf,
  paramsSchemaOf,
  successContent,
  successStatus,
  successStatuses,
  type Sink,
  type Access,
  type Endpoint,
} from './endpoint.js';
import type { Caller } from '../shared/caller.js';
import type * as AuthModule from './auth.js';
import { unmatchedRoute } from './middleware.js';
import type * as WriteLimits from '../data/window-count.js';
import { consumeReadLimit, readLimitOf, type ReadLimitRule } from './read-limit.js';

// Loaded by the first request that needs them, not with the router: a cold instance's first
// request (GET /health) then loads neither the Admin SDK's Auth nor its Firestore client.
let authModule: Promise<typeof AuthModule> | undefined;
let writeLimits: Promise<typeof WriteLimits> | undefined;

/** What parsing a request of an endpoint needs, derived once when the route is mounted. */
interface InputRules {
  params: z.ZodType | undefined;
  /** A body schema that accepts undefined makes the body optional. */
  bodyRequired: boolean;
  readLimit: ReadLimitRule | null;
}

export function buildRouter(endpoints: readonly Endpoint[]): express.Router {
  const router = express.Router({ caseSensitive: true, strict: false });
  for (const endpoint of [...endpoints].sort(bySpecificity)) {
    const rules: InputRules = {
      params: paramsSchemaOf(endpoint),
      bodyRequired: endpoint.body !== undefined && !endpoint.body.safeParse(undefined).success,
      readLimit: readLimitOf(endpoint),
    };
    router[endpoint.method](expressPath(endpoint.path), (req, res) => handle(endpoint, rules, req, res));
  }
  return router;
}

/** The first segment of a path: 'users' for /users/me. */
const firstSegment = (path: string): string => path.split('/')[1] ?? '';

/**
 * The routes of lazily loaded features: a request loads the features serving its first path
 * segment, once, and is routed among their endpoints only (no path matches an endpoint of
 * another first segment, so the order and the 404/405 answers are those of one router over all).
 * Requests to any other segment go on to the app's 404.
 */
/** A feature's endpoints, loaded on the first request to a path it serves (routes.ts lists them). */
export interface LazyFeature {
  /** The first segments of the paths it serves ('users' for /users/...). */
  segments: readonly string[];
  load: () => Promise<readonly Endpoint[]>;
}

export function lazyRouter(features: readonly LazyFeature[]): RequestHandler {
  const ready = new Map<string, RequestHandler>();
  const loading = new Map<string, Promise<RequestHandler>>();
  const load = async (segment: string): Promise<RequestHandler> => {
    const lists = await Promise.all(features.filter((f) => f.segments.includes(segment)).map((f) => f.load()));
    const endpoints = lists.flat().filter((endpoint) => firstSegment(endpoint.path) === segment);
    const router = express.Router({ caseSensitive: true, strict: false });
    router.use(buildRouter(endpoints), unmatchedRoute(endpoints));
    ready.set(segment, router);
    return router;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    const segment = firstSegment(req.path);
    const router = ready.get(segment);
    if (router) {
      router(req, res, next);
      return;
    }
    if (!features.some((f) => f.segments.includes(segment))) {
      next();
      return;
    }
    let pending = loading.get(segment);
    if (!pending) {
      pending = load(segment);
      loading.set(segment, pending);
      // A failed load is tried again by the next request.
      pending.catch(() => loading.delete(segment));
    }
    void pending.then((loaded) => loaded(req, res, next), next);
  };
}

export function authorize(access: Access, caller: Caller | null): void {
  if (access === 'public') return;
  if (caller === null) throw new UnauthenticatedError();
  if (access === 'authenticated') return;
  if (caller.role === null || !access.includes(caller.role)) {
    throw new ForbiddenError(
      caller.role === null
        ? `This needs the role ${access.join(' or ')}; your token carries no role yet (register, then refresh your token).`
        : `This needs the role ${access.join(' or ')}; you are ${caller.role}.`,
    );
  }
}

function issuesOf(where: string, error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: [where, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
}

function parsePart(where: string, schema: z.ZodType | undefined, value: unknown, issues: FieldIssue[]): unknown {
  if (!schema) {
    const present =
      value !== undefined && !(typeof value === 'object' && value !== null && Object.keys(value).length === 0);
    if (present) issues.push({ path: where, message: `this endpoint takes no ${where}` });
    return undefined;
  }
  const parsed = schema.safeParse(where === 'body' && value === undefined ? undefined : value);
  if (!parsed.success) {
    issues.push(...issuesOf(where, parsed.error));
    return undefined;
  }
  return parsed.data;
}

function parseInput(endpoint: Endpoint, rules: InputRules, req: Request, rawBody: unknown) {
  const issues: FieldIssue[] = [];
  const params = parsePart('params', rules.params, { ...req.params }, issues);
  const query = parsePart('query', endpoint.query, { ...(req.query as object) }, issues);
  const { bodyRequired } = rules;
  if (bodyRequired && rawBody === undefined) {
    issues.push({
      path: 'body',
      message: endpoint.bodyFormat === 'form' ? 'a form body is required' : 'a JSON body is required',
    });
  }
  const body = bodyRequired && rawBody === undefined ? undefined : parsePart('body', endpoint.body, rawBody, issues);
  if (issues.length > 0) throw new ValidationError(issues);
  return { params, query, body };
}

function send(endpoint: Endpoint, res: Response, result: unknown, requestId: string): void {
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
function checkStatus(endpoint: Endpoint, status: number, requestId: string): void {
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
const deadlineMs = (): number => config.requestDeadlineMs();

async function withDeadline<T>(work: Promise<T>, ms: number, requestId: string): Promise<T> {
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

async function handle(endpoint: Endpoint, rules: InputRules, req: Request, res: Response): Promise<void> {
  res.locals.route = endpoint.path;
  const requestId = String(res.locals.requestId);
  const result = await withDeadline(run(endpoint, rules, req, res, requestId), deadlineMs(), requestId);
  if (result instanceof Streamed) {
    checkStatus(endpoint, result.status, requestId);
    await stream(res, result, requestId);
  } else send(endpoint, res, result, requestId);
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
async function stream(res: Response, reply: Streamed, requestId: string): Promise<void> {
  res.status(reply.status).set(reply.headers);
  try {
    await reply.produce(sinkOf(res));
    res.end();
  } catch (error) {
    if (!(error instanceof ClientGone)) logs.unexpectedError(requestId, error);
    res.destroy();
  }
}

async function run(
  endpoint: Endpoint,
  rules: InputRules,
  req: Request,
  res: Response,
  requestId: string,
): Promise<unknown> {
  const header = req.get('authorization');
  const caller =
    header === undefined || header === ''
      ? null
      : await (await (authModule ??= import('./auth.js'))).identifyCaller(header, requestId);
  res.locals.uid = caller?.uid ?? null;
  authorize(endpoint.access, caller);
  const form = endpoint.bodyFormat === 'form' && endpoint.method !== 'get' ? readFormBody(req) : undefined;
  const rawBody = endpoint.bodyFormat === 'form' || endpoint.method === 'get' ? form : readJsonBody(req);
  if (endpoint.verify) {
    await endpoint.verify({
      receivedUrl: `${req.protocol}://${req.get('host') ?? 'localhost'}${req.originalUrl}`,
      path: endpoint.path,
      header: (name) => req.get(name),
      form: form ?? {},
    });
  }
  const { params, query, body } = parseInput(endpoint, rules, req, rawBody);
  if (rules.readLimit) {
    // Only the last reads of a window wait for the shared count (read-limit.ts).
    const counted = consumeReadLimit(rules.readLimit, caller, req.ip ?? 'unknown');
    if (counted) await counted;
  }
  if (endpoint.rateLimit) {
    const { consumeRateLimit } = await (writeLimits ??= import('../data/window-count.js'));
    await consumeRateLimit(endpoint.rateLimit, caller ? `uid:${caller.uid}` : `ip:${req.ip}`);
  }
  return endpoint.handler({ caller, params, query, body, requestId, ip: req.ip ?? 'unknown' });
}
