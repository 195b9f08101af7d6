// Small pieces every screen uses.
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, type Disaster } from './api.js';
import { t } from './i18n.js';
import { linkHandler } from './router.js';
import type { Unsubscribe } from './live.js';

export function Link({ href, children, label }: { href: string; children: ComponentChildren; label?: string }) {
  return (
    <a href={href} onClick={linkHandler(href)} aria-label={label}>
      {children}
    </a>
  );
}

export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" class="error">
      {t('error', { message: error instanceof Error ? error.message : String(error) })}
    </p>
  );
}

/** Subscribes while mounted (and again when `deps` change). */
export function useLive<T>(
  subscribe: (onData: (data: T) => void, onError: (e: unknown) => void) => Unsubscribe,
  deps: unknown[],
) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    return subscribe((next) => {
      setData(next);
      setError(null);
    }, setError);
  }, deps);
  return { data, error };
}

/** The confirmed disasters, and the one chosen (remembered across screens). */
export function useDisasters(): { disasters: Disaster[] | null; chosen: string | null; choose: (id: string) => void } {
  const [disasters, setDisasters] = useState<Disaster[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(localStorage.getItem('disaster'));
  useEffect(() => {
    // Retried until it answers: every screen needs it, and a busy backend may refuse once.
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      api<{ items: Disaster[] }>('GET', '/disasters?limit=50').then(
        (page) => {
          if (stopped) return;
          setDisasters(page.items);
          setChosen((current) => (page.items.some((d) => d.id === current) ? current : (page.items[0]?.id ?? null)));
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
