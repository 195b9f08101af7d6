// The situation overview in real Chromium against the local stack (issue 26, item 5): a disaster
// of its own with requests in several needs, statuses and one cell, a merged one, an unconfirmed
// one, one waiting for its point, and tasks; the screen's counts, its three charts with their text
// alternatives, axe-core, and a 360 px phone without sideways scrolling.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { demoUsers, seed } from '../../functions/dev/seed.js';
import { db } from '../../functions/src/data/firestore.js';
import type { Disaster } from '../../functions/src/disasters/model.js';
import { disasterStore } from '../../functions/src/disasters/store.js';
import type { HelpRequest } from '../../functions/src/requests/model.js';
import { requestStore } from '../../functions/src/requests/store.js';
import { coarseArea, geohashOf } from '../../functions/src/shared/geo.js';
import { taskStore } from '../../functions/src/tasks/store.js';
import { plannedDeterministically, requestDocument } from '../../functions/test/helpers/request-document.js';
import { taskDocument } from '../../functions/test/helpers/task-document.js';
import { expectAccessible, launch, openSignedIn, screenshot } from './browser.js';

const user = (role: string) => demoUsers.find((u) => u.role === role)!;
/** The centre of a ~5 km cell: points a few hundred metres from it stay in that cell. */
const CENTRE = coarseArea({ lat: 10.72, lng: 122.56 }).center;
const DISASTER_NAME = 'Iloilo typhoon (situation test)';
const HOUR = 3_600_000;

async function situationDisaster(): Promise<string> {
  const id = `situation-e2e-${Date.now().toString(36)}`;
  const now = new Date().toISOString();
  const disaster: Disaster = {
    id,
    name: DISASTER_NAME,
    type: 'cyclone',
    description: 'Typhoon landfall over Iloilo',
    location: CENTRE,
    geohash: geohashOf(CENTRE),
    radius_km: 40,
    severity: 4,
    status: 'confirmed',
    created_by: 'admin-situation-e2e',
    suggestion: null,
    confirmed_at: now,
    confirmed_by: 'admin-situation-e2e',
    created_at: now,
    updated_at: now,
  };
  await disasterStore.doc(id).set(disaster);
  return id;
}

async function request(
  disasterId: string,
  hoursAgo: number,
  fields: Partial<HelpRequest>,
  taskAfterMinutes?: number,
): Promise<string> {
  const id = `${disasterId}-r${Math.random().toString(36).slice(2, 8)}`;
  const at = new Date(Date.now() - hoursAgo * HOUR).toISOString();
  const location = fields.location ?? { lat: CENTRE.lat + Math.random() * 0.002, lng: CENTRE.lng };
  const value = requestDocument({
    id,
    owner_id: 'owner-situation-e2e',
    disaster_id: disasterId,
    created_at: at,
    planning: plannedDeterministically(at),
    ...fields,
    location,
    geohash: geohashOf(location),
  });
  await requestStore.doc(id).set(value);
  if (taskAfterMinutes !== undefined) {
    const taskAt = new Date(Date.parse(at) + taskAfterMinutes * 60_000).toISOString();
    const task = taskDocument({ id: `${id}-t`, disaster_id: disasterId, request_id: id, created_at: taskAt });
    await taskStore.doc(task.id).set(task);
  }
  return id;
}

/** The page is no wider than the viewport; what sticks out goes into the failure message. */
async function assertNoSidewaysScroll(page: Page, width: number): Promise<void> {
  const { scroll, wide } = await page.evaluate((limit) => {
    return {
      scroll: document.documentElement.scrollWidth,
      wide: Array.from(document.querySelectorAll('body *'))
        .filter((e) => e.getBoundingClientRect().right > limit + 0.5)
        .filter((e) => !e.closest('.table-scroll'))
        .slice(0, 6)
        .map((e) => `${e.tagName.toLowerCase()}.${String(e.className)} ${Math.round(e.getBoundingClientRect().right)}`),
    };
  }, width);
  assert.ok(scroll <= width, `the overview is ${scroll} px wide at ${width} px: ${wide.join(', ')}`);
}

