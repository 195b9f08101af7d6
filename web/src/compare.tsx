// Likely duplicates in the triage queue (issue 26, item 1): the badge on a request the service
// scored likely duplicates for (`possible_duplicates`, staff view), its suggestions, and two
// requests side by side. The merge action is not decided here: whoever shows the comparison passes
// it in (`actions`), so that it sits beside what it acts on.
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { StaffRequestView } from './api.js';
import { formatDate, formatNumber, t } from './i18n.js';
import { needLabel, statusLabel } from './labels.js';

export type PossibleDuplicate = NonNullable<StaffRequestView['possible_duplicates']>[number];
export type DuplicateReason = PossibleDuplicate['reasons'][number];

/** Two requests to compare, and the suggestion that links them. */
export interface Comparing {
  left: string;
  right: string;
  suggestion: PossibleDuplicate;
}

export const reasonLabel = (reason: DuplicateReason) => t(`dup_reason_${reason}`);
const percent = (score: number) => `${formatNumber(Math.round(score * 100))} %`;

/** Great-circle distance in metres, for "how far apart" (no map needed). */
function metresApart(a: StaffRequestView['location'], b: StaffRequestView['location']): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/**
 * The badge of a queue card whose request has likely duplicates, opening the list of them, each
 * with its score, reasons and a Compare button. Nothing when there are none.
 */
export function DuplicateBadge(props: {
  request: StaffRequestView;
  /** The queue's requests, to name the others by their reference. */
  known: readonly StaffRequestView[];
  onCompare: (comparing: Comparing) => void;
}) {
  const [open, setOpen] = useState(false);
  const suggestions = props.request.possible_duplicates ?? [];
  if (suggestions.length === 0) return null;
  const listId = `dups-${props.request.id}`;
  const referenceOf = (id: string) => props.known.find((r) => r.id === id)?.reference ?? id.slice(0, 8);
  return (
    <>
      <button
        type="button"
        class="badge duplicates"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        {t('possible_duplicates', { count: suggestions.length })}
      </button>
      {open && (
        <ul
          id={listId}
          class="duplicates-list"
          aria-label={t('possible_duplicates_of', { ref: props.request.reference })}
        >
          {suggestions.map((s) => (
            <li key={s.id}>
              <span>
                {referenceOf(s.id)} · {percent(s.score)} · {s.reasons.map(reasonLabel).join(', ')}
              </span>{' '}
              <button
                type="button"
                onClick={() => props.onCompare({ left: props.request.id, right: s.id, suggestion: s })}
              >
                {t('compare_with', { ref: referenceOf(s.id) })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Two requests side by side: need, words, place, time, channel, status, and why they may be one. */
export function CompareRequests(props: {
  left: StaffRequestView;
  right: StaffRequestView;
  suggestion: PossibleDuplicate;
  onClose: () => void;
  /** Actions on the pair (the merge), shown under the comparison. */
  actions?: ComponentChildren;
}) {
  const { left, right, suggestion } = props;
  const rows: [string, (r: StaffRequestView) => ComponentChildren][] = [
    [t('need'), (r) => needLabel(r.type_of_need)],
    [t('compare_description'), (r) => r.description],
    [t('compare_location_text'), (r) => r.location_text ?? '—'],
    [t('compare_place'), (r) => `${formatNumber(r.location.lat, 5)}, ${formatNumber(r.location.lng, 5)}`],
    [t('compare_time'), (r) => formatDate(r.created_at)],
    [t('compare_channel'), (r) => t(`channel_${r.channel}`)],
    [t('status'), (r) => statusLabel(r.status)],
  ];
  return (
    <section class="compare" aria-labelledby="compare-heading">
      <h2 id="compare-heading">{t('compare_heading', { left: left.reference, right: right.reference })}</h2>
      <p>
        {t('compare_score', { score: percent(suggestion.score) })}{' '}
        {t('compare_apart', { metres: formatNumber(Math.round(metresApart(left.location, right.location))) })}
      </p>
      <ul class="reasons" aria-label={t('compare_reasons')}>
        {suggestion.reasons.map((reason) => (
          <li key={reason} class="badge">
            {reasonLabel(reason)}
          </li>
        ))}
      </ul>
      <table>
        <caption class="visually-hidden">
          {t('compare_heading', { left: left.reference, right: right.reference })}
        </caption>
        <thead>
          <tr>
            <td />
            <th scope="col">{left.reference}</th>
            <th scope="col">{right.reference}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, cell]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{cell(left)}</td>
              <td>{cell(right)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div class="actions">
        {props.actions}
        <button type="button" onClick={props.onClose}>
          {t('compare_close')}
        </button>
      </div>
    </section>
  );
}
