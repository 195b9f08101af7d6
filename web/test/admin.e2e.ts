// The admins' screens in real Chromium against the local stack: disasters (create, edit, close;
// an agent suggestion approved with its evidence), resources, the request page's plan editing and
// resource approvals, and live notifications.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { demoUsers, seed } from '../../functions/dev/seed.js';
import { collections } from '../../functions/src/data/collections.js';
import { db } from '../../functions/src/data/firestore.js';
import { notify } from '../../functions/src/notifications/service.js';
import { newRequestDocument } from '../../functions/src/requests/creation.js';
import { apiAs, consoleUrl, expectAccessible, launch, openSignedIn, screenshot } from './browser.js';

const user = (role: string) => demoUsers.find((u) => u.role === role)!;
const near = { lat: 14.6, lng: 120.99 };

describe("the admins' screens (Chromium)", function () {
  this.timeout(300_000);
  let browser: Browser;
  let admin: Page;
  let suggestionName = '';

  before(async () => {
    await seed(() => undefined);
    // Three landslide reports from two people, far from any disaster: the agent (a Firestore
    // trigger, delivered locally by the stack's relay) suggests a disaster from them.
    const reports = [
      ['responder', 'Mud across the road to the school', 16.41],
      ['volunteer', 'Cracks in the hillside behind the chapel', 16.415],
      ['responder', 'Boulders fell on two houses', 16.42],
    ] as const;
    for (const [role, description, lat] of reports)
      await apiAs(
        role,
        'POST',
        '/observations',
        {
          type: 'landslide',
          description,
          location: { lat, lng: 120.59 },
          severity: 4,
        },
        201,
      );
    browser = await launch();
    admin = await openSignedIn(browser, user('admin').email, user('admin').password);
  });

  after(async () => {
    await browser?.close();
  });

  it('an admin creates a disaster, edits it, closes it after confirming, and sees it closed', async () => {
    await admin.getByRole('link', { name: 'Disasters' }).click();
    await admin.getByRole('heading', { name: 'Disasters', level: 1 }).waitFor();
    await admin.getByRole('button', { name: 'New disaster' }).click();
    const form = admin.getByRole('form', { name: 'New disaster' });
    await form.getByLabel('Name').fill('Marikina earthquake');
    await form.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Earthquake' });
    await form.getByLabel('Description').fill('Magnitude 6.1, damage in Marikina and Pasig.');
    await form.getByRole('combobox', { name: 'Severity' }).selectOption({ label: '4: severe' });
    await form.getByLabel('Radius (km)').fill('20');
    await form.getByLabel('Latitude').fill('14.65');
    await form.getByLabel('Longitude').fill('121.1');
    // The map picker opens on the typed point (the fields stay the accessible way).
    await form.getByRole('button', { name: 'Pick on the map' }).click();
    await form.getByRole('region', { name: 'Map: click to set the location' }).waitFor();
    await expectAccessible(admin, 'the new disaster form');
    await form.getByRole('button', { name: 'Create disaster' }).click();
    await admin.getByRole('status').getByText('Marikina earthquake created.').waitFor();

    const active = admin.getByRole('list', { name: 'Active disasters' });
    const created = active.getByRole('listitem', { name: 'Marikina earthquake' });
    await created.getByText('severity 4 of 5').waitFor();
    await created.getByRole('button', { name: 'Edit' }).click();
    const edit = created.getByRole('form', { name: 'Edit Marikina earthquake' });
    await edit.getByLabel('Name').fill('Marikina valley earthquake');
    await edit.getByLabel('Radius (km)').fill('30');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    const edited = active.getByRole('listitem', { name: 'Marikina valley earthquake' });
    await edited.getByText('radius 30 km').waitFor();

    // Closing asks first; cancelling leaves it active.
    await edited.getByRole('button', { name: 'Close disaster' }).click();
    const confirm = edited.getByRole('group', { name: /^Close Marikina valley earthquake\?/ });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await edited.getByRole('button', { name: 'Close disaster' }).click();
    await confirm
      .getByLabel('Reason (optional, shown publicly)')
      .fill('Aftershocks over; response handed to the city.');
    await confirm.getByRole('button', { name: 'Yes, close it' }).click();
    const closed = admin
      .getByRole('list', { name: 'Closed disasters' })
      .getByRole('listitem', { name: 'Marikina valley earthquake' });
    await closed.getByText('Closed', { exact: true }).waitFor();
    await closed.getByText(/Aftershocks over/).waitFor();
    assert.equal(await active.getByRole('listitem', { name: 'Marikina valley earthquake' }).count(), 0);
    assert.equal(await closed.getByRole('button').count(), 0, 'a closed disaster offers no action');
  });

  it("an admin reads an agent suggestion's evidence and approves it", async () => {
    const suggestions = admin.getByRole('list', { name: 'Suggested by the agent' });
    // The agent's suggestion (made when the third report arrived), with what it clustered.
    const suggestion = suggestions.getByRole('listitem').first();
    await suggestion.getByText('3 observations').waitFor();
    suggestionName = (await suggestion.getAttribute('aria-label')) ?? '';
    assert.ok(suggestionName, 'the suggestion has a name');
    const evidence = suggestion.getByRole('region', { name: 'Evidence' });
    await evidence.getByText(/Mud across the road to the school/).waitFor();
    await evidence.getByText(/Cracks in the hillside behind the chapel/).waitFor();
    await evidence.getByText(/Boulders fell on two houses/).waitFor();
    await expectAccessible(admin, 'the disasters screen');
    await suggestion.scrollIntoViewIfNeeded();
    await screenshot(admin, 'disasters');
    await suggestion.getByRole('button', { name: 'Approve' }).click();
    await admin
      .getByRole('list', { name: 'Active disasters' })
      .getByRole('listitem', { name: suggestionName, exact: true })
      .getByText('Active', { exact: true })
      .waitFor();
    await admin.getByText('No suggestion waiting.').waitFor();
    // Now public: the API lists it among the confirmed disasters.
    const page = (await (await fetch(`${consoleUrl()}/api/disasters?limit=50`)).json()) as {
      items: { name: string }[];
    };
    assert.ok(page.items.some((d) => d.name === suggestionName));
  });

  it('the resources screen lists the seeded resources, filters them, and adds one', async () => {
    await admin.getByRole('link', { name: 'Resources' }).click();
    const list = admin.getByRole('list', { name: 'Resources' });
    const water = list.getByRole('listitem', { name: 'Drinking water' });
    await water.getByText('Available', { exact: true }).waitFor();
    await water.getByText(/^at 14\.5764, 121\.0851/).waitFor();
    await admin.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Not available' });
    await list.getByRole('listitem', { name: 'Diesel generator 5 kW' }).waitFor();
    await water.waitFor({ state: 'detached' });
    await admin.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Any' });
    await admin.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Water' });
    await water.waitFor();

    await admin.getByRole('button', { name: 'Add resource' }).click();
    const form = admin.getByRole('form', { name: 'Add resource' });
    await form.getByLabel('Name').fill('Water purification tablets');
    await form.getByLabel('Quantity').fill('5000');
    await form.getByLabel('Unit').fill('tablets');
    await form.getByLabel('Latitude').fill('14.61');
    await form.getByLabel('Longitude').fill('121.0');
    await form.getByRole('button', { name: 'Add resource' }).click();
    const added = list.getByRole('listitem', { name: 'Water purification tablets' });
    await added.getByText(/5,000 tablets/).waitFor();
    await added.getByRole('button', { name: 'Mark not available' }).click();
    await added.getByText('Not available', { exact: true }).waitFor();
    await expectAccessible(admin, 'the resources screen');
    await screenshot(admin, 'resources');
  });

  it('on a request page an admin edits a suggested task before approving it, and approves a suggested resource', async () => {
    const request = await apiAs<{ id: string }>(
      'affected_individual',
      'POST',
      '/requests',
      {
        disaster_id: 'demo-flood',
        type_of_need: 'water',
        description: 'No drinking water for 12 people',
        location: near,
      },
      201,
    );
    // The deterministic planner runs in the background; then a resource suggestion is made sure of.
    const deadline = Date.now() + 60_000;
    let plan: { resources: { resource_id: string }[] } | null = null;
    while (!plan && Date.now() < deadline) {
      const r = await apiAs<{ planning: { state: string } }>('admin', 'GET', `/requests/${request.id}`);
      if (r.planning.state === 'planned') plan = await apiAs('admin', 'GET', `/workflow-outputs/${request.id}`);
      else await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    assert.ok(plan, 'the request was planned');
    if (!plan.resources.some((r) => r.resource_id === 'demo-resource-water'))
      await apiAs(
        'admin',
        'POST',
        `/workflow-outputs/${request.id}/resources`,
        { resource_id: 'demo-resource-water' },
        201,
      );

    await admin.goto(`${consoleUrl()}/requests/${request.id}`);
    await admin.getByRole('heading', { name: 'Request: Water' }).waitFor();
    const task = admin.getByRole('listitem', { name: 'Suggested task 1' });
    await task.getByRole('button', { name: 'Edit task' }).click();
    const edit = task.getByRole('form', { name: 'Edit task' });
    await edit.getByLabel('Instructions').fill('Bring 240 litres of drinking water to the 12 people on the roof');
    await edit.getByRole('combobox', { name: 'Priority (1 most urgent)' }).selectOption('1');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await task.getByText('Bring 240 litres of drinking water to the 12 people on the roof').waitFor();
    await task.getByText('Priority 1').waitFor();
    await task.getByRole('button', { name: 'Approve' }).click();
    await task.getByRole('button', { name: 'Create task' }).waitFor();

    const resource = admin.getByRole('listitem', { name: 'Drinking water' });
    await resource.getByRole('button', { name: 'Approve' }).click();
    await resource.getByText('approved').waitFor();
    await resource.getByRole('button', { name: 'Reject' }).waitFor();
    await expectAccessible(admin, 'the request page with plan editing');
    const saved = await apiAs<{ tasks: { instructions: string; priority: number }[] }>(
      'admin',
      'GET',
      `/workflow-outputs/${request.id}`,
    );
    assert.equal(saved.tasks[0]!.instructions, 'Bring 240 litres of drinking water to the 12 people on the roof');
    assert.equal(saved.tasks[0]!.priority, 1);
  });

  it('the triage queue filters requests waiting for a location', async () => {
    await admin.getByRole('link', { name: 'Triage queue' }).click();
    await admin.getByRole('combobox', { name: 'Planning' }).selectOption({ label: 'Waiting for a location' });
    await admin.getByText('0 requests').waitFor();
    await admin.getByRole('combobox', { name: 'Planning' }).selectOption({ label: 'Any' });
  });

  it('the map lists the requests waiting for a location beside it, each a link to its page', async () => {
    // As the SMS intake stores a message that named a place but gave no point: the disaster's
    // centre as a placeholder, and what the person wrote.
    const id = `sms-waiting-${Date.now()}`;
    const flood = await collections.disasters.require('demo-flood', 'disaster');
    await collections.requests.doc(id).set(
      newRequestDocument(
        id,
        user('affected_individual').uid,
        {
          disaster_id: flood.id,
          type_of_need: 'rescue',
          description: 'Family of five on the roof',
          location: flood.location,
          duplicate_of: null,
          channel: 'sms',
          location_text: 'near the San Roque chapel',
          awaiting_location: true,
        },
        new Date().toISOString(),
      ),
    );
    await admin.getByRole('link', { name: 'Map' }).click();
    const waiting = admin.getByRole('region', { name: /^Waiting for a location: [1-9]\d*$/ });
    const link = waiting.getByRole('link', { name: 'Rescue: near the San Roque chapel' });
    await link.waitFor();
    await admin.getByRole('region', { name: 'Map of requests, resources and tasks' }).waitFor();
    await admin
      .getByRole('list', { name: 'Legend' })
      .getByText(/^Dashed: waiting for a location/)
      .waitFor();
    await expectAccessible(admin, 'the map with a request waiting for a location');
    await screenshot(admin, 'map-waiting');
    await link.click();
    await admin.getByRole('heading', { name: 'Request: Rescue' }).waitFor();
    await admin.getByText('Waiting for a point; the person wrote: near the San Roque chapel').waitFor();
  });

  it('a notification appears live in the header and the list, and can be marked read', async () => {
    await admin.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
    const now = new Date().toISOString();
    await db().runTransaction((tx) => {
      notify(tx, user('admin').uid, { kind: 'request_updated', text: 'Request water (demo) is now in progress' }, now);
      return Promise.resolve();
    });
    const link = admin.getByRole('link', { name: 'Notifications 1 unread' });
    await link.waitFor();
    await link.click();
    await admin.getByRole('heading', { name: 'Notifications' }).waitFor();
    const item = admin.getByRole('listitem', { name: 'Request water (demo) is now in progress' });
    await item.getByText('New', { exact: true }).waitFor();
    await expectAccessible(admin, 'the notifications');
    await screenshot(admin, 'notifications');
    await item.getByRole('button', { name: 'Mark read' }).click();
    await admin.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
    await item.getByRole('button', { name: 'Mark unread' }).waitFor();
  });

  it('the new screens fit a 360 px wide phone without sideways scrolling', async () => {
    await admin.setViewportSize({ width: 360, height: 780 });
    try {
      for (const [link, heading] of [
        ['Disasters', 'Disasters'],
        ['Resources', 'Resources'],
        ['Notifications', 'Notifications'],
        ['Map', 'Map'],
      ] as const) {
        await admin.getByRole('link', { name: link }).click();
        await admin.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await admin.getByText('Loading…').first().waitFor({ state: 'detached' });
        const { width, wide } = await admin.evaluate(() => ({
          width: document.documentElement.scrollWidth,
          // What sticks out, for the failure message.
          wide: Array.from(document.querySelectorAll('body *'))
            .filter((e) => e.getBoundingClientRect().right > 360.5)
            .slice(0, 6)
            .map((e) => `${e.tagName.toLowerCase()}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`),
        }));
        assert.ok(width <= 360, `${heading} is ${width} px wide at 360 px: ${wide.join(', ')}`);
      }
      await admin.getByRole('link', { name: 'Disasters' }).click();
      await admin.getByRole('button', { name: 'New disaster' }).click();
      await admin.getByRole('form', { name: 'New disaster' }).waitFor();
      assert.ok((await admin.evaluate(() => document.documentElement.scrollWidth)) <= 360, 'the form fits');
      await screenshot(admin, 'disasters-phone');
    } finally {
      await admin.setViewportSize({ width: 1200, height: 900 });
    }
  });
});
