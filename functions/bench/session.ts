// The local stack a benchmark run brings up for itself: Auth, Functions (the API and the bare
// `benchBaseline`), on free ports, with rate limits lifted for the load, and one of the two
// Firestore emulators. Stopped at the end of the run, also on failure or a signal.
//
// Which Firestore: the counting figures (3: reads and writes per call; the waits for quiet of 2, 4
// and 6) run on the embedded emulator, with the trigger relay: only it has operation counters
// (dev/embedded-firestore.ts), and what they count is what the code asks for, which does not depend
// on how the emulator isolates transactions. The surge figure (bench/surge.ts) runs on the official
// emulator (`firestore: 'official'`): it measures contention, which only the official one has (it
// locks and aborts transactions as production does); it has no counters, so a session on it
// refuses takeMetrics, waitForQuiet and pauseListeners.
import { readFileSync } from 'node:fs';
import { describeNodes, functionsNode, functionWorkers, triggerRelays } from '../dev/node-runtime.js';
import { startStack, stopAllStacks, type FirestoreKind, type Stack } from '../dev/stack.js';
import type { Runner } from './figures.js';
import { db } from '../src/data/firestore.js';
import { testApp } from '../test/helpers/emulators.js';

export interface FirestoreMetrics {
  reads: number;
  missing_reads: number;
  empty_queries: number;
  aggregation_queries: number;
  writes: number;
  queries: number;
  lookups: number;
  commits: number;
  by_collection: Record<string, { reads: number; writes: number }>;
}

export interface Session {
  stack: Stack;
  apiUrl: string;
  baselineUrl: string;
  /** Stops (true) or restarts delivering document events to snapshot listeners, for bulk loads. */
  pauseListeners(paused: boolean): Promise<void>;
  /** Keeps document events back from listeners (true), or delivers those kept, in order (false). */
  holdListeners(held: boolean): Promise<void>;
  /** Reads the embedded emulator's counters and sets them back to zero. */
  takeMetrics(): Promise<FirestoreMetrics>;
  /** Waits until the emulator's counters stop moving: background work (triggers, queued jobs) is done. */
  waitForQuiet(quietMs?: number, timeoutMs?: number): Promise<void>;
  /** The function runtime workers of this stack serving `target` (the Functions emulator runs one request per worker). */
  workers(target: 'api' | 'benchBaseline'): number[];
  /** The Node of each process of the stack that runs measured code, read now from the running processes. */
  nodes(): Record<Exclude<Runner, 'bench'>, RunnerNode>;
  stop(): Promise<void>;
}

/** Which Node ran one side of the figures: its version(s), binary and how that was found. */
export interface RunnerNode {
  version: string;
  path: string;
  /** How it was found: "/proc, function workers: 4", or as configured where /proc shows none. */
  seen: string;
}

/** What the running processes `pids` execute; `fallback` where /proc shows none of them. */
export function runnerNode(
  pids: readonly number[],
  what: string,
  fallback: { path: string; version: string },
): RunnerNode {
  const seen = describeNodes(pids);
  if (seen === null) return { ...fallback, seen: `not seen in /proc (${what}): as configured` };
  return { version: seen.versions.join(' + '), path: seen.paths.join(' + '), seen: `/proc, ${what}: ${pids.length}` };
}

export interface SessionOptions {
  /** Default 'embedded' (its counters); 'official' for contention (see the header). */
  firestore?: FirestoreKind;
  /** For the function runtime and the Functions emulator; default: rate limits lifted (RATE_LIMIT_SCALE=100000). */
  runtimeEnv?: Record<string, string>;
  /** Under .stack/ (default bench-stack.log). */
  logName?: string;
}

let signalsHooked = false;

export async function openSession(say: (m: string) => void, options: SessionOptions = {}): Promise<Session> {
  const kind = options.firestore ?? 'embedded';
  if (!signalsHooked) {
    signalsHooked = true;
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      process.on(signal, () => {
        void stopAllStacks().finally(() => process.exit(130));
      });
    }
  }
  const stack = await startStack({
    firestore: kind,
    logName: options.logName ?? 'bench-stack.log',
    echo: false,
    say: (m) => say(`[stack] ${m}`),
    // Figure 2 sends thousands of calls per caller and minute.
    runtimeEnv: options.runtimeEnv ?? { RATE_LIMIT_SCALE: '100000' },
  });
  Object.assign(process.env, stack.env, { METADATA_SERVER_DETECTION: 'none' });
  db(); // the data layer's settings first, then the test helpers' Admin app is the same one
  testApp();
  const metricsUrl = `http://${stack.env.FIRESTORE_EMULATOR_HOST}/emulator/v1/metrics`;
  const embeddedOnly = (what: string) => {
    if (stack.firestoreKind !== 'embedded')
      throw new Error(`${what} needs the embedded Firestore emulator's counters; this session runs the official one`);
  };
  const firestoreHost = stack.env.FIRESTORE_EMULATOR_HOST!;
  const listeners = async (what: string, verb: 'pause' | 'resume' | 'hold' | 'release') => {
    embeddedOnly(what);
    const response = await fetch(`http://${firestoreHost}/emulator/v1/listeners:${verb}`, { method: 'POST' });
    if (!response.ok) throw new Error(`emulator listeners: ${response.status}`);
  };
  return {
    stack,
    apiUrl: stack.baseUrl,
    baselineUrl: stack.baseUrl.replace(/\/api$/, '/benchBaseline'),
    async pauseListeners(paused) {
      await listeners('pauseListeners', paused ? 'pause' : 'resume');
    },
    async holdListeners(held) {
      await listeners('holdListeners', held ? 'hold' : 'release');
    },
    async takeMetrics() {
      embeddedOnly('takeMetrics');
      const response = await fetch(metricsUrl, { method: 'DELETE' });
      if (!response.ok) throw new Error(`emulator metrics: ${response.status}`);
      return (await response.json()) as FirestoreMetrics;
    },
    async waitForQuiet(quietMs = 400, timeoutMs = 30_000) {
      embeddedOnly('waitForQuiet');
      const deadline = Date.now() + timeoutMs;
      const activity = async () => {
        const response = await fetch(metricsUrl);
        if (!response.ok) throw new Error(`emulator metrics: ${response.status}`);
        const m = (await response.json()) as FirestoreMetrics;
        return m.reads + m.missing_reads + m.empty_queries + m.writes + m.queries + m.lookups + m.commits;
      };
      let last = await activity();
      let stillSince = Date.now();
      while (Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const now = await activity();
        if (now !== last) {
          last = now;
          stillSince = Date.now();
        } else if (Date.now() - stillSince >= quietMs) {
          return;
        }
      }
    },
    workers: (target) => functionWorkers(firestoreHost, target),
    nodes: () => ({
      functions: runnerNode(functionWorkers(firestoreHost), 'function workers', functionsNode().binary),
      // Started by the stack with its own Node, which is this process's.
      relay: runnerNode(triggerRelays(firestoreHost), 'trigger relays', {
        path: process.execPath,
        version: process.version,
      }),
    }),
    stop: () => stack.stop(),
  };
}

/** Resident memory of a process in MiB: current (VmRSS) and peak (VmHWM); null once it is gone. */
export function memoryOf(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kib('VmRSS') / 1024, hwm: kib('VmHWM') / 1024 };
  } catch {
    return null;
  }
}
