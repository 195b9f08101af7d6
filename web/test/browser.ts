// What the console's browser tests share: Debian's Chromium (installed when missing, as
// `npm test` installs everything else), driven by playwright-core; signing in through the
// console's own form; the axe-core check; screenshots for docs/console.md.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { demoUsers } from '../../functions/dev/seed.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const require = createRequire(__filename);
export const docsDir = join(__dirname, '..', '..', 'docs', 'console');

/** Debian's chromium package (`npx playwright install` cannot download here). */
export function ensureChromium(): string {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  console.log(`[e2e] ${CHROMIUM} missing: apt-get install -y chromium`);
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit' });
    if (result.status !== 0)
      throw new Error(`apt-get ${args.join(' ')} failed: install Chromium and set CHROMIUM_PATH`);
  }
  return CHROMIUM;
}

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: ensureChromium(), headless: true, args: ['--no-sandbox'] });
}

export function consoleUrl(): string {
  const url = process.env.CONSOLE_URL;
  assert.ok(url, 'CONSOLE_URL is set by dev/run-tests.ts');
  return url;
}

export async function openSignedIn(
  browser: Browser,
  email: string,
  password: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, locale: 'en-US', ...options });
  // Generous: on a busy shared machine the emulated function can take seconds per call.
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log(`[browser ${email}] ${error.message}`));
  const refused: string[] = [];
  cspReports.set(page, refused);
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(message.text());
  });
  await page.goto(consoleUrl());
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  try {
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
  } catch (error) {
    await page.screenshot({ path: `/tmp/console-sign-in-${email}.png` });
    const alerts = await page.getByRole('alert').allTextContents();
    throw new Error(`${email} did not get signed in (alerts: ${alerts.join(' | ') || 'none'}): ${String(error)}`, {
      cause: error,
    });
  }
  return page;
}

/**
 * What Chromium refused under the console's Content-Security-Policy (firebase.json), per page:
 * the policy is served locally as deployed (but for the emulators' origins, dev/stack.ts).
 */
const cspReports = new WeakMap<Page, string[]>();

/** axe-core on the page as it is: no serious or critical violation, and nothing the CSP refused. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  assert.deepEqual(cspReports.get(page) ?? [], [], `Content-Security-Policy reports on ${screen}`);
  const source = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Through the DevTools protocol, which the page's CSP does not govern (a script tag it would).
  await page.evaluate(source);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
  assert.deepEqual(violations, [], `axe-core on ${screen}`);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(docsDir, { recursive: true });
  await page.screenshot({ path: join(docsDir, `${name}.png`), fullPage: false });
}

/** Signs in through the Auth emulator's REST API: an ID token for set-up calls to the API. */
export async function idTokenOf(email: string, password: string): Promise<string> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string };
  assert.ok(body.idToken, `sign-in of ${email}`);
  return body.idToken;
}

/** A call to the API as one of the demo users (by role), answering the parsed body (asserts the status). */
export async function apiAs<T>(role: string, method: string, path: string, body?: unknown, status = 200): Promise<T> {
  const demo = demoUsers.find((u) => u.role === role)!;
  const token = await idTokenOf(demo.email, demo.password);
  const response = await fetch(`${consoleUrl()}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  assert.equal(response.status, status, `${method} ${path}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}
