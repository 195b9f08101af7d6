// Outbound delivery over the local stack: state changes made through the API reach the Twilio and
// FCM stand-ins through the real SDKs (the trigger relay runs outboundFromAudit and
// deliverOutbound), in each person's language; devices, preferences, the admin log and Twilio's
// status callback over HTTP.
import assert from 'node:assert/strict';
import twilio from 'twilio';
import { newPhoneContact } from '../src/channels/model.js';
import { phoneContactStore } from '../src/channels/store.js';
import { deviceStore, outboundMessageStore, preferenceStore } from '../src/outbound/store.js';
import type { OutboundMessage } from '../src/outbound/model.js';
import { OUTBOUND_EVENTS } from '../src/outbound/model.js';
import { render } from '../src/events/templates.js';
import { LANGUAGES } from '../src/channels/model.js';
import { call, expectProblem, expectStatus, registeredUser, uniqueId, type TestUser } from './helpers/api.js';
import { waitFor } from './helpers/planning-fixtures.js';
import { confirmedDisaster, helpRequest, newTask, notificationsOf } from './helpers/tasks-fixtures.js';
import { shortReference } from '../src/shared/reference.js';
import { received, smsTo, type Received } from './helpers/sms.js';

async function pushesTo(token: string, count: number): Promise<Received['fcm']> {
  return waitFor(`${count} push(es) to ${token}`, async () => {
    const found = (await received()).fcm.filter((m) => m.token === token);
    return found.length >= count ? found : undefined;
  });
}

let numberCounter = 0;
function phoneNumber(): string {
  numberCounter += 1;
  return `+6391${String(process.pid % 10000).padStart(4, '0')}${String(numberCounter).padStart(4, '0')}`;
}

async function phoneOnlyPerson(
  language: 'en' | 'es' | 'fil',
  optedOut = false,
): Promise<{ user: TestUser; number: string }> {
  const user = await registeredUser('affected_individual');
  const number = phoneNumber();
  const now = new Date().toISOString();
  await phoneContactStore
    .doc(number)
    .set(newPhoneContact({ number, uid: user.uid, language, channel: 'sms', at: now, optedOut }));
  return { user, number };
}

async function registerDevice(user: TestUser, token: string): Promise<string> {
  const device = expectStatus(
    await call('POST', '/users/me/devices', { token: user.token, body: { token, platform: 'android' } }),
    201,
  );
  return String(device.id);
}

async function move(user: TestUser, taskId: string, status: string): Promise<void> {
  expectStatus(await call('PATCH', `/tasks/${taskId}/status`, { token: user.token, body: { status } }), 200);
}

async function messagesOf(requestId: string): Promise<OutboundMessage[]> {
  return (await outboundMessageStore.ref().where('request_id', '==', requestId).get()).docs.map((d) => d.data());
}

