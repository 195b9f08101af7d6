// Where the stack lives, its project, and the repository's firebase.json it starts from.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(__dirname, '..', '..', '..');
export const functionsDir = join(repoRoot, 'functions');
export const stackDir = join(repoRoot, '.stack');
export const webDir = join(repoRoot, 'web');
export const PROJECT_ID = 'demo-disaster-response';
export const REGION = 'us-central1';

export interface FirebaseJson {
  functions?: { source?: string }[] | { source?: string };
  firestore?: { rules?: string; indexes?: string };
  hosting?: { public?: string; headers?: HostingHeaders[]; [key: string]: unknown };
  emulators?: Record<
    string,
    { host?: string; port?: number; websocketPort?: number; enabled?: boolean } | boolean | undefined
  >;
  [key: string]: unknown;
}

export interface HostingHeaders {
  source: string;
  headers: { key: string; value: string }[];
}

export function readFirebaseJson(): FirebaseJson {
  return JSON.parse(readFileSync(join(repoRoot, 'firebase.json'), 'utf8')) as FirebaseJson;
}
