// The admins' disasters screen (its own chunk): the agent's suggestions with their evidence
// (approve, edit, discard), the active disasters (create, edit, close) and the closed ones.
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import {
  api,
  DISASTER_TYPES,
  listAll,
  type Disaster,
  type DisasterInput,
  type Observation,
  type Suggestion,
} from './api.js';
import { observationTypeLabel } from './labels.js';
import { formatDate, formatNumber, t } from './i18n.js';
import { poll } from './live.js';
import { LocationFields, pointText, type PointText } from './location-picker.js';
import { FormPanel, TextField, usePlacedForm, useSave } from './form.js';
import { ErrorNote, SelectField, useAction, useLive } from './shared.js';

const typeLabel = (type: Disaster['type']) => t(`disaster_type_${type}`);
const statusLabel = (status: Disaster['status']) => t(`disaster_${status}`);

/** Where a new disaster's map opens: the demo region until the admin picks. */
const DEFAULT_CENTER = { lat: 14.5995, lng: 120.9842 };

interface Lists {
  suggested: Disaster[];
  active: Disaster[];
  closed: Disaster[];
}

const loadLists = async (): Promise<Lists> => {
  const [suggested, active, closed] = await Promise.all([
    listAll<Disaster>('/disasters/agent-suggested', 200),
    listAll<Disaster>('/disasters', 200),
    api<{ items: Disaster[] }>('GET', '/disasters?status=closed&limit=50').then((p) => p.items),
  ]);
  return { suggested, active, closed };
};

/** The screen's three lists: what each holds, its heading, and what it says when empty. */
const LISTS = [
  ['suggested', 'suggested_heading', 'suggested_empty'],
  ['active', 'active_disasters_heading', 'no_disaster'],
  ['closed', 'closed_disasters_heading', 'closed_disasters_empty'],
] as const;

/** Lists refresh less often than a queue: disasters change rarely. */
const REFRESH_MS = 5000;

export function DisastersAdmin() {
  const { data, error, reload } = useLive<Lists>((onData, onError) => poll(loadLists, onData, onError, REFRESH_MS), []);
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const done = (message: string) => {
    setNotice(message);
    reload();
  };
  return (
    <section aria-labelledby="disasters-heading">
      <h1 id="disasters-heading">{t('disasters_heading')}</h1>
      {notice && <p role="status">{notice}</p>}
      <ErrorNote error={error} />
      {creating ? (
        <DisasterForm
          onSaved={(d) => {
            setCreating(false);
            done(t('disaster_created', { name: d.name }));
          }}
          onCancel={() => setCreating(false)}
        />
      ) : (
        <button type="button" class="primary" onClick={() => setCreating(true)}>
          {t('new_disaster')}
        </button>
      )}
      {data === null ? (
        <p>{t('loading')}</p>
      ) : (
        <>
          {LISTS.map(([key, heading, empty]) => (
            <DisasterList key={key} id={key} heading={t(heading)} empty={t(empty)} items={data[key]} onDone={done} />
          ))}
        </>
      )}
    </section>
  );
}

function DisasterList(props: {
  id: string;
  heading: string;
  empty: string;
  items: Disaster[];
  onDone: (message: string) => void;
}) {
  const { id, heading, empty, items, onDone } = props;
  return (
    <>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {items.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul class="cards" aria-labelledby={`${id}-heading`}>
          {items.map((d) => (
            <DisasterCard key={d.id} disaster={d} onDone={onDone} />
          ))}
        </ul>
      )}
    </>
  );
}

type Pending = 'edit' | 'close' | 'discard' | null;

