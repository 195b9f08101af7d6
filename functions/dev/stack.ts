// The local stack: Auth, Functions and Cloud Tasks emulators from firebase-tools, and Firestore
// (the official emulator where it can run, else the embedded one on the same port), plus the
// trigger relay that delivers Firestore create events while the embedded emulator is in use.
// Used by `npm start` (dev/start.ts) and `npm test` (dev/run-tests.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, relative, resolve } from 'node:path';
import { findOfficialFirestore, type OfficialFirestore } from './official-firestore.js';
import {
  guardAgainstOrphans,
  openLog,
  spawnLogged,
  stopTree,
  isPortFree,
  waitForPortsFree,
  type Child,
} from './processes.js';
import { onFunctionsNode } from './node-runtime.js';

export const repoRoot = resolve(__dirname, '..', '..');
export const functionsDir = join(repoRoot, 'functions');
export const stackDir = join(repoRoot, '.stack');
export const PROJECT_ID = 'demo-disaster-response';
export const REGION = 'us-central1';

export type FirestoreKind = 'official' | 'embedded';

export interface Ports {
  auth: number;
  functions: number;
  firestore: number;
  tasks: number;
  /** Serves the console (web/dist) and proxies /api/** to the api function. */
  hosting: number;
  hub: number;
  logging: number;
  eventarc: number;
  /** The official Firestore emulator's websocket port (used by its UI). */
  firestoreWebsocket: number;
  /** The Twilio stand-in (dev/channel-standins.ts); the FCM stand-in listens on the next port. */
  channels: number;
  /** Eventarc's side of trigger delivery for the official emulator (dev/trigger-events.ts). */
  triggerEvents: number;
}

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

interface FirebaseJson {
  functions?: { source?: string }[] | { source?: string };
  firestore?: { rules?: string; indexes?: string };
  hosting?: { public?: string; headers?: HostingHeaders[]; [key: string]: unknown };
  emulators?: Record<
    string,
    { host?: string; port?: number; websocketPort?: number; enabled?: boolean } | boolean | undefined
  >;
  [key: string]: unknown;
}

interface HostingHeaders {
  source: string;
  headers: { key: string; value: string }[];
}

function readFirebaseJson(): FirebaseJson {
  return JSON.parse(readFileSync(join(repoRoot, 'firebase.json'), 'utf8')) as FirebaseJson;
}

export function defaultPorts(config: FirebaseJson = readFirebaseJson()): Ports {
  const port = (name: string, fallback: number) => {
    const entry = config.emulators?.[name];
    return typeof entry === 'object' && typeof entry.port === 'number' ? entry.port : fallback;
  };
  return {
    auth: port('auth', 9099),
    functions: port('functions', 5001),
    firestore: port('firestore', 8080),
    tasks: port('tasks', 9499),
    hosting: port('hosting', 5000),
    hub: port('hub', 4400),
    logging: port('logging', 4500),
    eventarc: port('eventarc', 9299),
    firestoreWebsocket: (() => {
      const entry = config.emulators?.firestore;
      return typeof entry === 'object' && typeof entry.websocketPort === 'number' ? entry.websocketPort : 9150;
    })(),
    channels: 9390,
    triggerEvents: 9392,
  };
}

export function shiftPorts(ports: Ports, offset: number): Ports {
  return Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, port + offset])) as unknown as Ports;
}

export function apiBaseUrl(ports: Ports): string {
  return `http://127.0.0.1:${ports.functions}/${PROJECT_ID}/${REGION}/api`;
}

export function consoleUrl(ports: Ports): string {
  return `http://127.0.0.1:${ports.hosting}`;
}

