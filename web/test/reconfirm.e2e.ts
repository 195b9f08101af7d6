// Re-confirmation in real Chromium (issue 26, item 3): the requester's page shows "do you still
// need help?" with Yes and No, the dispatcher's queue an Unconfirmed chip once nobody answered
// (the sweep run in this process), and the responder's task when the request was last confirmed.
// The sweep's clock and the asking itself: functions/test/reconfirmation.test.ts.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { DEMO_DISASTER_ID, demoUsers, seed } from '../../functions/dev/seed.js';
import { sweepConfirmations } from '../../functions/src/requests/confirmation.js';
import { testDb } from '../../functions/test/helpers/emulators.js';
import { apiAs, expectAccessible, launch, openSignedIn } from './browser.js';

const user = (role: string) => demoUsers.find((u) => u.role === role)!;
const near = { lat: 14.6, lng: 120.99 };
const HOUR = 3_600_000;

describe('re-confirmation in the console (Chromium)', function () {
  this.timeout(300_000);
  let browser: Browser;
  let dispatcher: Page;
  let responder: Page;
  let requester: Page;

  before(async () => {
    await seed(() => undefined);
    testDb();
    browser = await launch();
    const sign = (role: string, options?: Parameters<typeof openSignedIn>[3]) =>
      openSignedIn(browser, user(role).email, user(role).password, options);
    dispatcher = await sign('admin');
    responder = await sign('responder');
    requester = await sign('affected_individual', { viewport: { width: 360, height: 780 }, isMobile: true });
  });

  after(async () => {
    await browser?.close();
  });

  it('the requester answers the question with Yes; the queue shows Unconfirmed meanwhile; the task shows when it was last confirmed', async () => {
    const request = await apiAs<{ id: string; reference: string }>(
      'affected_individual',
      'POST',
      '/requests',
      { disaster_id: DEMO_DISASTER_ID, type_of_need: 'food', description: 'Rice for six people', location: near },
      201,
    );
    const task = await apiAs<{ id: string }>(
      'admin',
      'POST',
      '/tasks',
      {
        disaster_id: DEMO_DISASTER_ID,
        priority: 2,
        instructions: 'Bring rice to the family',
        role_required: 'responder',
        request_id: request.id,
      },
      201,
    );
    await apiAs('admin', 'PATCH', `/tasks/${task.id}/assign`, { user_id: user('responder').uid });

    // The responder sees when the person last said they need help.
    await responder.getByRole('heading', { name: 'My tasks' }).waitFor();
    await responder.getByText(/^Last confirmed /).waitFor();

    // Asked 25 hours ago (food: 24 h to answer) and no answer: this run of the sweep, at the real
    // time (the queue's change feed reads changes up to now), marks it unconfirmed.
    const asked = new Date(Date.now() - 25 * HOUR);
    await testDb()
      .collection('requests')
      .doc(request.id)
      .update({
        confirmation: 'asked',
        confirmation_asked_at: asked,
        // Dates are stored as Timestamps, as the data layer stores `_at` fields.
        confirmation_due_at: new Date(asked.getTime() + 24 * HOUR),
      });
    assert.equal((await sweepConfirmations())[request.id], 'unconfirmed');

    await dispatcher.getByRole('heading', { name: 'Open requests' }).waitFor();
    // The request has a task (in progress): the queue's status filter shows any status.
    await dispatcher.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Any' });
    const card = dispatcher.getByRole('listitem').filter({ hasText: 'Rice for six people' });
    await card.getByText('Unconfirmed', { exact: true }).waitFor();
    await expectAccessible(dispatcher, 'the triage queue with an unconfirmed request');

    const question = `Do you still need help with request ${request.reference}?`;
    await requester.getByRole('group', { name: question }).waitFor();
    await expectAccessible(requester, 'ask for help, with the question');
    await requester.getByRole('button', { name: 'Yes, I still need help' }).click();
    await requester.getByRole('group', { name: question }).waitFor({ state: 'detached' });
    const stored = (await testDb().collection('requests').doc(request.id).get()).data();
    assert.equal(stored?.confirmation, null);
    assert.equal(stored?.status, 'in_progress', 'still needed: its task goes on');
    // The queue follows: the chip goes.
    await card.getByText('Unconfirmed', { exact: true }).waitFor({ state: 'detached' });
  });
});
