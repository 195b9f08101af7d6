// Mounts the endpoint declarations on an Express router: authenticate, authorize by role,
// validate params/query/body, rate-limit, call the handler, check and send its answer.
import express, { type Request, type Response } from 'express';
import { z } from 'zod';
import { AppError, ForbiddenError, UnauthenticatedError, UnavailableError, ValidationError, type FieldIssue } from '../errors.js';
import { logs } from '../logs.js';
import { idSchema } from '../shared/schemas.js';
import { identifyCaller } from './auth.js';
import { readJsonBody } from './body.js';
import { bySpecificity, expressPath, Reply, successStatus, type Access, type Caller, type Endpoint } from './endpoint.js';
import { consumeRateLimit } from './rate-limit.js';

/** What parsing a request of an endpoint needs, derived once when the route is mounted. */
interface InputRules {
  params: z.ZodType | undefined;
  /** A body schema that accepts undefined makes the body optional. */
  bodyRequired: boolean;
}

export function buildRouter(endpoints: readonly Endpoint[]): express.Router {
  const router = express.Router({ caseSensitive: true, strict: false });
  for (const endpoint of [...endpoints].sort(bySpecificity)) {
    const rules: InputRules = { params: paramsSchemaOf(endpoint), bodyRequired: endpoint.body !== undefined && !endpoint.body.safeParse(undefined).success };
    router[endpoint.method](expressPath(endpoint.path), (req, res) => handle(endpoint, rules, req, res));
  }
  return router;
}

export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1]!);
}

/** The declared params schema, or one that takes every {param} of the path as a document id. */
export function paramsSchemaOf(endpoint: Endpoint): z.ZodType | undefined {
  if (endpoint.params) return endpoint.params;
  const names = pathParamNames(endpoint.path);
  return names.length === 0 ? undefined : z.strictObject(Object.fromEntries(names.map((name) => [name, idSchema])));
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
    const present = value !== undefined && !(typeof value === 'object' && value !== null && Object.keys(value).length === 0);
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

function parseInput(endpoint: Endpoint, rules: InputRules, req: Request) {
  const issues: FieldIssue[] = [];
  const params = parsePart('params', rules.params, { ...req.params }, issues);
  const query = parsePart('query', endpoint.query, { ...(req.query as object) }, issues);
  const rawBody = endpoint.method === 'get' ? undefined : readJsonBody(req);
  const { bodyRequired } = rules;
  if (bodyRequired && rawBody === undefined) {
    issues.push({ path: 'body', message: 'a JSON body is required' });
  }
  const body = bodyRequired && rawBody === undefined ? undefined : parsePart('body', endpoint.body, rawBody, issues);
  if (issues.length > 0) throw new ValidationError(issues);
  return { params, query, body };
}

/** Responses are checked against their declared schema wherever tests run (emulator, CI). */
const checkResponses = process.env.FUNCTIONS_EMULATOR === 'true' || process.env.CHECK_RESPONSES === 'true';

function send(endpoint: Endpoint, res: Response, result: unknown, requestId: string): void {
  const reply = result instanceof Reply ? result : new Reply(successStatus(endpoint), result);
  res.set(reply.headers);
  if (endpoint.raw) {
    res.status(reply.status).send(reply.body);
    return;
  }
  if (reply.status === 204 || endpoint.response === null) {
    res.status(reply.status).end();
    return;
  }
  if (checkResponses && reply.status === successStatus(endpoint)) {
    const checked = endpoint.response.safeParse(reply.body);
    if (!checked.success) {
      logs.unexpectedError(requestId, new Error(`response of ${endpoint.method} ${endpoint.path} breaks its schema: ${checked.error.message}`));
      throw new AppError('internal', 'The response did not match its declared schema.');
    }
  }
  res.status(reply.status).json(reply.body);
}

/**
 * How long a request may wait on its backends (REQUEST_DEADLINE_MS, default 8 s): past it the
 * answer is a 503. The Firestore client retries an unreachable database for 40 s and more on
 * reads whatever its deadlines say; this keeps the answer within seconds. The late work is
 * dropped (its result or error is only logged).
 */
function requestDeadlineMs(): number {
  const configured = Number(process.env.REQUEST_DEADLINE_MS ?? '8000');
  return Number.isFinite(configured) && configured >= 1000 ? configured : 8000;
}
const deadlineMs = requestDeadlineMs();

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
  const result = await withDeadline(run(endpoint, rules, req, res, requestId), deadlineMs, requestId);
  send(endpoint, res, result, requestId);
}

async function run(endpoint: Endpoint, rules: InputRules, req: Request, res: Response, requestId: string): Promise<unknown> {
  const caller = await identifyCaller(req.get('authorization'), requestId);
  res.locals.uid = caller?.uid ?? null;
  authorize(endpoint.access, caller);
  const { params, query, body } = parseInput(endpoint, rules, req);
  if (endpoint.rateLimit) await consumeRateLimit(endpoint.rateLimit, caller ? `uid:${caller.uid}` : `ip:${req.ip}`);
  return endpoint.handler({ caller, params, query, body, requestId, ip: req.ip ?? 'unknown' });
}
