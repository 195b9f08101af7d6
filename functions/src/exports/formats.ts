// The three export formats as text, row by row: HXL-tagged CSV (RFC 4180), GeoJSON (RFC 7946)
// and KML 2.2. Each encoder turns a row into a chunk, so a whole export is never held at once.
import { z } from 'zod';
import type { Cell, Column, ExportFormat, Table } from './model.js';

export interface Encoder<Row> {
  contentType: string;
  extension: string;
  head(): string;
  row(row: Row): string;
  tail(): string;
}

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (CSV injection, OWASP):
 * user text such as "=HYPERLINK(...)" is prefixed with an apostrophe, shown but never run.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: readonly Cell[]) => cells.map(csvCell).join(',') + '\r\n';

/** Anything outside XML 1.0's BMP characters (controls but tab, CR, LF; surrogates; U+FFFE/F). */
const MAYBE_NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD]/;

const isXmlChar = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  code >= 0x10000;

/** Drops what XML cannot hold at all; a well-formed pair of surrogates (an emoji) is kept. */
function xmlChars(value: string): string {
  if (!MAYBE_NOT_XML.test(value)) return value;
  let kept = '';
  for (const char of value) if (isXmlChar(char.codePointAt(0) ?? 0)) kept += char;
  return kept;
}

export function xmlText(value: string): string {
  return xmlChars(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function csvEncoder<Row>(columns: readonly Column<Row>[]): Encoder<Row> {
  return {
    contentType: 'text/csv; charset=utf-8; header=present',
    extension: 'csv',
    // Row 1 the headers, row 2 the HXL hashtags: what HXL tools look for.
    head: () => csvLine(columns.map((c) => c.header)) + csvLine(columns.map((c) => c.tag)),
    row: (row) => csvLine(columns.map((c) => c.value(row))),
    tail: () => '',
  };
}

function geoJsonEncoder<Row>(table: Table<Row>, columns: readonly Column<Row>[]): Encoder<Row> {
  let first = true;
  return {
    contentType: 'application/geo+json',
    extension: 'geojson',
    head: () => '{"type":"FeatureCollection","features":[\n',
    row(row) {
      const point = table.point(row);
      const feature = {
        type: 'Feature',
        geometry: point === null ? null : { type: 'Point', coordinates: [point.lng, point.lat] },
        properties: Object.fromEntries(columns.map((c) => [c.header, c.value(row)])),
      };
      const chunk = (first ? '' : ',\n') + JSON.stringify(feature);
      first = false;
      return chunk;
    },
    tail: () => '\n]}\n',
  };
}

const cellSchema = z.union([z.string(), z.number(), z.null()]);

/**
 * What `geoJsonEncoder` writes for a table, for the OpenAPI document: a FeatureCollection of one
 * Feature per row, its point or no geometry, the table's columns as properties (the personal
 * ones only with personal_data=include).
 */
export function geoJsonSchemaOf<Row>(table: Table<Row>): z.ZodType {
  const properties = Object.fromEntries(
    table.columns.map((c) => [c.header, c.personal ? cellSchema.optional() : cellSchema]),
  );
  return z.strictObject({
    type: z.literal('FeatureCollection'),
    features: z.array(
      z.strictObject({
        type: z.literal('Feature'),
        geometry: z
          .strictObject({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) })
          .nullable()
          .describe('The point of the row as [lng, lat], or null.'),
        properties: z.strictObject(properties),
      }),
    ),
  });
}

function kmlEncoder<Row>(table: Table<Row>, columns: readonly Column<Row>[]): Encoder<Row> {
  return {
    contentType: 'application/vnd.google-earth.kml+xml; charset=utf-8',
    extension: 'kml',
    head: () =>
      '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document>' +
      `<name>${xmlText(table.name)}</name>\n`,
    row(row) {
      const point = table.point(row);
      const data = columns
        .map((c) => {
          const value = c.value(row);
          return `<Data name="${xmlText(c.header)}"><value>${value === null ? '' : xmlText(String(value))}</value></Data>`;
        })
        .join('');
      const geometry = point === null ? '' : `<Point><coordinates>${point.lng},${point.lat}</coordinates></Point>`;
      return `<Placemark><name>${xmlText(table.label(row))}</name><ExtendedData>${data}</ExtendedData>${geometry}</Placemark>\n`;
    },
    tail: () => '</Document></kml>\n',
  };
}

export function encoderFor<Row>(format: ExportFormat, table: Table<Row>, personal: boolean): Encoder<Row> {
  const columns = table.columns.filter((c) => personal || !c.personal);
  switch (format) {
    case 'csv':
      return csvEncoder(columns);
    case 'geojson':
      return geoJsonEncoder(table, columns);
    case 'kml':
      return kmlEncoder(table, columns);
  }
}
