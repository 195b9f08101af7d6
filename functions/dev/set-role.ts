// `npm run set-role -- <uid or email> <role> [--project <id>]`: grants a role (the custom claim,
// mirrored in users/{uid}). Against the local emulators by default (default ports, or
// STACK_PORT_OFFSET); with `--project <id>`, against that real project with Application Default
// Credentials (`gcloud auth application-default login`): this is how the first admin is made.
import { ROLES, type Role } from '../src/shared/schemas.js';
import { PROJECT_ID, defaultPorts, emulatorEnv, shiftPorts } from './stack.js';

const USAGE = `Usage: npm run set-role -- <uid or email> <role> [--project <project id>]

  role: ${ROLES.join(' | ')}
  Without --project: the local emulators (npm start must be running).
  With --project:    that Firebase project, using Application Default Credentials.`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function parse(argv: string[]): { who: string; role: Role; project: string | undefined } {
  const positional: string[] = [];
  let project: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (arg === '--project' || arg === '-P') {
      project = argv[++i];
      if (!project) fail('--project needs a project id.');
    } else if (arg.startsWith('--project=')) {
      project = arg.slice('--project='.length);
    } else if (arg.startsWith('-')) {
      fail(`Unknown option ${arg}.`);
    } else {
      positional.push(arg);
    }
  }
  if (positional.length !== 2) fail('Expected a uid or email and a role.');
  const [who, role] = positional as [string, string];
  if (!(ROLES as readonly string[]).includes(role)) fail(`Unknown role "${role}".`);
  return { who, role: role as Role, project };
}

async function main(): Promise<void> {
  const { who, role, project } = parse(process.argv.slice(2));
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
    console.log(`Granting ${role} to ${who} in the project ${project} (Application Default Credentials)...`);
  } else {
    const offset = Number(process.env.STACK_PORT_OFFSET ?? 0) || 0;
    Object.assign(process.env, emulatorEnv(shiftPorts(defaultPorts(), offset)));
    console.log(
      `Granting ${role} to ${who} on the local emulators (${PROJECT_ID}, Auth at ${process.env.FIREBASE_AUTH_EMULATOR_HOST})...`,
    );
  }
  // Imported after the environment is set: the data layer reads it on first use.
  const { grantRole } = await import('../src/users/roles.js');
  const user = await grantRole(who, role, 'system');
  console.log(
    `Done: ${user.id} (${user.display_name}) is now ${user.role}. The user must refresh their ID token to use it.`,
  );
}

main().catch((error: unknown) => {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ECONNREFUSED' || /ECONNREFUSED|fetch failed/.test(message)) {
    console.error(`Cannot reach the emulators: is \`npm start\` running? (${message})`);
  } else {
    console.error(`set-role failed: ${message}`);
  }
  process.exit(1);
});
