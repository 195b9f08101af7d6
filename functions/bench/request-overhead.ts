// Figures 2 and 5: request overhead and memory. Each scenario calls an API endpoint and the bare
// baseline (src/bench/baseline.ts: same token verification, same Firestore operations, no
// framework) at a fixed concurrency, in alternating rounds so that both see the same noise on a
// shared machine, twice: through the Functions emulator (both are functions of the same
// codebase), and on plain Node servers (bench/plain-server.ts), which shows what the framework
// itself adds apart from the emulator's proxy and log relay. Meanwhile the resident memory of the
// function runtime workers serving each side is sampled from /proc (figure 5).
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { figure, percentile, round, type Figure, type Runner } from './figures.js';
import { runLoad, type HttpCall } from './load.js';
import { memoryOf, type Session } from './session.js';
import { overheadScenarios, type OverheadScenario } from './scenarios/overhead.js';
import { LOCAL_TWILIO_AUTH_TOKEN } from '../src/config.js';

export interface OverheadOptions {
  concurrency: number;
  /** Calls per side and scenario (after the warm-up). */
  requests: number;
  rounds: number;
  /** Warm-up passes of 2 x concurrency calls per side. */
  warmup: number;
  say: (m: string) => void;
}

class MemorySampler {
  private readonly peak = { api: { hwm: 0, total: 0, workers: 0 }, benchBaseline: { hwm: 0, total: 0, workers: 0 } };
  private timer: NodeJS.Timeout | undefined;
  constructor(private readonly session: Session) {}
  start(): void {
    this.timer = setInterval(() => this.sample(), 100);
  }
  sample(): void {
    for (const target of ['api', 'benchBaseline'] as const) {
      const pids = this.session.workers(target);
      const memories = pids.map(memoryOf).filter((m) => m !== null);
      const peak = this.peak[target];
      peak.workers = Math.max(peak.workers, memories.length);
      peak.hwm = Math.max(peak.hwm, ...memories.map((m) => m.hwm));
      peak.total = Math.max(
        peak.total,
        memories.reduce((sum, m) => sum + m.rss, 0),
      );
    }
  }
  stop() {
    clearInterval(this.timer);
    this.sample();
    return this.peak;
  }
}

/** Where the two sides are served: their base URLs. */
export interface Transport {
  name: string;
  /** Appended to the metric names; the Functions emulator is the main figure. */
  suffix: string;
  ours: string;
  baseline: string;
  /** What runs both sides: the function workers, or the benchmark's Node (plain servers). */
  runner: Runner;
}

/**
 * Starts bench/plain-server.ts with the stack's environment; its log lines are discarded.
 * `nodeOptions` go to its Node (e.g. a heap limit).
 */
export async function startPlainServers(
  session: Session,
  nodeOptions: readonly string[] = [],
): Promise<{ transport: Transport; child: ChildProcess }> {
  const child = fork(join(__dirname, 'plain-server.ts'), [], {
    execArgv: ['--import', 'tsx', ...nodeOptions],
    env: {
      ...process.env,
      ...session.stack.env,
      RATE_LIMIT_SCALE: '100000',
      FUNCTIONS_EMULATOR: '',
      CHECK_RESPONSES: '',
      // Outside the emulator a Twilio auth token must be configured. The scenarios sign Twilio's
      // calls over the emulator's URL (PUBLIC_API_BASE_URL, as behind a proxy), whichever serves them.
      TWILIO_AUTH_TOKEN: LOCAL_TWILIO_AUTH_TOKEN,
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ports = await new Promise<{ ours: number; baseline: number }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { ours: number; baseline: number }));
    child.once('exit', (code) => reject(new Error(`bench/plain-server.ts exited (${code}) before it listened`)));
  });
  const transport = {
    name: 'plain Node servers',
    suffix: ', plain Node',
    ours: `http://127.0.0.1:${ports.ours}`,
    baseline: `http://127.0.0.1:${ports.baseline}`,
    runner: 'bench' as const, // forked with process.execPath
  };
  return { transport, child };
}

/** Moves a call prepared for the Functions emulator onto `transport`. */
function rehost(call: HttpCall, session: Session, transport: Transport): HttpCall {
  for (const [from, to] of [
    [session.baselineUrl, transport.baseline],
    [session.apiUrl, transport.ours],
  ] as const) {
    if (call.url.startsWith(from)) return { ...call, url: to + call.url.slice(from.length) };
  }
  throw new Error(`not a call to the API or the baseline: ${call.url}`);
}

/** OVERHEAD_ONLY=<text>: only the scenarios whose name holds it (e.g. `twilio`), for one row measured again. */
function chosenScenarios(): OverheadScenario[] {
  const only = process.env.OVERHEAD_ONLY;
  return only ? overheadScenarios.filter((scenario) => scenario.name.includes(only)) : overheadScenarios;
}

interface SideResult {
  latencies: number[];
  seconds: number;
  failures: number;
}

