// The signed-in user's notifications (a task assigned to you, authorized, cancelled; a request of
// yours updated): a badge in the header with the unread count, and a list to read and mark them.
// Live through a Firestore listener on users/{uid}/notifications where listeners work (rules: only
// that user reads), else by polling GET /notifications/me.
import { useEffect } from 'preact/hooks';
import { api, type AppNotification } from './api.js';
import { formatDate, t } from './i18n.js';
import { listen } from './live.js';
import { signal, useSignal } from './state.js';
import { ErrorNote, Link, useAction } from './shared.js';

/** The newest ones: enough for a badge and a screen, light on reads. */
const SHOWN = 50;

/** Newest first; null until the first answer. One subscription for the badge and the list. */
const notifications = signal<AppNotification[] | null>(null);
const loadError = signal<unknown>(null);

/** Subscribes while a user is signed in; call again (or the returned stop) when they change. */
export function useNotificationsFeed(uid: string): void {
  useEffect(() => {
    notifications.set(null);
    if (!uid) return undefined;
    return listen<AppNotification>(
      'notifications',
      { uid },
      SHOWN,
      async () =>
        (await api<{ items: AppNotification[] }>('GET', `/notifications/me?limit=${SHOWN}`)).items
          .slice()
          .sort((a, b) => a.created_at.localeCompare(b.created_at)),
      (items) => {
        notifications.set(items.slice().reverse());
        loadError.set(null);
      },
      (error) => loadError.set(error),
    );
  }, [uid]);
}

/** The header's link, with the unread count (visible, and in its name: "Notifications 2 unread"). */
export function NotificationsLink({ current }: { current: boolean }) {
  const items = useSignal(notifications);
  const unread = (items ?? []).filter((n) => !n.read).length;
  return (
    <Link href="/notifications">
      <span aria-current={current ? 'page' : undefined}>{t('nav_notifications')}</span>
      {unread > 0 && (
        <>
          {' '}
          <span class="badge count">
            {unread}
            <span class="visually-hidden"> {t('unread_suffix')}</span>
          </span>
        </>
      )}
    </Link>
  );
}

export function Notifications({ staff }: { staff: boolean }) {
  const items = useSignal(notifications);
  const error = useSignal(loadError);
  const action = useAction();
  const mark = (ids: string[], read: boolean) =>
    action.run(async () => {
      for (const id of ids) await api('PATCH', `/notifications/${id}`, { read });
      // Shown at once; the next answer of the feed confirms it.
      notifications.set((notifications.get() ?? []).map((n) => (ids.includes(n.id) ? { ...n, read } : n)));
    });
  const unread = (items ?? []).filter((n) => !n.read);
  return (
    <section aria-labelledby="notifications-heading">
      <h1 id="notifications-heading">{t('notifications_heading')}</h1>
      <ErrorNote error={error ?? action.error} />
      {items === null ? (
        <p>{t('loading')}</p>
      ) : items.length === 0 ? (
        <p>{t('notifications_empty')}</p>
      ) : (
        <>
          <div class="actions">
            <button
              type="button"
              disabled={unread.length === 0 || action.busy}
              onClick={() =>
                void mark(
                  unread.map((n) => n.id),
                  true,
                )
              }
            >
              {t('mark_all_read')}
            </button>
          </div>
          <ul class="cards" aria-label={t('notifications_heading')}>
            {items.map((n) => (
              <li key={n.id} class={`card ${n.read ? 'read' : 'unread'}`} aria-label={n.text}>
                <div>
                  <p>
                    {!n.read && <span class="badge">{t('unread')}</span>} {n.text}
                  </p>
                  <p class="meta">
                    {t(`notification_${n.kind}`)} · {formatDate(n.created_at)}
                    {staff && n.request_id && (
                      <>
                        {' '}
                        · <Link href={`/requests/${n.request_id}`}>{t('open_the_request')}</Link>
                      </>
                    )}
                  </p>
                  <button type="button" disabled={action.busy} onClick={() => void mark([n.id], !n.read)}>
                    {n.read ? t('mark_unread') : t('mark_read')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
