// The console end to end in real Chromium against the local stack (Hosting serving web/dist,
// /api/** to the function): the story of issue 17's "How it is shown".
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { DEMO_DISASTER_ID, demoUsers, seed } from '../../functions/dev/seed.js';
import { testDb } from '../../functions/test/helpers/emulators.js';
import { consoleUrl, expectAccessible, idTokenOf, launch, openSignedIn, screenshot } from './browser.js';

const user = (role: string) => demoUsers.find((u) => u.role === role)!;
/** Listeners and rules are production's only on the official emulator (the stack's first line says which). */
const officialFirestore = process.env.STACK_FIRESTORE_KIND === 'official';
const near = { lat: 14.6, lng: 120.99 };
const REQUESTER_PHONE = '+639171234567';
/** How far west of the demo disaster's centre the resource with markup in its name is put. */
const WEST_DEGREES = 0.04;

describe('the coordination console (Chromium)', function () {
  this.timeout(300_000);
  let browser: Browser;
  let dispatcher: Page;
  let responder: Page;
  let requester: Page;
  /** The request raised in the first story, as the dispatcher opened it. */
  let requestPage: string;

  before(async () => {
    await seed(() => undefined);
    // The responder shares a location near the demo disaster, so planning proposes them.
    const admin = user('admin');
    const riley = user('responder');
    // The requester gives a phone number in their profile: staff see it on the request page.
    const alex = user('affected_individual');
    const registered = await fetch(`${consoleUrl()}/api/users/register`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await idTokenOf(alex.email, alex.password)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ phone: REQUESTER_PHONE }),
    });
    assert.equal(registered.status, 200, await registered.text());
    const token = await idTokenOf(riley.email, riley.password);
    const shared = await fetch(`${consoleUrl()}/api/users/me/location`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ location: near }),
    });
    assert.equal(shared.status, 200, await shared.text());
    browser = await launch();
    // One after the other: each concurrent first call makes the Functions emulator load another worker.
    dispatcher = await openSignedIn(browser, admin.email, admin.password);
    responder = await openSignedIn(browser, riley.email, riley.password);
    requester = await openSignedIn(browser, user('affected_individual').email, user('affected_individual').password, {
      geolocation: { latitude: near.lat + 0.001, longitude: near.lng + 0.001 },
      permissions: ['geolocation'],
      viewport: { width: 360, height: 780 },
      isMobile: true,
      hasTouch: true,
    });
  });

  after(async () => {
    await browser?.close();
  });

  it('serves the console and the API on one origin', async () => {
    const health = await fetch(`${consoleUrl()}/api/health`);
    assert.equal(health.status, 200);
    const page = await fetch(`${consoleUrl()}/requests/some-id`);
    assert.equal(page.status, 200);
    // firebase.json's policy: scripts only from the console's origin, never inline.
    assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self';/);
    assert.equal(page.headers.get('x-content-type-options'), 'nosniff');
    assert.match(await page.text(), /<div id="app">/);
  });

  it('a request raised in three taps reaches the dispatcher live, is planned, assigned, done, and the requester sees each status', async () => {
    // The dispatcher's queue is empty and stays open while the request arrives.
    await dispatcher.getByRole('heading', { name: 'Open requests' }).waitFor();
    await dispatcher.getByText('0 requests').waitFor();
    await expectAccessible(dispatcher, 'the triage queue (empty)');

    // Three taps: what, where, send.
    await requester.getByRole('heading', { name: 'Ask for help' }).waitFor();
    await expectAccessible(requester, 'ask for help');
    await requester.getByRole('button', { name: 'Water' }).click();
    await requester.getByRole('button', { name: 'Use my location' }).click();
    await requester.getByRole('button', { name: 'Send request' }).click();
    await requester.getByText('Your request was sent').waitFor();
    await requester.getByRole('listitem', { name: 'Water: Open' }).waitFor();
    await screenshot(requester, 'requester-phone');

    // Live in the queue, without a reload.
    const open = dispatcher.getByRole('link', { name: /^Open request Water/ });
    await open.waitFor();
    await screenshot(dispatcher, 'triage-queue');
    // The requester reads their reference out on a phone call; the dispatcher finds the request by it.
    const quoted = (await requester
      .getByText(/^Ref [A-Z0-9]{6}$/)
      .first()
      .textContent())!.slice('Ref '.length);
    await dispatcher.getByRole('textbox', { name: 'Reference' }).fill(`#${quoted.toLowerCase()}`);
    await dispatcher.getByRole('button', { name: 'Find', exact: true }).click();
    await dispatcher.getByText(`1 request(s) with the reference ${quoted}:`).waitFor();
    await dispatcher.getByRole('search').getByRole('link', { name: 'Water, Open' }).waitFor();
    await open.click();
    await dispatcher.getByRole('heading', { name: 'Request: Water' }).waitFor();
    requestPage = dispatcher.url();
    // Staff see how to call the requester back: the channel, and the number as a tap-to-call link.
    const call = dispatcher.getByRole('link', { name: `Call ${REQUESTER_PHONE}` });
    assert.equal(await call.getAttribute('href'), `tel:${REQUESTER_PHONE}`);
    await dispatcher.getByText(/^App · Call /).waitFor();

    // The deterministic planner's first suggested task: approve, create, authorize, assign.
    const planned = dispatcher.getByRole('listitem', { name: 'Suggested task 1' });
    await planned.waitFor();
    await planned.getByRole('button', { name: 'Approve' }).click();
    await planned.getByRole('button', { name: 'Create task' }).click();
    await planned.getByRole('button', { name: 'Authorize' }).click();
    await planned.getByText('authorized').waitFor();
    // The nearby responder, with the distance.
    const riley = await planned.getByRole('option', { name: /^Riley Responder, [\d.]+ km away$/ }).textContent();
    await planned.getByRole('combobox', { name: 'Assign to' }).selectOption({ label: riley ?? '' });
    await planned.getByRole('button', { name: 'Assign' }).click();
    await planned.getByText('Assigned to Riley Responder').waitFor();
    await expectAccessible(dispatcher, 'the request page');
    await screenshot(dispatcher, 'request-page');
    await requester.getByRole('listitem', { name: 'Water: In progress' }).waitFor();
    // The assignment reaches the responder's notifications, live in the header.
    await responder.getByRole('link', { name: /^Notifications [1-9]\d* unread$/ }).waitFor();

    // The responder, in another context: on route, then completed.
    await responder.getByRole('heading', { name: 'My tasks' }).waitFor();
    await responder.getByRole('button', { name: 'On route' }).click();
    await responder.getByRole('button', { name: 'Completed' }).waitFor();
    // The place on a small map inside the console, with the responder's shared location and the distance.
    const show = responder.getByRole('button', { name: 'Show on map' });
    assert.equal(await show.getAttribute('aria-expanded'), 'false');
    await show.click();
    assert.equal(await show.getAttribute('aria-expanded'), 'true');
    const taskMap = responder.getByRole('region', { name: /^Map of / });
    await taskMap.waitFor();
    await responder.getByText(/^[\d.]+ km from your shared location$/).waitFor();
    // The two labelled markers (Leaflet tooltips) over the canvas the map draws on.
    await taskMap.getByText('Task', { exact: true }).waitFor();
    await taskMap.getByText('You', { exact: true }).waitFor();
    assert.equal(await taskMap.locator('canvas').count(), 1, 'the map draws on one canvas');
    await responder.getByRole('link', { name: 'Open in OpenStreetMap' }).waitFor();
    await expectAccessible(responder, 'my tasks');
    await screenshot(responder, 'my-tasks');
    await responder.getByRole('button', { name: 'Completed' }).click();
    await responder.getByText('Completed', { exact: true }).first().waitFor();

    await requester.getByRole('listitem', { name: 'Water: Fulfilled' }).waitFor();
  });

  it('a chat message typed in one context appears in the other without a reload, through a Firestore listener', async () => {
    // What the responder's page asks for meanwhile: the chat's listener over WebChannel, and
    // never the chat endpoint, which only the polling fallback (embedded emulator) would call.
    const polled: string[] = [];
    let listenChannels = 0;
    responder.on('request', (request) => {
      const url = request.url();
      if (request.method() === 'GET' && /\/chat\/messages/.test(url)) polled.push(url);
      if (url.includes('google.firestore.v1.Firestore/Listen/channel')) listenChannels++;
    });
    await dispatcher.getByRole('link', { name: 'Chat' }).click();
    await responder.getByRole('link', { name: 'Chat' }).click();
    // A responder joins the disaster to use its chat (admins need not).
    await responder.getByRole('button', { name: 'Join this disaster' }).click();
    await dispatcher.getByRole('log', { name: 'Messages' }).waitFor();
    await responder.getByRole('log', { name: 'Messages' }).waitFor();
    const text = `Bridge on Ayala Avenue is under water (${Date.now()})`;
    await dispatcher.getByRole('textbox', { name: 'Message' }).fill(text);
    await dispatcher.getByRole('button', { name: 'Send' }).click();
    await responder.getByRole('log', { name: 'Messages' }).getByText(text).waitFor();
    if (officialFirestore) {
      assert.deepEqual(polled, [], 'the chat came through the listener, not by polling the API');
      assert.ok(listenChannels > 0, 'the page listened over WebChannel');
    }
    await expectAccessible(responder, 'the chat');
    await screenshot(responder, 'chat');
  });

  it('the chat listener catches up after its connection to Firestore was lost', async function (this: Mocha.Context) {
    if (!officialFirestore) {
      console.log(
        '      NOT RUN: the embedded Firestore emulator serves no listeners to browsers (the console polls).',
      );
      this.skip();
    }
    // The responder's browser loses the network: its WebChannel streams die with it, as they do
    // when the Firestore backend goes away; the dispatcher keeps writing meanwhile.
    await responder.context().setOffline(true);
    const text = `Evacuation centre moved to the school (${Date.now()})`;
    await dispatcher.getByRole('textbox', { name: 'Message' }).fill(text);
    await dispatcher.getByRole('button', { name: 'Send' }).click();
    await dispatcher.getByRole('log', { name: 'Messages' }).getByText(text).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 5000));
    assert.equal(await responder.getByRole('log', { name: 'Messages' }).getByText(text).count(), 0);
    await responder.context().setOffline(false);
    await responder.getByRole('log', { name: 'Messages' }).getByText(text).waitFor();
  });

  it('a subscription the rules refuse is shown as refused, not as an empty chat', async function (this: Mocha.Context) {
    if (!officialFirestore) {
      console.log('      NOT RUN: the embedded Firestore emulator evaluates no security rules.');
      this.skip();
    }
    // A profile that says admin while the verified claim does not (the state a half-applied role
    // change would leave): the console listens as an admin would, the rules read the token.
    // The affected individual: no member of the demo disaster, whose chat an admin may read.
    const alex = user('affected_individual');
    const profile = testDb().collection('users').doc(alex.uid);
    await profile.update({ role: 'admin' });
    const page = await openSignedIn(browser, alex.email, alex.password);
    try {
      await page.getByRole('link', { name: 'Chat' }).click();
      await page.getByRole('alert').filter({ hasText: 'This chat refused to let you listen' }).waitFor();
      assert.equal(await page.getByText('No messages yet.').count(), 0, 'a refused chat is not shown as empty');
      await expectAccessible(page, 'a refused chat');
    } finally {
      await profile.update({ role: 'affected_individual' });
      await page.context().close();
    }
  });

  it('the map shows the disaster with no base map tiles', async () => {
    await dispatcher.getByRole('link', { name: 'Map' }).click();
    await dispatcher.getByRole('region', { name: 'Map of requests, resources and tasks' }).waitFor();
    // The seeded disaster's resources and the request raised above: never an empty map.
    await dispatcher.getByText(/^[1-9]\d* points on the map$/).waitFor();
    await expectAccessible(dispatcher, 'the map');
    await screenshot(dispatcher, 'map');
  });

  it('shows markup in a volunteer-written resource name as text in the map tooltip, with no frame loaded', async () => {
    const valerie = user('volunteer');
    const disaster = (await (await fetch(`${consoleUrl()}/api/disasters/${DEMO_DISASTER_ID}`)).json()) as {
      location: { lat: number; lng: number };
    };
    const name = '<b id=injected style=position:fixed;inset:0>EVACUATE</b> boat';
    const created = await fetch(`${consoleUrl()}/api/resources`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await idTokenOf(valerie.email, valerie.password)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        name,
        category: 'boat',
        quantity: 1,
        unit: 'units',
        location: { lat: disaster.location.lat, lng: disaster.location.lng - WEST_DEGREES },
        disaster_id: DEMO_DISASTER_ID,
      }),
    });
    assert.equal(created.status, 201, await created.text());
    const violations: string[] = [];
    dispatcher.on('console', (message) => {
      if (/Content Security Policy/.test(message.text())) violations.push(message.text());
    });
    // A fresh load of the map: centred on the disaster at zoom 12 (map-view.ts), where a degree of
    // longitude is 256 * 2^12 / 360 pixels; the resource lies west of the centre, alone (the
    // seeded points are east of it, farther than the 60 px a cluster gathers).
    await dispatcher.goto(`${consoleUrl()}/map`);
    const map = dispatcher.getByRole('region', { name: 'Map of requests, resources and tasks' });
    await dispatcher.getByText(/^[1-9]\d* points on the map$/).waitFor();
    // The map is taller than the window: its centre is brought into view first.
    await map.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const box = (await map.boundingBox())!;
    const x = box.x + box.width / 2 - (WEST_DEGREES * 256 * 2 ** 12) / 360;
    const y = box.y + box.height / 2;
    const tooltip = dispatcher.locator('.leaflet-tooltip').filter({ hasText: 'EVACUATE' });
    // Swept around that pixel: the marker is there give or take rounding.
    sweep: for (let r = 0; r <= 12; r += 3) {
      for (let dx = -r; dx <= r; dx += 3) {
        for (const dy of [-r, r]) {
          await dispatcher.mouse.move(x + dx, y + dy);
          if ((await tooltip.count()) > 0) break sweep;
        }
      }
    }
    assert.equal(await tooltip.textContent({ timeout: 5000 }), name, 'the name as typed, markup and all');
    assert.equal(await dispatcher.locator('#injected').count(), 0, 'no element made from the name');
    assert.equal(dispatcher.frames().length, 1, 'no frame: e-mail sign-in loads none');
    assert.deepEqual(violations, []);
  });

  it('switches to Spanish, with numbers and dates per locale', async () => {
    await dispatcher.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await dispatcher.getByRole('link', { name: 'Cola de triaje' }).click();
    await dispatcher.getByRole('heading', { name: 'Solicitudes abiertas' }).waitFor();
    await dispatcher.getByRole('button', { name: 'Cerrar sesión' }).waitFor();
    await expectAccessible(dispatcher, 'the queue in Spanish');
    // The request page: its point with decimal commas, its time as Spanish writes dates.
    await dispatcher.goto(requestPage);
    await dispatcher.getByRole('heading', { name: 'Solicitud: Agua' }).waitFor();
    await dispatcher.getByText(/^\d{1,3},\d{1,4}, \d{1,3},\d{1,4}$/).waitFor();
    const created = await dispatcher.getByText(/^\d{1,2} [a-z]{3,4}\.? \d{4},? \d{1,2}:\d{2}$/).textContent();
    assert.match(created ?? '', /\b(ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)\b/);
    await dispatcher.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  });
});
