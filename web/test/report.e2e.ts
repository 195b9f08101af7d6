// Reporting what one sees in the field (a community observation), in real Chromium against the local
// stack: a volunteer reports a blocked road in a few taps, online and then offline; each report is
// stored once, inside the demo disaster it lies in, and the screen passes axe at 1200 and 360 px.
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { DEMO_DISASTER_ID, demoUsers, seed } from '../../functions/dev/seed.js';
import { apiAs, expectAccessible, launch, openSignedIn } from './browser.js';

const user = (role: string) => demoUsers.find((u) => u.role === role)!;
/** Inside the demo flood's 15 km. */
const near = { lat: 14.6, lng: 120.99 };

interface ObservationView {
  id: string;
  type: string;
  severity: number;
  description: string;
  disaster_id: string | null;
  reporter_id: string;
}

/** The observations whose description is `text` (as staff list them). */
async function reported(text: string): Promise<ObservationView[]> {
  const page = await apiAs<{ items: ObservationView[] }>('admin', 'GET', '/observations?limit=100');
  return page.items.filter((o) => o.description === text);
}

async function eventually(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs / 1000} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('reporting what one sees (Chromium)', function () {
  this.timeout(300_000);
  let browser: Browser;
  const volunteer = user('volunteer');

  before(async () => {
    await seed(() => undefined);
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
  });

  it('a volunteer reports a blocked road in a few taps; online it is stored at once, offline it waits and is sent once', async () => {
    const page = await openSignedIn(browser, volunteer.email, volunteer.password, {
      geolocation: { latitude: near.lat, longitude: near.lng },
      permissions: ['geolocation'],
    });
    try {
      await page.getByRole('link', { name: 'Report' }).click();
      await page.getByRole('heading', { name: 'Report what you see' }).waitFor();
      const send = page.getByRole('button', { name: 'Send report' });
      const report = async (what: string, severity: string, text: string) => {
        await page.getByRole('button', { name: what }).click();
        await page.getByRole('button', { name: severity }).click();
        await page.getByRole('button', { name: 'Use my location' }).click();
        await page.getByText(/^Location set: /).waitFor();
        await page.getByText('Within the area of Pasig River flood (demo).').waitFor();
        assert.equal(await send.isDisabled(), true, 'nothing to send before it is described');
        await page.getByRole('textbox', { name: /^What, how much/ }).fill(text);
        await send.click();
      };

      const online = `Fallen tree across Calle Real, no car can pass (${Date.now()})`;
      await report('Blocked road', '4: severe', online);
      await page.getByText('Report sent. Thank you.').waitFor();
      const [stored] = await reported(online);
      assert.ok(stored, 'stored');
      assert.equal(stored.type, 'blocked_road');
      assert.equal(stored.severity, 4);
      assert.equal(stored.disaster_id, DEMO_DISASTER_ID, 'inside the demo flood');
      assert.equal(stored.reporter_id, volunteer.uid);
      await expectAccessible(page, 'the report screen');

      await page.context().setOffline(true);
      const offline = `Water rising at the Santa Ana bridge (${Date.now()})`;
      await report('Flooding', '5: catastrophic', offline);
      await page.getByText('Saved on this device: it will be sent when the network returns.').waitFor();
      assert.deepEqual(await reported(offline), [], 'not sent while offline');
      await page.context().setOffline(false);
      await eventually(async () => (await reported(offline)).length > 0, 60_000, 'the offline report stored');
      await page.getByText(/waiting to send/).waitFor({ state: 'detached' });
      assert.equal((await reported(offline)).length, 1, 'stored once');

      await page.setViewportSize({ width: 360, height: 800 });
      await expectAccessible(page, 'the report screen at 360 px');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `fits a 360 px phone (overflow ${overflow} px)`);
    } finally {
      await page.context().close();
    }
  });
});
