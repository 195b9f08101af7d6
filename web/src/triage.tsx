// The dispatcher's live triage queue: a disaster's requests, filtered, with bulk status changes.
import { useState } from 'preact/hooks';
import {
  api,
  NEEDS,
  PLANNING_STATES,
  REQUEST_STATUSES,
  type Need,
  type PlanningState,
  type RequestStatus,
  type StaffRequestView,
} from './api.js';
import { formatAge, t } from './i18n.js';
import { needLabel, planningLabel, statusLabel } from './labels.js';
import { FindRequest } from './find-request.js';
import { follow } from './live.js';
import { AsOf, subscribeWithCopy, type Fresh } from './offline-copy.js';
import { DisasterPicker, ErrorNote, Link, newestFirst, SelectField, useDisasters, useLive } from './shared.js';
import { CompareRequests, DuplicateBadge, type Comparing } from './compare.js';
import { MergeAction } from './merge.js';

const AGES = { any: Infinity, hour: 3_600_000, day: 86_400_000 } as const;
type AgeFilter = keyof typeof AGES;

/** Cards the queue draws at most (the newest that match); the count covers them all. */
const QUEUE_MAX = 1000;

/**
 * A disaster's requests, kept up to date through the API's change feed (live.ts, `follow`): loaded
 * once, then only what changed. Staff only (GET /requests).
 */
export function followRequests(
  disasterId: string,
  onData: (requests: StaffRequestView[]) => void,
  onError: (error: unknown) => void,
) {
  return follow<StaffRequestView>(`/requests?disaster_id=${disasterId}`, onData, onError, {
    // A request placed into another disaster comes once more, with its new disaster.
    keep: (r) => r.disaster_id === disasterId,
  });
}

