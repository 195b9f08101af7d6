// What the exports take and what their columns are. Every column names its HXL hashtag (HXL 1.1
// core vocabulary only: test/fixtures/hxl-core.ts) and is documented in docs/interop.md.
import { z } from 'zod';
import { requestListFilters } from '../requests/model.js';
import { resourceListFilters } from '../resources/model.js';
import { idSchema } from '../shared/schemas.js';
import { taskListFilters } from '../tasks/model.js';

export const EXPORT_FORMATS = ['csv', 'geojson', 'kml'] as const;
export const exportFormatSchema = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

/** Documents read per Firestore query while streaming: two pages are held at a time. */
export const EXPORT_PAGE_SIZE = 1000;

const window = {
  created_from: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('Only rows created at or after this time (ISO-8601): with created_before, one slice of a large export.'),
  created_before: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('Only rows created before this time (ISO-8601).'),
};

const personalData = z
  .enum(['omit', 'include'])
  .default('omit')
  .describe(
    "omit (default): no free text written by or about people and no one's uid, and volunteers' own resources at the centre of their ~5 km cell. include: adds them (the staff view); recorded in the audit trail.",
  );

export const requestExportQuery = z.strictObject({
  disaster_id: idSchema.describe('The disaster whose requests to export.'),
  ...requestListFilters,
  ...window,
  format: exportFormatSchema.default('csv'),
  personal_data: personalData,
});
export type RequestExportQuery = z.infer<typeof requestExportQuery>;

export const resourceExportQuery = z.strictObject({
  ...resourceListFilters,
  ...window,
  format: exportFormatSchema.default('csv'),
  personal_data: personalData,
});
export type ResourceExportQuery = z.infer<typeof resourceExportQuery>;

export const threeWExportQuery = z.strictObject({
  ...taskListFilters,
  disaster_id: idSchema.describe('The disaster whose tasks to report.'),
  ...window,
  format: z.enum(['csv']).default('csv'),
  personal_data: personalData,
});
export type ThreeWExportQuery = z.infer<typeof threeWExportQuery>;

export type Cell = string | number | null;

/** One column of an export: its CSV header (and GeoJSON/KML property name) and HXL hashtag. */
export interface Column<Row> {
  header: string;
  tag: string;
  /** Only with personal_data=include. */
  personal?: true;
  value(row: Row): Cell;
}

/** What an export holds besides its columns: the rows' point (maps) and a label (KML names). */
export interface Table<Row> {
  /** e.g. `requests`: the file name's start and the KML document's name. */
  name: string;
  columns: readonly Column<Row>[];
  point(row: Row): { lat: number; lng: number } | null;
  label(row: Row): string;
}
