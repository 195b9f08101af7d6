// The console's entry: loads the Firebase config, signs in, and shows each role its screens.
import type { User } from 'firebase/auth';
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError, api, configureApi, type Me, type Role } from './api.js';
import { idToken, signIn, signOut, startAuth } from './auth.js';
import { Chat } from './chat.js';
import { loadConfig } from './config.js';
import { RequestPage, TaskBoard, TriageQueue } from './dispatcher.js';
import { MyTasks } from './field.js';
import { AskForHelp } from './help.js';
import { LOCALES, locale, setLocale, t, type Locale } from './i18n.js';
import { configureLive } from './live.js';
import { LiveMap } from './map.js';
import { Notifications, NotificationsLink, useNotificationsFeed } from './notifications.js';
import { route } from './router.js';
import { signal, useSignal } from './state.js';
import { ErrorNote, lazyScreen, Link } from './shared.js';

// Screens few people open, each in its own chunk.
const DisastersAdmin = lazyScreen(() => import('./disasters.js').then((m) => m.DisastersAdmin));
const ResourcesScreen = lazyScreen(() => import('./resources.js').then((m) => m.ResourcesScreen));

const session = signal<{ user: User | null; me: Me | null; ready: boolean; error?: unknown }>({
  user: null,
  me: null,
  ready: false,
});

/** The caller's profile, retried a few times: a busy backend may answer 503 once. */
async function loadProfile(attempts = 4): Promise<Me> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await api<Me>('GET', '/users/me');
    } catch (error) {
      if (attempt >= attempts || (error instanceof ApiError && error.status < 500)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1500 * attempt));
    }
  }
}

interface NavItem {
  href: string;
  label: () => string;
}

/** Each role's screens, the first one being its home. */
const NAV: Record<Role, NavItem[]> = {
  admin: [
    { href: '/', label: () => t('nav_queue') },
    { href: '/map', label: () => t('nav_map') },
    { href: '/tasks/board', label: () => t('nav_tasks_board') },
    { href: '/disasters', label: () => t('nav_disasters') },
    { href: '/resources', label: () => t('nav_resources') },
    { href: '/chat', label: () => t('nav_chat') },
  ],
  responder: [
    { href: '/', label: () => t('nav_my_tasks') },
    { href: '/map', label: () => t('nav_map') },
    { href: '/resources', label: () => t('nav_resources') },
    { href: '/chat', label: () => t('nav_chat') },
  ],
  volunteer: [
    { href: '/', label: () => t('nav_my_tasks') },
    { href: '/chat', label: () => t('nav_chat') },
  ],
  affected_individual: [{ href: '/', label: () => t('nav_help') }],
};

function Screen({ path, me }: { path: string; me: Me }) {
  const request = /^\/requests\/([A-Za-z0-9_-]+)$/.exec(path);
  const staff = me.role === 'admin' || me.role === 'responder';
  if (request?.[1] && staff) return <RequestPage key={request[1]} id={request[1]} />;
  if (path === '/map' && staff) return <LiveMap />;
  if (path === '/tasks/board' && me.role === 'admin') return <TaskBoard />;
  if (path === '/disasters' && me.role === 'admin') return <DisastersAdmin />;
  if (path === '/resources' && staff) return <ResourcesScreen me={me} />;
  if (path === '/notifications') return <Notifications staff={staff} />;
  if (path === '/chat' && me.role !== 'affected_individual') return <Chat isAdmin={me.role === 'admin'} />;
  if (me.role === 'admin') return <TriageQueue />;
  if (me.role === 'affected_individual') return <AskForHelp />;
  return <MyTasks role={me.role} />;
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
            {NAV[me.role].map((item) => (
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
          <button type="button" onClick={() => void signOut()}>
            {t('sign_out')}
          </button>
        </div>
      </header>
      <main id="main">
        <Screen path={path} me={me} />
      </main>
      <NotificationsFeed uid={me.id} />
    </>
  );
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
        session.set({ user: null, me: null, ready: true });
        return;
      }
      void loadProfile().then(
        (me) => session.set({ user, me, ready: true }),
        (error: unknown) => session.set({ user: null, me: null, ready: true, error }),
      );
    });
    configureLive(app, config);
    render(<App error={null} />, root);
  } catch (error) {
    render(<App error={error} />, root);
  }
}

void boot();
