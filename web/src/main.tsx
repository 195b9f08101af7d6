// The console's entry: loads the Firebase config, signs in, and shows each role its screens.
import type { User } from 'firebase/auth';
import { render, type ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError, api, configureApi, ROLES, type Me, type Role } from './api.js';
import { idToken, signIn, signOut, startAuth } from './auth.js';
import { Chat } from './chat.js';
import { loadConfig } from './config.js';
import { MyTasks } from './my-tasks.js';
import { RequestPage } from './request-page.js';
import { TaskBoard } from './task-board.js';
import { TriageQueue } from './triage.js';
import { AskForHelp } from './help.js';
import { LOCALES, locale, setLocale, t, type Locale } from './i18n.js';
import { configureLive } from './live.js';
import { LiveMap } from './map.js';
import { Notifications, NotificationsLink, useNotificationsFeed } from './notifications.js';
import { forgetCopies, setCopyOwner, withCopy } from './offline-copy.js';
import { outboxActions, startOutbox, stopOutbox } from './outbox.js';
import { OutboxPanel } from './outbox-view.js';
import { route } from './router.js';
import { signal, useSignal } from './state.js';
import { ErrorNote, lazyScreen, Link } from './shared.js';

// Screens few people open, each in its own chunk.
const DisastersAdmin = lazyScreen(() => import('./disasters.js').then((m) => m.DisastersAdmin));
const ResourcesScreen = lazyScreen(() => import('./resources.js').then((m) => m.ResourcesScreen));
const SituationScreen = lazyScreen(() => import('./situation.js').then((m) => m.SituationScreen));
const ReportScreen = lazyScreen(() => import('./report.js').then((m) => m.ReportScreen));

const session = signal<{ user: User | null; me: Me | null; ready: boolean; error?: unknown }>({
  user: null,
  me: null,
  ready: false,
});

/** The profile, kept for offline starts (offline-copy.ts). */
const loadProfileKept = withCopy('me', () => api<Me>('GET', '/users/me'));

/** The caller's profile, retried a few times: a busy backend may answer 503 once. Offline: the last copy. */
async function loadProfile(attempts = 4): Promise<Me> {
  for (let attempt = 1; ; attempt++) {
    try {
      return (await loadProfileKept()).data;
    } catch (error) {
      if (attempt >= attempts || (error instanceof ApiError && error.status < 500)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1500 * attempt));
    }
  }
}

const STAFF: readonly Role[] = ['admin', 'responder'];

/** One screen: where it lives, who may open it, and its entry in the nav bar (if any). */
interface ScreenEntry {
  /** A path, or a pattern whose first group is the id of the object shown. */
  path: string | RegExp;
  roles: readonly Role[];
  /** The nav bar's label; a screen without one is reached through links. */
  nav?: () => string;
  show: (me: Me, id: string) => ComponentChildren;
}

/**
 * The routes and the nav bar, one table: each role's nav lists its screens with a label in this
 * order, and its first screen at '/' is its home, shown for any path it may not open.
 */
const SCREENS: readonly ScreenEntry[] = [
  { path: '/', roles: ['admin'], nav: () => t('nav_queue'), show: () => <TriageQueue /> },
  {
    path: '/',
    roles: ['responder', 'volunteer'],
    nav: () => t('nav_my_tasks'),
    show: (me) => <MyTasks role={me.role} />,
  },
  { path: '/', roles: ['affected_individual'], nav: () => t('nav_help'), show: () => <AskForHelp /> },
  { path: '/map', roles: STAFF, nav: () => t('nav_map'), show: () => <LiveMap /> },
  { path: '/tasks/board', roles: ['admin'], nav: () => t('nav_tasks_board'), show: () => <TaskBoard /> },
  { path: '/disasters', roles: ['admin'], nav: () => t('nav_disasters'), show: () => <DisastersAdmin /> },
  { path: '/resources', roles: STAFF, nav: () => t('nav_resources'), show: (me) => <ResourcesScreen me={me} /> },
  { path: '/situation', roles: STAFF, nav: () => t('nav_situation'), show: () => <SituationScreen /> },
  {
    path: '/report',
    roles: ['responder', 'volunteer', 'affected_individual'],
    nav: () => t('nav_report'),
    show: () => <ReportScreen />,
  },
  {
    path: '/chat',
    roles: ['admin', 'responder', 'volunteer'],
    nav: () => t('nav_chat'),
    show: (me) => <Chat isAdmin={me.role === 'admin'} />,
  },
  { path: /^\/requests\/([A-Za-z0-9_-]+)$/, roles: STAFF, show: (_me, id) => <RequestPage key={id} id={id} /> },
  {
    path: '/notifications',
    roles: ROLES,
    show: (me) => <Notifications staff={STAFF.includes(me.role)} />,
  },
];

/** A role's nav bar: its screens that have a label, home first. */
function navOf(role: Role): { href: string; label: () => string }[] {
  return SCREENS.flatMap((entry) =>
    typeof entry.path === 'string' && entry.nav && entry.roles.includes(role)
      ? [{ href: entry.path, label: entry.nav }]
      : [],
  );
}

