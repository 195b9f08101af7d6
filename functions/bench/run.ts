// `npm run bench`: measures every figure against its baseline, prints a table and writes the
// figures as JSON (machine, versions, date) to bench/results/. `--quick` runs a small version of
// each figure (CI runs it so the benchmarks cannot rot). Benchmarks never fail the test suite.
// `--figures=cold,cost,overhead,outbound,live,planning,export,duplicates,surge,flood` runs only some. The run brings up its own
// local stack (free ports) and stops it at the end, whatever happens. The surge figure runs in a child
// process with a stack of its own on the official Firestore emulator (bench/surge.ts); the quick
// run leaves it out unless named. Next to each figure it prints the Node of the processes that ran
// each side (`ran` of a figure: bench/figures.ts), read from the running processes.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { chooseFirestore } from '../dev/stack.js';
import { config } from '../src/config.js';
import { measureColdStart } from './cold-start.js';
import { measureDuplicates } from './duplicates.js';
import { measureExports } from './exports.js';
import type { Figure, Runner } from './figures.js';
import { measureLiveViews } from './live-views.js';
import { measureOutbound } from './outbound.js';
import { defaultCostDocPath, measureFirestoreCost } from './firestore-cost.js';
import { measureRequestOverhead } from './request-overhead.js';
import { measurePlanning } from './planning.js';
import { openSession, type RunnerNode, type Session } from './session.js';

const quick = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';
const only = process.argv
  .find((a) => a.startsWith('--figures='))
  ?.slice('--figures='.length)
  .split(',');
const wanted = (name: string) => only === undefined || only.includes(name);
/** The quick run (CI) leaves the published table alone unless asked. */
const writeDocs = !quick || process.argv.includes('--write-docs');
const say = (m: string) => console.log(m);
/** Also write the report here (the CI test reads it). */
const out = process.argv.find((a) => a.startsWith('--out='))?.slice('--out='.length);

/** "functions v22.23.3 + relay v20.20.2": the Node of each runner of one side. */
function nodesOf(runners: readonly Runner[], nodes: Partial<Record<Runner, RunnerNode>>): string {
  return runners.map((r) => `${r} ${nodes[r]?.version ?? 'unknown'}`).join(' + ') || '-';
}

function withNodes(figures: readonly Figure[], nodes: Partial<Record<Runner, RunnerNode>>): Figure[] {
  return figures.map((f) => ({
    ...f,
    node: {
      value: nodesOf(f.ran.value, nodes),
      baseline: f.baseline === null || f.ran.baseline.length === 0 ? null : nodesOf(f.ran.baseline, nodes),
    },
  }));
}

function printNodes(nodes: Partial<Record<Runner, RunnerNode>>): void {
  console.log('[bench] Node of the processes that ran the figures:');
  for (const [runner, node] of Object.entries(nodes))
    console.log(`[bench]   ${runner.padEnd(9)} ${node.version}  ${node.path}  (${node.seen})`);
}