describe('outbound delivery: SMS, WhatsApp and push', () => {
  let admin: TestUser;
  let disaster: { id: string };
  before(async () => {
    admin = await registeredUser('admin');
    disaster = await confirmedDisaster();
  });

  it('every template, in every language, fits one SMS segment with its reference', () => {
    for (const event of OUTBOUND_EVENTS) {
      for (const language of LANGUAGES) {
        const text = render(event, language, 'ABC123');
        assert.ok(text.length <= 160, `${event}/${language} is ${text.length} characters`);
        assert.match(text, /ABC123/);
        assert.match(text, /^[\x20-\x7e]*$/, `${event}/${language} is plain GSM-7 text`);
      }
    }
  });

  it('a phone-only person hears by SMS, in Spanish, that help is arranged, on the way and fulfilled', async () => {
    const { user, number } = await phoneOnlyPerson('es');
    const request = await helpRequest(disaster.id, user.uid);
    const reference = shortReference(request.id);
    const responder = await registeredUser('responder');
    const responderToken = `responder-token-${uniqueId('t')}`;
    await registerDevice(responder, responderToken);

    const task = await newTask(admin, disaster.id, { request_id: request.id, priority: 1 });
    const [arranged] = await smsTo(number, 1);
    assert.equal(
      arranged?.body,
      `Solicitud ${reference}: estamos organizando la ayuda. Responda STATUS para novedades.`,
    );
    assert.match(arranged?.status_callback ?? '', /\/channels\/twilio\/status$/);

    expectStatus(
      await call('PATCH', `/tasks/${task.id}/assign`, { token: admin.token, body: { user_id: responder.uid } }),
      200,
    );
    const [assigned] = await pushesTo(responderToken, 1);
    // The assignee hears of the task by its own reference (the one `DONE <ref>` by SMS quotes).
    assert.equal(task.reference, shortReference(task.id));
    assert.match(assigned?.message.notification?.body ?? '', new RegExp(`^New task ${task.reference} assigned to you`));
    expectStatus(await call('PATCH', `/tasks/${task.id}/authorize`, { token: admin.token }), 200);
    await pushesTo(responderToken, 2);

    await move(responder, task.id, 'on_route');
    const onRoute = await smsTo(number, 2);
    assert.equal(onRoute[1]?.body, `Solicitud ${reference}: un equipo va en camino.`);
    await move(responder, task.id, 'completed');
    const fulfilled = await smsTo(number, 3);
    assert.match(fulfilled[2]?.body ?? '', new RegExp(`^Solicitud ${reference}: marcada como atendida`));

    const stored = await waitFor('every message sent', async () => {
      const all = await messagesOf(request.id);
      return all.length === 5 && all.every((m) => m.status === 'sent') ? all : undefined;
    });
    assert.deepEqual(stored.map((m) => [m.channel, m.template, m.language]).sort(), [
      ['push', 'task_assigned', 'en'],
      ['push', 'task_authorized', 'en'],
      ['sms', 'request_fulfilled', 'es'],
      ['sms', 'request_on_route', 'es'],
      ['sms', 'request_task_created', 'es'],
    ]);
    assert.ok(stored.every((m) => m.attempts === 1));
    // One decider (events/notices.ts): the same notices reached each person in the app too, written
    // in the commits of the changes; the requester's tell them what the SMS told them.
    const inApp = async (uid: string) =>
      (await notificationsOf(uid)).sort((a, b) => a.created_at.localeCompare(b.created_at));
    assert.deepEqual(
      (await inApp(user.uid)).map((n) => [n.kind, n.request_id, n.text]),
      [
        ['request_updated', request.id, `Request ${reference}: help is being arranged. Reply STATUS for updates.`],
        ['request_updated', request.id, `Request ${reference}: a responder is on the way.`],
        [
          'request_updated',
          request.id,
          `Request ${reference}: marked as fulfilled. Write again if you still need help.`,
        ],
      ],
    );
    assert.deepEqual(
      (await inApp(responder.uid)).map((n) => [n.kind, n.task_id]),
      [
        ['task_assigned', task.id],
        ['task_authorized', task.id],
      ],
    );

    // The admin's log: newest first, filtered.
    const log = expectStatus(
      await call('GET', `/outbound-messages?request_id=${request.id}&channel=sms`, { token: admin.token }),
      200,
    );
    assert.deepEqual(
      log.items.map((m: OutboundMessage) => m.template),
      ['request_fulfilled', 'request_on_route', 'request_task_created'],
    );
    const byNumber = expectStatus(
      await call('GET', `/outbound-messages?to=${encodeURIComponent(number)}&status=sent`, { token: admin.token }),
      200,
    );
    assert.equal(byNumber.items.length, 3);
    expectProblem(await call('GET', '/outbound-messages', { token: responder.token }), 403);
    expectProblem(
      await call('GET', '/outbound-messages?status=lost', { token: admin.token, invalidRequest: 'an unknown status' }),
      400,
    );
  });

  it('an app user gets push in the language of their preferences; an opted-out number gets nothing', async () => {
    const owner = await registeredUser('affected_individual');
    const token = `owner-token-${uniqueId('t')}`;
    await registerDevice(owner, token);
    expectStatus(
      await call('PATCH', '/users/me/notification-preferences', { token: owner.token, body: { language: 'fil' } }),
      200,
    );
    const request = await helpRequest(disaster.id, owner.uid);
    await newTask(admin, disaster.id, { request_id: request.id });
    const [push] = await pushesTo(token, 1);
    assert.equal(
      push?.message.notification?.body,
      `Kahilingan ${shortReference(request.id)}: inaayos na ang tulong. Sumagot ng STATUS para sa balita.`,
    );

    const { user: silent, number } = await phoneOnlyPerson('en', true);
    const quiet = await helpRequest(disaster.id, silent.uid);
    await newTask(admin, disaster.id, { request_id: quiet.id });
    const [message] = await waitFor('the suppressed message', async () => {
      const all = await messagesOf(quiet.id);
      return all.length === 1 && all[0]?.status === 'suppressed' ? all : undefined;
    });
    assert.equal(message?.reason, 'opted_out');
    assert.equal((await received()).twilio.filter((m) => m.to === number).length, 0);
  });

  it('Twilio’s signed status callback moves a sent SMS to delivered; a wrong signature is 403 and changes nothing', async () => {
    const { user, number } = await phoneOnlyPerson('en');
    const request = await helpRequest(disaster.id, user.uid);
    await newTask(admin, disaster.id, { request_id: request.id });
    const [sms] = await smsTo(number, 1);
    const sid = sms?.sid ?? '';
    const sent = await waitFor('the message sent', async () => {
      const all = await messagesOf(request.id);
      return all[0]?.status === 'sent' ? all[0] : undefined;
    });
    const url = `${process.env.PUBLIC_API_BASE_URL}/channels/twilio/status`;
    const fields = {
      MessageSid: sid,
      MessageStatus: 'delivered',
      AccountSid: 'AC00000000000000000000000000000000',
      To: number,
    };
    const form = new URLSearchParams(fields).toString();

    const forged = await call('POST', '/channels/twilio/status', {
      rawBody: form,
      contentType: 'application/x-www-form-urlencoded',
      headers: { 'x-twilio-signature': twilio.getExpectedTwilioSignature('wrong-token', url, fields) },
    });
    expectProblem(forged, 403);
    expectProblem(
      await call('POST', '/channels/twilio/status', {
        rawBody: form,
        contentType: 'application/x-www-form-urlencoded',
      }),
      403,
    );
    assert.equal((await outboundMessageStore.get(sent.id))?.status, 'sent');

    const signature = twilio.getExpectedTwilioSignature('local-twilio-auth-token', url, fields);
    const options = {
      rawBody: form,
      contentType: 'application/x-www-form-urlencoded',
      headers: { 'x-twilio-signature': signature },
    };
    expectStatus(await call('POST', '/channels/twilio/status', options), 204);
    const delivered = await outboundMessageStore.get(sent.id);
    assert.equal(delivered?.status, 'delivered');
    assert.notEqual(delivered?.delivered_at, null);
    // Twilio repeats reports: the same one again changes nothing.
    expectStatus(await call('POST', '/channels/twilio/status', options), 204);
    assert.equal((await outboundMessageStore.get(sent.id))?.updated_at, delivered?.updated_at);
  });

  it('devices: registered once per token without exposing it, removed by their owner only', async () => {
    const user = await registeredUser('volunteer');
    const other = await registeredUser('volunteer');
    const token = `device-token-${uniqueId('t')}`;
    const first = expectStatus(
      await call('POST', '/users/me/devices', { token: user.token, body: { token, platform: 'ios' } }),
      201,
    );
    assert.equal(first.token, undefined);
    assert.equal(first.platform, 'ios');
    const again = expectStatus(
      await call('POST', '/users/me/devices', { token: user.token, body: { token, platform: 'ios' } }),
      201,
    );
    assert.equal(again.id, first.id);
    assert.equal((await deviceStore.ref(user.uid).get()).size, 1);
    assert.equal((await deviceStore.of(user.uid).get(first.id))?.token, token);

    expectProblem(
      await call('POST', '/users/me/devices', {
        token: user.token,
        body: { token: 'short', platform: 'ios' },
        invalidRequest: 'a token too short',
      }),
      400,
    );
    expectProblem(await call('DELETE', `/users/me/devices/${first.id}`, { token: other.token }), 404);
    assert.notEqual(await deviceStore.of(user.uid).get(first.id), undefined);
    expectStatus(await call('DELETE', `/users/me/devices/${first.id}`, { token: user.token }), 204);
    assert.equal(await deviceStore.of(user.uid).get(first.id), undefined);
    expectProblem(await call('DELETE', `/users/me/devices/${first.id}`, { token: user.token }), 404);
  });

  it('preferences: defaults until changed, merged on PATCH, invalid quiet hours refused with nothing written', async () => {
    const user = await registeredUser('responder');
    const defaults = expectStatus(await call('GET', '/users/me/notification-preferences', { token: user.token }), 200);
    assert.deepEqual(defaults, {
      events: { request_updates: true, task_assignments: true, task_updates: true },
      channels: { push: true, sms: true, whatsapp: true },
      quiet_hours: null,
      urgent_overrides_quiet_hours: true,
      language: 'en',
      updated_at: null,
    });
    expectProblem(
      await call('PATCH', '/users/me/notification-preferences', {
        token: user.token,
        body: { quiet_hours: { start: '22:00', end: '06:00', time_zone: 'Mars/Olympus' } },
      }),
      400,
    );
    assert.equal(await preferenceStore.of(user.uid).get('notifications'), undefined);

    const changed = expectStatus(
      await call('PATCH', '/users/me/notification-preferences', {
        token: user.token,
        body: {
          events: { task_updates: false },
          quiet_hours: { start: '22:00', end: '06:00', time_zone: 'Asia/Manila' },
          language: 'es',
        },
      }),
      200,
    );
    assert.deepEqual(changed.events, { request_updates: true, task_assignments: true, task_updates: false });
    assert.equal(changed.language, 'es');
    const stored = await preferenceStore.of(user.uid).get('notifications');
    assert.deepEqual(stored?.quiet_hours, { start: '22:00', end: '06:00', time_zone: 'Asia/Manila' });
    const read = expectStatus(await call('GET', '/users/me/notification-preferences', { token: user.token }), 200);
    assert.deepEqual(read, changed);
  });
});
