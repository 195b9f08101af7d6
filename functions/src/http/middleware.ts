// Cross-cutting middleware: request ids, Server-Timing and the one log line per request, security headers,
// CORS from an allowlist, and the problem answers for unknown routes.
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { AppError, NotFoundError } from '../errors.js';
import { logs } from '../logs.js';
import { expressPath, type Endpoint } from './endpoint.js';
import { sendProblem } from './problem.js';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

export const requestContext: RequestHandler = (req, res, next) => {
  const started = process.hrtime.bigint();
  const incoming = req.get('x-request-id');
  const requestId = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.locals.requestId = requestId;
  res.set('X-Request-Id', requestId);
  const elapsedMs = () => Number(process.hrtime.bigint() - started) / 1e6;
  // Server-Timing: how long the service itself took (the log line's latency), apart from any
  // queueing in front of it, so that a client, or a test on a busy emulator, can tell them apart.
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
  res.writeHead = ((...args: unknown[]) => {
    if (!res.headersSent) res.setHeader('Server-Timing', `app;dur=${elapsedMs().toFixed(1)}`);
    return writeHead(...args);
  }) as typeof res.writeHead;
  res.on('finish', () => {
    logs.request({
      request_id: requestId,
      method: req.method,
      route: typeof res.locals.route === 'string' ? res.locals.route : 'unmatched',
      status: res.statusCode,
      latency_ms: elapsedMs(),
      uid: typeof res.locals.uid === 'string' ? res.locals.uid : null,
      ...(typeof res.locals.errorCode === 'string' ? { code: res.locals.errorCode } : {}),
    });
  });
  next();
};

export const securityHeaders: RequestHandler = (_req, res, next) => {
  // The Functions runtime's own Express (emulator) sets it before this app runs.
  res.removeHeader('X-Powered-By');
  res.set({
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'Cross-Origin-Resource-Policy': 'same-site',
  });
  next();
};

/** Origins allowed to call from a browser: CORS_ALLOWED_ORIGINS, comma-separated; none by default. */
export function cors(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, res, next) => {
    const origin = req.get('origin');
    if (origin !== undefined && allowed.has(origin)) {
      res.set({
        'Access-Control-Allow-Origin': origin,
        Vary: 'Origin',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type, X-Request-Id, Idempotency-Key',
        'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
        'Access-Control-Expose-Headers': 'X-Request-Id, Retry-After, Idempotent-Replayed',
        'Access-Control-Max-Age': '600',
      });
    }
    if (req.method === 'OPTIONS') {
      res.status(origin !== undefined && allowed.has(origin) ? 204 : 403).end();
      return;
    }
    next();
  };
}

/** 405 with Allow for a known path and another method; 404 problem for anything else. */
export function unmatchedRoute(endpoints: readonly Endpoint[]): RequestHandler {
  const patterns = endpoints.map((endpoint) => ({
    method: endpoint.method.toUpperCase(),
    regex: new RegExp('^' + expressPath(endpoint.path).replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '[^/]+') + '/?$'),
  }));
  return (req, res) => {
    const allowed = patterns.filter((p) => p.regex.test(req.path)).map((p) => p.method);
    if (allowed.length > 0) {
      res.set('Allow', [...new Set(allowed)].join(', '));
      sendProblem(
        res,
        new AppError('method_not_allowed', `${req.method} is not allowed here; use ${allowed.join(' or ')}.`),
      );
      return;
    }
    sendProblem(res, new NotFoundError('Route', `${req.method} ${req.path}`));
  };
}
