// What a request goes through before its handler answers: the caller identified from its token,
// authorized by the declaration's access, its params, query and body parsed against the
// declaration (400 naming every issue), its read and write limits spent, then the handler called;
// for an `idempotent` endpoint sent an Idempotency-Key, only once per key (idempotency/store.ts).
import type { Request, Response } from 'express';
import type { z } from 'zod';
import type * as WriteLimits from '../data/window-count.js';
import { nothingInCommit, type InCommit } from '../data/staged.js';
import type * as KeyStore from '../idempotency/store.js';
import { idempotencyKeyOf, IDEMPOTENCY_KEY_HEADER, REPLAYED_HEADER } from '../idempotency/key.js';
import { config } from '../config.js';
import { logs } from '../logs.js';
import { ForbiddenError, UnauthenticatedError, ValidationError, type FieldIssue } from '../errors.js';
import type { Caller } from '../shared/caller.js';
import type * as AuthModule from './auth.js';
import { readFormBody, readJsonBody } from './body.js';
import { paramsSchemaOf, Reply, successStatus, type Access, type Endpoint } from './endpoint.js';
import { consumeReadLimit, readLimitOf, type ReadLimitRule } from './read-limit.js';

// Loaded by the first request that needs them, not with the router: a cold instance's first
// request (GET /health) then loads neither the Admin SDK's Auth nor its Firestore client.
let authModule: Promise<typeof AuthModule> | undefined;
let writeLimits: Promise<typeof WriteLimits> | undefined;
let keyStore: Promise<typeof KeyStore> | undefined;

/** What parsing a request of an endpoint needs, derived once when the route is mounted. */
export interface InputRules {
  params: z.ZodType | undefined;
  /** A body schema that accepts undefined makes the body optional. */
  bodyRequired: boolean;
  readLimit: ReadLimitRule | null;
}

/** The parsing rules of an endpoint, derived once when its route is mounted. */
export function inputRulesOf(endpoint: Endpoint): InputRules {
  return {
    params: paramsSchemaOf(endpoint),
    bodyRequired: endpoint.body !== undefined && !endpoint.body.safeParse(undefined).success,
    readLimit: readLimitOf(endpoint),
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
  const key = endpoint.idempotent ? idempotencyKeyOf(req.get(IDEMPOTENCY_KEY_HEADER), issues) : undefined;
  if (issues.length > 0) throw new ValidationError(issues);
  return { params, query, body, key };
}

export async function run(
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
  const { params, query, body, key } = parseInput(endpoint, rules, req, rawBody);
  if (rules.readLimit) {
    // Only the last reads of a window wait for the shared count (read-limit.ts).
    const counted = consumeReadLimit(rules.readLimit, caller, req.ip ?? 'unknown');
    if (counted) await counted;
  }
  const input = { caller, params, query, body, requestId, ip: req.ip ?? 'unknown' };
  if (key === undefined || caller === null) {
    await consumeWriteLimit(endpoint, caller, req);
    return endpoint.handler({ ...input, answerInCommit: () => nothingInCommit });
  }
  // A repeat is answered before the write limit: replaying spends nothing and writes nothing.
  const store = await (keyStore ??= import('../idempotency/store.js'));
  const scope = { uid: caller.uid, method: endpoint.method, path: endpoint.path, params };
  const claimed = await store.claimKey(scope, key, body);
  if (claimed instanceof store.Replayed) return new Reply(claimed.status, claimed.body, { [REPLAYED_HEADER]: 'true' });
  return runKeyed(endpoint, claimed, input, () => consumeWriteLimit(endpoint, caller, req));
}

async function consumeWriteLimit(endpoint: Endpoint, caller: Caller | null, req: Request): Promise<void> {
  if (!endpoint.rateLimit) return;
  const { consumeRateLimit } = await (writeLimits ??= import('../data/window-count.js'));
  await consumeRateLimit(endpoint.rateLimit, caller ? `uid:${caller.uid}` : `ip:${req.ip}`);
}

/**
 * The handler of a request holding its key: its answer is staged in the service's commit; on
 * failure, or another success status that wrote nothing, the key is freed. Under test (config.checkResponses) a handler
 * that answered without staging it is a fault of its declaration: its service never got the hook.
 */
async function runKeyed(
  endpoint: Endpoint,
  lease: KeyStore.KeyLease,
  input: Omit<Parameters<Endpoint['handler']>[0], 'answerInCommit'>,
  limit: () => Promise<void>,
): Promise<unknown> {
  const status = successStatus(endpoint);
  const answerInCommit =
    <T>(present: (made: T) => unknown): InCommit<T> =>
    (writer, made) =>
      lease.stage(writer, status, present(made));
  let result: unknown;
  try {
    await limit();
    result = await endpoint.handler({ ...input, answerInCommit });
  } catch (error) {
    await lease.release().catch((releaseError: unknown) => logs.unexpectedError(input.requestId, releaseError));
    throw lease.failure(error);
  }
  if (!lease.staged) {
    // Another success status (`otherStatuses`: a create that found what it would have made) wrote
    // nothing: the key is freed, and a repeat finds the same again.
    if (result instanceof Reply && result.status !== status) {
      await lease.release();
      return result;
    }
    if (config.checkResponses())
      throw new Error(`${endpoint.method} ${endpoint.path} did not stage its answer in its commit`);
    await lease.answerAfter(status, result);
  }
  return result;
}