describe('the situation overview (Chromium)', function () {
  this.timeout(300_000);
  let browser: Browser;
  let admin: Page;
  let disasterId: string;

  before(async () => {
    await seed(() => undefined);
    disasterId = await situationDisaster();
    const first = await request(
      disasterId,
      5,
      { status: 'fulfilled', status_changed_at: new Date(Date.now() - 3 * HOUR).toISOString() },
      20,
    );
    await request(disasterId, 4, { status: 'in_progress' }, 40);
    await request(disasterId, 3, { type_of_need: 'water' });
    await request(disasterId, 2, { type_of_need: 'food' });
    await request(disasterId, 1, {
      type_of_need: 'medical',
      status: 'closed',
      closed_reason: 'duplicate',
      duplicate_of: first,
      status_changed_at: new Date(Date.now() - HOUR / 2).toISOString(),
    });
    await request(disasterId, 1, {
      type_of_need: 'shelter',
      location_text: 'near the church',
      planning: { ...plannedDeterministically(new Date().toISOString()), state: 'awaiting_location', planner: null },
    });
    const unconfirmed = await request(disasterId, 2, { type_of_need: 'water' });
    // Re-confirmation (item 3) is built in parallel: its field written as it will store it.
    await db().collection('requests').doc(unconfirmed).update({ confirmation: 'unconfirmed' });
    browser = await launch();
    admin = await openSignedIn(browser, user('admin').email, user('admin').password);
  });

  after(async () => {
    await browser?.close();
  });

  it('shows staff the counts, each chart with a caption and a table, and passes axe-core', async () => {
    await admin.getByRole('link', { name: 'Situation' }).click();
    await admin.getByRole('heading', { name: 'Situation overview', level: 1 }).waitFor();
    await admin.getByRole('combobox', { name: 'Disaster' }).selectOption({ label: DISASTER_NAME });
    const tile = (key: string) => admin.locator(`[data-count="${key}"] dd`);
    await admin.waitForFunction(
      () => document.querySelector('[data-count="situation_total"] dd')?.textContent === '7',
      undefined,
      { timeout: 60_000 },
    );
    assert.deepEqual(
      await Promise.all(
        ['situation_open', 'situation_unconfirmed', 'situation_merged', 'situation_awaiting_location'].map((key) =>
          tile(key).textContent(),
        ),
      ),
      ['5', '1', '1', '1'],
    );

    // Each chart is drawn (SVG bars), hidden from screen readers, and told in its caption and table.
    for (const [chart, caption] of [
      ['over-time', 'Open requests over time, by need'],
      ['status-over-time', 'Requests over time, by status'],
      ['by-need', 'Requests by need and status'],
    ] as const) {
      const figure = admin.getByRole('figure', { name: new RegExp(caption) });
      await figure.waitFor();
      assert.ok((await admin.locator(`[data-chart="${chart}"] .ct-bar`).count()) > 0, `${chart} has bars`);
      assert.equal(await admin.locator(`[data-chart="${chart}"]`).getAttribute('aria-hidden'), 'true');
      await figure.getByText('Show the figures as a table').click();
      await figure.getByRole('table').waitFor();
    }
    await admin
      .getByRole('figure', { name: /Open requests over time/ })
      .getByText(/^Open requests now: 5 \(Rescue 1, Food 1, Water 2, Shelter 1\)\./)
      .waitFor();
    await admin.getByText(/^Most requests: Rescue, 2 \(1 open\)\. 7 requests in all\.$/).waitFor();
    // By status: the fulfilled rescue request (task 20 min after it, fulfilled 3 h ago) and the one
    // in progress (since its creation 4 h ago) were both in progress at the hour between them.
    const byStatus = admin.getByRole('figure', { name: /Requests over time, by status/ });
    await byStatus
      .getByText(
        /^Requests now: Open 4, In progress 1, Fulfilled 1, Closed 1 \(7 in all\)\. Most in progress: 2 at .+\. Earlier statuses are rebuilt from each request's creation, first task and last status change\.$/,
      )
      .waitFor();
    assert.deepEqual(
      await byStatus.getByRole('row').last().getByRole('cell').allTextContents(),
      ['4', '1', '1', '1', '7'],
      'now: open, in progress, fulfilled, closed, all',
    );
    assert.deepEqual(await byStatus.getByRole('row').first().getByRole('columnheader').allTextContents(), [
      'Time',
      'Open',
      'In progress',
      'Fulfilled',
      'Closed',
      'Requests',
    ]);
    // Times: first tasks after 20 and 40 min (nearest rank: 20 and 40); one fulfilment after 2 h.
    await admin.getByText('Median 20 min · 90th percentile 40 min (over 2 requests)').waitFor();
    await admin.getByText('Median 2 h · 90th percentile 2 h (over 1 requests)').waitFor();
    // Six requests have a point, in one cell, four of them open; the one waiting for its point has none.
    const cells = admin.getByRole('table').filter({ hasText: 'Area (geohash)' });
    assert.deepEqual(await cells.getByRole('row').nth(1).getByRole('cell').allTextContents(), [
      '4',
      '6',
      `${CENTRE.lat.toFixed(3)}, ${CENTRE.lng.toFixed(3)}`,
    ]);
    await expectAccessible(admin, 'the situation overview');
    await admin.evaluate(() => window.scrollTo(0, 0));
    await screenshot(admin, 'situation');
  });

  it('fits a 360 px phone: no sideways scrolling, the charts visible, their text alternatives there', async () => {
    await admin.setViewportSize({ width: 360, height: 780 });
    try {
      await admin.reload();
      await admin.getByRole('heading', { name: 'Situation overview', level: 1 }).waitFor();
      await admin.locator('[data-chart="by-need"] svg').waitFor();
      await assertNoSidewaysScroll(admin, 360);
      for (const chart of ['over-time', 'status-over-time', 'by-need']) {
        const box = await admin.locator(`[data-chart="${chart}"] svg`).boundingBox();
        assert.ok(box && box.width > 200 && box.x >= 0 && box.x + box.width <= 360, `${chart} within the screen`);
      }
      assert.equal(await admin.locator('figure figcaption p').count(), 3, 'a summary sentence per chart');
      await admin.getByRole('figure', { name: /Open requests over time/ }).scrollIntoViewIfNeeded();
      await screenshot(admin, 'situation-phone');
      await expectAccessible(admin, 'the situation overview at 360 px');
    } finally {
      await admin.setViewportSize({ width: 1200, height: 900 });
    }
  });
});
