// The requester's contact (issue 23, "Contact for staff"): admins and responders see the channel a
// request came from and the number to call back, in the staff view only; they find a person's
// requests by the number they give on the phone (GET /requests?phone=), each lookup audited.
// Nobody else sees any of it: not the owner, the assignee, the disaster's volunteers, a default
// export, a webhook subscriber or a notification.
import assert from 'node:assert/strict';
import { auditStore } from '../src/audit/store.js';
import { disasterStore } from '../src/disasters/store.js';
import { requestStore } from '../src/requests/store.js';
import { webhookDeliveryStore } from '../src/webhooks/store.js';
import { call, expectProblem, expectStatus, registeredUser, type TestUser } from './helpers/api.js';
import { disaster, join, north, waitFor } from './helpers/planning-fixtures.js';
import { newNumber, sendSms, uidOfNumber } from './helpers/sms.js';
import { readyTask } from './helpers/tasks-fixtures.js';
import { verify } from './helpers/trust.js';
import { storeWebhook } from './helpers/webhooks.js';

async function contactAudits(actor: string) {
  return (await auditStore.ref().where('actor_id', '==', actor).get()).docs
    .map((doc) => doc.data())
    .filter((record) => record.entity === 'contact');
}

describe("the requester's contact, for staff only", () => {
  let disasterId: string;
  let admin: TestUser;
  let responder: TestUser;
  let owner: TestUser;
  let appRequestId: string;
  const ownerPhone = newNumber();
  const smsNumber = newNumber();
  let smsRequestId: string;

  before(async () => {
    const flood = await disaster();
    disasterId = flood.id;
    admin = await registeredUser('admin');
    responder = await registeredUser('responder');
    owner = await registeredUser('affected_individual', { phone: ownerPhone });
    appRequestId = expectStatus(
      await call('POST', '/requests', {
        token: owner.token,
        body: {
          disaster_id: disasterId,
          type_of_need: 'medical',
          description: 'Insulin needed for my son',
          location: north(flood.location, 2),
        },
      }),
      201,
    ).id;
    await sendSms(smsNumber, 'we need water, 4 people');
    const smsOwner = await uidOfNumber(smsNumber);
    smsRequestId = (await requestStore.list({ owner_id: smsOwner }, { limit: 1 })).items[0]!.id;
  });

  it('admins and responders see the channel and the number: the profile phone for the app, the sender for SMS', async () => {
    for (const staff of [admin, responder]) {
      const app = expectStatus(await call('GET', `/requests/${appRequestId}`, { token: staff.token }), 200);
      assert.equal(app.view, 'staff');
      assert.deepEqual(app.requester_contact, { channel: 'app', phone: ownerPhone });
      const text = expectStatus(await call('GET', `/requests/${smsRequestId}`, { token: staff.token }), 200);
      assert.deepEqual(text.requester_contact, { channel: 'sms', phone: smsNumber });
    }
    const listed = expectStatus(
      await call('GET', `/requests/disaster/${disasterId}?limit=200`, { token: responder.token }),
      200,
    );
    const item = listed.items.find((r: { id: string }) => r.id === appRequestId);
    assert.deepEqual(item.requester_contact, { channel: 'app', phone: ownerPhone });
  });

  it('an app request without a profile phone has the channel and no number', async () => {
    const noPhone = await registeredUser('affected_individual');
    const flood = await disasterStore.require(disasterId, 'Disaster');
    const created = expectStatus(
      await call('POST', '/requests', {
        token: noPhone.token,
        body: { disaster_id: disasterId, type_of_need: 'food', description: 'Rice', location: flood.location },
      }),
      201,
    );
    assert.equal(created.view, 'owner');
    assert.equal('requester_contact' in created, false);
    const seen = expectStatus(await call('GET', `/requests/${created.id}`, { token: admin.token }), 200);
    assert.deepEqual(seen.requester_contact, { channel: 'app', phone: null });
  });

  it('the owner, the assignee and the verified volunteers of the disaster never see it', async () => {
    const assignee = await verify(await registeredUser('volunteer', { availability: 'available' }));
    await readyTask(admin, assignee, disasterId, { request_id: appRequestId, role_required: 'volunteer' });
    const member = await verify(await registeredUser('volunteer'));
    await join(disasterId, member);
    for (const [who, expected] of [
      [owner, 'owner'],
      [assignee, 'assignee'],
      [member, 'area'],
    ] as const) {
      const one = await call('GET', `/requests/${appRequestId}`, { token: who.token });
      assert.equal(expectStatus(one, 200).view, expected);
      assert.equal(one.text.includes(ownerPhone), false, `${expected}: no phone`);
      assert.equal('requester_contact' in one.body, false, `${expected}: no contact`);
      const list = await call('GET', `/requests/disaster/${disasterId}?limit=200`, { token: who.token });
      assert.equal(list.text.includes(ownerPhone) || list.text.includes(smsNumber), false);
    }
    const own = await call('GET', '/requests/me', { token: owner.token });
    assert.equal(own.text.includes(ownerPhone), false);
    // The assignee's notifications of the task name nobody's number.
    const notifications = await call('GET', '/notifications/me', { token: assignee.token });
    assert.ok(expectStatus(notifications, 200).items.length > 0, 'the assignee was notified');
    assert.equal(notifications.text.includes(ownerPhone), false);
  });

  it('webhook subscribers get the request without any contact', async () => {
    const hook = await storeWebhook(['request.created']);
    const number = newNumber();
    await sendSms(number, 'rescue needed, water rising');
    const requestId = (await requestStore.list({ owner_id: await uidOfNumber(number) }, { limit: 1 })).items[0]!.id;
    const delivery = await waitFor('the request.created delivery', async () => {
      const all = await webhookDeliveryStore.ref(hook.id).get();
      return all.docs.map((doc) => doc.data()).find((d) => d.body.includes(requestId));
    });
    assert.equal(delivery.body.includes(number.slice(1)), false);
    assert.equal(delivery.body.includes('requester_contact'), false);
  });

  it('GET /requests?phone= finds the requests of a number, however it is typed, and audits each lookup', async () => {
    const before = (await contactAudits(admin.uid)).length;
    const spaced = `${smsNumber.slice(0, 3)} ${smsNumber.slice(3, 6)}-${smsNumber.slice(6, 9)} ${smsNumber.slice(9)}`;
    for (const query of [encodeURIComponent(smsNumber), encodeURIComponent(spaced), smsNumber]) {
      const found = expectStatus(await call('GET', `/requests?phone=${query}`, { token: admin.token }), 200);
      assert.deepEqual(
        found.items.map((r: { id: string }) => r.id),
        [smsRequestId],
        `?phone=${query}`,
      );
      assert.deepEqual(found.items[0].requester_contact, { channel: 'sms', phone: smsNumber });
    }
    const byProfile = expectStatus(
      await call('GET', `/requests?phone=${encodeURIComponent(ownerPhone)}`, { token: responder.token }),
      200,
    );
    assert.deepEqual(
      byProfile.items.map((r: { id: string }) => r.id),
      [appRequestId],
    );
    const unknown = await call('GET', `/requests?phone=${encodeURIComponent(newNumber())}`, { token: admin.token });
    assert.deepEqual(expectStatus(unknown, 200).items, []);
    const audits = await contactAudits(admin.uid);
    assert.equal(audits.length, before + 4, 'one record per lookup');
    const first = audits.find((record) => (record.after?.request_ids as string[]).includes(smsRequestId))!;
    assert.equal(first.action, 'looked_up_by_phone');
    assert.equal(first.actor_role, 'admin');
    assert.equal(JSON.stringify(first).includes(smsNumber), false, 'the audit trail keeps a masked number');
    assert.equal(
      first.after?.phone,
      `${smsNumber.slice(0, 3)}${'*'.repeat(smsNumber.length - 5)}${smsNumber.slice(-2)}`,
    );
  });

  it('refuses the lookup to anyone but staff (403), and a number that is not E.164 (400), auditing nothing', async () => {
    const volunteer = await verify(await registeredUser('volunteer'));
    for (const who of [owner, volunteer]) {
      expectProblem(
        await call('GET', `/requests?phone=${encodeURIComponent(smsNumber)}`, { token: who.token }),
        403,
        'forbidden',
      );
      assert.deepEqual(await contactAudits(who.uid), []);
    }
    const before = (await contactAudits(admin.uid)).length;
    for (const bad of ['09171234567', '+0123', 'call me', `${smsNumber}9999999`]) {
      expectProblem(
        await call('GET', `/requests?phone=${encodeURIComponent(bad)}`, {
          token: admin.token,
          invalidRequest: 'not an E.164 number',
        }),
        400,
        'validation_failed',
      );
    }
    expectProblem(
      await call('GET', `/requests?phone=${encodeURIComponent(smsNumber)}&disaster_id=${disasterId}`, {
        token: admin.token,
      }),
      400,
      'validation_failed',
    );
    assert.equal((await contactAudits(admin.uid)).length, before);
  });
});
