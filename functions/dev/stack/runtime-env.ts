// The environment the function runtime gets, as the Functions emulator builds it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { emulatorEnv, type Ports } from './ports.js';
import { functionsDir, PROJECT_ID, REGION } from './project.js';

function parseDotenv(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  const out: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)\s*$/.exec(line);
    if (!match?.[1]) continue;
    let value = match[2] ?? '';
    if (/^(["']).*\1$/.test(value)) value = value.slice(1, -1);
    out[match[1]] = value;
  }
  return out;
}

/** What the Functions emulator gives the function runtime: emulator hosts, project, .env files and .secret.local. */
export function functionRuntimeEnv(ports: Ports): Record<string, string> {
  return {
    ...parseDotenv(join(functionsDir, '.env')),
    ...parseDotenv(join(functionsDir, `.env.${PROJECT_ID}`)),
    ...parseDotenv(join(functionsDir, '.env.local')),
    ...parseDotenv(join(functionsDir, '.secret.local')),
    ...emulatorEnv(ports),
    FUNCTIONS_EMULATOR: 'true',
    FIREBASE_CONFIG: JSON.stringify({
      projectId: PROJECT_ID,
      storageBucket: `${PROJECT_ID}.appspot.com`,
      locationId: REGION,
    }),
  };
}
