// The signed-in person's last copy of each screen they need in the field (my tasks with their
// place, my requests, the chats they joined, the last triage queue they saw), kept in IndexedDB
// under their uid: when the network fails, the screen shows the copy marked "as of" its time.
// Copies are read for their owner only and deleted when that person signs out, so whoever signs
// in next on the same browser never sees them. (In the page, not the service worker: the page
// knows who is signed in and can say how old a copy is; the worker caches only the app shell.)
import { ApiError } from './api.js';
import { formatTime, t } from './i18n.js';
import type { Unsubscribe } from './live.js';
import { deleteRowsOf, getRow, putRow } from './local-db.js';

interface CopyRow {
  key: string;
  owner: string;
  data: unknown;
  /** When the data came from the network. */
  at: string;
}

/** A screen's data, and how old it is when it is a copy (null: just fetched). */
export interface Fresh<T> {
  data: T;
  asOf: string | null;
}

let owner: string | null = null;

/** Whose copies are read and kept from now on (null when nobody is signed in). */
export function setCopyOwner(uid: string | null): void {
  owner = uid;
}

/** A failure the network caused (no connection, the server down): a copy is better than nothing. A refusal is not. */
export function isUnreachable(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500;
}

const rowKey = (uid: string, name: string) => `${uid}|${name}`;

/** The owner's copy of `name`, if any. */
export async function readCopy<T>(name: string): Promise<Fresh<T> | undefined> {
  const uid = owner;
  if (!uid) return undefined;
  const copy = await getRow<CopyRow>('copies', rowKey(uid, name)).catch(() => undefined);
  if (!copy || copy.owner !== uid || owner !== uid) return undefined;
  return { data: copy.data as T, asOf: copy.at };
}

/** Keeps `data` as the owner's copy of `name` (best effort: a full disk only loses the copy). */
export function keepCopy(name: string, data: unknown, uid = owner): void {
  if (uid && owner === uid)
    void putRow('copies', { key: rowKey(uid, name), owner: uid, data, at: new Date().toISOString() }).catch(
      () => undefined,
    );
}

/** `load`, with each answer kept as the owner's copy of `name`; when the network fails, that copy. */
export function withCopy<T>(name: string, load: () => Promise<T>): () => Promise<Fresh<T>> {
  return async () => {
    const uid = owner;
    try {
      const data = await load();
      keepCopy(name, data, uid);
      return { data, asOf: null };
    } catch (error) {
      const copy = isUnreachable(error) && owner === uid ? await readCopy<T>(name) : undefined;
      if (!copy) throw error;
      return copy;
    }
  };
}

/**
 * A live subscription (listen, follow) with the owner's copy of `name`: the copy shows until the
 * first live data, each update is kept, and the copy shows again "as of" when the network fails.
 */
export function subscribeWithCopy<T>(
  name: string,
  subscribe: (onData: (data: T) => void, onError: (error: unknown) => void) => Unsubscribe,
  onData: (fresh: Fresh<T>) => void,
  onError: (error: unknown) => void,
): Unsubscribe {
  let live = false;
  void readCopy<T>(name).then((copy) => copy && !live && onData(copy));
  return subscribe(
    (data) => {
      live = true;
      keepCopy(name, data);
      onData({ data, asOf: null });
    },
    (error) => {
      if (!isUnreachable(error)) return onError(error);
      void readCopy<T>(name).then((copy) => (copy ? onData(copy) : onError(error)));
    },
  );
}

/** Sign-out: the person's copies leave this browser. */
export async function forgetCopies(uid: string): Promise<void> {
  await deleteRowsOf('copies', uid);
}

/** "Offline: as of 10:42" over a screen showing a copy. */
export function AsOf({ asOf }: { asOf: string | null | undefined }) {
  if (!asOf) return null;
  return (
    <p role="status" class="as-of">
      {t('offline_as_of', { time: formatTime(asOf) })}
    </p>
  );
}
