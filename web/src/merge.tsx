// Merging two requests that report the same need, and undoing it (POST /requests/{req_id}/merge,
// /unmerge). The action takes the two requests as props, so that the request page and a
// side-by-side compare view drop it in alike; the service decides what is allowed (409s shown).
import { useState } from 'preact/hooks';
import { api, listAll, type StaffRequestView } from './api.js';
import { formatAge, t } from './i18n.js';
import { needLabel, statusLabel } from './labels.js';
import { ErrorNote, useAction } from './shared.js';

/** Merge `request` into `into` (the survivor), with the dispatcher's reason. */
export function MergeAction(props: { request: StaffRequestView; into: StaffRequestView; onDone?: () => void }) {
  const { request, into, onDone } = props;
  const [reason, setReason] = useState('');
  const { error, busy, run } = useAction(onDone);
  const label = t('merge_into', { merged: request.reference, survivor: into.reference });
  return (
    <form
      class="panel"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        void run(() => api('POST', `/requests/${request.id}/merge`, { into: into.id, reason: reason.trim() }));
      }}
    >
      <p>{t('merge_explained', { merged: request.reference, survivor: into.reference })}</p>
      <label class="field">
        {t('merge_reason')}
        <input required maxLength={500} value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
      </label>
      <button type="submit" class="primary" disabled={busy || reason.trim().length === 0}>
        {label}
      </button>
      <ErrorNote error={error} />
    </form>
  );
}

/** Undo the merge of `request` (a merged request). */
export function UnmergeAction(props: { request: StaffRequestView; onDone?: () => void }) {
  const { error, busy, run } = useAction(props.onDone);
  return (
    <>
      <button
        type="button"
        disabled={busy}
        onClick={() => void run(() => api('POST', `/requests/${props.request.id}/unmerge`))}
      >
        {t('unmerge', { reference: props.request.reference })}
      </button>
      <ErrorNote error={error} />
    </>
  );
}

/** Other open requests of the same disaster that `request` may repeat: same need first, newest first. */
async function candidatesFor(request: StaffRequestView): Promise<StaffRequestView[]> {
  const open = await listAll<StaffRequestView>(`/requests?disaster_id=${request.disaster_id}&status=open`, 200);
  const others = open.filter((r) => r.id !== request.id && r.merge === null);
  const sameNeed = (r: StaffRequestView) => (r.type_of_need === request.type_of_need ? 0 : 1);
  return others.sort((a, b) => sameNeed(a) - sameNeed(b) || b.created_at.localeCompare(a.created_at));
}

/**
 * The request page's merges: what this request was merged into (with undo), the requests merged
 * into it, or a choice of the request it repeats and the merge itself.
 */
export function MergePanel(props: { request: StaffRequestView; onDone: () => void }) {
  const { request, onDone } = props;
  const [candidates, setCandidates] = useState<StaffRequestView[] | null>(null);
  const [chosen, setChosen] = useState('');
  const { error, run } = useAction();
  const into = candidates?.find((r) => r.id === chosen) ?? null;
  const ended = request.status === 'closed' || request.status === 'fulfilled';
  return (
    <section aria-labelledby="merge-heading">
      <h2 id="merge-heading">{t('merge_heading')}</h2>
      {request.merge ? (
        <>
          <p>
            {t('merged_into', {
              reference: request.merge.into.slice(0, 6).toUpperCase(),
              reason: request.merge.reason,
            })}
          </p>
          <UnmergeAction request={request} onDone={onDone} />
        </>
      ) : (
        <p>{t('report_count', { count: request.report_count })}</p>
      )}
      {request.merged_reports.length > 0 && (
        <ul aria-label={t('merged_reports')}>
          {request.merged_reports.map((report) => (
            <li key={report.request_id}>{t('request_reference', { reference: report.reference })}</li>
          ))}
        </ul>
      )}
      {!request.merge && !ended && request.merged_reports.length === 0 && (
        <>
          {candidates === null ? (
            <button type="button" onClick={() => void run(async () => setCandidates(await candidatesFor(request)))}>
              {t('merge_find')}
            </button>
          ) : candidates.length === 0 ? (
            <p>{t('merge_none')}</p>
          ) : (
            <label class="field">
              {t('merge_survivor')}
              <select value={chosen} onChange={(e) => setChosen(e.currentTarget.value)}>
                <option value="">—</option>
                {candidates.map((r) => (
                  <option key={r.id} value={r.id}>
                    {`${r.reference} · ${needLabel(r.type_of_need)} · ${statusLabel(r.status)} · ${formatAge(r.created_at)} · ${r.description.slice(0, 60)}`}
                  </option>
                ))}
              </select>
            </label>
          )}
          {into && <MergeAction request={request} into={into} onDone={onDone} />}
        </>
      )}
      <ErrorNote error={error} />
    </section>
  );
}