function DisasterCard({ disaster: d, onDone }: { disaster: Disaster; onDone: (message: string) => void }) {
  const [pending, setPending] = useState<Pending>(null);
  const [reason, setReason] = useState('');
  const action = useAction();
  // Only the admins' view of an agent suggestion carries what the agent saw.
  const suggestion = 'suggestion' in d ? d.suggestion : null;
  const finish = (message: string) => {
    setPending(null);
    onDone(message);
  };
  return (
    <li class={`card disaster-${d.status}`} aria-label={d.name}>
      <div>
        <h3>{d.name}</h3>
        <p>
          <span class={`badge disaster-status-${d.status}`}>{statusLabel(d.status)}</span> {typeLabel(d.type)} ·{' '}
          {t('severity_n', { n: d.severity })} · {t('radius_n', { n: formatNumber(d.radius_km, 1) })}
        </p>
        {/* A suggestion's description is the agent's summary until an admin edits it: shown once, with the evidence. */}
        {d.description && d.description !== suggestion?.summary && <p>{d.description}</p>}
        <p class="meta">
          {formatNumber(d.location.lat, 4)}, {formatNumber(d.location.lng, 4)} · {formatDate(d.created_at)}
          {d.closed_at && <> · {t('closed_on', { date: formatDate(d.closed_at) })}</>}
          {d.close_reason && <> · {d.close_reason}</>}
        </p>
        {suggestion && <Evidence suggestion={suggestion} />}
        <ErrorNote error={action.error} />
        {pending === 'edit' ? (
          <DisasterForm
            disaster={d}
            onSaved={(saved) => finish(t('disaster_saved', { name: saved.name }))}
            onCancel={() => setPending(null)}
          />
        ) : pending === 'close' ? (
          <Confirm
            question={t('close_confirm', { name: d.name })}
            confirmLabel={t('confirm_close')}
            busy={action.busy}
            onConfirm={() =>
              void action
                .run(() =>
                  api('POST', `/disasters/${d.id}/close`, reason.trim() ? { reason: reason.trim() } : undefined),
                )
                .then((ok) => ok && finish(t('disaster_closed_notice', { name: d.name })))
            }
            onCancel={() => setPending(null)}
          >
            <label class="field">
              {t('close_reason')}
              <input value={reason} maxLength={500} onInput={(e) => setReason(e.currentTarget.value)} />
            </label>
          </Confirm>
        ) : pending === 'discard' ? (
          <Confirm
            question={t('discard_confirm', { name: d.name })}
            confirmLabel={t('confirm_discard')}
            busy={action.busy}
            onConfirm={() =>
              void action
                .run(() => api('DELETE', `/disasters/${d.id}/discard`))
                .then((ok) => ok && finish(t('disaster_discarded', { name: d.name })))
            }
            onCancel={() => setPending(null)}
          />
        ) : (
          d.status !== 'closed' && (
            <div class="actions">
              {d.status === 'suggested' && (
                <button
                  type="button"
                  class="primary"
                  disabled={action.busy}
                  onClick={() =>
                    void action
                      .run(() => api('POST', `/disasters/${d.id}/approve`))
                      .then((ok) => ok && onDone(t('disaster_approved', { name: d.name })))
                  }
                >
                  {t('approve')}
                </button>
              )}
              <button type="button" onClick={() => setPending('edit')}>
                {t('edit')}
              </button>
              <button type="button" onClick={() => setPending(d.status === 'suggested' ? 'discard' : 'close')}>
                {d.status === 'suggested' ? t('discard') : t('close_disaster')}
              </button>
            </div>
          )
        )}
      </div>
    </li>
  );
}

/** Asks before an action that cannot be undone (closing, discarding). */
function Confirm(props: {
  question: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ComponentChildren;
}) {
  return (
    <div role="group" aria-label={props.question} class="confirm">
      <p>{props.question}</p>
      {props.children}
      <div class="actions">
        <button type="button" class="primary" disabled={props.busy} onClick={props.onConfirm}>
          {props.confirmLabel}
        </button>
        <button type="button" onClick={props.onCancel}>
          {t('cancel')}
        </button>
      </div>
    </div>
  );
}

/** Observations the evidence lists at most (a suggestion may cluster many). */
const EVIDENCE_SHOWN = 20;

