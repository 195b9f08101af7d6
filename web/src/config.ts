// Where the console finds its Firebase project and, locally, the emulators. Firebase Hosting
// serves both from reserved URLs: /__/firebase/init.json (the web app's config) and, in the
// Hosting emulator, /__/firebase/init.js?useEmulator=true (which emulators are running).
export interface FirebaseWebConfig {
  apiKey: string;
  projectId: string;
  authDomain?: string;
  appId?: string;
}

export interface EmulatorAddress {
  host: string;
  port: number;
}

export interface ConsoleConfig {
  firebase: FirebaseWebConfig;
  /** Present when served by the Hosting emulator. */
  emulators: { auth?: EmulatorAddress; firestore?: EmulatorAddress } | null;
  /** The API on the same origin, through Hosting's /api/** rewrite. */
  apiBase: string;
}

const isLocal = (hostname: string) => hostname === '127.0.0.1' || hostname === 'localhost';

function isAddress(value: unknown): value is EmulatorAddress {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { host?: unknown }).host === 'string' &&
    typeof (value as { port?: unknown }).port === 'number'
  );
}

/** The emulators listed by the Hosting emulator's init.js (a `var firebaseEmulators = {...};` line). */
export function parseEmulators(initJs: string): ConsoleConfig['emulators'] {
  const match = /var firebaseEmulators = (\{[\s\S]*?\n\});/.exec(initJs);
  if (!match?.[1]) return null;
  const parsed = JSON.parse(match[1]) as Record<string, unknown>;
  return {
    ...(isAddress(parsed.auth) ? { auth: parsed.auth } : {}),
    ...(isAddress(parsed.firestore) ? { firestore: parsed.firestore } : {}),
  };
}

export async function loadConfig(): Promise<ConsoleConfig> {
  const firebase = (await (await fetch('/__/firebase/init.json')).json()) as FirebaseWebConfig;
  let emulators: ConsoleConfig['emulators'] = null;
  if (isLocal(location.hostname)) {
    const initJs = await (await fetch('/__/firebase/init.js?useEmulator=true')).text();
    emulators = parseEmulators(initJs);
  }
  return { firebase, emulators, apiBase: '/api' };
}
