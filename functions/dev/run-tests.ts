// `npm test` (after `npm --prefix functions run check`, which type-checks, lints and builds):
// first the trigger unit tests (test/triggers/*.test.ts: firebase-functions-test against an
// embedded Firestore emulator of their own, all in one mocha process, a few seconds), then starts
// the local stack without demo data, runs each other test/**/*.test.ts file in its own mocha
// process (so test/setup.ts empties the emulators before every file), prints the combined
// summary, stops the stack, and exits non-zero if any file failed, whatever happens. Between the
// two, test/commands/ runs `npm start` as a person would. The stack is not started when only
// trigger or command tests are asked for.
//
// A subset: `npm test -- test/users.test.ts` (paths relative to functions/ or to where npm was
// run), or TESTS="test/a.test.ts test/b.test.ts" npm test; other arguments starting with "-"
// go to mocha as they are, e.g. `npm test -- --grep register`.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  buildConsole,
  chooseFirestore,
  cleanEnv,
  embeddedFirestoreWarning,
  functionsDir,
  startEmbeddedFirestore,
  startStack,
  stopAllStacks,
  webDir,
} from './stack.js';

/** The trigger unit tests: no stack, their own Firestore emulator and mocha settings. */
const TRIGGER_TESTS = join('test', 'triggers');
const isTriggerTest = (file: string) => file.startsWith(TRIGGER_TESTS + sep);
/**
 * The repository's commands run as a person runs them (`npm start`): before the test stack, as
 * they build functions/lib and web/dist, which a running stack serves, and start their own stack.
 */
const COMMAND_TESTS = join('test', 'commands');
const isCommandTest = (file: string) => file.startsWith(COMMAND_TESTS + sep);

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
      if (
        !arg.includes('=') &&
        next !== undefined &&
        !next.startsWith('-') &&
        !/\.test\.ts$/.test(next) &&
        /^(-g|--grep|-f|--fgrep|-t|--timeout|--reporter|-R|--slow|-s|--retries)$/.test(arg)
      ) {
        mochaArgs.push(next);
        i++;
      }
      continue;
    }
    const candidates = isAbsolute(arg)
      ? [arg]
      : [resolve(callerDir, arg), resolve(functionsDir, arg), resolve(functionsDir, '..', arg)];
    const found = candidates.find((path) => existsSync(path));
    if (!found) {
      console.error(`[test] no such test file: ${arg}`);
      process.exit(2);
    }
    files.push(relative(functionsDir, found));
  }
  return { files, mochaArgs };
}

/** The console's browser tests (web/test/*.e2e.ts): real Chromium against the same stack, after the API files. */
const isConsoleTest = (file: string) => file.endsWith('.e2e.ts');

/** Those, and the console's Node tests (web/test/*.test.ts, e.g. the outbox's model-based test). */
function consoleTestFiles(): string[] {
  const dir = join(webDir, 'test');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => isConsoleTest(name) || name.endsWith('.test.ts'))
    .sort()
    .map((name) => relative(functionsDir, join(dir, name)));
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
  /** A file, or what one mocha process ran (the trigger phase runs several files). */
  file: string;
  files: number;
  code: number;
  passing: number;
  failing: number;
  pending: number;
}

