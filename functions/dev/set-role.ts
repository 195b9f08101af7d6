// `npm run set-role -- <uid or email> <role> [--project <id>]`: grants a role (the custom claim,
// mirrored in users/{uid}). Against the local emulators by default (default ports, or
// STACK_PORT_OFFSET); with `--project <id>`, against that real project with Application Default
// Credentials (`gcloud auth application-default login`): this is how the first admin is made.
import { ROLES, type Role } from '../src/shared/schemas.js';
import { failedCommand, projectOption, useTarget } from './target.js';

const USAGE = `Usage: npm run set-role -- <uid or email> <role> [--project <project id>]

  role: ${ROLES.join(' | ')}
  Without --project: the local emulators (npm start must be running).
  With --project:    that Firebase project, using Application Default Credentials.`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function parse(argv: string[]): { who: string; role: Role; project: string | undefined } {
  const { project, rest } = projectOption(argv, fail);
  const positional: string[] = [];
  for (const arg of rest) {
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
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
  useTarget(project, `Granting ${role} to ${who}`);
  // Imported after the environment is set: the data layer reads it on first use.
  const { grantRole } = await import('../src/users/roles.js');
  const user = await grantRole(who, role, 'system');
  console.log(
    `Done: ${user.id} (${user.display_name}) is now ${user.role}. The user must refresh their ID token to use it.`,
  );
}

main().catch((error: unknown) => failedCommand('set-role', error));
