// Small pieces every screen uses.
import type { ComponentChildren, ComponentType } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { api, type Disaster } from './api.js';
import { currentPosition, type Location } from './geo.js';
import { formatNumber, t } from './i18n.js';
import { linkHandler } from './router.js';
import type { Unsubscribe } from './live.js';
import { withCopy } from './offline-copy.js';

export function Link({ href, children, label }: { href: string; children: ComponentChildren; label?: string }) {
  return (
    <a href={href} onClick={linkHandler(href)} aria-label={label}>
      {children}
    </a>
  );
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : (JSON.stringify(error) ?? typeof error);
}

export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" class="error">
      {t('error', { message: messageOf(error) })}
    </p>
  );
}

/** Newest first, by creation time, then by id (a stable order for cards and columns). */
export const newestFirst = (a: { created_at: string; id: string }, b: { created_at: string; id: string }) =>
  a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1;

/**
 * Subscribes while mounted, and again when `deps` change or `reload()` is called (after a write
 * the screen made, to show it without waiting for the next poll).
 */
export function useLive<T>(
  subscribe: (onData: (data: T) => void, onError: (e: unknown) => void) => Unsubscribe,
  deps: readonly unknown[],
) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [revision, setRevision] = useState(0);
  useEffect(
    () =>
      subscribe((next) => {
        setData(next);
        setError(null);
      }, setError),
    // The callers' deps, which exhaustive-deps checks at each call (eslint.config.mjs additionalHooks).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [...deps, revision],
  );
  const reload = useCallback(() => setRevision((r) => r + 1), []);
  return { data, error, reload };
}

const loadDisasters = withCopy('disasters', () => api<{ items: Disaster[] }>('GET', '/disasters?limit=50'));

/** The confirmed disasters, and the one chosen (remembered across screens). */
export function useDisasters(): { disasters: Disaster[] | null; chosen: string | null; choose: (id: string) => void } {
  const [disasters, setDisasters] = useState<Disaster[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(localStorage.getItem('disaster'));
  useEffect(() => {
    // Retried until it answers: every screen needs it, and a busy backend may refuse once.
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      loadDisasters().then(
        ({ data: page, asOf }) => {
          if (stopped) return;
          setDisasters(page.items);
          setChosen((current) => (page.items.some((d) => d.id === current) ? current : (page.items[0]?.id ?? null)));
          // Offline, the last list seen serves; the real one replaces it when the network returns.
          if (asOf) timer = setTimeout(() => void load(), 5000);
        },
        () => {
          if (!stopped) timer = setTimeout(() => void load(), 2000);
        },
      );
    void load();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, []);
  const choose = (id: string) => {
    localStorage.setItem('disaster', id);
    setChosen(id);
  };
  return { disasters, chosen, choose };
}

export function DisasterPicker({ disasters, chosen, choose }: ReturnType<typeof useDisasters>) {
  if (disasters === null) return <p>{t('loading')}</p>;
  if (disasters.length === 0) return <p>{t('no_disaster')}</p>;
  return (
    <label class="field">
      {t('disaster')}
      <select value={chosen ?? ''} onChange={(e) => choose(e.currentTarget.value)}>
        {disasters.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Runs one user action at a time and keeps its error; `onDone` after a success (e.g. reload). */
export function useAction(onDone: () => void = () => undefined) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>): Promise<boolean> => {
    setError(null);
    setBusy(true);
    try {
      await action();
      onDone();
      return true;
    } catch (e) {
      setError(e);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, run };
}

/** A screen in its own chunk, loaded the first time it shows (keeps the first load small). */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  return function LazyScreen(props: P) {
    const [Screen, setScreen] = useState<ComponentType<P> | null>(() => loaded);
    const [error, setError] = useState<unknown>(null);
    useEffect(() => {
      if (loaded) return;
      void load().then((component) => {
        loaded = component;
        setScreen(() => component);
      }, setError);
    }, []);
    if (error) return <ErrorNote error={error} />;
    return Screen ? <Screen {...props} /> : <p>{t('loading')}</p>;
  };
}

/** The fields of `input` that differ from `original`: an edit sends only those. */
export function changedFields<T extends object>(input: T, original: object): Partial<T> {
  const before = original as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(input).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key])),
  ) as Partial<T>;
}

/** A labelled select of string values; `any` adds a first "no filter" choice (value ''). */
export function SelectField<V extends string>(props: {
  label: string;
  value: V | '';
  options: readonly V[];
  optionLabel: (value: V) => string;
  onChange: (value: V | '') => void;
  any?: string;
}) {
  const { label, value, options, optionLabel, onChange, any } = props;
  return (
    <label class="field">
      {label}
      <select value={value} onChange={(e) => onChange(e.currentTarget.value as V | '')}>
        {any !== undefined && <option value="">{any}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * "Use my location": the device's point (the browser asks the person first), shown once set, and
 * an alert when it is not available. `where` is the parent's; `onLocated` sets it.
 */
export function UseMyLocation({ where, onLocated }: { where: Location | null; onLocated: (point: Location) => void }) {
  const [failed, setFailed] = useState(false);
  const locate = async () => {
    setFailed(false);
    try {
      onLocated(await currentPosition());
    } catch {
      setFailed(true);
    }
  };
  return (
    <>
      <button type="button" onClick={() => void locate()}>
        {t('use_my_location')}
      </button>
      {where && (
        <p role="status">{t('location_set', { lat: formatNumber(where.lat, 4), lng: formatNumber(where.lng, 4) })}</p>
      )}
      {failed && <p role="alert">{t('location_failed')}</p>}
    </>
  );
}
