// The local stack: Auth, Functions and Cloud Tasks emulators from firebase-tools, and Firestore
// (the official emulator where it can run, else the embedded one on the same port), plus the
// trigger relay that delivers Firestore create events while the embedded emulator is in use.
// Used by `npm start` (dev/start.ts) and `npm test` (dev/run-tests.ts).
//
// The pieces: dev/stack/project.ts (paths, project, firebase.json), ports.ts (ports, addresses,
// emulator variables), firestore-choice.ts, firebase-config.ts (the generated config),
// runtime-env.ts (the function runtime's variables) and console.ts (its build).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { guardAgainstOrphans, openLog, spawnLogged, stopTree, waitForPortsFree, type Child } from './processes.js';
import { onFunctionsNode } from './node-runtime.js';
import { buildConsole } from './stack/console.js';
import { writeStackConfig } from './stack/firebase-config.js';
import { chooseFirestore, embeddedFirestoreWarning, type FirestoreChoice } from './stack/firestore-choice.js';
import {
  apiBaseUrl,
  channelStandInEnv,
  choosePorts,
  consoleUrl,
  defaultPorts,
  emulatorEnv,
  parseOffset,
  usedPorts,
  type FirestoreKind,
  type Ports,
} from './stack/ports.js';
import { functionsDir, PROJECT_ID, repoRoot, stackDir, webDir } from './stack/project.js';
import { functionRuntimeEnv } from './stack/runtime-env.js';

export { buildConsole } from './stack/console.js';
export { chooseFirestore, embeddedFirestoreWarning, type FirestoreChoice } from './stack/firestore-choice.js';
export {
  apiBaseUrl,
  channelStandInEnv,
  consoleUrl,
  defaultPorts,
  emulatorEnv,
  shiftPorts,
  type FirestoreKind,
  type Ports,
} from './stack/ports.js';
export { functionsDir, PROJECT_ID, REGION, repoRoot, stackDir, webDir } from './stack/project.js';
export { functionRuntimeEnv } from './stack/runtime-env.js';

export interface StackOptions {
  /** Added to every port. Default: env STACK_PORT_OFFSET, else 0 when the default ports are free, else the first free offset. */
  portOffset?: number;
  /** Default: env FIRESTORE_EMULATOR, else automatic. */
  firestore?: FirestoreKind;
  /** Echo the emulators' output to the terminal (it always goes to the log file). */
  echo?: boolean;
  /** Name of the log file under .stack/ (default stack.log). */
  logName?: string;
  /** How long to wait for the API to answer (default 120 s). */
  timeoutMs?: number;
  /** Progress messages (default console.log). */
  say?: (message: string) => void;
  /** Extra variables for the function runtime (e.g. RATE_LIMIT_SCALE for a load test). */
  runtimeEnv?: Record<string, string>;
}

export interface Stack {
  baseUrl: string;
  /** The console through the Hosting emulator; the API answers under `${consoleUrl}/api` too. */
  consoleUrl: string;
  projectId: string;
  ports: Ports;
  portOffset: number;
  firestoreKind: FirestoreKind;
  /** What a client or a test needs to reach the emulators. */
  env: Record<string, string>;
  logFile: string;
  stop(): Promise<void>;
}

// --- Starting and stopping ----------------------------------------------------------------------

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** This process's environment without the emulator variables: as from a shell with no emulator running. */
export function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of [
    'FIRESTORE_EMULATOR_HOST',
    'FIREBASE_AUTH_EMULATOR_HOST',
    'CLOUD_TASKS_EMULATOR_HOST',
    'FIREBASE_EMULATOR_HUB',
    'FIREBASE_STORAGE_EMULATOR_HOST',
    'FIREBASE_DATABASE_EMULATOR_HOST',
    'PUBSUB_EMULATOR_HOST',
    'NODE_OPTIONS',
    // Set per instance by the runtime (src/index.ts): one left in the shell would hide functions
    // from discovery and from the trigger relay.
    'FUNCTION_TARGET',
  ]) {
    delete env[name];
  }
  return env;
}

async function waitFor(
  what: string,
  children: Child[],
  timeoutMs: number,
  check: () => Promise<boolean> | boolean,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const dead = children.find((c) => c.hasExited());
    if (dead) throw new Error(`${dead.name} exited while waiting for ${what}. Last output:\n${dead.tail()}`);
    if (await check()) return;
    if (Date.now() > deadline) {
      throw new Error(
        `timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}. Last output:\n${children.map((c) => `--- ${c.name}\n${c.tail()}`).join('\n')}`,
      );
    }
    await sleep(200);
  }
}

async function answers(url: string, expectStatus = 200, timeoutMs = 2000): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return response.status === expectStatus;
  } catch {
    return false;
  }
}

const tsx = ['--import', 'tsx'];

/** The stop functions of every stack of this process, started or still starting. */
const activeStacks = new Set<() => Promise<void>>();

/** Stops every stack this process started, including one still starting (for signal handlers). */
export async function stopAllStacks(): Promise<void> {
  await Promise.all([...activeStacks].map((stop) => stop()));
}

