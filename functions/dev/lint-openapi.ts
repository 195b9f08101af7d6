// `npm --prefix functions run lint:openapi` (part of `npm test`): writes the OpenAPI document the
// API serves (GET /openapi.json) to a temporary directory beside a copy of dev/openapi-lint/ and
// lints it with Redocly CLI (recommended rules, warnings as errors) and Spectral (spectral:oas,
// failing on warnings), both at once. Quiet when clean; on a finding, prints the linters' output,
// keeps the directory for a look, and exits non-zero. Fix the generator (src/http/openapi.ts) or
// the declarations; an exception goes, narrow and with its reason, in dev/openapi-lint/.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { allEndpoints } from '../src/endpoints.js';
import { openApiDocument } from '../src/http/openapi.js';

interface LintRun {
  name: string;
  code: number;
  output: string;
}

const functionsDir = join(__dirname, '..');
const binDir = join(functionsDir, 'node_modules', '.bin');

function run(name: string, command: string, args: string[], cwd: string): Promise<LintRun> {
  return new Promise((resolveRun) => {
    // NO_COLOR: the output is replayed only on failure, possibly into a log.
    const child = spawn(join(binDir, command), args, { cwd, env: { ...process.env, NO_COLOR: '1' } });
    let output = '';
    const collect = (chunk: Buffer) => (output += chunk.toString());
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', (error) => resolveRun({ name, code: 1, output: `cannot run ${command}: ${error.message}` }));
    child.on('exit', (code, signal) => resolveRun({ name, code: code ?? (signal ? 1 : 0), output }));
  });
}

async function main(): Promise<number> {
  const started = performance.now();
  const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
  cpSync(join(__dirname, 'openapi-lint'), dir, { recursive: true });
  const document = join(dir, 'openapi.json');
  writeFileSync(document, JSON.stringify(openApiDocument(allEndpoints), null, 2));
  const runs = await Promise.all([
    run(
      'Redocly (recommended-strict)',
      'redocly',
      ['lint', '--config', join(dir, 'redocly.yaml'), '--format', 'stylish', document],
      dir,
    ),
    run(
      'Spectral (spectral:oas)',
      'spectral',
      ['lint', '--ruleset', join(dir, '.spectral.yaml'), '--fail-severity', 'warn', '--format', 'text', document],
      dir,
    ),
  ]);
  const failed = runs.filter((lint) => lint.code !== 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (failed.length === 0) {
    rmSync(dir, { recursive: true, force: true });
    console.log(`[lint:openapi] ${runs.map((lint) => lint.name).join(' and ')}: no findings (${seconds} s)`);
    return 0;
  }
  for (const lint of failed) console.error(`[lint:openapi] ${lint.name} failed:\n${lint.output}`);
  console.error(`[lint:openapi] the linted document and its configuration stay in ${dir}`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[lint:openapi]', error);
    process.exit(1);
  },
);
