// `npm test` (after `npm --prefix functions run check`, which type-checks, lints and builds):
// starts the local stack without demo data, runs mocha over test/**/*.test.ts with the stack's
// environment, stops the stack, and exits with mocha's exit code, whatever happens.
//
// A subset: `npm test -- test/users.test.ts` (paths relative to functions/ or to where npm was
// run), or TESTS="test/a.test.ts test/b.test.ts" npm test; other arguments starting with "-"
// go to mocha as they are, e.g. `npm test -- --grep register`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
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
  // The spec lives here, not in .mocharc.json: mocha would add the config's spec to files given.
  const args = [require.resolve('mocha/bin/mocha.js'), ...mochaArgs, ...(files.length > 0 ? files : ['test/**/*.test.ts'])];
  const mocha = spawn(process.execPath, args, {
    cwd: functionsDir,
    stdio: 'inherit',
    env: { ...process.env, ...stack.env, STACK_FIRESTORE_KIND: stack.firestoreKind, STACK_LOG_FILE: stack.logFile },
  });
  const code = await new Promise<number>((resolveCode) => {
    mocha.on('exit', (exitCode, signal) => resolveCode(exitCode ?? (signal ? 1 : 0)));
    mocha.on('error', (error) => {
      console.error(`[test] cannot run mocha: ${error.message}`);
      resolveCode(1);
    });
  });
  console.log(`[test] mocha finished in ${((performance.now() - t1) / 1000).toFixed(1)} s with exit code ${code}`);
  if (code !== 0) console.log(`[test] emulator and function logs: ${stack.logFile}`);
  await finish(code);
}

main().catch((error: unknown) => {
  console.error(`[test] ${error instanceof Error ? error.message : String(error)}`);
  void finish(1);
});
