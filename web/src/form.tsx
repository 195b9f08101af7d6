// What the create-or-edit forms (disasters, resources) share: the titled panel with its errors,
// save and cancel, the fields' state with a typed point, and saving (POST a new one, PATCH only
// what changed).
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { api } from './api.js';
import type { Location } from './geo.js';
import { t } from './i18n.js';
import { parsePoint, type PointText } from './location-picker.js';
import { changedFields, ErrorNote, useAction } from './shared.js';

/**
 * POST `input` to `createPath` when there is no `original`, else PATCH only what changed to
 * `editPath`; then `onSaved`, or `onCancel` when nothing changed.
 */
export function useSave<T>(
  original: object | undefined,
  paths: { create: string; edit: string },
  onSaved: (saved: T) => void,
  onCancel: () => void,
) {
  const action = useAction();
  const save = async (input: object) => {
    const changed = original ? changedFields(input, original) : input;
    if (original && Object.keys(changed).length === 0) return onCancel();
    let saved: T | undefined;
    const ok = await action.run(async () => {
      saved = await api<T>(original ? 'PATCH' : 'POST', original ? paths.edit : paths.create, changed);
    });
    if (ok && saved) onSaved(saved);
  };
  return { ...action, save };
}

/**
 * A form's fields (`initial`, one of them the typed point), a setter per field, and `submit`: an
 * incomplete or out-of-range point raises `invalidLocation` (FormPanel's alert) and saves nothing,
 * else `save` gets what `toInput` makes of the fields and the point.
 */
export function usePlacedForm<F extends { point: PointText }>(
  initial: () => F,
  toInput: (form: F, location: Location) => object,
  save: (input: object) => Promise<void>,
) {
  const [form, setForm] = useState<F>(initial);
  const [invalidLocation, setInvalidLocation] = useState(false);
  const set = <K extends keyof F>(key: K, value: F[K]) => setForm((current) => ({ ...current, [key]: value }));
  const submit = () => {
    const location = parsePoint(form.point);
    setInvalidLocation(location === null);
    if (location) void save(toInput(form, location));
  };
  return { form, set, invalidLocation, submit };
}

export function FormPanel(props: {
  title: string;
  submitLabel: string;
  busy: boolean;
  error: unknown;
  /** Shown as an alert when the typed point is not a valid one. */
  invalidLocation: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ComponentChildren;
}) {
  const { title, submitLabel, busy, error, invalidLocation, onSubmit, onCancel, children } = props;
  return (
    <form
      class="panel"
      aria-label={title}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h3>{title}</h3>
      {children}
      {invalidLocation && <p role="alert">{t('location_invalid')}</p>}
      <ErrorNote error={error} />
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          {submitLabel}
        </button>
        <button type="button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

/** A labelled text (or number) input, or a textarea when `rows` is given. */
export function TextField(props: {
  label: string;
  value: string;
  onInput: (value: string) => void;
  maxLength?: number;
  rows?: number;
  number?: { min: number; max?: number };
}) {
  const { label, value, onInput, maxLength, rows, number } = props;
  return (
    <label class="field">
      {label}
      {rows ? (
        <textarea rows={rows} maxLength={maxLength} value={value} onInput={(e) => onInput(e.currentTarget.value)} />
      ) : (
        <input
          required
          maxLength={maxLength}
          value={value}
          onInput={(e) => onInput(e.currentTarget.value)}
          {...(number ? { type: 'number', step: 'any', min: number.min, max: number.max } : {})}
        />
      )}
    </label>
  );
}