/** The emulator variables a client, a test or the function runtime needs. */
export function emulatorEnv(ports: Ports): Record<string, string> {
  return {
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${ports.firestore}`,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
    CLOUD_TASKS_EMULATOR_HOST: `127.0.0.1:${ports.tasks}`,
    FIREBASE_EMULATOR_HUB: `127.0.0.1:${ports.hub}`,
    GCLOUD_PROJECT: PROJECT_ID,
    GOOGLE_CLOUD_PROJECT: PROJECT_ID,
    API_BASE_URL: apiBaseUrl(ports),
    ...channelStandInEnv(ports),
    CONSOLE_URL: consoleUrl(ports),
  };
}

/**
 * Where the function runtime sends SMS/WhatsApp and push, and the URL Twilio's signatures are
 * computed over: the local stand-ins (dev/channel-standins.ts) and the API as the stack prints it.
 * CHANNEL_STANDIN_URL is where tests read what the stand-ins received.
 */
export function channelStandInEnv(ports: Ports): Record<string, string> {
  return {
    TWILIO_API_BASE_URL: `http://127.0.0.1:${ports.channels}`,
    FCM_STANDIN_URL: `https://127.0.0.1:${ports.channels + 1}`,
    FCM_STANDIN_CA: join(stackDir, 'fcm-standin', 'cert.pem'),
    CHANNEL_STANDIN_URL: `http://127.0.0.1:${ports.channels}`,
    PUBLIC_API_BASE_URL: apiBaseUrl(ports),
  };
}

function usedPorts(ports: Ports, kind: FirestoreKind): number[] {
  const list = [
    ports.auth,
    ports.functions,
    ports.firestore,
    ports.tasks,
    ports.hosting,
    ports.hub,
    ports.logging,
    ports.eventarc,
    ports.channels,
    ports.channels + 1,
  ];
  if (kind === 'official') list.push(ports.firestoreWebsocket, ports.triggerEvents);
  return list;
}

async function busyPorts(ports: number[]): Promise<number[]> {
  const checks = await Promise.all(ports.map(async (port) => ((await isPortFree(port)) ? null : port)));
  return checks.filter((port): port is number => port !== null);
}

function parseOffset(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const offset = Number(value);
  if (!Number.isInteger(offset) || offset < 0 || offset > 20000)
    throw new Error(`STACK_PORT_OFFSET must be an integer from 0 to 20000, not ${value}`);
  return offset;
}

async function choosePorts(base: Ports, kind: FirestoreKind, requested: number | undefined, say: (m: string) => void) {
  if (requested !== undefined) {
    const ports = shiftPorts(base, requested);
    const busy = await busyPorts(usedPorts(ports, kind));
    if (busy.length > 0)
      throw new Error(
        `ports ${busy.join(', ')} are in use (port offset ${requested}); stop what holds them or choose another STACK_PORT_OFFSET`,
      );
    return { ports, offset: requested };
  }
  const busyDefaults = await busyPorts(usedPorts(base, kind));
  if (busyDefaults.length === 0) return { ports: base, offset: 0 };
  // Steps of 10 never land on another default port of the suite, so a second stack can run
  // next to a developer's `npm start`.
  for (let offset = 10; offset <= 500; offset += 10) {
    const ports = shiftPorts(base, offset);
    if ((await busyPorts(usedPorts(ports, kind))).length === 0) {
      say(
        `default ports busy (${busyDefaults.join(', ')}), probably another local stack: using port offset ${offset} (set STACK_PORT_OFFSET to choose)`,
      );
      return { ports, offset };
    }
  }
  throw new Error(`default ports ${busyDefaults.join(', ')} are busy and no free port offset was found`);
}

// --- Firestore: which emulator ----------------------------------------------------------------

export interface FirestoreChoice {
  kind: FirestoreKind;
  reason: string;
  /** How firebase-tools starts the official emulator (when kind is official). */
  official?: OfficialFirestore;
}

/**
 * The official emulator wherever it can run (dev/official-firestore.ts), the embedded one only
 * where it cannot; FIRESTORE_EMULATOR=official|embedded forces the choice.
 */
export function chooseFirestore(forced = process.env.FIRESTORE_EMULATOR): FirestoreChoice {
  if (forced !== undefined && forced !== '' && forced !== 'official' && forced !== 'embedded')
    throw new Error(`FIRESTORE_EMULATOR must be "official" or "embedded", not "${forced}"`);
  if (forced === 'embedded') return { kind: 'embedded', reason: 'forced by FIRESTORE_EMULATOR=embedded' };
  const lookup = findOfficialFirestore(repoRoot, stackDir);
  if ('found' in lookup) return { kind: 'official', reason: lookup.found.description, official: lookup.found };
  if (forced === 'official') throw new Error(`FIRESTORE_EMULATOR=official, but ${lookup.missing}`);
  return { kind: 'embedded', reason: lookup.missing };
}