export function TriageQueue() {
  const disasters = useDisasters();
  const [need, setNeed] = useState<Need | ''>('');
  const [status, setStatus] = useState<RequestStatus | ''>('open');
  const [planning, setPlanning] = useState<PlanningState | ''>('');
  const [age, setAge] = useState<AgeFilter>('any');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);
  const [comparing, setComparing] = useState<Comparing | null>(null);
  // Every request of the disaster, whatever its status: the filters apply here, so that a request
  // that leaves them (closed, planned) leaves the queue at its next change.
  // The last queue seen stays on the device for its dispatcher (offline-copy.ts), shown "as of" offline.
  const { data: fresh, error } = useLive<Fresh<StaffRequestView[]>>(
    (onData, onError) => {
      const chosen = disasters.chosen;
      if (!chosen) return () => undefined;
      return subscribeWithCopy<StaffRequestView[]>(
        `queue:${chosen}`,
        (onRequests, onFailure) => followRequests(chosen, onRequests, onFailure),
        onData,
        onError,
      );
    },
    [disasters.chosen],
  );
  const data = fresh?.data ?? null;
  const now = Date.now();
  const matching = (data ?? [])
    .filter(
      (r) =>
        (!status || r.status === status) &&
        (!need || r.type_of_need === need) &&
        (!planning || r.planning.state === planning) &&
        now - new Date(r.created_at).getTime() <= AGES[age],
    )
    .sort(newestFirst);
  const shown = matching.slice(0, QUEUE_MAX);
  const byId = (id: string) => (data ?? []).find((r) => r.id === id);
  const [compareLeft, compareRight] = comparing ? [byId(comparing.left), byId(comparing.right)] : [];
  const label = (r: StaffRequestView) => `${needLabel(r.type_of_need)} ${formatAge(r.created_at, now)}`;
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const bulk = async (body: { status: RequestStatus; closed_reason?: 'duplicate' }) => {
    setActionError(null);
    try {
      const ids = [...selected];
      for (const id of ids) await api('PATCH', `/requests/${id}/status`, body);
      setSelected(new Set());
      setNotice(t('bulk_done', { count: ids.length }));
    } catch (e) {
      setActionError(e);
    }
  };
  return (
    <section aria-labelledby="queue-heading">
      <h1 id="queue-heading">{t('queue_heading')}</h1>
      <DisasterPicker {...disasters} />
      <FindRequest />
      <fieldset class="filters">
        <legend>{t('filters')}</legend>
        <SelectField
          label={t('need')}
          value={need}
          options={NEEDS}
          optionLabel={needLabel}
          onChange={setNeed}
          any={t('any')}
        />
        <SelectField
          label={t('status')}
          value={status}
          options={REQUEST_STATUSES}
          optionLabel={statusLabel}
          onChange={setStatus}
          any={t('any')}
        />
        <SelectField
          label={t('planning')}
          value={planning}
          options={PLANNING_STATES}
          optionLabel={planningLabel}
          onChange={setPlanning}
          any={t('any')}
        />
        <label class="field">
          {t('age')}
          <select value={age} onChange={(e) => setAge(e.currentTarget.value as AgeFilter)}>
            <option value="any">{t('any')}</option>
            <option value="hour">{t('age_hour')}</option>
            <option value="day">{t('age_day')}</option>
          </select>
        </label>
      </fieldset>
      <div role="group" aria-label={t('bulk_actions')} class="actions">
        <button
          type="button"
          disabled={selected.size === 0}
          onClick={() => void bulk({ status: 'closed', closed_reason: 'duplicate' })}
        >
          {t('bulk_duplicate')}
        </button>
        <button type="button" disabled={selected.size === 0} onClick={() => void bulk({ status: 'in_progress' })}>
          {t('bulk_in_progress')}
        </button>
      </div>
      {notice && <p role="status">{notice}</p>}
      <AsOf asOf={fresh?.asOf} />
      <ErrorNote error={fresh?.asOf ? actionError : (error ?? actionError)} />
      {comparing && compareLeft && compareRight && (
        <CompareRequests
          left={compareLeft}
          right={compareRight}
          suggestion={comparing.suggestion}
          onClose={() => setComparing(null)}
          actions={
            // The newer request (the one the suggestion is on) joins the earlier one; undo is on its page.
            <MergeAction request={compareLeft} into={compareRight} onDone={() => setComparing(null)} />
          }
        />
      )}
      {data === null ? (
        <p>{t('loading')}</p>
      ) : (
        <>
          <p aria-live="polite">{t('queue_count', { count: matching.length })}</p>
          {matching.length > shown.length && <p>{t('queue_capped', { count: shown.length })}</p>}
          {shown.length === 0 ? (
            <p>{t('queue_empty')}</p>
          ) : (
            <ul class="cards" aria-label={t('queue_heading')}>
              {shown.map((r) => (
                <li key={r.id} class={`card need-${r.type_of_need}`}>
                  <input
                    type="checkbox"
                    aria-label={t('select_request', { label: label(r) })}
                    checked={selected.has(r.id)}
                    onChange={() => toggle(r.id)}
                  />
                  <div>
                    <Link href={`/requests/${r.id}`} label={t('open_request', { label: label(r) })}>
                      <strong>{needLabel(r.type_of_need)}</strong>
                    </Link>{' '}
                    <span class={`badge status-${r.status}`}>{statusLabel(r.status)}</span>{' '}
                    <span class="badge">{planningLabel(r.planning.state)}</span>{' '}
                    <DuplicateBadge request={r} known={data} onCompare={setComparing} />
                    {/* Asked whether they still need help, and nobody answered (re-confirmation). */}
                    {r.confirmation === 'unconfirmed' && (
                      <span class="badge unconfirmed" title={t('unconfirmed_hint')}>
                        {t('unconfirmed')}
                      </span>
                    )}
                    <p>{r.description}</p>
                    <p class="meta">
                      {formatAge(r.created_at, now)} · {t('request_reference', { reference: r.reference })}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
