// Live updates behind one small adapter. Firestore listeners are used only where firestore.rules
// can say who may read (LISTENED_PATHS below; test/listened-paths checks each has a rule), and
// only when the project's Firestore serves browsers: the embedded emulator used locally speaks
// gRPC to server SDKs only (no WebChannel, which the browser SDK needs), so locally, and for
// anything shaped by the need-to-know rules everywhere, the console polls the API instead.
import type { FirebaseApp } from 'firebase/app';
import { refreshIdToken } from './auth.js';
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