/** The one loud line a stack without the official emulator prints: rules, listeners and triggers are not production's. */
export function embeddedFirestoreWarning(reason: string): string {
  return (
    `WARNING: Firestore is the embedded JavaScript emulator, not the official one (${reason}): ` +
    'no security rules, no listeners over WebChannel, no trigger events (the trigger relay delivers them), ' +
    'no transaction isolation; the tests that need the real platform print NOT RUN'
  );
}

// --- Generated firebase config -----------------------------------------------------------------

/**
 * firebase.json with every emulator port shifted, written under .stack/. The CLI resolves the
 * functions source and the hosting folder from the config file's directory and does not take
 * absolute ones (it joins them to that directory), so those are rewritten relative to .stack/.
 */
function writeStackConfig(ports: Ports, offset: number): string {
  const config = readFirebaseJson();
  const absolute = (path: string | undefined) =>
    path === undefined ? undefined : relative(stackDir, resolve(repoRoot, path));
  if (Array.isArray(config.functions))
    config.functions = config.functions.map((f) => ({ ...f, source: absolute(f.source) }));
  else if (config.functions) config.functions = { ...config.functions, source: absolute(config.functions.source) };
  // Rules and indexes are read through config.path(), which takes absolute paths as they are
  // and refuses relative ones leading out of .stack/.
  const fromRoot = (path: string | undefined) => (path === undefined ? undefined : resolve(repoRoot, path));
  if (config.firestore)
    config.firestore = {
      ...config.firestore,
      rules: fromRoot(config.firestore.rules),
      indexes: fromRoot(config.firestore.indexes),
    };
  if (config.hosting)
    config.hosting = {
      ...config.hosting,
      public: absolute(config.hosting.public),
      headers: config.hosting.headers?.map((rule) => withLocalEmulators(rule, ports)),
    };
  const emulators = { ...(config.emulators ?? {}) };
  const set = (name: string, port: number, extra: Record<string, unknown> = {}) => {
    const entry = emulators[name];
    emulators[name] = { ...(typeof entry === 'object' ? entry : {}), host: '127.0.0.1', port, ...extra };
  };
  set('auth', ports.auth);
  set('functions', ports.functions);
  set('firestore', ports.firestore, { websocketPort: ports.firestoreWebsocket });
  set('tasks', ports.tasks);
  set('hosting', ports.hosting);
  set('hub', ports.hub);
  set('logging', ports.logging);
  set('eventarc', ports.eventarc);
  config.emulators = emulators;
  mkdirSync(stackDir, { recursive: true });
  const path = join(stackDir, `firebase.${offset}.json`);
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`);
  return path;
}

/**
 * The console's Content-Security-Policy (firebase.json) lets it connect to its own origin and
 * Google's Auth and Firestore endpoints; locally the SDKs talk to the emulators instead, so their
 * origins are added here, to the generated config only. Everything else is enforced as deployed,
 * which the Chromium tests then check.
 */
function withLocalEmulators(rule: HostingHeaders, ports: Ports): HostingHeaders {
  const local = [ports.auth, ports.firestore].map((port) => `http://127.0.0.1:${port}`).join(' ');
  return {
    ...rule,
    headers: rule.headers.map((header) =>
      header.key === 'Content-Security-Policy'
        ? { ...header, value: header.value.replace('connect-src ', `connect-src ${local} `) }
        : header,
    ),
  };
}

// --- Function runtime environment ----------------------------------------------------------------

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

// --- The console -------------------------------------------------------------------------------

export const webDir = join(repoRoot, 'web');

/** Builds the console into web/dist (what the Hosting emulator serves); a second or two. */
export function buildConsole(say: (message: string) => void = (m) => console.log(`[stack] ${m}`)): void {
  const result = spawnSync(process.execPath, [join(webDir, 'build.mjs')], { cwd: webDir, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the console build (web/build.mjs) failed');
  say('console built into web/dist');
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
