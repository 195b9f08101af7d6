// The console with the network off, in real Chromium against the local stack (issue 25 items 2
// and 3): it reloads offline from its service worker and shows the responder's tasks "as of" when
// they were last fresh; what is done offline waits in the outbox and reaches the server once when
// the network returns; a task cancelled meanwhile shows as a conflict naming who cancelled it; a
// requester's offline request arrives once. Figures: "my tasks" painted offline, the time from
// reconnect to an empty outbox for 50 queued actions, the first-load size.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DEMO_DISASTER_ID, demoUsers, seed } from '../../functions/dev/seed.js';
import { apiAs, consoleUrl, expectAccessible, idTokenOf, launch, openSignedIn, screenshot } from './browser.js';

const user = (role: string) => demoUsers.find((u) => u.role === role)!;
const near = { lat: 14.6, lng: 120.99 };

interface TaskView {
  id: string;
  status: string;
  history: { action: string; to: string | null; by: string }[];
}

/** Until `check` holds (polled), or fails after `timeoutMs`. */
async function eventually(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs / 1000} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The console is served by its service worker from here on (installed and in control). */
async function controlledByWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
  });
}

describe('the console offline (Chromium)', function () {
  this.timeout(300_000);
  let browser: Browser;
  let adminToken: string;
  const riley = user('responder');

  /** A task for the responder, authorized and assigned (pending), through the API. */
  async function assignedTask(instructions: string): Promise<TaskView> {
    const task = await apiAs<TaskView>(
      'admin',
      'POST',
      '/tasks',
      { disaster_id: DEMO_DISASTER_ID, priority: 2, instructions, role_required: 'responder' },
      201,
    );
    await apiAs('admin', 'PATCH', `/tasks/${task.id}/authorize`);
    return apiAs<TaskView>('admin', 'PATCH', `/tasks/${task.id}/assign`, { user_id: riley.uid });
  }

  const statusMoves = (task: TaskView, to: string) =>
    task.history.filter((entry) => entry.action === 'status_changed' && entry.to === to).length;

  before(async () => {
    await seed(() => undefined);
    const admin = user('admin');
    adminToken = await idTokenOf(admin.email, admin.password);
    await apiAs('responder', 'PATCH', '/users/me/location', { location: near });
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
  });

  it('is an installable app: a manifest with icons, and a service worker served with no-cache', async () => {
    const page = await fetch(`${consoleUrl()}/`);
    assert.match(await page.text(), /<link rel="manifest" href="\/manifest.webmanifest">/);
    const manifest = (await (await fetch(`${consoleUrl()}/manifest.webmanifest`)).json()) as {
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.start_url, '/');
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png');
      assert.ok(icon, `a ${size} PNG icon`);
      const png = Buffer.from(await (await fetch(`${consoleUrl()}${icon.src}`)).arrayBuffer());
      assert.equal(png.subarray(1, 4).toString('ascii'), 'PNG');
      assert.equal(png.readUInt32BE(16), Number(size.split('x')[0]), `${icon.src} is ${size}`);
    }
    const worker = await fetch(`${consoleUrl()}/sw.js`);
    assert.equal(worker.status, 200);
    assert.equal(worker.headers.get('cache-control'), 'no-cache');
    assert.match(await worker.text(), /shell-[0-9a-f]{16}/);
    // The first load stays within its budget (build-stats.json, written by build.mjs).
    const stats = JSON.parse(readFileSync(join(__dirname, '..', 'dist', 'build-stats.json'), 'utf8')) as {
      first_load_js_gzip_bytes: number;
    };
    console.log(`      [figure] first-load JavaScript: ${(stats.first_load_js_gzip_bytes / 1024).toFixed(1)} KB gzip`);
    assert.ok(stats.first_load_js_gzip_bytes < 250 * 1024);
  });

  it('reloads offline and shows the responder their tasks, "as of" when they were last fresh', async () => {
    await assignedTask(`Bring drinking water to the chapel (${Date.now()})`);
    const page = await openSignedIn(browser, riley.email, riley.password);
    try {
      const card = page.getByRole('listitem', { name: /Bring drinking water to the chapel/ });
      await card.waitFor();
      await controlledByWorker(page);
      // The copy is kept after each poll (2 s).
      await page.waitForTimeout(2500);
      await page.context().setOffline(true);
      const started = Date.now();
      await page.reload();
      await card.waitFor();
      const painted = Date.now() - started;
      console.log(`      [figure] "my tasks" painted offline after a reload: ${painted} ms`);
      await page.getByText(/^Offline: as of \d{1,2}:\d{2}/).waitFor();
      await card.getByText('Pending').waitFor();
      assert.ok(painted < 10_000, `painted offline in ${painted} ms`);
      await expectAccessible(page, 'my tasks offline');
    } finally {
      await page.context().close();
    }
  });

  it('keeps a task completed offline in the outbox and sends it once when the network returns', async () => {
    const task = await assignedTask(`Check on the family at the pier (${Date.now()})`);
    const page = await openSignedIn(browser, riley.email, riley.password);
    try {
      const card = page.getByRole('listitem', { name: /Check on the family at the pier/ });
      await card.getByRole('button', { name: 'On route' }).click();
      await card.getByRole('button', { name: 'Completed' }).waitFor();
      await eventually(
        async () => (await apiAs<TaskView>('responder', 'GET', `/tasks/${task.id}`)).status === 'on_route',
        30_000,
        'on route online',
      );
      // The screen's copy must hold the move too: until the console has read the task back from the
      // service, the button it shows comes from the outbox, and the copy an offline poll falls back
      // on may still be the pending task (as of before the move).
      await page.reload();
      await card.getByRole('button', { name: 'Completed' }).waitFor();
      await controlledByWorker(page);
      await page.context().setOffline(true);
      await card.getByRole('button', { name: 'Completed' }).click();
      await card.getByText('Completed — waiting to send').waitFor();
      await page.getByText(/^1 waiting to send since \d{1,2}:\d{2}/).waitFor();
      // A reload offline loses nothing.
      await page.reload();
      await card.getByText('Completed — waiting to send').waitFor();
      await page.getByText(/^1 waiting to send since/).waitFor();
      await expectAccessible(page, 'the outbox');
      await screenshot(page, 'outbox-waiting');
      assert.equal((await apiAs<TaskView>('responder', 'GET', `/tasks/${task.id}`)).status, 'on_route');

      await page.context().setOffline(false);
      const reconnected = Date.now();
      await eventually(
        async () => (await apiAs<TaskView>('responder', 'GET', `/tasks/${task.id}`)).status === 'completed',
        60_000,
        'the server has the task completed',
      );
      console.log(`      [figure] one queued action on the server ${Date.now() - reconnected} ms after reconnecting`);
      await page.getByText(/waiting to send/).waitFor({ state: 'detached' });
      const done = await apiAs<TaskView>('responder', 'GET', `/tasks/${task.id}`);
      assert.equal(statusMoves(done, 'completed'), 1, 'completed exactly once in the history');
    } finally {
      await page.context().close();
    }
  });

  it('asks why a task could not be done; the reason waits in the outbox with it and reaches the history', async () => {
    const task = await assignedTask(`Clear the road to the clinic (${Date.now()})`);
    const page = await openSignedIn(browser, riley.email, riley.password);
    try {
      const card = page.getByRole('listitem', { name: /Clear the road to the clinic/ });
      await card.getByRole('button', { name: 'On route' }).waitFor();
      await controlledByWorker(page);
      await page.waitForTimeout(2500);
      await page.context().setOffline(true);
      await card.getByRole('button', { name: 'Could not do it' }).click();
      const why = card.getByRole('group', { name: 'Why could you not do it? The dispatchers read this.' });
      await why.waitFor();
      const send = card.getByRole('button', { name: 'Send' });
      assert.equal(await send.isDisabled(), true, 'nothing to send before a reason is given');
      // Cancel keeps the task as it was.
      await card.getByRole('button', { name: 'Cancel' }).click();
      await why.waitFor({ state: 'detached' });
      await card.getByRole('button', { name: 'Could not do it' }).click();
      await why.getByRole('radio', { name: 'Nobody was there' }).check();
      await card.getByRole('textbox', { name: 'Details (optional)' }).fill('gate locked, no answer');
      await expectAccessible(page, 'the reason a task could not be done');
      await send.click();
      await card.getByText('Failed — waiting to send').waitFor();
      await why.waitFor({ state: 'detached' });

      await page.context().setOffline(false);
      await eventually(
        async () => (await apiAs<TaskView>('responder', 'GET', `/tasks/${task.id}`)).status === 'failed',
        60_000,
        'the server has the task failed',
      );
      const history = await apiAs<{ items: { after: Record<string, unknown> | null }[] }>(
        'admin',
        'GET',
        `/tasks/${task.id}/history`,
      );
      const failed = history.items.filter((entry) => entry.after?.status === 'failed');
      assert.deepEqual(
        failed.map((entry) => entry.after?.reason),
        ['Nobody was there: gate locked, no answer'],
      );
    } finally {
      await page.context().close();
    }
  });

  it('shows a completion queued offline after a dispatcher cancelled the task as a conflict naming who cancelled it', async () => {
    const task = await assignedTask(`Move the generator to the school (${Date.now()})`);
    await apiAs('responder', 'PATCH', `/tasks/${task.id}/status`, { status: 'on_route' });
    const page = await openSignedIn(browser, riley.email, riley.password);
    // The dispatcher, in a browser of their own (the console has no "cancel task" button: the
    // dispatcher's session cancels through the API with its own token).
    const admin = user('admin');
    const dispatcher = await openSignedIn(browser, admin.email, admin.password);
    try {
      const card = page.getByRole('listitem', { name: /Move the generator to the school/ });
      await card.getByRole('button', { name: 'Completed' }).waitFor();
      await controlledByWorker(page);
      await page.context().setOffline(true);
      await card.getByRole('button', { name: 'Completed' }).click();
      await card.getByText('Completed — waiting to send').waitFor();

      const cancelled = await dispatcher.evaluate(
        async ({ path, token }) => {
          const response = await fetch(path, {
            method: 'PATCH',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ status: 'cancelled' }),
          });
          return response.status;
        },
        { path: `/api/tasks/${task.id}/status`, token: adminToken },
      );
      assert.equal(cancelled, 200);

      await page.context().setOffline(false);
      const conflict = page.getByRole('alert').filter({ hasText: 'Not applied: Task “Move the generator' });
      await conflict.waitFor({ timeout: 60_000 });
      await conflict
        .getByText(new RegExp(`The service has: Cancelled by ${admin.displayName} at \\d{1,2}:\\d{2}`))
        .waitFor();
      await expectAccessible(page, 'a conflict');
      await screenshot(page, 'outbox-conflict');
      await conflict.getByRole('button', { name: 'Discard' }).click();
      await conflict.waitFor({ state: 'detached' });
      const after = await apiAs<TaskView>('admin', 'GET', `/tasks/${task.id}`);
      assert.equal(after.status, 'cancelled');
      assert.equal(statusMoves(after, 'completed'), 0, 'never completed');
    } finally {
      await page.context().close();
      await dispatcher.context().close();
    }
  });

  it("sends a requester's request made offline once, when the network returns", async () => {
    const alex = user('affected_individual');
    const page = await openSignedIn(browser, alex.email, alex.password, {
      geolocation: { latitude: near.lat + 0.002, longitude: near.lng + 0.002 },
      permissions: ['geolocation'],
      viewport: { width: 360, height: 780 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      await page.getByRole('heading', { name: 'Ask for help' }).waitFor();
      await page.getByRole('button', { name: 'Use my location' }).click();
      await page.getByText(/^Location set/).waitFor();
      await controlledByWorker(page);
      await page.context().setOffline(true);
      const details = `Six people on the roof, no food (${Date.now()})`;
      await page.getByRole('button', { name: 'Food' }).click();
      await page.getByRole('textbox', { name: 'Details (optional)' }).fill(details);
      await page.getByRole('button', { name: 'Send request' }).click();
      await page.getByText('Saved on this device: it will be sent when the network returns.').waitFor();
      // "Send by SMS": the same request, with the form's client reference, as the intake reads it.
      const href = (await page.getByRole('link', { name: 'Send by SMS' }).getAttribute('href')) ?? '';
      const [number, query] = href.replace(/^sms:/, '').split('?body=');
      assert.match(number ?? '', /^\+\d{7,15}$/);
      assert.match(
        decodeURIComponent(query ?? ''),
        new RegExp(`^FOOD -?\\d+\\.\\d{5},-?\\d+\\.\\d{5}\\n${details.replace(/[()]/g, '\\$&')}\\n#[A-Z2-9]{12}$`),
      );
      await page.getByRole('listitem', { name: 'Food: waiting to send' }).waitFor();
      await page.getByText(/^1 waiting to send since/).waitFor();

      await page.context().setOffline(false);
      await page.getByRole('listitem', { name: 'Food: Open' }).waitFor({ timeout: 60_000 });
      await page.getByText(/waiting to send/).waitFor({ state: 'detached' });
      const mine = await apiAs<{ items: { description?: string; reference: string }[] }>(
        'affected_individual',
        'GET',
        '/requests/me?limit=200',
      );
      assert.equal(mine.items.filter((r) => r.description === details).length, 1, 'one request, not two');
      // The person tells their requests apart: the reference SMS replies use, and what they wrote.
      const sent = mine.items.find((r) => r.description === details)!;
      const card = page.getByRole('listitem', { name: 'Food: Open' }).filter({ hasText: details });
      await card.getByText(`Ref ${sent.reference}`).waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('empties an outbox of 50 actions after reconnecting (figure)', async () => {
    const count = 25;
    const stamp = Date.now();
    const tasks: TaskView[] = [];
    for (let i = 0; i < count; i++) tasks.push(await assignedTask(`Batch ${stamp} task ${i}`));
    const page = await openSignedIn(browser, riley.email, riley.password);
    try {
      const cards = page.getByRole('listitem', { name: new RegExp(`^Batch ${stamp} task`) });
      await eventually(async () => (await cards.count()) === count, 60_000, 'the batch listed');
      await controlledByWorker(page);
      await page.context().setOffline(true);
      for (let i = 0; i < count; i++) {
        const card = page.getByRole('listitem', { name: `Batch ${stamp} task ${i}`, exact: true });
        await card.getByRole('button', { name: 'On route' }).click();
        await card.getByRole('button', { name: 'Completed' }).click();
        await card.getByText('Completed — waiting to send').waitFor();
      }
      await page.getByText(new RegExp(`^${count * 2} waiting to send since`)).waitFor();
      await page.context().setOffline(false);
      const reconnected = Date.now();
      await page.getByText(/waiting to send since/).waitFor({ state: 'detached', timeout: 180_000 });
      const drained = Date.now() - reconnected;
      console.log(`      [figure] ${count * 2} queued actions: outbox empty ${drained} ms after reconnecting`);
      for (const task of tasks) {
        const now = await apiAs<TaskView>('admin', 'GET', `/tasks/${task.id}`);
        assert.equal(now.status, 'completed', task.id);
        assert.equal(statusMoves(now, 'on_route'), 1);
        assert.equal(statusMoves(now, 'completed'), 1);
      }
    } finally {
      await page.context().close();
    }
  });
});
