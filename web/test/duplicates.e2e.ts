// Likely duplicates in the console (issue 26, item 1), in real Chromium against the local stack: a
// request an SMS already reported, asked again in the app by a neighbour, carries a badge in the
// dispatcher's queue, and the dispatcher compares the two side by side.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { DEMO_DISASTER_ID, demoUsers, seed } from '../../functions/dev/seed.js';
import { testDb } from '../../functions/test/helpers/emulators.js';
import { requestDocument } from '../../functions/test/helpers/request-document.js';
import { requestStore } from '../../functions/src/requests/store.js';
import { shortReference } from '../../functions/src/shared/reference.js';
import { consoleUrl, expectAccessible, idTokenOf, launch, openSignedIn } from './browser.js';

const user = (role: string) => demoUsers.find((u) => u.role === role)!;
/** Apart from the places the other console stories use. */
const PLACE = { lat: 14.62, lng: 121.02 };

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('likely duplicates in the triage queue (Chromium)', function () {
  this.timeout(300_000);
  let browser: Browser;
  let dispatcher: Page;
  let smsId: string;
  let appId: string;

  before(async () => {
    await seed(() => undefined);
    // The first report: an SMS, with the place as the person wrote it.
    const sms = requestDocument({
      owner_id: 'sms-reporter-e2e',
      disaster_id: DEMO_DISASTER_ID,
      type_of_need: 'rescue',
      channel: 'sms',
      requester_contact: { channel: 'sms', phone: '+639175550101' },
      description: 'Pamilya Dizon, anim kami, nasa bubong na, may lola na hindi makalakad',
      location_text: '45 Rizal St., malapit sa kapilya',
      location: PLACE,
    });
    smsId = sms.id;
    // Through the data layer, as intake stores it (times as Timestamps, the sort key): the search reads
    // the window of creation times around a request's own.
    testDb();
    await requestStore.doc(sms.id).set(sms);
    // The same need again, in the app, by a neighbour.
    const requester = user('affected_individual');
    const created = await fetch(`${consoleUrl()}/api/requests`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await idTokenOf(requester.email, requester.password)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        disaster_id: DEMO_DISASTER_ID,
        type_of_need: 'rescue',
        description: 'The Dizon family, six of them, on their roof with a grandmother who cannot walk (nasa bubong)',
        location: { lat: PLACE.lat + 0.001, lng: PLACE.lng },
      }),
    });
    const answer = await created.text();
    assert.equal(created.status, 201, answer);
    appId = (JSON.parse(answer) as { id: string }).id;
    await waitFor('the app request scored', async () => {
      const stored = (await testDb().collection('requests').doc(appId).get()).data();
      const found = (stored?.possible_duplicates as { id: string }[] | undefined)?.some((s) => s.id === smsId);
      return found ? true : undefined;
    });
    browser = await launch();
    const admin = user('admin');
    dispatcher = await openSignedIn(browser, admin.email, admin.password);
  });

  after(async () => {
    await browser?.close();
  });

  it('shows a badge on the request with likely duplicates and compares the two side by side', async () => {
    await dispatcher.getByRole('heading', { name: 'Open requests' }).waitFor();
    const card = dispatcher.getByRole('listitem').filter({ hasText: 'The Dizon family' });
    const badge = card.getByRole('button', { name: /^Possible duplicates: \d$/ });
    await badge.waitFor();
    assert.equal(await badge.getAttribute('aria-expanded'), 'false');
    await badge.click();
    const compare = card.getByRole('button', { name: /^Compare with / });
    await compare.first().waitFor();
    await expectAccessible(dispatcher, 'the queue with a duplicate badge open');
    // The SMS request is among the suggestions, named by its reference: compare with it.
    const withSms = card.getByRole('button', { name: `Compare with ${shortReference(smsId)}` });
    await withSms.click();
    const side = dispatcher.getByRole('region', { name: /^Compare / });
    await side.waitFor();
    await side.getByRole('cell', { name: /Pamilya Dizon/ }).waitFor();
    await side.getByRole('cell', { name: /The Dizon family/ }).waitFor();
    await side.getByRole('cell', { name: '45 Rizal St., malapit sa kapilya' }).waitFor();
    await side.getByRole('cell', { name: 'SMS' }).waitFor();
    await side.getByRole('list', { name: 'Why they may be one' }).getByText('same need').waitFor();
    await side.getByText(/^Likely the same need: \d+ %\./).waitFor();
    await expectAccessible(dispatcher, 'two requests side by side');
    await side.getByRole('button', { name: 'Close comparison' }).click();
    await side.waitFor({ state: 'detached' });
  });
});
