// `npm test` (after `npm --prefix functions run check`, which type-checks, lints and builds):
// starts the local stack without demo data, runs each test/**/*.test.ts file in its own mocha
// process (so test/setup.ts empties the emulators before every file), prints the combined
// summary, stops the stack, and exits non-zero if any file failed, whatever happens.
//
// A subset: `npm test -- test/users.test.ts` (paths relative to functions/ or to where npm was
// run), or TESTS="test/a.test.ts test/b.test.ts" npm test; other arguments starting with "-"
// go to mocha as they are, e.g. `npm test -- --grep register`.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { functionsDir, startStack, stopAllStacks } from './stack.js';

function testArguments(): { files: string[]; mochaArgs: string[] } {
  const args = [...process.argv.slice(2), ...(process.env.TESTS ?? '').split(/\s+/).filter((a) => a !== '')];
  const files: string[] = [];
  const mochaArgs: string[] = [];
  const callerDir = process.env.INIT_CWD ?? process.cwd();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg.startsWith('-')) {
      mochaArgs.push(arg);
      // Options with a value: --grep x, -g x, --fgrep x, --timeout x...
      const next = args[i + 1];
      if (!arg.includes('=') && next !== undefined && !next.startsWith('-') && !/\.test\.ts$/.test(next) && /^(-g|--grep|-f|--fgrep|-t|--timeout|--reporter|-R|--slow|-s|--retries)$/.test(arg)) {
        mochaArgs.push(next);
        i++;
      }
      continue;
    }
    const candidates = isAbsolute(arg) ? [arg] : [resolve(callerDir, arg), resolve(functionsDir, arg), resolve(functionsDir, '..', arg)];
    const found = candidates.find((path) => existsSync(path));
    if (!found) {
      console.error(`[test] no such test file: ${arg}`);
      process.exit(2);
    }
    files.push(relative(functionsDir, found));
  }
  return { files, mochaArgs };
}

function allTestFiles(dir = join(functionsDir, 'test')): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return allTestFiles(path);
      return entry.name.endsWith('.test.ts') ? [relative(functionsDir, path)] : [];
    })
    .sort();
}

interface FileResult {
  file: string;
  code: number;
  passing: number;
  failing: number;
  pending: number;
}

/** Runs one file in its own mocha process, echoing its output and reading its summary lines. */
function runFile(file: string, mochaArgs: string[], env: NodeJS.ProcessEnv): Promise<FileResult> {
  return new Promise((resolveResult) => {
    const child = spawn(process.execPath, [require.resolve('mocha/bin/mocha.js'), ...mochaArgs, file], {
      cwd: functionsDir,
      stdio: ['ignore', 'pipe', 'inherit'],
      env,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    });
    const count = (word: string) => Number(new RegExp(`^\\s*(\\d+) ${word}`, 'm').exec(output)?.[1] ?? 0);
    const done = (code: number) => resolveResult({ file, code, passing: count('passing'), failing: count('failing'), pending: count('pending') });
    child.on('exit', (exitCode, signal) => done(exitCode ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`[test] cannot run mocha: ${error.message}`);
      done(1);
    });
  });
}

let finishing: Promise<never> | undefined;
/** Stops the stack (once, whoever asks first: a signal, mocha's end, an error) and exits. */
function finish(code: number): Promise<never> {
  finishing ??= (async () => {
    const t = performance.now();
    await stopAllStacks();
    console.log(`[test] emulators stopped (${((performance.now() - t) / 1000).toFixed(1)} s)`);
    process.exit(code);
  })();
  return finishing;
}

async function main(): Promise<void> {
  const { files, mochaArgs } = testArguments();
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void finish(130));

  const t0 = performance.now();
  const stack = await startStack({ echo: false, logName: 'test-stack.log' });
  const startup = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(`[test] stack up in ${startup} s at ${stack.baseUrl} (Firestore: ${stack.firestoreKind}); emulator log: ${stack.logFile}`);

  const t1 = performance.now();
  // No metadata server here: skip google-auth's probe (a MetadataLookupWarning per test otherwise).
  const env = { ...process.env, ...stack.env, STACK_FIRESTORE_KIND: stack.firestoreKind, STACK_LOG_FILE: stack.logFile, METADATA_SERVER_DETECTION: 'none' };
  const results: FileResult[] = [];
  for (const file of files.length > 0 ? files : allTestFiles()) {
    console.log(`\n[test] ${file}`);
    results.push(await runFile(file, mochaArgs, env));
  }
  const sum = (key: 'passing' | 'failing' | 'pending') => results.reduce((total, r) => total + r[key], 0);
  const failedFiles = results.filter((r) => r.code !== 0);
  const code = failedFiles.length > 0 ? 1 : 0;
  console.log(`\n[test] ${results.length} files in ${((performance.now() - t1) / 1000).toFixed(1)} s: ${sum('passing')} passing, ${sum('failing')} failing, ${sum('pending')} pending`);
  for (const failed of failedFiles) console.log(`[test] FAILED: ${failed.file} (exit code ${failed.code})`);
  if (code !== 0) console.log(`[test] emulator and function logs: ${stack.logFile}`);
  // A file that failed without a failing test (it crashed while loading) counts as one failure.
  const crashed = failedFiles.filter((r) => r.failing === 0).length;
  // The plain closing line CI reads.
  console.log(`${sum('passing')} passed, ${sum('failing') + crashed} failed, ${sum('pending')} skipped`);
  await finish(code);
}

main().catch((error: unknown) => {
  console.error(`[test] ${error instanceof Error ? error.message : String(error)}`);
  void finish(1);
});
