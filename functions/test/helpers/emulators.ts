// The emulators, as tests see them: reset, real ID tokens from the Auth emulator, and an Admin
// SDK Firestore handle for asserting what was written. Everything comes from the environment
// that `npm test` (dev/run-tests.ts) exports from the running stack.
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { db as dataLayerDb } from '../../src/data/firestore.js';
import type { Role } from '../../src/shared/schemas.js';

function required(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run the tests through \`npm test\` (it starts the emulators and sets it).`);
  return value;
}

export const projectId = (): string => process.env.GCLOUD_PROJECT ?? 'demo-disaster-response';
const authHost = () => required('FIREBASE_AUTH_EMULATOR_HOST');
const firestoreHost = () => required('FIRESTORE_EMULATOR_HOST');

/** The default Admin SDK app, bound to the emulators (so `getAuth()` works in tests too). */
export function testApp(): App {
  authHost();
  firestoreHost();
  return getApps()[0] ?? initializeApp({ projectId: projectId() });
}

/**
 * Admin SDK Firestore on the emulator: bypasses the API, for arranging and asserting. The very
 * instance the data layer uses (same app, same settings), so tests may mix both.
 */
export function testDb(): Firestore {
  testApp();
  return dataLayerDb();
}

export function testAuth() {
  return getAuth(testApp());
}

async function expectOk(response: Response, what: string): Promise<void> {
  if (!response.ok) throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
}

/**
 * Deletes every document of the Firestore emulator (official or embedded: same call). The official
 * one answers 409 ABORTED while a transaction of the previous file (a function still retrying it)
 * holds a lock: wait for it, as long as its lock timeout.
 */
export async function resetFirestore(): Promise<void> {
  const url = `http://${firestoreHost()}/emulator/v1/projects/${projectId()}/databases/(default)/documents`;
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(url, { method: 'DELETE' });
    if (response.status !== 409 || attempt >= 10) return expectOk(response, `Firestore reset (${url})`);
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Deletes every account of the Auth emulator. */
export async function resetAuth(): Promise<void> {
  const url = `http://${authHost()}/emulator/v1/projects/${projectId()}/accounts`;
  await expectOk(await fetch(url, { method: 'DELETE' }), `Auth reset (${url})`);
}

/** Empties both emulators; run before each test file by test/setup.ts. */
export async function resetEmulators(): Promise<void> {
  await Promise.all([resetFirestore(), resetAuth()]);
}

/** A call to the Auth emulator's REST API (any API key works there). */
export async function authRest<T>(method: string, body: unknown): Promise<T> {
  const url = `http://${authHost()}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=fake-api-key`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`Auth emulator accounts:${method} failed: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

let counter = 0;
export interface TokenOptions {
  /** Default: a fresh unique uid. */
  uid?: string;
  /** Set as the custom claim `role`; none when omitted (an unregistered user). */
  role?: Role;
  email?: string;
  /** Further custom claims. */
  claims?: Record<string, unknown>;
}

/**
 * A real ID token from the Auth emulator for this user, created on the fly if needed (the
 * emulator takes a plain JSON string as the custom token of `accounts:signInWithCustomToken`).
 * The role and claims are set as production sets them, with the Admin SDK's
 * `setCustomUserClaims` (so `getUser().customClaims` shows them too), and the token is issued
 * after that, so it carries them.
 */
export async function tokenFor(options: TokenOptions = {}): Promise<string> {
  counter += 1;
  const uid = options.uid ?? `user-${process.pid}-${Date.now().toString(36)}-${counter}`;
  const claims = { ...options.claims, ...(options.role ? { role: options.role } : {}) };
  const signIn = async () =>
    (
      await authRest<{ idToken: string }>('signInWithCustomToken', {
        token: JSON.stringify({ uid }),
        returnSecureToken: true,
      })
    ).idToken;
  const first = await signIn(); // creates the user when new
  if (Object.keys(claims).length === 0 && !options.email) return first;
  if (options.email) await testAuth().updateUser(uid, { email: options.email });
  if (Object.keys(claims).length > 0) await testAuth().setCustomUserClaims(uid, claims);
  return signIn();
}

function decodePart(part: string | undefined): Record<string, unknown> {
  return JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

/**
 * A token the Auth emulator would have issued, but expired an hour ago: the claims of a real
 * token for this user, with `iat`/`exp` moved into the past (the emulator's tokens are unsigned,
 * so the Admin SDK rejects it for its expiry alone).
 */
export async function expiredToken(options: TokenOptions = {}): Promise<string> {
  const token = await tokenFor(options);
  const [header, payload] = token.split('.');
  const claims = decodePart(payload);
  const past = Math.floor(Date.now() / 1000) - 3600;
  const expired = { ...claims, iat: past - 3600, auth_time: past - 3600, exp: past };
  return `${header}.${Buffer.from(JSON.stringify(expired)).toString('base64url')}.`;
}

/** Not a JWT at all. */
export function garbageToken(): string {
  return 'not-a-jwt.garbage.token';
}
