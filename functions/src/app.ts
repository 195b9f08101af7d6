// The one Express app behind the `api` function. Built here, started elsewhere: the same app
// goes to onRequest (index.ts) and to standalone servers in benchmarks and tools.
import express from 'express';
import { config } from './config.js';
import { captureRawBody } from './http/body.js';
import type { Endpoint } from './http/endpoint.js';
import { cors, requestContext, securityHeaders, unmatchedRoute } from './http/middleware.js';
import { problemMiddleware } from './http/problem.js';
import { buildRouter, lazyRouter } from './http/router.js';
import { lazyFeatures } from './routes.js';

/**
 * Firebase Hosting's `/api/**` rewrite (the console's origin) hands the function the full path,
 * `/api/health`; the Functions URL hands it `/health`. Both reach the same routes.
 */
export const HOSTING_PREFIX = '/api';

const stripHostingPrefix: express.RequestHandler = (req, _res, next) => {
  const rest = req.url.slice(HOSTING_PREFIX.length);
  if (req.url.startsWith(HOSTING_PREFIX) && (rest === '' || rest.startsWith('/') || rest.startsWith('?')))
    req.url = rest.startsWith('/') ? rest : `/${rest}`;
  next();
};

/** Every endpoint, each feature loaded on its first request (routes.ts); or exactly `endpoints`. */
export function buildApp(endpoints?: readonly Endpoint[]): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  // Behind the Functions front end: the client's address is the X-Forwarded-For entry Google's
  // front end appended, not the leftmost one, which the client writes (config.trustedProxyHops).
  app.set('trust proxy', config.trustedProxyHops());
  app.use(stripHostingPrefix);
  app.use(requestContext);
  app.use(securityHeaders);
  app.use(cors(config.corsAllowedOrigins()));
  app.use(captureRawBody);
  if (endpoints) app.use(buildRouter(endpoints), unmatchedRoute(endpoints));
  else app.use(lazyRouter(lazyFeatures), unmatchedRoute([]));
  app.use(problemMiddleware);
  return app;
}
