// Mounts the endpoint declarations on an Express router, each feature's on the first request to
// a path it serves. What a request goes through: pipeline.ts (authenticate, authorize, parse,
// limit, call the handler); how its answer leaves: reply.ts (check, send, stream, the deadline).
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { bySpecificity, expressPath, Streamed, type Endpoint } from './endpoint.js';
import { unmatchedRoute } from './middleware.js';
import { inputRulesOf, run, type InputRules } from './pipeline.js';
import { checkStatus, deadlineMs, send, stream, withDeadline } from './reply.js';

export function buildRouter(endpoints: readonly Endpoint[]): express.Router {
  const router = express.Router({ caseSensitive: true, strict: false });
  for (const endpoint of [...endpoints].sort(bySpecificity)) {
    const rules = inputRulesOf(endpoint);
    router[endpoint.method](expressPath(endpoint.path), (req, res) => handle(endpoint, rules, req, res));
  }
  return router;
}

/** The first segment of a path: 'users' for /users/me. */
const firstSegment = (path: string): string => path.split('/')[1] ?? '';

/** A feature's endpoints, loaded on the first request to a path it serves (routes.ts lists them). */
export interface LazyFeature {
  /** The first segments of the paths it serves ('users' for /users/...). */
  segments: readonly string[];
  load: () => Promise<readonly Endpoint[]>;
}

/**
 * The routes of lazily loaded features: a request loads the features serving its first path
 * segment, once, and is routed among their endpoints only (no path matches an endpoint of
 * another first segment, so the order and the 404/405 answers are those of one router over all).
 * Requests to any other segment go on to the app's 404.
 */

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

async function handle(endpoint: Endpoint, rules: InputRules, req: Request, res: Response): Promise<void> {
  res.locals.route = endpoint.path;
  const requestId = String(res.locals.requestId);
  const result = await withDeadline(run(endpoint, rules, req, res, requestId), deadlineMs(), requestId);
  if (result instanceof Streamed) {
    checkStatus(endpoint, result.status, requestId);
    await stream(res, result, requestId);
  } else send(endpoint, res, result, requestId);
}
