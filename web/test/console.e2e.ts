// The console end to end in real Chromium against the local stack (Hosting serving web/dist,
// /api/** to the function): the story of issue 17's "How it is shown".
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { demoUsers, seed } from '../../functions/dev/seed.js';
import { consoleUrl, expectAccessible, idTokenOf, launch, openSignedIn, screenshot } from './browser.js';

const user = (role: string) => demoUsers.find((u) => u.role === role)!;
const near = { lat: 14.6, lng: 120.99 };

describe('the coordination console (Chromium)', function () {
  this.timeout(300_000);
  let browser: Browser;
  let dispatcher: Page;
  let responder: Page;
  let requester: Page;

  before(async () => {
    await seed(() => undefined);
    // The responder shares a location near the demo disaster, so planning proposes them.
    const admin = user('admin');
    const riley = user('responder');
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
    await open.click();
    await dispatcher.getByRole('heading', { name: 'Request: Water' }).waitFor();

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

  it('a chat message typed in one context appears in the other without a reload', async () => {
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
    await expectAccessible(responder, 'the chat');
    await screenshot(responder, 'chat');
  });

  it('the map shows the disaster with no base map tiles', async () => {
    await dispatcher.getByRole('link', { name: 'Map' }).click();
    await dispatcher.getByRole('region', { name: 'Map of requests, resources and tasks' }).waitFor();
    await dispatcher.getByText(/^\d+ points on the map$/).waitFor();
    await expectAccessible(dispatcher, 'the map');
    await screenshot(dispatcher, 'map');
  });

  it('switches to Spanish, with numbers and dates per locale', async () => {
    await dispatcher.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await dispatcher.getByRole('link', { name: 'Cola de triaje' }).click();
    await dispatcher.getByRole('heading', { name: 'Solicitudes abiertas' }).waitFor();
    await dispatcher.getByRole('button', { name: 'Cerrar sesión' }).waitFor();
    await expectAccessible(dispatcher, 'the queue in Spanish');
    await dispatcher.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  });
});
