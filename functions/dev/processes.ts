// Child processes of the local stack: spawned in their own process group, stopped with their
// whole tree (the firebase CLI starts node workers, and java in a group of its own), and the
// ports they held waited for until they are free again.
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { createServer } from 'node:net';

export interface Child {
  readonly name: string;
  readonly process: ChildProcess;
  /** Resolves with the exit code (or signal) once the process has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  hasExited(): boolean;
  /** The last lines of its output, for error messages. */
  tail(lines?: number): string;
}

export interface SpawnLogged {
  name: string;
  command: string;
  args: string[];
  options: SpawnOptions;
  /** Every output line goes here (the stack log). */
  log: WriteStream;
  /** Also echo lines to the terminal, prefixed. */
  echo?: boolean;
  /** Called for every output line (e.g. to wait for a readiness line). */
  onLine?: (line: string) => void;
}

export function spawnLogged({ name, command, args, options, log, echo, onLine }: SpawnLogged): Child {
  const child = spawn(command, args, {
    ...options,
    detached: true,
    stdio: options.stdio ?? ['ignore', 'pipe', 'pipe'],
  });
  const recent: string[] = [];
  let exited = false;
  const onData = (buffer: { partial: string }) => (chunk: Buffer) => {
    const text = buffer.partial + chunk.toString('utf8');
    const lines = text.split('\n');
    buffer.partial = lines.pop() ?? '';
    for (const raw of lines) {
      // eslint-disable-next-line no-control-regex
      const line = raw.replace(/\u001b\[[0-9;]*m/g, '').replace(/\r$/, '');
      recent.push(line);
      if (recent.length > 200) recent.shift();
      log.write(`[${name}] ${line}\n`);
      if (echo && line.trim() !== '') console.log(`[${name}] ${line}`);
      onLine?.(line);
    }
  };
  child.stdout?.on('data', onData({ partial: '' }));
  child.stderr?.on('data', onData({ partial: '' }));
  const exitedPromise = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      exited = true;
      log.write(`[${name}] exited (${signal ?? code})\n`);
      resolve({ code, signal });
    });
    child.on('error', (error) => {
      exited = true;
      recent.push(`spawn error: ${error.message}`);
      log.write(`[${name}] spawn error: ${error.message}\n`);
      resolve({ code: -1, signal: null });
    });
  });
  return {
    name,
    process: child,
    exited: exitedPromise,
    hasExited: () => exited,
    tail: (lines = 40) => recent.slice(-lines).join('\n'),
  };
}

export function openLog(path: string): WriteStream {
  return createWriteStream(path, { flags: 'a' });
}

/** Every process below `pid` (children, grandchildren...), from `ps`. */
export function descendants(pid: number): number[] {
  const result = spawnSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' });
  if (result.status !== 0) return [];
  const children = new Map<number, number[]>();
  for (const line of result.stdout.split('\n')) {
    const [p, pp] = line.trim().split(/\s+/).map(Number);
    if (p === undefined || pp === undefined || Number.isNaN(p) || Number.isNaN(pp)) continue;
    children.set(pp, [...(children.get(pp) ?? []), p]);
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift()!;
    for (const child of children.get(next) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stops a child and everything it started: `sig` to its process group first (a graceful stop),
 * SIGKILL to every process of the tree that is still there after `graceMs`.
 */
export async function stopTree(child: Child, sig: NodeJS.Signals = 'SIGTERM', graceMs = 5000): Promise<void> {
  const pid = child.process.pid;
  if (pid === undefined) return;
  // Remember the tree now: once the parent is gone its orphans are re-parented and lost to us.
  const tree = new Set(descendants(pid));
  if (!child.hasExited()) signal(-pid, sig);
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    for (const p of descendants(pid)) tree.add(p);
    if (child.hasExited() && [...tree].every((p) => !alive(p))) return;
    await sleep(100);
  }
  signal(-pid, 'SIGKILL');
  signal(pid, 'SIGKILL');
  for (const p of tree) {
    signal(-p, 'SIGKILL');
    signal(p, 'SIGKILL');
  }
  await Promise.race([child.exited, sleep(2000)]);
}

export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

export async function waitForPortsFree(ports: number[], timeoutMs = 10_000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  let busy = ports;
  while (Date.now() < deadline) {
    const checks = await Promise.all(busy.map(async (port) => ((await isPortFree(port)) ? null : port)));
    busy = checks.filter((port): port is number => port !== null);
    if (busy.length === 0) return [];
    await sleep(200);
  }
  return busy;
}

/**
 * A detached guard that stops `child`'s process tree if this process dies without stopping it
 * (kill -9, a crash): without it the firebase CLI would outlive us and keep the ports. Plain
 * JavaScript in `node -e`, so it starts in milliseconds; it exits once the child is gone.
 */
export function guardAgainstOrphans(child: Child): void {
  const pid = child.process.pid;
  if (pid === undefined) return;
  const script = `
    const { execSync } = require('node:child_process');
    const [parent, pid] = process.argv.slice(1).map(Number);
    const alive = (p) => { try { process.kill(p, 0); return true; } catch { return false; } };
    const tree = () => {
      try {
        const rows = execSync('ps -A -o pid=,ppid=', { encoding: 'utf8' }).trim().split('\\n').map((l) => l.trim().split(/\\s+/).map(Number));
        const found = []; const queue = [pid];
        while (queue.length) { const p = queue.shift(); for (const [c, pp] of rows) if (pp === p) { found.push(c); queue.push(c); } }
        return found;
      } catch { return []; }
    };
    const kill = (p, s) => { try { process.kill(p, s); } catch {} };
    const timer = setInterval(() => {
      if (!alive(pid)) process.exit(0);
      if (alive(parent)) return;
      clearInterval(timer);
      const all = tree();
      kill(-pid, 'SIGINT');
      setTimeout(() => { for (const p of [pid, ...all, ...tree()]) { kill(-p, 'SIGKILL'); kill(p, 'SIGKILL'); } process.exit(0); }, 5000);
    }, 1000);
  `;
  const guard = spawn(process.execPath, ['-e', script, String(process.pid), String(pid)], {
    detached: true,
    stdio: 'ignore',
  });
  guard.unref();
}
