// /feeds/...: public feeds for aggregators. The CAP messages themselves are issued by disasters/cap.ts.
import { z } from 'zod';
import { ATOM_MEDIA_TYPE, capFeed } from '../disasters/cap.js';
import { defineEndpoint, Reply } from '../http/endpoint.js';

export const feedEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/feeds/cap',
    tag: 'feeds',
    summary: 'Atom 1.0 feed of current CAP alerts, for aggregators (public).',
    description: [
      'One entry per disaster with a live alert (its latest Alert or Update), and the Cancels of the last 24 hours, newest first, each linking to GET /disasters/{id}/cap.',
      'Cacheable for 60 s.',
    ].join(' '),
    access: 'public',
    produces: [ATOM_MEDIA_TYPE],
    response: z.string(),
    handler: async () => new Reply(200, await capFeed(), { 'Cache-Control': 'public, max-age=60' }),
  }),
];
