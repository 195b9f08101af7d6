// GET /health, GET /openapi.json, GET /docs.
import { z } from 'zod';
import { defineEndpoint, Reply, type Endpoint } from '../http/endpoint.js';
import { openApiDocument } from '../http/openapi.js';
import { docsPage } from './docs-page.js';

/** `all`: every endpoint, asked for only when the document or the page is first served. */
export function metaEndpoints(all: () => Promise<readonly Endpoint[]>): Endpoint[] {
  let openApi: Record<string, unknown> | undefined;
  let html: string | undefined;
  return [
    defineEndpoint({
      method: 'get',
      path: '/health',
      tag: 'meta',
      summary: 'Liveness check; touches no database.',
      access: 'public',
      // Probes and load balancers poll it; it costs nothing to answer.
      readLimit: null,
      response: z.object({ status: z.literal('ok') }),
      handler: () => Promise.resolve({ status: 'ok' as const }),
    }),
    defineEndpoint({
      method: 'get',
      path: '/openapi.json',
      tag: 'meta',
      summary: 'This API as an OpenAPI 3.1 document.',
      access: 'public',
      response: z.record(z.string(), z.unknown()),
      handler: async () => (openApi ??= openApiDocument(await all())),
    }),
    defineEndpoint({
      method: 'get',
      path: '/docs',
      tag: 'meta',
      summary: 'This API as a page for people.',
      access: 'public',
      raw: true,
      response: z.string(),
      handler: async () =>
        new Reply(200, (html ??= docsPage(await all())), {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
        }),
    }),
  ];
}
