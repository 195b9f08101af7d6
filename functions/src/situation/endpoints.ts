// /disasters/{id}/situation (issue 26, item 5): the overview staff read on the console's
// Situation screen, and the same figures as HXL CSV tables.
import { z } from 'zod';
import { defineEndpoint, Reply } from '../http/endpoint.js';
import { idSchema } from '../shared/schemas.js';
import { situationCsvQuerySchema, situationQuerySchema, situationSchema } from './model.js';
import { situation } from './service.js';
import { situationCsv } from './tables.js';

const TAG = 'situation';
const STAFF = ['admin', 'responder'] as const;
const params = z.strictObject({ id: idSchema });
/**
 * An overview reads every request and task of the disaster (one read each, at most once per
 * 30 s per instance): 60 per user per 10 minutes is the console's screen (every 5 minutes), the five
 * tables downloaded a few times and reloads, and no scraper's loop.
 */
const SITUATION_READ_LIMIT = { bucket: 'situation', perUser: 60, perIp: 60, windowSeconds: 600 };
const OWNERSHIP =
  'Any staff member, any disaster they may see (a suggestion: admins only, 404 to others); counts and times only, cells of fewer than 3 requests merged into one suppressed count.';

export const situationEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/disasters/{id}/situation',
    tag: TAG,
    summary:
      "A disaster's situation: requests by need, status, time and coarse cell; times to first task and fulfilment.",
    description: [
      'Counts and durations only: no request, person or point.',
      'Figures are at most 30 s old (as_of).',
      'Definitions: docs/interop.md ("Situation overview").',
    ].join(' '),
    access: STAFF,
    ownership: OWNERSHIP,
    params,
    query: situationQuerySchema,
    readLimit: SITUATION_READ_LIMIT,
    response: situationSchema,
    errors: [404],
    handler: async ({ caller, params, query }) => situation(caller, params.id, query),
  }),
  defineEndpoint({
    method: 'get',
    path: '/disasters/{id}/situation.csv',
    tag: TAG,
    summary: 'One table of the situation overview as HXL CSV (needs, series, status_series, cells, times or counts).',
    description:
      'Long tables: the dimensions, then indicator (#indicator+name) and value (#indicator+num). Columns and tags: docs/interop.md.',
    access: STAFF,
    ownership: OWNERSHIP,
    params,
    query: situationCsvQuerySchema,
    readLimit: SITUATION_READ_LIMIT,
    produces: ['text/csv'],
    response: z.string(),
    errors: [404],
    handler: async ({ caller, params, query }) => {
      const figures = await situation(caller, params.id, { bucket: query.bucket });
      const csv = situationCsv(query.table, figures);
      const day = figures.as_of.slice(0, 10);
      return new Reply(200, csv.text, {
        'Content-Type': csv.contentType,
        'Content-Disposition': `attachment; filename="situation-${query.table}-${params.id}-${day}.csv"`,
      });
    },
  }),
];
