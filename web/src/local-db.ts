// The console's IndexedDB (raw: two object stores need no library): the outbox (outbox.ts) and
// the signed-in person's last copies of their screens (offline-copy.ts). Every row names its
// owner (a uid): nothing is read for anyone else.
const DB_NAME = 'console-offline';
const DB_VERSION = 1;
export type StoreName = 'outbox' | 'copies';

let opened: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      for (const name of ['outbox', 'copies'] as const)
        if (!db.objectStoreNames.contains(name))
          db.createObjectStore(name, { keyPath: 'key' }).createIndex('owner', 'owner');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
  });
  return opened;
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

async function store(name: StoreName, mode: IDBTransactionMode): Promise<IDBObjectStore> {
  return (await database()).transaction(name, mode).objectStore(name);
}

export async function rowsOf<T>(name: StoreName, owner: string): Promise<T[]> {
  return done((await store(name, 'readonly')).index('owner').getAll(owner) as IDBRequest<T[]>);
}

export async function getRow<T>(name: StoreName, key: string): Promise<T | undefined> {
  return done((await store(name, 'readonly')).get(key) as IDBRequest<T | undefined>);
}

export async function putRow<Row extends { key: string; owner: string }>(name: StoreName, row: Row): Promise<void> {
  await done((await store(name, 'readwrite')).put(row));
}

export async function deleteRow(name: StoreName, key: string): Promise<void> {
  await done((await store(name, 'readwrite')).delete(key));
}

/** Every row of one owner (sign-out clears their copies). */
export async function deleteRowsOf(name: StoreName, owner: string): Promise<void> {
  const keys = await done((await store(name, 'readonly')).index('owner').getAllKeys(owner));
  const writable = await store(name, 'readwrite');
  await Promise.all(keys.map((key) => done(writable.delete(key))));
}
