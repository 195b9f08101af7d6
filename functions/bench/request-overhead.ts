// Figures 2 and 5: request overhead and memory. Each scenario calls an API endpoint and the bare
// baseline (src/bench/baseline.ts: same token verification, same Firestore operations, no
// framework) through the same Functions emulator, at a fixed concurrency, in alternating rounds
// so that both see the same noise on a shared machine. Meanwhile the resident memory of the
// function runtime workers serving each side is sampled from /proc (figure 5).
import { performance } from 'node:perf_hooks';
import { figure, percentile, round, type Figure } from './figures.js';
import { runLoad, type HttpCall } from './load.js';
import { memoryOf, type Session } from './session.js';
import { overheadScenarios } from './scenarios.js';

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
      peak.total = Math.max(peak.total, memories.reduce((sum, m) => sum + m.rss, 0));
    }
  }
  stop() {
    clearInterval(this.timer);
    this.sample();
    return this.peak;
  }
}

export async function measureRequestOverhead(session: Session, options: OverheadOptions): Promise<Figure[]> {
  const figures: Figure[] = [];
  const memory = new MemorySampler(session);
  memory.start();
  const started = performance.now();
  try {
    for (const scenario of overheadScenarios) {
      const perRound = Math.max(1, Math.ceil((options.requests * (scenario.share ?? 1)) / options.rounds));
      const calls = await scenario.prepare(session, perRound * options.rounds + options.warmup * options.concurrency * 2);
      // Each side's calls are numbered across warm-up and rounds (a scenario may use up its data).
      const numbered = (make: (i: number) => HttpCall) => {
        let n = 0;
        return () => make(n++);
      };
      const ourCalls = numbered(calls.ours);
      const baseCalls = numbered(calls.baseline);
      // Warm-up: as many workers as the concurrency on both sides, each past its first call.
      for (let i = 0; i < options.warmup; i++) {
        await runLoad(ourCalls, scenario.expect, options.concurrency * 2, options.concurrency);
        await runLoad(baseCalls, scenario.expect, options.concurrency * 2, options.concurrency);
      }
      const ours = { latencies: [] as number[], seconds: 0, failures: 0 };
      const base = { latencies: [] as number[], seconds: 0, failures: 0 };
      let firstFailure: string | null = null;
      for (let round = 0; round < options.rounds; round++) {
        for (const [side, make] of [
          [ours, ourCalls],
          [base, baseCalls],
        ] as const) {
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
        options.say(`[bench] ${scenario.name}: background work settled in ${round((performance.now() - t) / 1000, 1)} s`);
      }
      if (ours.failures + base.failures > 0) {
        throw new Error(`${scenario.name}: ${ours.failures} failed calls to the API, ${base.failures} to the baseline; first: ${firstFailure}`);
      }
      const notes = `${ours.latencies.length} calls per side at concurrency ${options.concurrency}, ${options.rounds} alternating rounds, through the Functions emulator`;
      options.say(`[bench] ${scenario.name}: p50 ${round(percentile(ours.latencies, 50), 1)} ms vs ${round(percentile(base.latencies, 50), 1)} ms baseline`);
      figures.push(
        figure({ figure: 'request overhead', metric: `${scenario.name} p50`, unit: 'ms', value: round(percentile(ours.latencies, 50), 1), baseline: round(percentile(base.latencies, 50), 1), target: '<= 1.3 x baseline', maxRatio: 1.3, notes }),
        figure({ figure: 'request overhead', metric: `${scenario.name} p99`, unit: 'ms', value: round(percentile(ours.latencies, 99), 1), baseline: round(percentile(base.latencies, 99), 1), target: null, notes }),
        figure({ figure: 'request overhead', metric: `${scenario.name} throughput`, unit: 'req/s', value: round(ours.latencies.length / ours.seconds, 1), baseline: round(base.latencies.length / base.seconds, 1), target: null, notes }),
      );
    }
  } finally {
    const peak = memory.stop();
    const seconds = round((performance.now() - started) / 1000, 0);
    const notes = (p: { workers: number }, q: { workers: number }) =>
      `under figure 2's load (${seconds} s); the Functions emulator runs one request per worker process: ${p.workers} API workers, ${q.workers} baseline workers`;
    figures.push(
      figure({ figure: 'memory', metric: 'peak RSS of one function worker (VmHWM)', unit: 'MiB', value: round(peak.api.hwm, 1), baseline: round(peak.benchBaseline.hwm, 1), target: null, notes: notes(peak.api, peak.benchBaseline) }),
      figure({ figure: 'memory', metric: 'peak RSS of all function workers (sum of VmRSS)', unit: 'MiB', value: round(peak.api.total, 1), baseline: round(peak.benchBaseline.total, 1), target: null, notes: notes(peak.api, peak.benchBaseline) }),
    );
  }
  return figures;
}
