// The quick benchmark runs with the suite so that it cannot rot: `bench/run.ts --quick` brings up
// its own stack (other ports), measures every figure in small, and writes its report. Benchmarks
// are not tests: no figure value is asserted, only that every figure was produced as numbers.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { functionsNode, majorOf } from '../dev/node-runtime.js';
import { defaultPorts, emulatorEnv } from '../dev/stack.js';

interface Report {
  mode: string;
  versions: { runners: Record<string, { version: string; path: string }> };
  figures: {
    figure: string;
    metric: string;
    value: number;
    baseline: number | null;
    ratio: number | null;
    ran: { value: string[]; baseline: string[] };
    node: { value: string; baseline: string | null };
  }[];
}

/** What the suite's stack exported: the bench's own stack (other ports) must not inherit it. */
const STACK_VARIABLES = [...Object.keys(emulatorEnv(defaultPorts())), 'STACK_PORT_OFFSET'];

describe('benchmark (quick run)', function () {
  this.timeout(400_000);
  let dir: string;
  let report: Report;
  let output = '';

  before(async function () {
    dir = mkdtempSync(join(tmpdir(), 'bench-'));
    const env = { ...process.env };
    for (const name of STACK_VARIABLES) delete env[name];
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'bench/run.ts', '--quick', `--out=${join(dir, 'report.json')}`],
      { cwd: join(__dirname, '..'), env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    assert.equal(code, 0, `bench/run.ts --quick failed:\n${output.slice(-4000)}`);
    report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;
  });

  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('produces every figure of the issue, each as finite numbers', () => {
    assert.equal(report.mode, 'quick');
    const names = new Set(report.figures.map((f) => f.figure));
    assert.deepEqual([...names].sort(), [
      'cold start',
      'duplicates',
      'export',
      'firestore cost',
      'live',
      'memory',
      'outbound',
      'planning',
      'request overhead',
    ]);
    for (const f of report.figures) {
      assert.ok(Number.isFinite(f.value), `${f.figure} / ${f.metric}: value ${f.value}`);
      if (f.baseline !== null)
        assert.ok(Number.isFinite(f.baseline), `${f.figure} / ${f.metric}: baseline ${f.baseline}`);
    }
  });

  it('measures the four endpoints of the request-overhead figure against their baseline, through the emulator and on plain Node', () => {
    const metrics = report.figures
      .filter((f) => f.figure === 'request overhead' && f.metric.endsWith(' p50'))
      .map((f) => f.metric);
    for (const endpoint of [
      'GET /requests/{id}',
      'GET /requests?limit=50',
      'POST /requests',
      'PATCH /tasks/{id}/status',
    ]) {
      for (const metric of [`${endpoint} p50`, `${endpoint}, plain Node p50`])
        assert.ok(metrics.includes(metric), `no ${metric}: ${metrics.join(', ')}`);
    }
  });

  it("names the Node that ran each side of every figure, the function workers' read from /proc", () => {
    const side = /^(bench|functions|relay) v\d+\.\d+\.\d+( \+ (bench|functions|relay) v\d+\.\d+\.\d+)*$/;
    for (const f of report.figures) {
      if (f.ran.value.length > 0) assert.match(f.node.value, side, `${f.figure} / ${f.metric}`);
      if (f.baseline !== null && f.ran.baseline.length > 0)
        assert.match(f.node.baseline ?? '', side, `${f.figure} / ${f.metric} (baseline)`);
    }
    const node = functionsNode();
    const functions = report.versions.runners.functions;
    assert.ok(functions, 'no Node reported for the function workers');
    if (node.packageForPlatform) assert.equal(majorOf(functions.version), node.productionMajor, functions.path);
  });

  it('counts the Firestore reads and writes of sampled endpoints, and none for a refused role', () => {
    const auth = report.figures.find((f) => f.metric.startsWith('authorization reads + writes'));
    assert.ok(auth, 'no authorization cost figure');
    const reads = report.figures.find((f) => f.metric === 'reads, all endpoints once');
    assert.ok(reads && reads.value > 0, 'no reads counted at all: are the emulator counters wired?');
  });
});
