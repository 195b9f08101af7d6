// The situation overview (staff): GET /disasters/{id}/situation drawn as three Chartist bar charts
// (SVG, in this lazy chunk with its stylesheet), each a figure whose caption sums it up in a
// sentence and whose figures are one click away as a table; the areas, times and counts as text.
// Why Chartist: docs/console.md ("Situation").
import { BarChart, type BarChartData, type BarChartOptions } from 'chartist';
import chartistCss from 'chartist/dist/index.css';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, NEEDS, REQUEST_STATUSES, api, apiText, type Need, type Situation } from './api.js';
import { formatNumber, formatTime, locale, t, type MessageKey } from './i18n.js';
import { needLabel, statusLabel } from './labels.js';
import { poll } from './live.js';
import { AsOf, withCopy, type Fresh } from './offline-copy.js';
import { DisasterPicker, ErrorNote, useDisasters } from './shared.js';
import { addStylesheet } from './stylesheet.js';

/**
 * An overview reads every request and task of the disaster (docs/interop.md, "Situation overview"):
 * 13,000 reads for 10,000 requests. Five minutes between refreshes keeps an open screen near 160,000
 * reads an hour; the figures change slowly.
 */
const REFRESH_MS = 300_000;
const TABLES = ['needs', 'series', 'status_series', 'cells', 'times', 'counts'] as const;

export function SituationScreen() {
  const disasters = useDisasters();
  const id = disasters.chosen;
  const [fresh, setFresh] = useState<Fresh<Situation> | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    setFresh(null);
    if (!id) return;
    const load = withCopy(`situation:${id}`, () => api<Situation>('GET', `/disasters/${id}/situation`));
    return poll(
      load,
      (next) => {
        setFresh(next);
        setError(null);
      },
      setError,
      REFRESH_MS,
    );
  }, [id]);

  const s = fresh?.data;
  return (
    <section aria-labelledby="situation-heading" class="situation">
      <h1 id="situation-heading">{t('situation_heading')}</h1>
      <div class="toolbar">
        <DisasterPicker {...disasters} />
      </div>
      <AsOf asOf={fresh?.asOf} />
      <ErrorNote error={fresh?.asOf ? null : error} />
      {!s ? (
        <p role="status">{t('loading')}</p>
      ) : (
        <>
          <p class="as-of-figures">{t('situation_as_of', { time: formatTime(s.as_of) })}</p>
          <Counts s={s} />
          <OverTime s={s} />
          <StatusOverTime s={s} />
          <ByNeed s={s} />
          <Times s={s} />
          <Cells s={s} />
          <Downloads disasterId={s.disaster_id} />
        </>
      )}
    </section>
  );
}