function printTable(figures: readonly Figure[]): void {
  const rows = figures.map((f) => [
    f.figure,
    f.metric,
    `${f.value} ${f.unit}`,
    f.baseline === null ? '-' : `${f.baseline} ${f.unit}`,
    f.ratio === null ? '-' : `${f.ratio}x`,
    f.target ?? '-',
    f.met === null ? '-' : f.met ? 'yes' : 'NO',
    f.node?.value ?? '-',
    f.node?.baseline ?? '-',
  ]);
  const header = ['figure', 'metric', 'value', 'baseline', 'ratio', 'target', 'met', 'value ran on', 'baseline ran on'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

/**
 * The surge and flood figures, each in a child process (bench/surge.ts, bench/flood.ts): its Admin
 * SDK must reach its own stack's official emulator, not the embedded one this process may already
 * be bound to. Skipped, loudly, where the official emulator cannot run: the embedded one has no
 * contention to measure.
 */
async function measureInChild(name: 'surge' | 'flood'): Promise<Figure[]> {
  try {
    chooseFirestore('official');
  } catch (error) {
    say(`[bench] ${name} figure NOT RUN: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
  const dir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  try {
    const file = join(dir, `${name}.json`);
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(__dirname, `${name}.ts`), `--out=${file}`, ...(quick ? ['--quick'] : [])],
      { cwd: join(__dirname, '..'), stdio: 'inherit' },
    );
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    if (code !== 0) throw new Error(`bench/${name}.ts failed (exit code ${code})`);
    return JSON.parse(readFileSync(file, 'utf8')) as Figure[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const figures: Figure[] = [];
  const nodes: Partial<Record<Runner, RunnerNode>> = {
    bench: {
      version: process.version,
      path: process.execPath,
      seen: 'this process, which starts the cold-start probes and plain-Node servers with it',
    },
  };
  console.log(`[bench] ${quick ? 'quick' : 'full'} run`);
  const lap = (what: string) => say(`[bench] ${what} done at ${Math.round((Date.now() - started) / 1000)} s`);
  if (wanted('cold')) {
    figures.push(...measureColdStart(quick ? 3 : 15));
    lap('cold start');
  }
  if (['cost', 'overhead', 'outbound', 'live', 'planning', 'export', 'duplicates'].some(wanted)) {
    let session: Session | undefined;
    try {
      const t = Date.now();
      session = await openSession(say);
      say(`[bench] stack up in ${Math.round((Date.now() - t) / 1000)} s at ${session.apiUrl}`);
      lap('stack start');
      if (wanted('cost')) {
        figures.push(...(await measureFirestoreCost(session, say, writeDocs ? defaultCostDocPath : null, quick)));
        lap('Firestore cost');
      }
      if (wanted('overhead')) {
        figures.push(
          ...(await measureRequestOverhead(
            session,
            quick
              ? { concurrency: 2, requests: 6, rounds: 1, warmup: 1, say }
              : { concurrency: 8, requests: 300, rounds: 6, warmup: 3, say },
          )),
        );
        lap('request overhead and memory');
      }
      if (wanted('outbound')) {
        figures.push(...(await measureOutbound(session, { messages: quick ? 10 : 200, say })));
        lap('outbound delivery');
      }
      if (wanted('live')) {
        figures.push(
          ...(await measureLiveViews(
            session,
            quick
              ? { requests: 500, tasks: 50, resources: 3, idlePolls: 2, changes: 2, say, docsPath: null }
              : {
                  requests: 10_000,
                  tasks: 1000,
                  resources: 20,
                  idlePolls: 5,
                  changes: 10,
                  say,
                  docsPath: writeDocs ? defaultCostDocPath : null,
                },
          )),
        );
        lap('live views');
      }
      if (wanted('duplicates')) {
        figures.push(...(await measureDuplicates(session, { samples: quick ? 10 : 100, say })));
        lap('likely duplicates');
      }
      // Last: it fills the database with up to 200,000 documents.
      if (wanted('planning')) {
        figures.push(
          ...(await measurePlanning(
            session,
            quick
              ? { latencySamples: 3, warmup: 1, sizes: [1000, 2000], probesPerSize: 2, say }
              : { latencySamples: 50, warmup: 2, sizes: [1000, 10_000, 100_000], probesPerSize: 3, say },
          )),
        );
        lap('planning');
      }
      // Also fills the database: EXPORT_MAX_ROWS requests of one disaster (25,000 by default).
      if (wanted('export')) {
        figures.push(
          ...(await measureExports(
            session,
            // The limit one call serves (EXPORT_MAX_ROWS, which the stack's functions inherit too).
            quick ? { rows: 2000, listRows: 1000, say } : { rows: config.exportMaxRows(), listRows: 5_000, say },
          )),
        );
        lap('export');
      }
      // While the stack still runs: the workers and the relay that served the figures.
      Object.assign(nodes, session.nodes());
    } finally {
      await session?.stop();
    }
  }
  // Named, or part of a full run.
  if (only?.includes('surge') || (only === undefined && !quick)) {
    figures.push(...(await measureInChild('surge')));
    lap('surge');
  }
  if (only?.includes('flood') || (only === undefined && !quick)) {
    figures.push(...(await measureInChild('flood')));
    lap('flood');
  }
  printNodes(nodes);
  const reported = withNodes(figures, nodes);
  printTable(reported);
  const report = {
    date: new Date().toISOString(),
    mode: quick ? 'quick' : 'full',
    duration_s: Math.round((Date.now() - started) / 1000),
    machine: {
      cpus: cpus().length,
      cpu_model: cpus()[0]?.model ?? 'unknown',
      memory_gib: Math.round(totalmem() / 2 ** 30),
    },
    versions: { node: process.version, runners: nodes },
    figures: reported,
  };
  const dir = join(__dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `bench-${report.mode}-${report.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
  writeFileSync(join(dir, `latest-${report.mode}.json`), JSON.stringify(report, null, 2) + '\n');
  if (out) writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
  console.log(`[bench] figures written to ${file}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
