// Figure 1: cold start. Fresh Node processes load the built functions entry point and serve one
// GET /health through the exported `api`; the baseline is a minimal v2 onRequest wrapping an
// empty Express app with firebase-admin initialised. Runs alternate so both see the same noise.
// Both run as the runtime runs an instance of `api`: FUNCTION_TARGET names the function it serves.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { figure, median, round, type Figure } from './figures.js';

/** Both sides are fresh processes of the benchmark's own Node (process.execPath). */
const ran = { value: ['bench' as const], baseline: ['bench' as const] };

const functionsDir = join(__dirname, '..');
const probe = join(__dirname, 'fixtures', 'cold-start-probe.cjs');

interface Sample {
  load_ms: number;
  first_response_ms: number;
}

function sample(entry: string): Sample {
  const out = execFileSync(process.execPath, [probe, entry], {
    cwd: functionsDir,
    env: { ...process.env, GCLOUD_PROJECT: 'demo-disaster-response', FUNCTIONS_EMULATOR: '', FUNCTION_TARGET: 'api' },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Sample;
}

export function measureColdStart(processes: number): Figure[] {
  const ours: Sample[] = [];
  const baseline: Sample[] = [];
  const entry = join(functionsDir, 'lib', 'index.js');
  const base = join(__dirname, 'fixtures', 'baseline-function.cjs');
  sample(entry); // warm the OS file cache once for both
  sample(base);
  for (let i = 0; i < processes; i++) {
    ours.push(sample(entry));
    baseline.push(sample(base));
  }
  const notes = `${processes} fresh processes each, median`;
  return [
    figure({
      figure: 'cold start',
      metric: 'load entry point',
      unit: 'ms',
      value: round(median(ours.map((s) => s.load_ms))),
      baseline: round(median(baseline.map((s) => s.load_ms))),
      target: '<= 1.25 x baseline',
      maxRatio: 1.25,
      notes,
      ran,
    }),
    figure({
      figure: 'cold start',
      metric: 'load + first GET /health',
      unit: 'ms',
      value: round(median(ours.map((s) => s.first_response_ms))),
      baseline: round(median(baseline.map((s) => s.first_response_ms))),
      target: '<= 1.25 x baseline',
      maxRatio: 1.25,
      notes: `${notes}; includes the lazily loaded app`,
      ran,
    }),
  ];
}
