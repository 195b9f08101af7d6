// The console the Hosting emulator serves.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { webDir } from './project.js';

/** Builds the console into web/dist (what the Hosting emulator serves); a second or two. */
export function buildConsole(say: (message: string) => void = (m) => console.log(`[stack] ${m}`)): void {
  const result = spawnSync(process.execPath, [join(webDir, 'build.mjs')], { cwd: webDir, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the console build (web/build.mjs) failed');
  say('console built into web/dist');
}
