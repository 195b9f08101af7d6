// Where an operator's command (set-role, backfill) runs: the local emulators by default (default
// ports, or STACK_PORT_OFFSET), or with `--project <id>` a real project with Application Default
// Credentials (`gcloud auth application-default login`).
import { PROJECT_ID, defaultPorts, emulatorEnv, shiftPorts } from './stack.js';

/** Sets the environment for `project` (undefined: the local emulators) and says which, before `doing`. */
export function useTarget(project: string | undefined, doing: string): void {
  if (project) {
    for (const name of [
      'FIRESTORE_EMULATOR_HOST',
      'FIREBASE_AUTH_EMULATOR_HOST',
      'FIREBASE_EMULATOR_HUB',
      'CLOUD_TASKS_EMULATOR_HOST',
    ])
      delete process.env[name];
    process.env.GCLOUD_PROJECT = project;
    process.env.GOOGLE_CLOUD_PROJECT = project;
    console.log(`${doing} in the project ${project} (Application Default Credentials)...`);
  } else {
    const offset = Number(process.env.STACK_PORT_OFFSET ?? 0) || 0;
    Object.assign(process.env, emulatorEnv(shiftPorts(defaultPorts(), offset)));
    console.log(
      `${doing} on the local emulators (${PROJECT_ID}, Auth at ${process.env.FIREBASE_AUTH_EMULATOR_HOST})...`,
    );
  }
}

/** Reads `--project <id>` (or `-P`, `--project=`) out of argv; the rest are returned in order. */
export function projectOption(argv: string[], fail: (message: string) => never): { project?: string; rest: string[] } {
  const rest: string[] = [];
  let project: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--project' || arg === '-P') {
      project = argv[++i];
      if (!project) fail('--project needs a project id.');
    } else if (arg.startsWith('--project=')) {
      project = arg.slice('--project='.length);
    } else {
      rest.push(arg);
    }
  }
  return project === undefined ? { rest } : { project, rest };
}

/** Exits with a message that says whether the emulators were not running. */
export function failedCommand(tool: string, error: unknown): never {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ECONNREFUSED' || /ECONNREFUSED|fetch failed/.test(message)) {
    console.error(`Cannot reach the emulators: is \`npm start\` running? (${message})`);
  } else {
    console.error(`${tool} failed: ${message}`);
  }
  process.exit(1);
}
