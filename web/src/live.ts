// Live updates behind one small adapter. Firestore listeners are used only where firestore.rules
// can say who may read (LISTENED_PATHS below; test/listened-paths checks each has a rule), and
// only when the project's Firestore serves browsers: the embedded emulator used locally speaks
// gRPC to server SDKs only (no WebChannel, which the browser SDK needs), so locally, and for
// anything shaped by the need-to-know rules everywhere, the console polls the API instead.
import type { FirebaseApp } from 'firebase/app';
import { refreshIdToken } from './auth.js';
import { api, ApiError, type Page } from './api.js';
import type { ConsoleConfig, EmulatorAddress } from './config.js';

/** Every Firestore path pattern the console listens to. Each must have a match in firestore.rules. */
export const LISTENED_PATHS = {
  chat: 'disasters/{disasterId}/messages',
  notifications: 'users/{uid}/notifications',
} as const;

/** How often a polled view refreshes: quick enough to feel live, light on the API's read limits. */
export const POLL_INTERVAL_MS = 2000;

export type Unsubscribe = () => void;

let listenerApp: FirebaseApp | null = null;
let emulatorFirestore: EmulatorAddress | undefined;
let connected = false;

/**
 * Listeners are on in production (no emulators) and with the official Firestore emulator
 * (listed by the Hosting emulator); off with the embedded one (not listed: it is not a
 * firebase-tools emulator).
 */
export function configureLive(app: FirebaseApp, config: ConsoleConfig): void {
  const canListen = config.emulators === null || config.emulators.firestore !== undefined;
  listenerApp = canListen ? app : null;
  emulatorFirestore = config.emulators?.firestore;
}

export function listenersAvailable(): boolean {
  return listenerApp !== null;
}

/** Calls `load` now and every `intervalMs` after each answer while subscribed (never two at a time). */
export function poll<T>(
  load: () => Promise<T>,
  onData: (data: T) => void,
  onError?: (error: unknown) => void,
  intervalMs = POLL_INTERVAL_MS,
): Unsubscribe {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    try {
      const data = await load();
      if (!stopped) onData(data);
    } catch (error) {
      if (!stopped) onError?.(error);
    }
    if (!stopped) timer = setTimeout(() => void tick(), intervalMs);
  };
  void tick();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}

/** firestore.rules refused the subscription, even with a fresh ID token. */
export class ListenRefused extends Error {
  constructor(path: string) {
    super(`listening to ${path} was refused`);
  }
}

/**
 * How often a change feed is asked: a change reaches the screen within this plus one call (under
 * 2 s), and an idle poll costs one or two reads whatever the size of the list.
 */
export const FEED_INTERVAL_MS = 1500;

/** The start of every change feed: the first load reads the whole list, oldest change first. */
const BEGINNING = '1970-01-01T00:00:00.000Z';
const FEED_PAGE = 200;

export interface FollowOptions<T> {
  /** Whether an item still belongs to the copy (e.g. still in the disaster); the others are dropped. */
  keep?: (item: T) => boolean;
  /** FEED_INTERVAL_MS by default. */
  intervalMs?: number;
}

/**
 * Keeps a copy of a list up to date through its change feed (`updated_since` on GET /requests
 * and GET /tasks; functions/src/data/changes.ts): the whole list once, page after page, then
 * every `intervalMs` only what changed since, merged by id. `path` names the list and its scope
 * (e.g. `/requests?disaster_id=...`); the screen filters the copy itself, so that an item that
 * leaves a filter (closed, another need) leaves the screen too. `onData` gets the whole copy after
 * the first load and after each poll that changed it. Idle, a poll costs the API a query that
 * finds nothing, whatever the size of the list (docs/console.md, "Live views: changes, not rows").
 */
