#!/usr/bin/env node
// Installs the root and functions dependencies when they are missing or stale, so that
// `npm start` and `npm test` work on a fresh clone with nothing installed by hand.
// Uses only Node built-ins: it runs before anything else is installed.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

for (const dir of [root, join(root, 'functions')]) {
  const lock = join(dir, 'package-lock.json');
  const manifest = join(dir, 'package.json');
  const stamp = join(dir, 'node_modules', '.install-stamp');
  const lockText = existsSync(lock) ? readFileSync(lock) : '';
  // Only what decides the installed tree: editing "scripts" must not trigger a reinstall (npm ci
  // deletes node_modules, under any stack or test run using it at that moment).
  const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
  const relevant = {};
  for (const key of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies', 'overrides', 'workspaces']) {
    if (pkg[key] !== undefined) relevant[key] = pkg[key];
  }
  const fingerprint = `deps:${createHash('sha256').update(JSON.stringify(relevant)).update(lockText).digest('hex')}`;
  // Stamps of the earlier format hashed the whole manifest.
  const legacy = createHash('sha256').update(readFileSync(manifest)).update(lockText).digest('hex');
  const current = existsSync(stamp) ? readFileSync(stamp, 'utf8') : null;
  if (current === fingerprint) continue;
  if (current === legacy) {
    writeFileSync(stamp, fingerprint);
    continue;
  }

  const args = existsSync(lock)
    ? ['ci', '--no-audit', '--no-fund']
    : ['install', '--no-audit', '--no-fund'];
  console.log(`[deps] ${npm} ${args.join(' ')} in ${dir}`);
  const result = spawnSync(npm, args, { cwd: dir, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`[deps] install failed in ${dir}`);
    process.exit(result.status ?? 1);
  }
  writeFileSync(stamp, fingerprint);
}
