// The resources screen (admins and responders; its own chunk): every resource with its status and
// place, filtered by status, category and disaster; add one, and edit or switch the status of
// those the caller may change (admins: any; others: their own).
import { useState } from 'preact/hooks';
import {
  api,
  listAll,
  RESOURCE_CATEGORIES,
  RESOURCE_STATUSES,
  type Me,
  type Resource,
  type ResourceCategory,
  type ResourceStatus,
} from './api.js';
import { formatNumber, t } from './i18n.js';
import { poll } from './live.js';
import { LocationFields, pointText, type PointText } from './location-picker.js';
import { FormPanel, TextField, usePlacedForm, useSave } from './form.js';
import { ErrorNote, SelectField, useAction, useDisasters, useLive } from './shared.js';

const categoryLabel = (category: ResourceCategory) => t(`category_${category}`);
const statusLabel = (status: ResourceStatus) => t(`resource_${status}`);

/** A screenful: the API pages 200 at a time. */
const SHOWN = 1000;
const REFRESH_MS = 5000;

export function ResourcesScreen({ me }: { me: Me }) {
  const disasters = useDisasters();
  const [status, setStatus] = useState<ResourceStatus | ''>('');
  const [category, setCategory] = useState<ResourceCategory | ''>('');
  const [disaster, setDisaster] = useState('');
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const query = new URLSearchParams({
    ...(status ? { status } : {}),
    ...(category ? { category } : {}),
    ...(disaster ? { disaster_id: disaster } : {}),
  }).toString();
  const { data, error, reload } = useLive<Resource[]>(
    (onData, onError) => poll(() => listAll<Resource>(`/resources?${query}`, SHOWN), onData, onError, REFRESH_MS),
    [query],
  );
  const saved = (message: string) => {
    setNotice(message);
    reload();
  };
  const disasterName = (id: string | null) =>
    id ? (disasters.disasters?.find((d) => d.id === id)?.name ?? id) : t('any_disaster');
  const around = disasters.disasters?.find((d) => d.id === disasters.chosen)?.location ?? { lat: 14.6, lng: 121 };
  return (
    <section aria-labelledby="resources-heading">
      <h1 id="resources-heading">{t('resources_screen_heading')}</h1>
      <fieldset class="filters">
        <legend>{t('filters')}</legend>
        <SelectField
          label={t('status')}
          value={status}
          options={RESOURCE_STATUSES}
          optionLabel={statusLabel}
          onChange={setStatus}
          any={t('any')}
        />
        <SelectField
          label={t('category')}
          value={category}
          options={RESOURCE_CATEGORIES}
          optionLabel={categoryLabel}
          onChange={setCategory}
          any={t('any')}
        />
        <DisasterSelect
          label={t('disaster')}
          value={disaster}
          disasters={disasters.disasters ?? []}
          onChange={setDisaster}
          any={t('any')}
        />
      </fieldset>
      {notice && <p role="status">{notice}</p>}
      {adding ? (
        <ResourceForm
          around={around}
          disasters={disasters.disasters ?? []}
          onSaved={(r) => {
            setAdding(false);
            saved(t('resource_added', { name: r.name }));
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <button type="button" class="primary" onClick={() => setAdding(true)}>
          {t('add_resource')}
        </button>
      )}
      <ErrorNote error={error} />
      {data === null ? (
        <p>{t('loading')}</p>
      ) : (
        <>
          <p aria-live="polite">{t('resources_count', { count: data.length })}</p>
          <ul class="cards" aria-label={t('resources_screen_heading')}>
            {data.map((r) => (
              <ResourceCard
                key={r.id}
                resource={r}
                mayChange={me.role === 'admin' || r.owner_id === me.id}
                disasterName={disasterName(r.disaster_id)}
                disasters={disasters.disasters ?? []}
                onSaved={saved}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

type DisasterOption = { id: string; name: string };

/** A choice among the disasters, or none (`any`, value ''). */
function DisasterSelect(props: {
  label: string;
  value: string;
  disasters: DisasterOption[];
  onChange: (id: string) => void;
  any: string;
}) {
  const names = new Map(props.disasters.map((d) => [d.id, d.name]));
  return (
    <SelectField
      label={props.label}
      value={props.value}
      options={[...names.keys()]}
      optionLabel={(id) => names.get(id) ?? id}
      onChange={props.onChange}
      any={props.any}
    />
  );
}

function ResourceCard(props: {
  resource: Resource;
  mayChange: boolean;
  disasterName: string;
  disasters: DisasterOption[];
  onSaved: (message: string) => void;
}) {
  const { resource: r, mayChange, disasterName, disasters, onSaved } = props;
  const [editing, setEditing] = useState(false);
  const action = useAction();
  const next: ResourceStatus = r.status === 'available' ? 'not_available' : 'available';
  return (
    <li class={`card resource-${r.status}`} aria-label={r.name}>
      <div>
        <h2 class="card-title">{r.name}</h2>
        <p>
          <span class={`badge resource-status-${r.status}`}>{statusLabel(r.status)}</span> {categoryLabel(r.category)} ·{' '}
          {formatNumber(r.quantity, 2)} {r.unit}
        </p>
        {r.description && <p>{r.description}</p>}
        <p class="meta">
          {t(r.location_precision === 'exact' ? 'at_point' : 'around_point', {
            lat: formatNumber(r.location.lat, 4),
            lng: formatNumber(r.location.lng, 4),
          })}{' '}
          · {disasterName}
        </p>
        <ErrorNote error={action.error} />
        {editing ? (
          <ResourceForm
            resource={r}
            around={r.location}
            disasters={disasters}
            onSaved={(saved) => {
              setEditing(false);
              onSaved(t('resource_saved', { name: saved.name }));
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          mayChange && (
            <div class="actions">
              <button type="button" onClick={() => setEditing(true)}>
                {t('edit')}
              </button>
              {r.status !== 'in_use' && (
                <button
                  type="button"
                  disabled={action.busy}
                  onClick={() =>
                    void action
                      .run(() => api('PUT', `/resources/${r.id}/status`, { status: next }))
                      .then((ok) => ok && onSaved(t('resource_saved', { name: r.name })))
                  }
                >
                  {t(next === 'available' ? 'mark_available' : 'mark_not_available')}
                </button>
              )}
            </div>
          )
        )}
      </div>
    </li>
  );
}

interface FormState {
  name: string;
  category: ResourceCategory;
  description: string;
  quantity: string;
  unit: string;
  disaster: string;
  point: PointText;
}

const formOf = (r?: Resource): FormState => ({
  name: r?.name ?? '',
  category: r?.category ?? 'water',
  description: r?.description ?? '',
  quantity: String(r?.quantity ?? 1),
  unit: r?.unit ?? 'units',
  disaster: r?.disaster_id ?? '',
  point: pointText(r?.location),
});

/** Add (no `resource`) or edit; an edit sends only what changed. */
function ResourceForm(props: {
  resource?: Resource;
  around: { lat: number; lng: number };
  disasters: DisasterOption[];
  onSaved: (r: Resource) => void;
  onCancel: () => void;
}) {
  const { resource, around, disasters, onSaved, onCancel } = props;
  const saving = useSave<Resource>(
    resource,
    { create: '/resources', edit: `/resources/${resource?.id}` },
    onSaved,
    onCancel,
  );
  const { form, set, invalidLocation, submit } = usePlacedForm(
    () => formOf(resource),
    (fields, location) => ({
      name: fields.name.trim(),
      category: fields.category,
      description: fields.description.trim(),
      quantity: Number(fields.quantity),
      unit: fields.unit.trim(),
      location,
      disaster_id: fields.disaster || null,
    }),
    saving.save,
  );
  return (
    <FormPanel
      title={resource ? t('edit_resource', { name: resource.name }) : t('add_resource')}
      submitLabel={resource ? t('save_changes') : t('add_resource')}
      busy={saving.busy}
      error={saving.error}
      invalidLocation={invalidLocation}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextField label={t('name')} maxLength={120} value={form.name} onInput={(v) => set('name', v)} />
      <SelectField
        label={t('category')}
        value={form.category}
        options={RESOURCE_CATEGORIES}
        optionLabel={categoryLabel}
        onChange={(c) => c && set('category', c)}
      />
      <TextField
        label={t('description')}
        rows={2}
        maxLength={1000}
        value={form.description}
        onInput={(v) => set('description', v)}
      />
      <div class="row">
        <TextField
          label={t('quantity')}
          number={{ min: 0 }}
          value={form.quantity}
          onInput={(v) => set('quantity', v)}
        />
        <TextField label={t('unit')} maxLength={32} value={form.unit} onInput={(v) => set('unit', v)} />
      </div>
      <DisasterSelect
        label={t('serves_disaster')}
        value={form.disaster}
        disasters={disasters}
        onChange={(d) => set('disaster', d)}
        any={t('any_disaster')}
      />
      <LocationFields value={form.point} onChange={(point) => set('point', point)} around={around} />
    </FormPanel>
  );
}
