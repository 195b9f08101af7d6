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
  const fingerprint = createHash('sha256')
    .update(readFileSync(manifest))
    .update(existsSync(lock) ? readFileSync(lock) : '')
    .digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint) continue;

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
