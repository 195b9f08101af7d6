// `npm start`: builds the functions, starts the local stack, seeds demo data (unless `--empty`
// or SEED=0), prints the API base URL and how to get a token for each demo user, and stops
// everything on Ctrl-C.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { LOCAL_TWILIO_AUTH_TOKEN } from '../src/config.js';
import { buildConsole, functionsDir, stackDir, startStack, stopAllStacks, type Stack } from './stack.js';

/**
 * When the command started: `scripts/ensure-deps.mjs --mark-start` (the first thing `npm start`
 * runs) notes it in .stack/command-start; without a recent mark, this process's own start.
 */
function commandStart(): number {
  const mark = join(stackDir, 'command-start');
  if (existsSync(mark)) {
    const at = Number(readFileSync(mark, 'utf8'));
    if (Number.isFinite(at) && Date.now() - at < 30 * 60_000 && at <= performance.timeOrigin) return at;
  }
  return performance.timeOrigin;
}
const started = commandStart();

function usage(): never {
  console.log(`Usage: npm start [-- --empty]

  --empty            start without demo data (also: SEED=0)
Environment:
  FIRESTORE_EMULATOR=official|embedded   force a Firestore emulator (default: automatic)
  STACK_PORT_OFFSET=N                    add N to every emulator port`);
  process.exit(0);
}

function printHowTo(stack: Stack, seeded: boolean, users: { email: string; password: string; role: string }[]): void {
  const auth = `http://127.0.0.1:${stack.ports.auth}/identitytoolkit.googleapis.com/v1/accounts`;
  const idToken = `node -pe 'JSON.parse(require("fs").readFileSync(0)).idToken'`;
  const tokenCommand = (method: string, email: string, password: string) =>
    `export TOKEN=$(curl -s '${auth}:${method}?key=any' -H 'content-type: application/json' -d '{"email":"${email}","password":"${password}","returnSecureToken":true}' | ${idToken})`;
  console.log('');
  if (seeded) {
    console.log('Demo users (one per role, password "demo-password"). Get an ID token into $TOKEN with:');
    for (const user of users) {
      console.log(`  # ${user.role}`);
      console.log(`  ${tokenCommand('signInWithPassword', user.email, user.password)}`);
    }
  } else {
    console.log('Started empty. Sign up a user and get an ID token into $TOKEN with:');
    console.log(`  ${tokenCommand('signUp', 'me@example.com', 'secret-password')}`);
  }
  console.log('');
  console.log('Then call the API, e.g.:');
  console.log(`  curl -s ${stack.baseUrl}/users/me -H "Authorization: Bearer $TOKEN"`);
  console.log(`  curl -s ${stack.baseUrl}/openapi.json`);
  console.log('');
  // What Twilio's console would be given; README "SMS, WhatsApp and push" shows a signed curl.
  const webhookBase = process.env.PUBLIC_API_BASE_URL || stack.baseUrl;
  console.log(`Twilio inbound webhook (SMS and WhatsApp): ${webhookBase}/channels/twilio/inbound`);
  console.log(
    `Twilio auth token used locally: ${process.env.TWILIO_AUTH_TOKEN || LOCAL_TWILIO_AUTH_TOKEN}${process.env.TWILIO_AUTH_TOKEN ? ' (TWILIO_AUTH_TOKEN)' : ''}`,
  );
  console.log('');
  console.log(`Emulator log: ${stack.logFile}`);
  console.log('Press Ctrl-C to stop.');
}

let stopping = false;
async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log('\n[start] stopping the local stack...');
  try {
    // Also a stack still starting: its children are stopped too.
    await stopAllStacks();
    console.log('[start] stopped; all ports released.');
  } finally {
    process.exit(code);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) usage();
  const seedWanted = !args.includes('--empty') && process.env.SEED !== '0';

  // The same build as `npm run build` (and a deploy): type-check, then the bundle of dev/bundle.ts.
  // Emitting per-file output instead left lib/ unlike what is deployed.
  console.log('[start] building functions (npm run build: tsc --noEmit, then the bundle)');
  const build = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '--silent', 'build'], {
    cwd: functionsDir,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('[start] build failed');
    process.exit(build.status ?? 1);
  }

  console.log('[start] building the console (web/build.mjs)');
  buildConsole((m) => console.log(`[start] ${m}`));

  // Ctrl-C reaches npm and this process together; npm waits for us, we stop the stack.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (stopping) console.log('[start] still stopping, please wait...');
      void shutdown(0);
    });
  }

  const running = await startStack({ echo: true });
  if (stopping) return;
  Object.assign(process.env, running.env);

  let users: { email: string; password: string; role: string }[] = [];
  if (seedWanted) {
    // Imported only now: the data layer reads the emulator variables just set.
    const { seed } = await import('./seed.js');
    const context = await seed((line) => console.log(`[seed] ${line}`));
    users = [...context.users];
  }

  const health = await fetch(`${running.baseUrl}/health`);
  if (health.status !== 200) throw new Error(`the API answered ${health.status} to /health`);
  const seconds = ((performance.timeOrigin + performance.now() - started) / 1000).toFixed(1);
  printHowTo(running, seedWanted, users);
  console.log('');
  console.log(`API ready at ${running.baseUrl}`);
  console.log(`Console ready at ${running.consoleUrl}${seedWanted ? ' (sign in as a demo user above)' : ''}`);
  console.log(
    `(startup: ${seconds} s from command to ready; Firestore: ${running.firestoreKind} emulator${running.portOffset ? `; port offset ${running.portOffset}` : ''})`,
  );
}

main().catch((error: unknown) => {
  console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
  void shutdown(1);
});
