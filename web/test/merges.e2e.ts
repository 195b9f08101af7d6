// Merging two requests from the console in real Chromium (issue 26, item 2): a dispatcher opens a
// request from the triage queue, merges it into another report of the same need, and each
// requester's own page then follows the survivor; undoing the merge gives the merged one back.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { demoUsers, seed } from '../../functions/dev/seed.js';
import { consoleUrl, expectAccessible, launch, openSignedIn, screenshot } from './browser.js';

const demo = (role: string) => demoUsers.find((u) => u.role === role)!;
const near = { lat: 14.6, lng: 120.99 };
const ALEX = 'Alex: no water for the family since Monday';
const SAM = 'Sam: our street has had no water since Monday';

/** A second requester: an account made through the Auth emulator and registered with the API. */
async function newRequester(email: string, password: string): Promise<void> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const signedUp = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const { idToken } = (await signedUp.json()) as { idToken?: string };
  assert.ok(idToken, `sign-up of ${email}`);
  const registered = await fetch(`${consoleUrl()}/api/users/register`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ display_name: 'Sam Second', role: 'affected_individual' }),
  });
  assert.equal(registered.status, 200, await registered.text());
}

async function askForWater(page: Page, details: string): Promise<void> {
  await page.getByRole('heading', { name: 'Ask for help' }).waitFor();
  await page.getByRole('button', { name: 'Water' }).click();
  await page.getByRole('button', { name: 'Use my location' }).click();
  await page.getByLabel('Details (optional)').fill(details);
  await page.getByRole('button', { name: 'Send request' }).click();
  await page.getByText('Your request was sent').waitFor();
}

/** The requester's own card of the request they wrote `details` in, showing `status`. */
const ownCard = (page: Page, details: string, status: string) =>
  page.getByRole('listitem', { name: `Water: ${status}` }).filter({ hasText: details.slice(0, 20) });

describe('merging two requests from the console (Chromium)', function () {
  this.timeout(300_000);
  let browser: Browser;
  let dispatcher: Page;
  let alex: Page;
  let sam: Page;

  before(async () => {
    await seed(() => undefined);
    const email = `sam-${process.pid}-${Date.now()}@example.org`;
    await newRequester(email, 'sam-password-1');
    browser = await launch();
    const phone = {
      geolocation: { latitude: near.lat + 0.001, longitude: near.lng + 0.001 },
      permissions: ['geolocation'],
      viewport: { width: 360, height: 780 },
      isMobile: true,
      hasTouch: true,
    };
    dispatcher = await openSignedIn(browser, demo('admin').email, demo('admin').password);
    alex = await openSignedIn(browser, demo('affected_individual').email, demo('affected_individual').password, phone);
    sam = await openSignedIn(browser, email, 'sam-password-1', phone);
  });

  after(async () => {
    await browser?.close();
  });

  it('a dispatcher merges two requests from the queue; each requester follows the survivor; undo gives the merged one back', async () => {
    await askForWater(alex, ALEX);
    await askForWater(sam, SAM);
    await ownCard(alex, ALEX, 'Open').waitFor();
    await ownCard(sam, SAM, 'Open').waitFor();

    // From the queue, the dispatcher opens Sam's request and merges it into Alex's.
    await dispatcher.getByRole('heading', { name: 'Open requests' }).waitFor();
    const samsCard = dispatcher.getByRole('listitem').filter({ hasText: SAM });
    await samsCard.getByRole('link', { name: /^Open request Water/ }).click();
    await dispatcher.getByRole('heading', { name: 'Request: Water' }).waitFor();
    const samsPage = dispatcher.url();
    await dispatcher.getByRole('button', { name: 'Merge into another request…' }).click();
    const survivor = dispatcher.getByRole('combobox', { name: 'The request that stays' });
    const alexOption = survivor.getByRole('option').filter({ hasText: 'Alex:' });
    await survivor.selectOption({ label: (await alexOption.textContent()) ?? '' });
    await dispatcher.getByLabel('Why they are the same need').fill('Same street, same outage');
    await expectAccessible(dispatcher, 'the request page with the merge form');
    await dispatcher.getByRole('button', { name: /^Merge \w+ into \w+$/ }).click();
    await dispatcher.getByText(/^Merged into \w+: Same street, same outage$/).waitFor();
    await screenshot(dispatcher, 'merged-request');

    // Sam's own page: their request, joined, following Alex's (still open).
    await ownCard(sam, SAM, 'Open').getByText('Joined with another report').waitFor();
    await expectAccessible(sam, "the merged requester's page");
    // Alex learns nothing of Sam.
    assert.equal(await alex.getByText(SAM.slice(0, 20)).count(), 0);

    // The survivor moves on: both requesters see it on their own page.
    await dispatcher.goto(consoleUrl());
    const alexsCard = dispatcher.getByRole('listitem').filter({ hasText: ALEX });
    await alexsCard.getByRole('checkbox').check();
    await dispatcher.getByRole('button', { name: 'Mark selected in progress' }).click();
    await ownCard(alex, ALEX, 'In progress').waitFor();
    await ownCard(sam, SAM, 'In progress').waitFor();
    await screenshot(sam, 'merged-requester-phone');

    // Undo: Sam's request is theirs again, open as before; Alex's stays in progress.
    await dispatcher.goto(samsPage);
    await dispatcher.getByRole('button', { name: /^Undo the merge of \w+$/ }).click();
    await dispatcher.getByText('Reported 1 time(s)').waitFor();
    await ownCard(sam, SAM, 'Open').waitFor();
    assert.equal(await ownCard(sam, SAM, 'Open').getByText('Joined with another report').count(), 0);
    await ownCard(alex, ALEX, 'In progress').waitFor();
  });
});