/** The id the entry's pattern captured ('' for a plain path), or null when `path` is not the entry's. */
function matchOf(entry: ScreenEntry, path: string): string | null {
  if (typeof entry.path === 'string') return entry.path === path ? '' : null;
  return entry.path.exec(path)?.[1] ?? null;
}

function Screen({ path, me }: { path: string; me: Me }) {
  const mine = SCREENS.filter((entry) => entry.roles.includes(me.role));
  for (const entry of mine) {
    const id = matchOf(entry, path);
    if (id !== null) return <>{entry.show(me, id)}</>;
  }
  const home = mine.find((entry) => entry.path === '/');
  return home ? <>{home.show(me, '')}</> : null;
}

function LanguagePicker() {
  const current = useSignal(locale);
  return (
    <label class="field inline">
      {t('language')}
      <select value={current} onChange={(e) => setLocale(e.currentTarget.value as Locale)}>
        {Object.entries(LOCALES).map(([code, name]) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}

function SignIn() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failed, setFailed] = useState(false);
  return (
    <main id="main" class="sign-in">
      <h1>{t('app_title')}</h1>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setFailed(false);
          // Success shows through the auth listener (startAuth); only a failure is said here.
          signIn(email, password).catch(() => setFailed(true));
        }}
      >
        <label class="field">
          {t('email')}
          <input
            type="email"
            autoComplete="username"
            required
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
        </label>
        <label class="field">
          {t('password')}
          <input
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </label>
        <button type="submit" class="primary">
          {t('sign_in')}
        </button>
        {failed && <p role="alert">{t('sign_in_failed')}</p>}
      </form>
    </main>
  );
}

function App({ error }: { error: unknown }) {
  useSignal(locale);
  const { user, me, ready, error: sessionError } = useSignal(session);
  const path = useSignal(route);
  useEffect(() => {
    document.title = t('app_title');
  });
  if (error) return <ErrorNote error={error} />;
  if (!ready) return <p>{t('loading')}</p>;
  if (!user || !me)
    return (
      <>
        <SignIn />
        <ErrorNote error={sessionError} />
      </>
    );
  return (
    <>
      <header class="top">
        <p class="brand">{t('app_title')}</p>
        <nav aria-label={t('nav_main')}>
          <ul>
            {navOf(me.role).map((item) => (
              <li key={item.href}>
                <Link href={item.href}>
                  <span aria-current={path === item.href ? 'page' : undefined}>{item.label()}</span>
                </Link>
              </li>
            ))}
            <li>
              <NotificationsLink current={path === '/notifications'} />
            </li>
          </ul>
        </nav>
        <div class="session">
          <LanguagePicker />
          <span>{t('signed_in_as', { name: me.display_name, role: t(`role_${me.role}`) })}</span>
          <button type="button" onClick={() => void signOutHere(me.id)}>
            {t('sign_out')}
          </button>
        </div>
      </header>
      <main id="main">
        <OutboxPanel />
        <Screen path={path} me={me} />
      </main>
      <NotificationsFeed uid={me.id} />
    </>
  );
}

/**
 * Signs out after saying what still waits to be sent (it stays on the device for this person);
 * their offline copies leave the browser, so whoever signs in next never sees them.
 */
async function signOutHere(uid: string): Promise<void> {
  const waiting = outboxActions.get().length;
  if (waiting > 0 && !window.confirm(t('sign_out_waiting', { count: waiting }))) return;
  stopOutbox();
  setCopyOwner(null);
  await forgetCopies(uid).catch(() => undefined);
  await signOut();
}

/** Keeps the notifications (header badge, list) live while someone is signed in. */
function NotificationsFeed({ uid }: { uid: string }) {
  useNotificationsFeed(uid);
  return null;
}

async function boot(): Promise<void> {
  const root = document.getElementById('app')!;
  document.documentElement.lang = locale.get();
  try {
    const config = await loadConfig();
    configureApi(config.apiBase, idToken);
    const app = startAuth(config, (user) => {
      if (!user) {
        setCopyOwner(null);
        stopOutbox();
        session.set({ user: null, me: null, ready: true });
        return;
      }
      // A new ID token for the same person (hourly) changes nothing here.
      if (session.get().user?.uid !== user.uid) {
        setCopyOwner(user.uid);
        void startOutbox(user.uid).catch((error: unknown) => console.error('outbox', error));
      }
      void loadProfile().then(
        (me) => session.set({ user, me, ready: true }),
        (error: unknown) => session.set({ user: null, me: null, ready: true, error }),
      );
    });
    configureLive(app, config);
    render(<App error={null} />, root);
    // The app shell offline (web/src/sw.ts); the console works without it, only not offline.
    void navigator.serviceWorker?.register('/sw.js').catch((error: unknown) => console.error('service worker', error));
  } catch (error) {
    render(<App error={error} />, root);
  }
}

void boot();