/** Runs files in one mocha process, echoing its output and reading its summary lines. */
function runFile(
  file: string,
  mochaArgs: string[],
  env: NodeJS.ProcessEnv,
  files: string[] = [file],
): Promise<FileResult> {
  return new Promise((resolveResult) => {
    const child = spawn(process.execPath, [require.resolve('mocha/bin/mocha.js'), ...mochaArgs, ...files], {
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
    const done = (code: number) =>
      resolveResult({
        file,
        files: files.length,
        code,
        passing: count('passing'),
        failing: count('failing'),
        pending: count('pending'),
      });
    child.on('exit', (exitCode, signal) => done(exitCode ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`[test] cannot run mocha: ${error.message}`);
      done(1);
    });
  });
}

/**
 * A test file that needs the function runtime started with particular settings says so in a line
 * of its own near the top, e.g. `// stack-env: READ_RATE_LIMIT_PER_USER=30`: such files run on a
 * stack of their own, after the others (one stack per distinct line).
 */
function stackEnvLineOf(file: string): string {
  const head = readFileSync(resolve(functionsDir, file), 'utf8').split('\n').slice(0, 30);
  return head.map((line) => /^\/\/ stack-env: (.+)$/.exec(line)?.[1]?.trim()).find((found) => found) ?? '';
}

function parseStackEnv(line: string): Record<string, string> {
  return Object.fromEntries(
    line
      .split(/\s+/)
      .filter((pair) => pair !== '')
      .map((pair) => {
        const at = pair.indexOf('=');
        if (at <= 0) throw new Error(`stack-env: expected NAME=value, not ${pair}`);
        return [pair.slice(0, at), pair.slice(at + 1)];
      }),
  );
}

/** Files by the stack settings they ask for: the default ('') first. */
function groupByStackEnv(files: string[]): [string, string[]][] {
  const groups = new Map<string, string[]>([['', []]]);
  for (const file of files) {
    const line = stackEnvLineOf(file);
    groups.set(line, [...(groups.get(line) ?? []), file]);
  }
  return [...groups].filter(([, group]) => group.length > 0);
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

  const started = performance.now();
  const selected = files.length > 0 ? files : [...allTestFiles(), ...consoleTestFiles()];
  const triggerFiles = selected.filter(isTriggerTest);
  const commandFiles = selected.filter(isCommandTest);
  const stackFiles = selected.filter((file) => !isTriggerTest(file) && !isCommandTest(file));
  const results: FileResult[] = [];
  // No metadata server here: skip google-auth's probe (a MetadataLookupWarning per test otherwise).
  const quietAuth = { METADATA_SERVER_DETECTION: 'none' };
  if (stackFiles.length > 0) {
    // First, so that nobody reads a run's results without knowing what they ran on.
    const { kind, reason } = chooseFirestore();
    console.log(
      kind === 'official'
        ? `[test] Firestore: official emulator (${reason}); the trigger unit tests and the index check use the embedded one for its counters`
        : `[test] ${embeddedFirestoreWarning(reason)}`,
    );
  }

  if (triggerFiles.length > 0) {
    const t = performance.now();
    const firestore = await startEmbeddedFirestore({ logName: 'test-triggers.log' });
    console.log(
      `[test] trigger unit tests: Firestore emulator up in ${((performance.now() - t) / 1000).toFixed(1)} s; log: ${firestore.logFile}`,
    );
    const {
      GEMINI_API_KEY: _geminiKey,
      FIREBASE_AUTH_EMULATOR_HOST: _auth,
      CLOUD_TASKS_EMULATOR_HOST: _tasks,
      ...env
    } = process.env;
    const label =
      triggerFiles.length === 1
        ? triggerFiles[0]!
        : `${join(TRIGGER_TESTS, '*.test.ts')} (${triggerFiles.length} files)`;
    console.log(`\n[test] ${label}`);
    results.push(
      await runFile(
        label,
        ['--config', join(TRIGGER_TESTS, '.mocharc.json'), ...mochaArgs],
        { ...env, ...firestore.env, ...quietAuth },
        triggerFiles,
      ),
    );
    await firestore.stop();
    console.log(`[test] trigger unit tests done in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  if (commandFiles.length > 0) {
    // As from a shell with no emulator running.
    const env = cleanEnv();
    for (const file of commandFiles) {
      console.log(`\n[test] ${file}`);
      results.push(await runFile(file, ['--config', join(COMMAND_TESTS, '.mocharc.json'), ...mochaArgs], env));
    }
  }
  if (stackFiles.length === 0) {
    summarize(results, started);
    return;
  }

  // The console under test is the one in the working tree.
  if (stackFiles.some(isConsoleTest)) buildConsole((m) => console.log(`[test] ${m}`));
  // The suite reads at volume (the hostile-input cases alone: thousands of GETs a minute from a
  // handful of users, all from 127.0.0.1): the read limits are lifted for the emulator-served
  // function, except for files that ask for a stack of their own (`// stack-env:`, below).
  const liftedReadLimits = {
    READ_RATE_LIMIT_PER_USER: process.env.READ_RATE_LIMIT_PER_USER ?? '1000000',
    READ_RATE_LIMIT_PER_IP: process.env.READ_RATE_LIMIT_PER_IP ?? '1000000',
  };
  const logFiles: string[] = [];
  for (const [envLine, files] of groupByStackEnv(stackFiles)) {
    const t0 = performance.now();
    const stack = await startStack({
      echo: false,
      logName: logFiles.length === 0 ? 'test-stack.log' : `test-stack-${logFiles.length + 1}.log`,
      // STACK_START_TIMEOUT_MS: a longer wait for the API on a loaded machine (default 120 s).
      timeoutMs: Number(process.env.STACK_START_TIMEOUT_MS) || undefined,
      runtimeEnv: { ...liftedReadLimits, ...parseStackEnv(envLine) },
    });
    logFiles.push(stack.logFile);
    const startup = ((performance.now() - t0) / 1000).toFixed(1);
    console.log(
      `[test] stack up in ${startup} s at ${stack.baseUrl} (Firestore: ${stack.firestoreKind})${envLine ? ` with ${envLine}` : ''}; emulator log: ${stack.logFile}`,
    );
    const env = {
      ...process.env,
      ...stack.env,
      STACK_FIRESTORE_KIND: stack.firestoreKind,
      STACK_LOG_FILE: stack.logFile,
      ...quietAuth,
    };
    for (const file of files) {
      console.log(`\n[test] ${file}`);
      results.push(await runFile(file, mochaArgs, env));
    }
    await stack.stop();
  }
  summarize(results, started, logFiles.join(' '));
}

/** Prints the combined summary (both phases; time since the first started) and exits with its verdict. */
function summarize(results: FileResult[], started: number, logFile?: string): void {
  const sum = (key: 'files' | 'passing' | 'failing' | 'pending') => results.reduce((total, r) => total + r[key], 0);
  const failedFiles = results.filter((r) => r.code !== 0);
  const code = failedFiles.length > 0 ? 1 : 0;
  console.log(
    `\n[test] ${sum('files')} files in ${((performance.now() - started) / 1000).toFixed(1)} s: ${sum('passing')} passing, ${sum('failing')} failing, ${sum('pending')} pending`,
  );
  for (const failed of failedFiles) console.log(`[test] FAILED: ${failed.file} (exit code ${failed.code})`);
  if (code !== 0 && logFile) console.log(`[test] emulator and function logs: ${logFile}`);
  // A file that failed without a failing test (it crashed while loading) counts as one failure.
  const crashed = failedFiles.filter((r) => r.failing === 0).length;
  // The plain closing line CI reads.
  console.log(`${sum('passing')} passed, ${sum('failing') + crashed} failed, ${sum('pending')} skipped`);
  void finish(code);
}

main().catch((error: unknown) => {
  console.error(`[test] ${error instanceof Error ? error.message : String(error)}`);
  void finish(1);
});
