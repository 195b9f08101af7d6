// `npm start`, as a newcomer runs it on a fresh clone: it builds, brings up the stack and the
// console with demo data, and Ctrl-C stops everything. Run by dev/run-tests.ts before the test
// stack starts (npm start rebuilds functions/lib and web/dist, which a running stack serves).
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { join } from 'node:path';

const repoRoot = join(__dirname, '..', '..', '..');

/** A TCP port that accepts a connection now. */
function listening(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** True while any process of the group `pgid` runs. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start (repo root)', () => {
  let child: ChildProcess | undefined;
  let output = '';
  /** The exit code, or the signal npm ended with (npm re-raises the Ctrl-C it forwarded). */
  let exited: Promise<number | NodeJS.Signals | null>;

  /** Waits until the output matches `pattern`, the process exits, or `ms` pass. */
  const outputMatching = (pattern: RegExp, ms: number) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${pattern} within ${ms / 1000} s:\n${output}`)), ms);
      const check = () => {
        const match = pattern.exec(output);
        if (!match) return;
        clearTimeout(timer);
        resolve(match);
      };
      child!.stdout!.on('data', check);
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`npm start exited (${code}) before ${pattern}:\n${output}`));
      });
      check();
    });

  before(() => {
    // As from a terminal: its own process group, which Ctrl-C signals as a whole.
    child = spawn('npm', ['start'], { cwd: repoRoot, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise((resolve) => child!.once('exit', (code, signal) => resolve(code ?? signal)));
  });

  after(async () => {
    // Whatever failed: nothing may outlive the test (the suite's stack starts next).
    if (child?.pid && groupAlive(child.pid)) {
      process.kill(-child.pid, 'SIGINT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 60_000))]);
      if (groupAlive(child.pid)) process.kill(-child.pid, 'SIGKILL');
    }
  });

  let apiUrl: string;
  let consoleUrl: string;

  it('brings up the API and the console, with the demo users, and says where', async () => {
    const [, console] = await outputMatching(/^Console ready at (\S+)/m, 240_000);
    consoleUrl = console!;
    apiUrl = /^API ready at (\S+)/m.exec(output)![1]!;
    assert.match(output, /admin@demo\.local|# admin/, 'the demo users are printed');
    const health = await fetch(`${apiUrl}/health`);
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), { status: 'ok' });
  });

  it('serves the console and the API under it (Hosting rewrite), with its security headers', async () => {
    const page = await fetch(consoleUrl);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    const html = await page.text();
    assert.match(html, /<title>Disaster response console<\/title>/);
    const script = /<script type="module" src="([^"]+)"/.exec(html)?.[1];
    assert.ok(script, 'the page loads its module');
    assert.equal((await fetch(new URL(script, consoleUrl))).status, 200, script);
    assert.match(page.headers.get('content-security-policy') ?? '', /default-src/);
    const health = await fetch(`${consoleUrl}/api/health`);
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), { status: 'ok' });
  });

  it('stops everything on Ctrl-C and releases its ports', async () => {
    process.kill(-child!.pid!, 'SIGINT');
    const ended = await Promise.race([exited, new Promise((r) => setTimeout(() => r('still running'), 60_000))]);
    assert.ok(ended === 0 || ended === 'SIGINT', `npm start ended with ${String(ended)}:\n${output.slice(-2000)}`);
    assert.match(output, /stopped; all ports released/);
    assert.equal(groupAlive(child!.pid!), false, 'no process of the command is left');
    assert.equal(await listening(apiUrl), false, 'the Functions emulator port is free');
    assert.equal(await listening(consoleUrl), false, 'the Hosting emulator port is free');
  });
});