function Counts({ s }: { s: Situation }) {
  const items: [MessageKey, number][] = [
    ['situation_total', s.counts.total],
    ['situation_open', s.counts.open],
    ['situation_unconfirmed', s.counts.unconfirmed],
    ['situation_merged', s.counts.merged],
    ['situation_awaiting_location', s.counts.awaiting_location],
  ];
  return (
    <section aria-labelledby="situation-counts">
      <h2 id="situation-counts">{t('situation_counts')}</h2>
      <dl class="tiles">
        {items.map(([key, value]) => (
          <div key={key} class="tile" data-count={key}>
            <dt>{t(key)}</dt>
            <dd>{formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A Chartist bar chart in `element`, redrawn when `data` changes; hidden from screen readers (the figure says it). */
function useBarChart(data: BarChartData, options: BarChartOptions, barWidth: (plotWidth: number) => number) {
  const element = useRef<HTMLDivElement>(null);
  const json = JSON.stringify(data);
  useEffect(() => {
    if (!element.current) return;
    addStylesheet(chartistCss);
    const chart = new BarChart(element.current, data, options);
    chart.on('draw', (event: { type: string; element: { attr(a: Record<string, string>): void } }) => {
      if (event.type === 'bar')
        event.element.attr({ style: `stroke-width: ${barWidth(element.current?.clientWidth ?? 320)}px` });
    });
    return () => chart.detach();
    // Redrawn for new figures only: `json` stands for `data`, options are constants of the caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [json]);
  return element;
}

function needsIn(s: Situation): Need[] {
  return NEEDS.filter((need) => s.series.points.some((p) => p.open_by_need[need] > 0));
}

type Point = Situation['series']['points'][number];

/** A bucket's time: the hour (with the day when the series spans more than a day), or the day. */
function bucketLabel(iso: string, bucket: Situation['series']['bucket'], withDay: boolean): string {
  const at = new Date(iso);
  if (bucket === 'day') return new Intl.DateTimeFormat(locale.get(), { day: 'numeric', month: 'short' }).format(at);
  return new Intl.DateTimeFormat(locale.get(), {
    ...(withDay ? { weekday: 'short' } : {}),
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}

/** A point counts at its bucket's end (the current one: now): an hour is labelled by that time, a day by its date. */
function pointLabeller(s: Situation): (p: Point) => string {
  const withDay = s.series.points.length > 24;
  return (p) =>
    bucketLabel(s.series.bucket === 'day' ? p.start : p.end < s.as_of ? p.end : s.as_of, s.series.bucket, withDay);
}

interface StackedSeries {
  className: string;
  label: string;
  values: (p: Point) => number;
}

/**
 * One stacked bar per bucket of the series, as a figure: its caption (a heading and the summary
 * sentence), the chart hidden from screen readers, a legend, and the figures as a table whose last
 * column is `total`.
 */
function SeriesFigure(props: {
  s: Situation;
  chart: string;
  title: string;
  summary: string;
  series: StackedSeries[];
  total: [label: string, values: (p: Point) => number];
}) {
  const { s, chart, title, summary, series, total } = props;
  const points = s.series.points;
  const labels = points.map(pointLabeller(s));
  const every = Math.max(1, Math.ceil(points.length / 6));
  const element = useBarChart(
    {
      labels,
      series: series.map(({ className, label, values }) => ({ name: label, className, data: points.map(values) })),
    },
    {
      stackBars: true,
      height: 220,
      chartPadding: { top: 16, right: 10, bottom: 0, left: 0 },
      axisY: { onlyInteger: true, offset: 30 },
      axisX: { showGrid: false, labelInterpolationFnc: (label, index) => (index % every === 0 ? label : null) },
    },
    (width) => Math.max(2, Math.min(24, ((width - 40) / Math.max(1, points.length)) * 0.7)),
  );
  return (
    <figure class="chart-figure" aria-labelledby={`${chart}-caption`}>
      <figcaption id={`${chart}-caption`}>
        <h2>{title}</h2>
        <p>{summary}</p>
      </figcaption>
      <div ref={element} class="chart" aria-hidden="true" data-chart={chart} />
      <Legend items={series.map(({ className, label }) => [className, label])} />
      <FigureTable
        title={title}
        columns={[t('situation_time'), ...series.map(({ label }) => label), total[0]]}
        rows={points.map((p, k) => [labels[k]!, ...series.map(({ values }) => values(p)), total[1](p)])}
      />
    </figure>
  );
}

const peakOf = (points: Point[], value: (p: Point) => number) =>
  points.reduce((best, p) => (value(p) > value(best) ? p : best), points[0]!);

function OverTime({ s }: { s: Situation }) {
  const points = s.series.points;
  const needs = needsIn(s);
  const last = points.at(-1);
  const peak = peakOf(points, (p) => p.open);
  const nowByNeed = needs
    .filter((need) => (last?.open_by_need[need] ?? 0) > 0)
    .map((need) => `${needLabel(need)} ${formatNumber(last!.open_by_need[need])}`)
    .join(', ');
  return (
    <SeriesFigure
      s={s}
      chart="over-time"
      title={t('situation_over_time')}
      summary={t('situation_over_time_summary', {
        open: formatNumber(last?.open ?? 0),
        needs: nowByNeed || t('situation_none'),
        peak: formatNumber(peak.open),
        peak_time: pointLabeller(s)(peak),
        buckets: points.length,
        bucket: t(s.series.bucket === 'hour' ? 'situation_bucket_hour' : 'situation_bucket_day'),
      })}
      series={needs.map((need) => ({
        className: `need-${need}`,
        label: needLabel(need),
        values: (p) => p.open_by_need[need],
      }))}
      total={[t('situation_open'), (p) => p.open]}
    />
  );
}

/** Past statuses are rebuilt from milestones (docs/interop.md, "Situation overview"); the caption says so. */
function StatusOverTime({ s }: { s: Situation }) {
  const points = s.series.points;
  const last = points.at(-1);
  const peak = peakOf(points, (p) => p.by_status.in_progress);
  const made = (p: Point) => REQUEST_STATUSES.reduce((sum, status) => sum + p.by_status[status], 0);
  const nowByStatus = REQUEST_STATUSES.filter((status) => (last?.by_status[status] ?? 0) > 0)
    .map((status) => `${statusLabel(status)} ${formatNumber(last!.by_status[status])}`)
    .join(', ');
  return (
    <SeriesFigure
      s={s}
      chart="status-over-time"
      title={t('situation_status_over_time')}
      summary={t('situation_status_over_time_summary', {
        statuses: nowByStatus || t('situation_none'),
        total: formatNumber(last ? made(last) : 0),
        peak: formatNumber(peak.by_status.in_progress),
        peak_time: pointLabeller(s)(peak),
      })}
      series={REQUEST_STATUSES.map((status) => ({
        className: `status-${status}`,
        label: statusLabel(status),
        values: (p) => p.by_status[status],
      }))}
      total={[t('situation_total'), made]}
    />
  );
}

function ByNeed({ s }: { s: Situation }) {
  const rows = s.by_need.filter((row) => row.total > 0);
  const element = useBarChart(
    {
      labels: rows.map((row) => needLabel(row.need)),
      series: REQUEST_STATUSES.map((status) => ({
        name: statusLabel(status),
        className: `status-${status}`,
        data: rows.map((row) => row.by_status[status]),
      })),
    },
    {
      stackBars: true,
      horizontalBars: true,
      reverseData: true,
      height: Math.max(120, 34 * rows.length + 40),
      chartPadding: { top: 10, right: 16, bottom: 0, left: 0 },
      axisY: { offset: 84, showGrid: false },
      axisX: { onlyInteger: true },
    },
    () => 18,
  );
  const top = rows.reduce<(typeof rows)[number] | null>(
    (best, row) => (!best || row.total > best.total ? row : best),
    null,
  );
  return (
    <figure class="chart-figure" aria-labelledby="by-need-caption">
      <figcaption id="by-need-caption">
        <h2>{t('situation_by_need')}</h2>
        <p>
          {top
            ? t('situation_by_need_summary', {
                need: needLabel(top.need),
                total: formatNumber(top.total),
                open: formatNumber(top.open),
                total_all: formatNumber(s.counts.total),
              })
            : t('situation_none')}
        </p>
      </figcaption>
      <div ref={element} class="chart" aria-hidden="true" data-chart="by-need" />
      <Legend items={REQUEST_STATUSES.map((status) => [`status-${status}`, statusLabel(status)])} />
      <FigureTable
        title={t('situation_by_need')}
        columns={[t('situation_need'), ...REQUEST_STATUSES.map(statusLabel)]}
        rows={rows.map((row) => [needLabel(row.need), ...REQUEST_STATUSES.map((status) => row.by_status[status])])}
      />
    </figure>
  );
}

/** A chart's figures as a table, one click away: the first column heads each row. */
function FigureTable({ title, columns, rows }: { title: string; columns: string[]; rows: [string, ...number[]][] }) {
  return (
    <details>
      <summary>{t('situation_data_table')}</summary>
      <div class="table-scroll" tabIndex={0} role="region" aria-label={title}>
        <table>
          <caption class="visually-hidden">{title}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([head, ...figures], k) => (
              <tr key={k}>
                <th scope="row">{head}</th>
                {figures.map((figure, k) => (
                  <td key={columns[k + 1]}>{formatNumber(figure)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function Legend({ items }: { items: [className: string, label: string][] }) {
  return (
    <ul class="legend" aria-hidden="true">
      {items.map(([className, label]) => (
        <li key={className}>
          <span class={`swatch ${className}`} />
          {label}
        </li>
      ))}
    </ul>
  );
}

/** 95 s → "1 min 35 s"; 7800 s → "2 h 10 min". */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  return `${formatNumber(hours / 24, 1)} d`;
}

function Times({ s }: { s: Situation }) {
  const rows: [MessageKey, Situation['times']['to_first_task']][] = [
    ['situation_to_first_task', s.times.to_first_task],
    ['situation_to_fulfilment', s.times.to_fulfilment],
  ];
  return (
    <section aria-labelledby="situation-times">
      <h2 id="situation-times">{t('situation_times')}</h2>
      <dl class="times">
        {rows.map(([key, d]) => (
          <div key={key} data-time={key}>
            <dt>{t(key)}</dt>
            <dd>
              {d.median_seconds === null || d.p90_seconds === null
                ? t('situation_no_time')
                : `${t('situation_median')} ${formatDuration(d.median_seconds)} · ${t('situation_p90')} ${formatDuration(d.p90_seconds)} (${t('situation_over', { count: formatNumber(d.requests) })})`}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Cells({ s }: { s: Situation }) {
  const { items, suppressed, min_requests: min } = s.cells;
  return (
    <section aria-labelledby="situation-cells">
      <h2 id="situation-cells">{t('situation_cells')}</h2>
      <p>
        {t('situation_cells_summary', {
          cells: formatNumber(items.length),
          suppressed: formatNumber(suppressed.total),
          suppressed_cells: formatNumber(suppressed.cells),
          min,
        })}
      </p>
      {items.length === 0 ? (
        <p>{t('situation_no_cells')}</p>
      ) : (
        <div class="table-scroll" tabIndex={0} role="region" aria-label={t('situation_cells')}>
          <table class="cells">
            <thead>
              <tr>
                <th scope="col">{t('situation_cell')}</th>
                <th scope="col">{t('situation_open')}</th>
                <th scope="col">{t('situation_total')}</th>
                <th scope="col">{t('situation_cell_centre')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((cell) => (
                <tr key={cell.geohash}>
                  <th scope="row">{cell.geohash}</th>
                  <td>
                    <span class="cell-bar" style={{ width: `${(cell.open / Math.max(1, items[0]!.open)) * 4}rem` }} />
                    {formatNumber(cell.open)}
                  </td>
                  <td>{formatNumber(cell.total)}</td>
                  <td>
                    {cell.center.lat.toFixed(3)}, {cell.center.lng.toFixed(3)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Downloads({ disasterId }: { disasterId: string }) {
  const [error, setError] = useState<unknown>(null);
  const download = async (table: (typeof TABLES)[number]) => {
    try {
      const text = await apiText(`/disasters/${disasterId}/situation.csv?table=${table}`);
      const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `situation-${table}-${disasterId}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      setError(null);
    } catch (e) {
      setError(e instanceof ApiError ? e : new Error(String(e)));
    }
  };
  return (
    <section aria-labelledby="situation-downloads">
      <h2 id="situation-downloads">{t('situation_download')}</h2>
      <ul class="downloads">
        {TABLES.map((table) => (
          <li key={table}>
            <button type="button" class="secondary" onClick={() => void download(table)}>
              {t(`situation_table_${table}`)}
            </button>
          </li>
        ))}
      </ul>
      <ErrorNote error={error} />
    </section>
  );
}