async function measureScenario(
  session: Session,
  transport: Transport,
  scenario: OverheadScenario,
  options: OverheadOptions,
): Promise<Figure[]> {
  const perRound = Math.max(1, Math.ceil((options.requests * (scenario.share ?? 1)) / options.rounds));
  const calls = await scenario.prepare(session, perRound * options.rounds + options.warmup * options.concurrency * 2);
  // Each side's calls are numbered across warm-up and rounds (a scenario may use up its data).
  const numbered = (make: (i: number) => HttpCall) => {
    let n = 0;
    return () => rehost(make(n++), session, transport);
  };
  const ourCalls = numbered(calls.ours);
  const baseCalls = numbered(calls.baseline);
  // Warm-up: as many workers as the concurrency on both sides, each past its first call.
  for (let i = 0; i < options.warmup; i++) {
    await runLoad(ourCalls, scenario.expect, options.concurrency * 2, options.concurrency);
    await runLoad(baseCalls, scenario.expect, options.concurrency * 2, options.concurrency);
  }
  const ours: SideResult = { latencies: [], seconds: 0, failures: 0 };
  const base: SideResult = { latencies: [], seconds: 0, failures: 0 };
  let firstFailure: string | null = null;
  for (let round = 0; round < options.rounds; round++) {
    // Who goes first alternates too: a round's second half may run on a warmer or a busier machine.
    const order =
      round % 2 === 0
        ? ([
            [ours, ourCalls],
            [base, baseCalls],
          ] as const)
        : ([
            [base, baseCalls],
            [ours, ourCalls],
          ] as const);
    for (const [side, make] of order) {
      const result = await runLoad(make, scenario.expect, perRound, options.concurrency);
      side.latencies.push(...result.latencies_ms);
      side.seconds += result.duration_s;
      side.failures += result.failures;
      firstFailure ??= result.firstFailure;
    }
  }
  if (calls.settle) {
    const t = performance.now();
    await calls.settle();
    options.say(
      `[bench] ${scenario.name}${transport.suffix}: background work settled in ${round((performance.now() - t) / 1000, 1)} s`,
    );
  }
  if (ours.failures + base.failures > 0) {
    throw new Error(
      `${scenario.name} (${transport.name}): ${ours.failures} failed calls to the API, ${base.failures} to the baseline; first: ${firstFailure}`,
    );
  }
  const notes = `${ours.latencies.length} calls per side at concurrency ${options.concurrency}, ${options.rounds} alternating rounds, ${transport.name}`;
  const ran = { value: [transport.runner], baseline: [transport.runner] };
  const name = `${scenario.name}${transport.suffix}`;
  options.say(
    `[bench] ${name}: p50 ${round(percentile(ours.latencies, 50), 1)} ms vs ${round(percentile(base.latencies, 50), 1)} ms baseline`,
  );
  return [
    figure({
      figure: 'request overhead',
      metric: `${name} p50`,
      unit: 'ms',
      value: round(percentile(ours.latencies, 50), 1),
      baseline: round(percentile(base.latencies, 50), 1),
      target: '<= 1.3 x baseline',
      maxRatio: 1.3,
      notes,
      ran,
    }),
    figure({
      figure: 'request overhead',
      metric: `${name} p99`,
      unit: 'ms',
      value: round(percentile(ours.latencies, 99), 1),
      baseline: round(percentile(base.latencies, 99), 1),
      target: null,
      notes,
      ran,
    }),
    figure({
      figure: 'request overhead',
      metric: `${name} throughput`,
      unit: 'req/s',
      value: round(ours.latencies.length / ours.seconds, 1),
      baseline: round(base.latencies.length / base.seconds, 1),
      target: null,
      notes,
      ran,
    }),
  ];
}

export async function measureRequestOverhead(session: Session, options: OverheadOptions): Promise<Figure[]> {
  const figures: Figure[] = [];
  const memory = new MemorySampler(session);
  memory.start();
  const started = performance.now();
  const emulator: Transport = {
    name: 'through the Functions emulator',
    suffix: '',
    ours: session.apiUrl,
    baseline: session.baselineUrl,
    runner: 'functions',
  };
  try {
    for (const scenario of chosenScenarios())
      figures.push(...(await measureScenario(session, emulator, scenario, options)));
  } finally {
    const peak = memory.stop();
    const seconds = round((performance.now() - started) / 1000, 0);
    const notes = (p: { workers: number }, q: { workers: number }) =>
      `under figure 2's load (${seconds} s); the Functions emulator runs one request per worker process: ${p.workers} API workers, ${q.workers} baseline workers`;
    figures.push(
      figure({
        figure: 'memory',
        metric: 'peak RSS of one function worker (VmHWM)',
        unit: 'MiB',
        value: round(peak.api.hwm, 1),
        baseline: round(peak.benchBaseline.hwm, 1),
        target: null,
        notes: notes(peak.api, peak.benchBaseline),
        ran: { value: ['functions'], baseline: ['functions'] },
      }),
      figure({
        figure: 'memory',
        metric: 'peak RSS of all function workers (sum of VmRSS)',
        unit: 'MiB',
        value: round(peak.api.total, 1),
        baseline: round(peak.benchBaseline.total, 1),
        target: null,
        notes: notes(peak.api, peak.benchBaseline),
        ran: { value: ['functions'], baseline: ['functions'] },
      }),
    );
  }
  const plain = await startPlainServers(session);
  try {
    for (const scenario of chosenScenarios())
      figures.push(...(await measureScenario(session, plain.transport, scenario, options)));
  } finally {
    plain.child.kill();
  }
  return figures;
}