class PortTakenError extends Error {}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const say = options.say ?? ((m: string) => console.log(`[stack] ${m}`));
  const choice = chooseFirestore(options.firestore ?? process.env.FIRESTORE_EMULATOR);
  const { kind, reason } = choice;
  say(kind === 'official' ? `Firestore: official emulator (${reason})` : embeddedFirestoreWarning(reason));
  const requested = options.portOffset ?? parseOffset(process.env.STACK_PORT_OFFSET);
  // A port found free can be taken by another stack before the CLI binds it: with an offset
  // chosen here, choose again.
  for (let attempt = 1; ; attempt++) {
    const { ports, offset } = await choosePorts(defaultPorts(), kind, requested, say);
    try {
      return await startOnce(options, say, choice, ports, offset);
    } catch (error) {
      if (!(error instanceof PortTakenError) || requested !== undefined || attempt >= 3) throw error;
      say(`${error.message.split('\n')[0]}; trying other ports`);
    }
  }
}

async function startOnce(
  options: StackOptions,
  say: (m: string) => void,
  { kind, official }: FirestoreChoice,
  ports: Ports,
  offset: number,
): Promise<Stack> {
  // Hosting serves web/dist: an API-only run still gets a console, built once.
  if (!existsSync(join(webDir, 'dist', 'index.html'))) buildConsole(say);
  const configPath = writeStackConfig(ports, offset);
  mkdirSync(stackDir, { recursive: true });
  const logFile = join(stackDir, options.logName ?? (offset === 0 ? 'stack.log' : `stack.${offset}.log`));
  writeFileSync(logFile, '');
  const log = openLog(logFile);
  const env = emulatorEnv(ports);
  const children: Child[] = [];
  let stopped: Promise<void> | undefined;

  const stop = () =>
    (stopped ??= (async () => {
      activeStacks.delete(stop);
      // Reverse order: the relay and the CLI before the Firestore emulator they talk to.
      for (const child of [...children].reverse()) {
        await stopTree(
          child,
          child.name === 'firebase' ? 'SIGINT' : 'SIGTERM',
          child.name === 'firebase' ? 8000 : 3000,
        );
      }
      const busy = await waitForPortsFree(usedPorts(ports, kind));
      if (busy.length > 0) say(`warning: ports still in use after stop: ${busy.join(', ')}`);
      await new Promise<void>((r) => log.end(r));
    })());
  activeStacks.add(stop);

  try {
    // Started side by side: the CLI needs Firestore only once functions run, the relay needs
    // Firestore and the built code, not the Functions emulator.
    let firestoreReady = kind === 'official';
    if (kind === 'embedded') {
      const firestore = spawnLogged({
        name: 'firestore',
        command: process.execPath,
        args: [...tsx, join(functionsDir, 'dev', 'embedded-firestore.ts'), String(ports.firestore), '127.0.0.1'],
        options: { cwd: functionsDir, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
        log,
        echo: options.echo,
        onLine: (line) => {
          if (line.includes('embedded Firestore emulator listening')) firestoreReady = true;
        },
      });
      children.push(firestore);
    }

    let standInsReady = false;
    children.push(
      spawnLogged({
        name: 'channels',
        command: process.execPath,
        args: [...tsx, join(functionsDir, 'dev', 'channel-standins.ts'), String(ports.channels)],
        options: { cwd: functionsDir, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
        log,
        echo: options.echo,
        onLine: (line) => {
          if (line.includes('channel stand-ins listening')) standInsReady = true;
        },
      }),
    );

    const only = kind === 'official' ? 'auth,functions,tasks,hosting,firestore' : 'auth,functions,tasks,hosting';
    const firebaseBin = join(repoRoot, 'node_modules', '.bin', 'firebase');
    const firebase = spawnLogged({
      name: 'firebase',
      // On production's Node where installed: the function workers run on the CLI's (dev/node-runtime.ts).
      ...onFunctionsNode(
        firebaseBin,
        ['emulators:start', '--only', only, '--project', PROJECT_ID, '--config', configPath],
        say,
      ),
      options: {
        cwd: repoRoot,
        env: {
          ...cleanEnv(),
          // Reaches the function runtime: the Functions emulator passes its environment on.
          ...(kind === 'embedded' ? { FIRESTORE_EMULATOR_HOST: env.FIRESTORE_EMULATOR_HOST } : {}),
          // The official emulator: the JDK firebase-tools accepts, the launcher of the packaged JAR,
          // and its trigger events through the gateway that retries them as Eventarc does.
          ...official?.cliEnv,
          ...(official ? { FIRESTORE_TRIGGER_EVENTS_VIA: `127.0.0.1:${ports.triggerEvents}` } : {}),
          ...channelStandInEnv(ports),
          // Twilio signs the URL it calls: locally the base URL printed (a tunnel's when set).
          PUBLIC_API_BASE_URL: process.env.PUBLIC_API_BASE_URL || apiBaseUrl(ports),
          ...options.runtimeEnv,
          FORCE_COLOR: '0',
        },
      },
      log,
      echo: options.echo,
    });
    children.push(firebase);
    guardAgainstOrphans(firebase);
    const baseUrl = apiBaseUrl(ports);
    await waitFor('the Firestore emulator', children, 30_000, () => firestoreReady);
    await waitFor('the Twilio and FCM stand-ins', children, 30_000, () => standInsReady);

    // What delivers Firestore's events to the triggers: with the official emulator, the gateway that
    // retries them as Eventarc does; with the embedded one, the relay that stands in for the events.
    // Both load the built functions with the runtime's environment (no metadata server here: skip
    // google-auth's probe, a warning per start otherwise) and print `ready` once listening.
    let triggersReady = false;
    children.push(
      spawnLogged({
        name: kind === 'official' ? 'events' : 'relay',
        command: process.execPath,
        args:
          kind === 'official'
            ? [
                ...tsx,
                join(functionsDir, 'dev', 'trigger-events.ts'),
                String(ports.triggerEvents),
                `127.0.0.1:${ports.functions}`,
              ]
            : [...tsx, join(functionsDir, 'dev', 'trigger-relay.ts')],
        options: {
          cwd: functionsDir,
          env: { ...cleanEnv(), ...functionRuntimeEnv(ports), METADATA_SERVER_DETECTION: 'none' },
          stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
        },
        log,
        echo: options.echo,
        onLine: (line) => {
          if (line.startsWith('ready')) triggersReady = true;
        },
      }),
    );
    await waitFor(`the API (${baseUrl}/health)`, children, options.timeoutMs ?? 120_000, () =>
      // One probe at a time, waiting as long as a cold worker takes: the Functions emulator starts
      // a new worker for every request that arrives while the first still loads, and on a loaded
      // machine a dozen workers loading at once starved each other past the emulator's load timeout.
      answers(`${baseUrl}/health`, 200, 60_000),
    );
    await waitFor(
      kind === 'official' ? 'the trigger events gateway' : 'the trigger relay',
      children,
      30_000,
      () => triggersReady,
    );
    // The console's origin: Hosting serves web/dist and hands /api/** to the same function.
    await waitFor(`the console (${consoleUrl(ports)}/api/health)`, children, 30_000, () =>
      answers(`${consoleUrl(ports)}/api/health`),
    );

    return {
      baseUrl,
      consoleUrl: consoleUrl(ports),
      projectId: PROJECT_ID,
      ports,
      portOffset: offset,
      firestoreKind: kind,
      env,
      logFile,
      stop,
    };
  } catch (error) {
    await stop();
    const tail = children.map((c) => c.tail()).join('\n');
    if (/port taken|Port \d+ is not open|EADDRINUSE|cannot listen on/.test(tail)) {
      throw new PortTakenError(
        `a port was taken meanwhile (offset ${offset})\n${error instanceof Error ? error.message : String(error)}`,
      );
    }
    throw error;
  }
}

// --- Firestore alone ----------------------------------------------------------------------------

export interface FirestoreOnly {
  /** FIRESTORE_EMULATOR_HOST and the project variables. */
  env: Record<string, string>;
  logFile: string;
  stop(): Promise<void>;
}

/** A port the system has just handed out, hence free (unless taken in the meantime). */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * The embedded Firestore emulator alone, on a free port, started in about a second: what the
 * trigger unit tests (test/triggers/) run against. The embedded one even where the official one
 * could run: it starts fast, and its operation counters let those tests assert what a delivery wrote.
 */
export async function startEmbeddedFirestore(options: {
  logName: string;
  say?: (message: string) => void;
}): Promise<FirestoreOnly> {
  const say = options.say ?? ((m: string) => console.log(`[stack] ${m}`));
  mkdirSync(stackDir, { recursive: true });
  const logFile = join(stackDir, options.logName);
  writeFileSync(logFile, '');
  const log = openLog(logFile);
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    let ready = false;
    const firestore = spawnLogged({
      name: 'firestore',
      command: process.execPath,
      args: [...tsx, join(functionsDir, 'dev', 'embedded-firestore.ts'), String(port), '127.0.0.1'],
      options: { cwd: functionsDir, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
      log,
      onLine: (line) => {
        if (line.includes('embedded Firestore emulator listening')) ready = true;
      },
    });
    let stopped: Promise<void> | undefined;
    const stop = () =>
      (stopped ??= (async () => {
        activeStacks.delete(stop);
        await stopTree(firestore, 'SIGTERM', 3000);
        await new Promise<void>((r) => log.end(r));
      })());
    activeStacks.add(stop);
    try {
      await waitFor('the embedded Firestore emulator', [firestore], 30_000, () => ready);
      return {
        env: {
          FIRESTORE_EMULATOR_HOST: `127.0.0.1:${port}`,
          GCLOUD_PROJECT: PROJECT_ID,
          GOOGLE_CLOUD_PROJECT: PROJECT_ID,
        },
        logFile,
        stop,
      };
    } catch (error) {
      // Stopped without closing the log: the next attempt writes to it too.
      activeStacks.delete(stop);
      await stopTree(firestore, 'SIGTERM', 3000);
      if (attempt >= 3 || !/cannot listen on/.test(firestore.tail())) {
        log.end();
        throw error;
      }
      say(`port ${port} was taken meanwhile; trying another`);
    }
  }
}
