#!/usr/bin/env node
// Installs the root, functions and web (console) dependencies when they are missing or stale, so that
// `npm start` and `npm test` work on a fresh clone with nothing installed by hand.
// Uses only Node built-ins: it runs before anything else is installed.
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const INSTALL_ATTEMPTS = 3;
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

// `npm start` measures its startup from here, before any install (see functions/dev/start.ts).
if (process.argv.includes('--mark-start')) {
  mkdirSync(join(root, '.stack'), { recursive: true });
  writeFileSync(join(root, '.stack', 'command-start'), String(Date.now()));
}

// web/ (the console) has its own lock and node_modules, never linked. functions-node/ holds
// production's Node binary for the Functions emulator (functions/dev/node-runtime.ts), an optional
// dependency: on a platform without such a package it installs nothing.
for (const dir of [root, join(root, 'functions'), join(root, 'web'), join(root, 'functions-node')]) {
  const lock = join(dir, 'package-lock.json');
  const modules = join(dir, 'node_modules');
  // A linked node_modules (a git worktree sharing another checkout's) is managed there.
  if (existsSync(modules) && lstatSync(modules).isSymbolicLink()) continue;
  // Keyed on the lock file only: editing scripts in package.json needs no reinstall (npm ci
  // deletes node_modules, under any stack or test run using it at that moment). A separate stamp
  // name from earlier versions, so checkouts still on those keep their own stamp.
  const stamp = join(modules, '.deps-stamp');
  const fingerprint = createHash('sha256')
    .update(existsSync(lock) ? readFileSync(lock) : readFileSync(join(dir, 'package.json')))
    .digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint) continue;

  const args = existsSync(lock)
    ? ['ci', '--no-audit', '--no-fund']
    : ['install', '--no-audit', '--no-fund'];
  // The registry is reached over a network that sometimes stalls mid-download (a CI run once
  // failed on EIDLETIMEOUT): npm's own retries cover failed requests, not stalled bodies.
  let status = 1;
  for (let attempt = 1; attempt <= INSTALL_ATTEMPTS && status !== 0; attempt++) {
    if (attempt > 1) {
      console.error(`[deps] install failed; attempt ${attempt} of ${INSTALL_ATTEMPTS} in ${attempt * 10} s`);
      sleep(attempt * 10_000);
    }
    console.log(`[deps] ${npm} ${args.join(' ')} in ${dir}`);
    status = spawnSync(npm, args, { cwd: dir, stdio: 'inherit' }).status ?? 1;
  }
  if (status !== 0) {
    console.error(`[deps] install failed in ${dir}`);
    process.exit(status);
  }
  writeFileSync(stamp, fingerprint);
}