export function follow<T extends { id: string }>(
  path: string,
  onData: (items: T[]) => void,
  onError?: (error: unknown) => void,
  options: FollowOptions<T> = {},
): Unsubscribe {
  const copy = new Map<string, T>();
  let cursor: string | null = null;
  let loaded = false;
  let stopped = false;
  const separator = path.includes('?') ? '&' : '?';
  const merge = (item: T): boolean => {
    const had = copy.get(item.id);
    if (options.keep && !options.keep(item)) return copy.delete(item.id);
    // Items changed in the last seconds come again on the next page: unchanged, nothing to redraw.
    if (had && JSON.stringify(had) === JSON.stringify(item)) return false;
    copy.set(item.id, item);
    return true;
  };
  const load = async (): Promise<T[] | null> => {
    let changed = !loaded;
    while (!stopped) {
      const at: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
      let page: Page<T>;
      try {
        page = await api<Page<T>>('GET', `${path}${separator}updated_since=${BEGINNING}&limit=${FEED_PAGE}${at}`);
      } catch (error) {
        // A cursor the API no longer takes (a new version): load everything again.
        if (!(error instanceof ApiError && error.status === 400 && cursor !== null)) throw error;
        copy.clear();
        cursor = null;
        changed = true;
        continue;
      }
      for (const item of page.items) changed = merge(item) || changed;
      const moved = page.next_cursor !== cursor;
      cursor = page.next_cursor;
      // A full page that moved the position: more follow at once. Otherwise caught up.
      if (page.items.length < FEED_PAGE || !moved) break;
    }
    loaded = true;
    return changed ? [...copy.values()] : null;
  };
  const stop = poll(
    load,
    (items) => {
      if (items) onData(items);
    },
    onError,
    options.intervalMs ?? FEED_INTERVAL_MS,
  );
  return () => {
    stopped = true;
    stop();
  };
}

/**
 * A Firestore query listener on one of LISTENED_PATHS, newest `limit` documents by created_at,
 * or, when listeners are unavailable, `fallback` polled. A refusal by the rules is tried once more
 * with a fresh ID token (the rules read the role from the token, which can be older than a role
 * just granted), then reported as ListenRefused; the SDK itself reconnects after a lost connection.
 */
export function listen<T>(
  path: keyof typeof LISTENED_PATHS,
  params: Record<string, string>,
  limit: number,
  fallback: () => Promise<T[]>,
  onData: (items: T[]) => void,
  onError?: (error: unknown) => void,
): Unsubscribe {
  const app = listenerApp;
  if (!app) return poll(fallback, onData, onError);
  let unsubscribe: Unsubscribe | null = null;
  let stopped = false;
  const collectionPath = LISTENED_PATHS[path].replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
  const subscribe = async (retried: boolean) => {
    // Loaded on first use: the Firestore SDK is the heaviest part of the console.
    const firestore = await import('firebase/firestore');
    const db = firestore.getFirestore(app);
    if (emulatorFirestore && !connected) {
      firestore.connectFirestoreEmulator(db, emulatorFirestore.host, emulatorFirestore.port);
      connected = true;
    }
    const query = firestore.query(
      firestore.collection(db, collectionPath),
      firestore.orderBy('created_at', 'desc'),
      firestore.limit(limit),
    );
    if (stopped) return;
    unsubscribe = firestore.onSnapshot(
      query,
      (snapshot) => onData(snapshot.docs.map((doc) => ({ id: doc.id, ...isoTimes(doc.data()) }) as T).reverse()),
      (error) => {
        if (stopped) return;
        if (error.code !== 'permission-denied') return onError?.(error);
        if (retried) return onError?.(new ListenRefused(collectionPath));
        void refreshIdToken().then(() => subscribe(true), onError);
      },
    );
  };
  void subscribe(false);
  return () => {
    stopped = true;
    unsubscribe?.();
  };
}

/**
 * The service stores `*_at` fields as Firestore Timestamps (functions/src/data/converter.ts); the
 * API answers ISO strings, and so does a listener's document once converted here.
 */
function isoTimes(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const timestamp = value as { toDate?: () => Date } | null;
    out[key] =
      key.endsWith('_at') && typeof timestamp?.toDate === 'function' ? timestamp.toDate().toISOString() : value;
  }
  return out;
}
