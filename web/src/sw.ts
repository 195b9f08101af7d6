// The console's service worker (built by build.mjs into dist/sw.js, which Hosting serves with
// no-cache): the app shell precached under a cache named from the build's hash, so the console
// opens with the network off; the Firebase config Hosting serves (/__/firebase/...) network-first
// with its last copy; the API never (the page keeps the signed-in person's copies itself, keyed by
// uid: offline-copy.ts). Background Sync's "outbox" asks the open console to send its outbox.
// Written by hand (about 80 lines) rather than with Workbox: precache, one network-first route and
// a sync relay need none of its machinery or build plugins.

/** Set by build.mjs: the build's hash, and every file of the shell. */
declare const SHELL_VERSION: string;
declare const SHELL_FILES: string[];

interface LifecycleEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchRequestEvent extends LifecycleEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface BackgroundSyncEvent extends LifecycleEvent {
  tag: string;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: LifecycleEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchRequestEvent) => void): void;
  addEventListener(type: 'sync', listener: (event: BackgroundSyncEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window' }): Promise<{ postMessage(message: unknown): void }[]>;
  };
  location: Location;
}

const worker = self as unknown as WorkerScope;
const SHELL_CACHE = `shell-${SHELL_VERSION}`;
const CONFIG_CACHE = 'firebase-config';

/** What the console reads before anything else (config.ts): fetched before this worker ran, so kept at install. */
const CONFIG_URLS = ['/__/firebase/init.json', '/__/firebase/init.js?useEmulator=true'];

worker.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all([
      caches.open(SHELL_CACHE).then((cache) => cache.addAll(SHELL_FILES)),
      // Best effort: init.js answers only where Hosting serves it (production and the emulator).
      caches
        .open(CONFIG_CACHE)
        .then((cache) => Promise.all(CONFIG_URLS.map((url) => cache.add(url).catch(() => undefined)))),
    ]).then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  // Older shells go; a page still running an old build fetches its lazy chunks from the network.
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith('shell-') && name !== SHELL_CACHE).map((name) => caches.delete(name)),
        ),
      )
      .then(() => worker.clients.claim()),
  );
});

/** The network's answer, kept; its last copy when the network fails. */
async function networkFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CONFIG_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const copy = await cache.match(request);
    if (copy) return copy;
    throw error;
  }
}

/** The shell's copy, else the network (a file of another build). */
async function shellFirst(request: Request): Promise<Response> {
  const copy = await (await caches.open(SHELL_CACHE)).match(request);
  return copy ?? fetch(request);
}

const NAVIGATION_WAIT_MS = 3000;

async function navigation(request: Request): Promise<Response> {
  const network = fetch(request);
  const late = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), NAVIGATION_WAIT_MS));
  try {
    const response = await Promise.race([network, late]);
    if (response?.ok) return response;
  } catch {
    // Offline: the copy below.
  }
  const copy = await (await caches.open(SHELL_CACHE)).match('/index.html');
  return copy ?? network;
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== worker.location.origin || url.pathname.startsWith('/api/')) return;
  if (url.pathname.startsWith('/__/')) return event.respondWith(networkFirst(request));
  // Every page of the single-page app is index.html (Hosting's rewrite): the deployed one while the
  // network answers within NAVIGATION_WAIT_MS (a fix deployed mid-disaster reaches people at once),
  // else this build's copy.
  if (request.mode === 'navigate') return event.respondWith(navigation(request));
  if (SHELL_FILES.includes(url.pathname)) event.respondWith(shellFirst(request));
});

worker.addEventListener('sync', (event) => {
  if (event.tag !== 'outbox') return;
  // The console holds the person's credentials, not the worker: it sends; with no console open
  // the sync fails and the browser tries again later (and the console sends on its next start).
  event.waitUntil(
    worker.clients.matchAll({ type: 'window' }).then((windows) => {
      if (windows.length === 0) throw new Error('no console open to send the outbox');
      for (const window of windows) window.postMessage({ type: 'flush-outbox' });
    }),
  );
});