/** The agent's summary and the observations it clustered. */
function Evidence({ suggestion }: { suggestion: Suggestion }) {
  // On the ids, not the array: the lists are re-read every few seconds and each read is a new array.
  const idsKey = suggestion.observation_ids.slice(0, EVIDENCE_SHOWN).join(',');
  const [observations, setObservations] = useState<(Observation | null)[] | null>(null);
  useEffect(() => {
    let stopped = false;
    const ids = idsKey === '' ? [] : idsKey.split(',');
    void Promise.all(
      ids.map((id) => api<Observation>('GET', `/observations/${id}`).catch(() => null)), // deleted since: skipped
    ).then((found) => !stopped && setObservations(found));
    return () => {
      stopped = true;
    };
  }, [idsKey]);
  const shown = (observations ?? []).filter((o): o is Observation => o !== null);
  return (
    <section class="evidence" aria-label={t('evidence')}>
      <h4>{t('evidence')}</h4>
      <p>
        {suggestion.summary}{' '}
        <span class="meta">({t(suggestion.summarized_by === 'gemini' ? 'summary_gemini' : 'summary_rules')})</span>
      </p>
      <p class="meta">{t('evidence_count', { count: suggestion.observation_ids.length })}</p>
      {observations === null ? (
        <p>{t('loading')}</p>
      ) : (
        <ul>
          {shown.map((o) => (
            <li key={o.id}>
              <strong>{observationTypeLabel(o.type)}</strong> · {t('severity_n', { n: o.severity })} ·{' '}
              {formatDate(o.created_at)}: {o.description}
              {o.location && (
                <span class="meta">
                  {' '}
                  ({formatNumber(o.location.lat, 4)}, {formatNumber(o.location.lng, 4)})
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const SEVERITIES = ['1', '2', '3', '4', '5'] as const;

interface FormState {
  name: string;
  type: Disaster['type'];
  description: string;
  severity: (typeof SEVERITIES)[number];
  radius: string;
  point: PointText;
}

const formOf = (d?: Disaster): FormState => ({
  name: d?.name ?? '',
  type: d?.type ?? 'flood',
  description: d?.description ?? '',
  severity: String(d?.severity ?? 3) as FormState['severity'],
  radius: d ? String(d.radius_km) : '10',
  point: pointText(d?.location),
});

/** Create (no `disaster`) or edit; an edit sends only the fields that changed (the agent keeps the others). */
function DisasterForm(props: { disaster?: Disaster; onSaved: (d: Disaster) => void; onCancel: () => void }) {
  const { disaster, onSaved, onCancel } = props;
  const saving = useSave<Disaster>(
    disaster,
    { create: '/disasters', edit: `/disasters/${disaster?.id}` },
    onSaved,
    onCancel,
  );
  const { form, set, invalidLocation, submit } = usePlacedForm(
    () => formOf(disaster),
    (fields, location): DisasterInput => ({
      name: fields.name.trim(),
      type: fields.type,
      description: fields.description.trim(),
      location,
      radius_km: Number(fields.radius),
      severity: Number(fields.severity),
    }),
    saving.save,
  );
  const radius = Number(form.radius);
  return (
    <FormPanel
      title={disaster ? t('edit_disaster', { name: disaster.name }) : t('new_disaster')}
      submitLabel={disaster ? t('save_changes') : t('create_disaster')}
      busy={saving.busy}
      error={saving.error}
      invalidLocation={invalidLocation}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextField label={t('name')} maxLength={120} value={form.name} onInput={(v) => set('name', v)} />
      <SelectField
        label={t('disaster_type')}
        value={form.type}
        options={DISASTER_TYPES}
        optionLabel={typeLabel}
        onChange={(type) => type && set('type', type)}
      />
      <TextField
        label={t('description')}
        rows={3}
        maxLength={2000}
        value={form.description}
        onInput={(v) => set('description', v)}
      />
      <div class="row">
        <SelectField
          label={t('severity')}
          value={form.severity}
          options={SEVERITIES}
          optionLabel={(n) => t(`severity_${n}`)}
          onChange={(n) => n && set('severity', n)}
        />
        <TextField
          label={t('radius_km')}
          number={{ min: 0.1, max: 2000 }}
          value={form.radius}
          onInput={(v) => set('radius', v)}
        />
      </div>
      <LocationFields
        value={form.point}
        onChange={(point) => set('point', point)}
        around={disaster?.location ?? DEFAULT_CENTER}
        radiusKm={Number.isFinite(radius) ? radius : undefined}
      />
    </FormPanel>
  );
}
