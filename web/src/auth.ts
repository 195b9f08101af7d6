// Sign-in through Firebase Auth (the Auth emulator locally); the ID token authorizes API calls.
import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  onIdTokenChanged,
  signInWithEmailAndPassword,
  signOut as firebaseSignOut,
  type Auth,
  type User,
} from 'firebase/auth';
import type { ConsoleConfig } from './config.js';

let app: FirebaseApp | undefined;
let auth: Auth | undefined;

export function startAuth(config: ConsoleConfig, onUser: (user: User | null) => void): FirebaseApp {
  app = initializeApp(config.firebase);
  // getAuth's defaults without its popup/redirect resolver, which loads an iframe from the auth
  // domain: e-mail and password need no frame, so the CSP allows none (firebase.json frame-src).
  auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
  });
  if (config.emulators?.auth) {
    const { host, port } = config.emulators.auth;
    connectAuthEmulator(auth, `http://${host}:${port}`, { disableWarnings: true });
  }
  onIdTokenChanged(auth, onUser);
  return app;
}

export async function idToken(): Promise<string | null> {
  return (await auth?.currentUser?.getIdToken()) ?? null;
}

/** A new ID token now, with the claims as they are (a role granted since the last one). */
export async function refreshIdToken(): Promise<void> {
  await auth?.currentUser?.getIdToken(true);
}

export async function signIn(email: string, password: string): Promise<void> {
  if (!auth) throw new Error('auth not started');
  await signInWithEmailAndPassword(auth, email, password);
}

export async function signOut(): Promise<void> {
  if (auth) await firebaseSignOut(auth);
}
