// One lazily initialised Admin SDK app per process: nothing connects at import time,
// which keeps cold starts short and lets tools set emulator variables first.
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

let firestore: Firestore | undefined;

export function adminApp(): App {
  return getApps()[0] ?? initializeApp();
}

export function db(): Firestore {
  if (!firestore) {
    firestore = getFirestore(adminApp());
    firestore.settings({ ignoreUndefinedProperties: true });
  }
  return firestore;
}

export function auth(): Auth {
  return getAuth(adminApp());
}

/** True for the error a commit fails with when one of its `create()` found the document there. */
export function isAlreadyExists(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 6; // gRPC ALREADY_EXISTS
}
