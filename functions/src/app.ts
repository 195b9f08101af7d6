// The one Express app behind the `api` function. Built here, started elsewhere: the same app
// goes to onRequest (index.ts) and to standalone servers in benchmarks and tools.
import express from 'express';
import { config } from './config.js';
import { allEndpoints } from './endpoints.js';
import { captureRawBody } from './http/body.js';
import type { Endpoint } from './http/endpoint.js';
import { cors, requestContext, securityHeaders, unmatchedRoute } from './http/middleware.js';
import { problemMiddleware } from './http/problem.js';
import { buildRouter } from './http/router.js';

export function buildApp(endpoints: readonly Endpoint[] = allEndpoints): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  // Behind the Functions front end: the client's address comes from X-Forwarded-For.
  app.set('trust proxy', true);
  app.use(requestContext);
  app.use(securityHeaders);
  app.use(cors(config.corsAllowedOrigins()));
  app.use(captureRawBody);
  app.use(buildRouter(endpoints));
  app.use(unmatchedRoute(endpoints));
  app.use(problemMiddleware);
  return app;
}
