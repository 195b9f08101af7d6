// /exports/... (issue 16): HXL-tagged CSV, GeoJSON and KML files, streamed. Columns, tags and
// the row limit: docs/interop.md ("Exports").
import { z } from 'zod';
import { Streamed, defineEndpoint } from '../http/endpoint.js';
import { geoJsonSchemaOf } from './formats.js';
import { requestExportQuery, resourceExportQuery, threeWExportQuery, type Table } from './model.js';
import { requestTable, resourceTable } from './tables.js';
import * as exportService from './service.js';

const TAG = 'exports';
const STAFF = ['admin', 'responder'] as const;
/** The three formats of a table: CSV and KML are text, GeoJSON is JSON (checked and documented as such). */
function files<Row>(table: Table<Row>) {
  return {
    'text/csv': z.string(),
    'application/geo+json': geoJsonSchemaOf(table),
    'application/vnd.google-earth.kml+xml': z.string(),
  };
}
/**
 * One export may read 25,000 documents where a list page reads 200: 20 per user per 10 minutes
 * (over all instances, like every read limit) leaves room for a dispatcher's work and none for a scraper.
 */
const EXPORT_READ_LIMIT = { bucket: 'exports', perUser: 20, perIp: 20, windowSeconds: 600 };
const LIMIT = [
  `Streams up to 25,000 rows (EXPORT_MAX_ROWS), newest first (X-Export-Rows gives the count);`,
  `more is a 422 export_too_large before the first byte: split by created_from / created_before. personal_data=include adds free text and uids and is recorded in the audit trail.`,
  `Columns and HXL hashtags: docs/interop.md.`,
].join(' ');

function file(stream: exportService.ExportStream): Streamed {
  return new Streamed(
    {
      'Content-Type': stream.contentType,
      'Content-Disposition': `attachment; filename="${stream.filename}"`,
      'X-Export-Rows': String(stream.rows),
    },
    (sink) => stream.write((chunk) => sink.write(chunk)),
  );
}

export const exportEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/exports/requests',
    tag: TAG,
    summary: "A disaster's help requests as HXL CSV, GeoJSON or KML; the filters of GET /requests/disaster/{id}.",
    description: LIMIT,
    access: STAFF,
    ownership: [
      'Each row in the staff view of requests/visibility.ts (as GET /requests/disaster/{id}).',
      '404 for an unknown disaster.',
    ].join(' '),
    query: requestExportQuery,
    readLimit: EXPORT_READ_LIMIT,
    raw: true,
    produces: files(requestTable),
    response: z.string(),
    errors: [404, 422],
    handler: async ({ caller, query }) => file(await exportService.exportRequests(caller, query)),
  }),
  defineEndpoint({
    method: 'get',
    path: '/exports/resources',
    tag: TAG,
    summary: 'Resources as HXL CSV, GeoJSON or KML; the filters of GET /resources.',
    description: LIMIT,
    access: STAFF,
    ownership: [
      "Each row through resources' toView: by default volunteers' own resources at the centre of their ~5 km cell and no owner;",
      'with personal_data=include as staff see them.',
    ].join(' '),
    query: resourceExportQuery,
    readLimit: EXPORT_READ_LIMIT,
    raw: true,
    produces: files(resourceTable),
    response: z.string(),
    errors: [422],
    handler: async ({ caller, query }) => file(await exportService.exportResources(caller, query)),
  }),
  defineEndpoint({
    method: 'get',
    path: '/exports/3w',
    tag: TAG,
    summary: [
      "A disaster's tasks as a 3W report (who, what, where, when, status) in HXL CSV;",
      'the filters of GET /tasks.',
    ].join(' '),
    description: LIMIT,
    access: STAFF,
    ownership: "Where is the linked request's point in the caller's view of it. 404 for an unknown disaster.",
    query: threeWExportQuery,
    readLimit: EXPORT_READ_LIMIT,
    raw: true,
    produces: ['text/csv'],
    response: z.string(),
    errors: [404, 422],
    handler: async ({ caller, query }) => file(await exportService.exportThreeW(caller, query)),
  }),
];
