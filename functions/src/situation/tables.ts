// The overview's tables as HXL CSV (GET /disasters/{id}/situation.csv), written by the exports'
// CSV encoder (exports/formats.ts). Each table is long: its dimensions, then `indicator`
// (#indicator+name) and `value` (#indicator+num), so core HXL tells every figure apart and a
// pivot in any HXL tool rebuilds the wide view. Tags: docs/interop.md ("Situation overview").
import { encoderFor } from '../exports/formats.js';
import type { Cell, Column, Table } from '../exports/model.js';
import { NEEDS, REQUEST_STATUSES } from '../shared/vocabulary.js';
import type { Situation, SituationTable } from './model.js';

interface FigureRow {
  /** The dimension columns' values, by header. */
  at: Record<string, Cell>;
  indicator: string;
  value: number | null;
}

const dimension = (header: string, tag: string): Column<FigureRow> => ({
  header,
  tag,
  value: (row) => row.at[header] ?? null,
});

function tableOf(name: string, dimensions: Column<FigureRow>[]): Table<FigureRow> {
  return {
    name,
    columns: [
      { header: 'disaster_id', tag: '#crisis+code', value: (row) => row.at.disaster_id ?? null },
      ...dimensions,
      { header: 'indicator', tag: '#indicator+name', value: (row) => row.indicator },
      { header: 'value', tag: '#indicator+num', value: (row) => row.value },
    ],
    point: (row) =>
      typeof row.at.lat === 'number' && typeof row.at.lon === 'number' ? { lat: row.at.lat, lng: row.at.lon } : null,
    label: (row) => row.indicator,
  };
}

const TABLES: Record<SituationTable, Table<FigureRow>> = {
  needs: tableOf('needs', [dimension('need', '#need+type'), dimension('status', '#status+code')]),
  series: tableOf('series', [
    dimension('start', '#date+start'),
    dimension('end', '#date+end'),
    dimension('need', '#need+type'),
  ]),
  status_series: tableOf('status_series', [
    dimension('start', '#date+start'),
    dimension('end', '#date+end'),
    dimension('status', '#status+code'),
  ]),
  cells: tableOf('cells', [dimension('area', '#loc+code'), dimension('lat', '#geo+lat'), dimension('lon', '#geo+lon')]),
  times: tableOf('times', []),
  counts: tableOf('counts', []),
};

function rowsOf(table: SituationTable, s: Situation): FigureRow[] {
  const base = { disaster_id: s.disaster_id };
  switch (table) {
    case 'needs':
      return s.by_need.flatMap((row) =>
        REQUEST_STATUSES.map((status) => ({
          at: { ...base, need: row.need, status },
          indicator: 'requests',
          value: row.by_status[status],
        })),
      );
    case 'series':
      return s.series.points.flatMap((point) =>
        NEEDS.map((need) => ({
          at: { ...base, start: point.start, end: point.end, need },
          indicator: 'open_at_end',
          value: point.open_by_need[need],
        })),
      );
    case 'status_series':
      return s.series.points.flatMap((point) =>
        REQUEST_STATUSES.map((status) => ({
          at: { ...base, start: point.start, end: point.end, status },
          indicator: 'requests_at_end',
          value: point.by_status[status],
        })),
      );
    case 'cells':
      return s.cells.items.flatMap((cell) =>
        (['open', 'total'] as const).map((indicator) => ({
          at: { ...base, area: cell.geohash, lat: cell.center.lat, lon: cell.center.lng },
          indicator: indicator === 'open' ? 'open_requests' : 'requests',
          value: cell[indicator],
        })),
      );
    case 'times':
      return Object.entries(s.times).flatMap(([name, d]) => [
        { at: base, indicator: `${name}_requests`, value: d.requests },
        { at: base, indicator: `${name}_median_seconds`, value: d.median_seconds },
        { at: base, indicator: `${name}_p90_seconds`, value: d.p90_seconds },
      ]);
    case 'counts':
      return [
        ...Object.entries(s.counts).map(([name, value]) => ({ at: base, indicator: name, value })),
        { at: base, indicator: 'suppressed_cells', value: s.cells.suppressed.cells },
        { at: base, indicator: 'suppressed_cell_requests', value: s.cells.suppressed.total },
      ];
  }
}

/** One table of the overview as HXL CSV: the header row, the hashtag row, then the figures. */
export function situationCsv(table: SituationTable, s: Situation): { contentType: string; text: string } {
  const encoder = encoderFor('csv', TABLES[table], false);
  let text = encoder.head();
  for (const row of rowsOf(table, s)) text += encoder.row(row);
  return { contentType: encoder.contentType, text: text + encoder.tail() };
}
