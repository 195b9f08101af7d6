import assert from 'node:assert/strict';
import {
  startChannelStandIns,
  FAILING_NUMBER,
  INVALID_NUMBER,
  type ChannelStandIns,
} from '../../dev/channel-standins.js';
import { recordEvent } from '../../src/events/record.js';
import { collections } from '../../src/data/collections.js';
import { db } from '../../src/data/firestore.js';
import { deliverOutbound, outboundFromAudit } from '../../src/index.js';
import type { NotificationPreferences, OutboundMessage } from '../../src/outbound/model.js';
import { defaultPreferences } from '../../src/outbound/preferences.js';
import { deviceIdOf } from '../../src/outbound/devices.js';
import type { UserRecord } from '../../src/users/model.js';
import { uniqueId } from '../helpers/api.js';
import { disaster } from '../helpers/planning-fixtures.js';
import {
  createdSnapshot,
  documentCreated,
  emptyFirestore,
  functionsTestSdk,
  writesDuring,
  firestoreTriggerOf,
} from './harness.js';
import { shortReference } from '../../src/shared/reference.js';

let standIns: ChannelStandIns;

async function storeUser(role: UserRecord['role'], overrides: Partial<UserRecord> = {}): Promise<string> {
  const uid = uniqueId(role);
  const now = new Date().toISOString();
  const user: UserRecord = {
    id: uid,
    display_name: 'Someone',
    role,
    phone: null,
    location: null,
    geohash: null,
    availability: role === 'volunteer' ? 'available' : null,
    skills: [],
    verified: true,
    verification: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await collections.users.doc(uid).set(user);
  return uid;
}

async function phoneContact(
  uid: string,
  number: string,
  fields: { language?: 'en' | 'es' | 'fil'; opted_out?: boolean; channel?: 'sms' | 'whatsapp' } = {},
) {
  const now = new Date().toISOString();
  await collections.phoneContacts.doc(number).set({
    id: number,
    uid,
    language: fields.language ?? 'en',
    channel: fields.channel ?? 'sms',
    opted_out: fields.opted_out ?? false,
    opted_out_at: null,
    created_at: now,
    updated_at: now,
  });
}

async function device(uid: string, token: string): Promise<string> {
  const id = deviceIdOf(token);
  const now = new Date().toISOString();
  await collections.devices.doc(uid, id).set({ id, token, platform: 'android', created_at: now, updated_at: now });
  return id;
}

async function preferences(uid: string, changes: Partial<NotificationPreferences>): Promise<void> {
  await collections.preferences
    .doc(uid, 'notifications')
    .set({ ...defaultPreferences(new Date().toISOString()), ...changes });
}

function queued(
  fields: Partial<OutboundMessage> & Pick<OutboundMessage, 'channel' | 'to' | 'recipient_uid'>,
): OutboundMessage {
  const now = new Date().toISOString();
  return {
    id: uniqueId('message'),
    template: 'request_on_route',
    language: 'en',
    body: 'Request ABC123: a responder is on the way.',
    urgent: false,
    status: 'queued',
    reason: null,
    error: null,
    attempts: 0,
    lease_until: null,
    provider_id: null,
    audit_id: 'audit-x',
    request_id: null,
    task_id: null,
    sent_at: null,
    delivered_at: null,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}

async function stored(id: string): Promise<OutboundMessage | undefined> {
  return collections.outboundMessages.get(id);
}

/** A task assigned in a transaction with its audit record, as tasks/service.ts records it. */
async function auditedAssignment(assignee: string, priority = 2): Promise<{ auditId: string; taskId: string }> {
  const scene = await disaster();
  const taskId = uniqueId('task');
  const now = new Date().toISOString();
  await collections.tasks.doc(taskId).set({
    id: taskId,
    reference: shortReference(taskId),
    disaster_id: scene.id,
    request_id: null,
    workflow_task_id: null,
    priority,
    instructions: 'Bring water',
    role_required: 'volunteer',
    resource_ids: [],
    status: 'pending',
    assigned_to: assignee,
    assigned_at: now,
    authorized: false,
    authorized_by: null,
    authorized_at: null,
    created_by: 'admin-1',
    history: [],
    created_at: now,
    updated_at: now,
  });
  const batch = db().batch();
  const record = recordEvent(
    batch,
    'system',
    {
      type: 'task.assigned',
      entity_id: taskId,
      before: { assigned_to: null, assigned_at: null },
      after: { assigned_to: assignee, assigned_at: now },
      disaster_id: scene.id,
    },
    now,
    {}, // the record only: this test is about what the trigger makes of it
  );
  await batch.commit();
  return { auditId: record.id, taskId };
}

describe('outbound delivery triggers (outboundFromAudit, deliverOutbound), against the Twilio and FCM stand-ins', () => {
  const derive = functionsTestSdk.wrap(firestoreTriggerOf(outboundFromAudit));
  const deliver = functionsTestSdk.wrap(firestoreTriggerOf(deliverOutbound));
  const deliverId = async (id: string) => deliver(await documentCreated('outbound_messages', 'messageId', id));

  before(async () => {
    await emptyFirestore();
    standIns = await startChannelStandIns(0);
    process.env.TWILIO_API_BASE_URL = standIns.twilioUrl;
    process.env.FCM_STANDIN_URL = standIns.fcmUrl;
    process.env.FCM_STANDIN_CA = standIns.fcmCaPath;
    process.env.TWILIO_AUTH_TOKEN = 'local-twilio-auth-token';
  });
  after(async () => {
    for (const name of ['TWILIO_API_BASE_URL', 'FCM_STANDIN_URL', 'FCM_STANDIN_CA', 'TWILIO_AUTH_TOKEN'])
      delete process.env[name];
    await standIns.stop();
  });
  beforeEach(() => {
    standIns.received.twilio.length = 0;
    standIns.received.fcm.length = 0;
  });

  it('derives a push per device of the assignee, in their language; a second delivery creates nothing', async () => {
    const volunteer = await storeUser('volunteer');
    const phone = await device(volunteer, `token-${uniqueId('a')}-aaaaaaaaaaaaaaaa`);
    await preferences(volunteer, { language: 'fil' });
    const { auditId, taskId } = await auditedAssignment(volunteer);
    const event = await documentCreated('audit_log', 'auditId', auditId);

    await derive(event);
    const messages = (await collections.outboundMessages.ref().where('audit_id', '==', auditId).get()).docs.map((d) =>
      d.data(),
    );
    assert.equal(messages.length, 1);
    assert.equal(messages[0]?.channel, 'push');
    assert.equal(messages[0]?.to, phone);
    assert.equal(messages[0]?.template, 'task_assigned');
    assert.equal(messages[0]?.language, 'fil');
    assert.equal(messages[0]?.status, 'queued');
    assert.match(messages[0]?.body ?? '', new RegExp(`gawain ${shortReference(taskId)}`));

    assert.deepEqual(await writesDuring(() => derive(event)), {}, 'the second delivery writes nothing');
  });

  it('sends an SMS through the twilio SDK in the contact’s language; a message already sent is not sent again', async () => {
    const person = await storeUser('affected_individual');
    await phoneContact(person, '+639170000001', { language: 'es' });
    const message = queued({
      channel: 'sms',
      to: '+639170000001',
      recipient_uid: person,
      language: 'es',
      body: 'Solicitud ABC123: un equipo va en camino.',
    });
    await collections.outboundMessages.doc(message.id).create(message);

    await deliverId(message.id);
    const sent = await stored(message.id);
    assert.equal(sent?.status, 'sent');
    assert.equal(sent?.attempts, 1);
    assert.match(sent?.provider_id ?? '', /^SM[0-9a-f]{32}$/);
    assert.equal(standIns.received.twilio.length, 1);
    const received = standIns.received.twilio[0];
    assert.equal(received?.to, '+639170000001');
    assert.equal(received?.body, 'Solicitud ABC123: un equipo va en camino.');
    assert.equal(received?.sid, sent?.provider_id);
    assert.match(received?.user_agent ?? '', /twilio-node/);

    assert.deepEqual(await writesDuring(() => deliverId(message.id)), {});
    assert.equal(standIns.received.twilio.length, 1, 'not sent twice');
  });

  it('sends WhatsApp from the WhatsApp sender to a contact who wrote on WhatsApp', async () => {
    const person = await storeUser('affected_individual');
    await phoneContact(person, '+639170000002', { channel: 'whatsapp' });
    const message = queued({ channel: 'whatsapp', to: '+639170000002', recipient_uid: person });
    await collections.outboundMessages.doc(message.id).create(message);
    await deliverId(message.id);
    assert.equal((await stored(message.id))?.status, 'sent');
    assert.equal(standIns.received.twilio[0]?.to, 'whatsapp:+639170000002');
    assert.match(standIns.received.twilio[0]?.from ?? '', /^whatsapp:\+/);
  });

  it('an opted-out number gets nothing: suppressed, reason opted_out', async () => {
    const person = await storeUser('affected_individual');
    await phoneContact(person, '+639170000003', { opted_out: true });
    const message = queued({ channel: 'sms', to: '+639170000003', recipient_uid: person });
    await collections.outboundMessages.doc(message.id).create(message);
    await deliverId(message.id);
    const after = await stored(message.id);
    assert.equal(after?.status, 'suppressed');
    assert.equal(after?.reason, 'opted_out');
    assert.equal(after?.attempts, 0);
    assert.equal(standIns.received.twilio.length, 0);
  });

  it('pushes through firebase-admin messaging; an invalid token fails the message and removes the device', async () => {
    const user = await storeUser('responder');
    const good = await device(user, 'good-token-0123456789abcdef');
    const bad = await device(user, 'invalid-token-0123456789abcdef');
    const ok = queued({ channel: 'push', to: good, recipient_uid: user });
    const dead = queued({ channel: 'push', to: bad, recipient_uid: user });
    await collections.outboundMessages.doc(ok.id).create(ok);
    await collections.outboundMessages.doc(dead.id).create(dead);

    await deliverId(ok.id);
    await deliverId(dead.id);

    assert.equal((await stored(ok.id))?.status, 'sent');
    assert.equal(standIns.received.fcm.length, 1);
    assert.equal(standIns.received.fcm[0]?.token, 'good-token-0123456789abcdef');
    assert.equal(standIns.received.fcm[0]?.authorization, 'Bearer stand-in-token');
    assert.deepEqual((standIns.received.fcm[0]?.message as { notification?: unknown }).notification, {
      title: 'Disaster response',
      body: ok.body,
    });
    const failed = await stored(dead.id);
    assert.equal(failed?.status, 'failed');
    assert.match(failed?.error ?? '', /registration-token-not-registered/);
    assert.equal(await collections.devices.of(user).get(bad), undefined, 'the dead token is pruned');
    assert.notEqual(await collections.devices.of(user).get(good), undefined, 'the good one stays');
  });

  it('quiet hours suppress a message; a priority-1 assignment overrides them unless the user said no', async () => {
    const user = await storeUser('responder');
    const phone = await device(user, 'quiet-token-0123456789abcdef');
    // Quiet all day but one minute, whatever the clock says now.
    const now = new Date();
    const minute = (offset: number) => {
      const at = new Date(now.getTime() + offset * 60_000);
      return `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
    };
    await preferences(user, { quiet_hours: { start: minute(-4), end: minute(-5), time_zone: 'UTC' } });
    const calm = queued({ channel: 'push', to: phone, recipient_uid: user, template: 'task_authorized' });
    const urgent = queued({ channel: 'push', to: phone, recipient_uid: user, template: 'task_assigned', urgent: true });
    await collections.outboundMessages.doc(calm.id).create(calm);
    await collections.outboundMessages.doc(urgent.id).create(urgent);
    await deliverId(calm.id);
    await deliverId(urgent.id);
    assert.deepEqual([(await stored(calm.id))?.status, (await stored(calm.id))?.reason], ['suppressed', 'quiet_hours']);
    assert.equal((await stored(urgent.id))?.status, 'sent');
    assert.equal(standIns.received.fcm.length, 1);

    await preferences(user, {
      quiet_hours: { start: minute(-4), end: minute(-5), time_zone: 'UTC' },
      urgent_overrides_quiet_hours: false,
    });
    const urgentAgain = queued({
      channel: 'push',
      to: phone,
      recipient_uid: user,
      template: 'task_assigned',
      urgent: true,
    });
    await collections.outboundMessages.doc(urgentAgain.id).create(urgentAgain);
    await deliverId(urgentAgain.id);
    assert.equal((await stored(urgentAgain.id))?.reason, 'quiet_hours');
  });

  it('no task push to an unavailable volunteer; events switched off are suppressed as preferences', async () => {
    const away = await storeUser('volunteer', { availability: 'unavailable' });
    const awayPhone = await device(away, 'away-token-0123456789abcdef');
    const message = queued({ channel: 'push', to: awayPhone, recipient_uid: away, template: 'task_assigned' });
    await collections.outboundMessages.doc(message.id).create(message);
    await deliverId(message.id);
    assert.equal((await stored(message.id))?.reason, 'unavailable');

    const muted = await storeUser('responder');
    const mutedPhone = await device(muted, 'muted-token-0123456789abcdef');
    await preferences(muted, { events: { request_updates: true, task_assignments: false, task_updates: true } });
    const other = queued({ channel: 'push', to: mutedPhone, recipient_uid: muted, template: 'task_assigned' });
    await collections.outboundMessages.doc(other.id).create(other);
    await deliverId(other.id);
    assert.equal((await stored(other.id))?.reason, 'preferences');
    assert.equal(standIns.received.fcm.length, 0);
  });

  it('an invalid number fails at once; a 5xx puts the message back in the queue and throws for a retry', async () => {
    const person = await storeUser('affected_individual');
    await phoneContact(person, INVALID_NUMBER);
    const invalid = queued({ channel: 'sms', to: INVALID_NUMBER, recipient_uid: person });
    await collections.outboundMessages.doc(invalid.id).create(invalid);
    await deliverId(invalid.id);
    const failed = await stored(invalid.id);
    assert.equal(failed?.status, 'failed');
    assert.match(failed?.error ?? '', /400/);

    const other = await storeUser('affected_individual');
    await phoneContact(other, FAILING_NUMBER);
    const flaky = queued({ channel: 'sms', to: FAILING_NUMBER, recipient_uid: other });
    await collections.outboundMessages.doc(flaky.id).create(flaky);
    await assert.rejects(deliverId(flaky.id), /attempt 1/);
    const retried = await stored(flaky.id);
    assert.equal(retried?.status, 'queued');
    assert.equal(retried?.attempts, 1);
    assert.equal(retried?.lease_until, null);
  });

  it('the per-number daily SMS limit suppresses what goes beyond it', async () => {
    process.env.OUTBOUND_SMS_PER_NUMBER_DAILY_LIMIT = '1';
    try {
      const person = await storeUser('affected_individual');
      await phoneContact(person, '+639170000009');
      const first = queued({ channel: 'sms', to: '+639170000009', recipient_uid: person });
      const second = queued({ channel: 'sms', to: '+639170000009', recipient_uid: person });
      await collections.outboundMessages.doc(first.id).create(first);
      await collections.outboundMessages.doc(second.id).create(second);
      await deliverId(first.id);
      await deliverId(second.id);
      assert.equal((await stored(first.id))?.status, 'sent');
      assert.deepEqual(
        [(await stored(second.id))?.status, (await stored(second.id))?.reason],
        ['suppressed', 'spend_limit'],
      );
      assert.equal(standIns.received.twilio.length, 1);
    } finally {
      delete process.env.OUTBOUND_SMS_PER_NUMBER_DAILY_LIMIT;
    }
  });

  it('the daily SMS limit for all numbers is checked on the sum of its shards, and each send bumps one of them', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const spend = db().collection('outbound_spend');
    const isShard = (id: string) => id === day || id.startsWith(`${day}:`);
    // Today's count for all numbers so far (the earlier tests sent some), then the sends of before:
    // in the unsharded document of before (the first shard's id) and in another shard.
    await Promise.all((await spend.get()).docs.filter((d) => isShard(d.id)).map((d) => d.ref.delete()));
    await spend.doc(day).set({ count: 2, day });
    await spend.doc(`${day}:7`).set({ count: 1, day });
    process.env.OUTBOUND_SMS_DAILY_LIMIT = '4';
    try {
      const person = await storeUser('affected_individual');
      await phoneContact(person, '+639170000010');
      const first = queued({ channel: 'sms', to: '+639170000010', recipient_uid: person });
      const second = queued({ channel: 'sms', to: '+639170000010', recipient_uid: person });
      await collections.outboundMessages.doc(first.id).create(first);
      await collections.outboundMessages.doc(second.id).create(second);
      await deliverId(first.id);
      assert.equal((await stored(first.id))?.status, 'sent', 'the fourth SMS of the day');
      const shards = (await spend.get()).docs.filter((d) => isShard(d.id));
      assert.equal(
        shards.reduce((sum, d) => sum + Number(d.get('count')), 0),
        4,
        'one shard bumped',
      );
      assert.ok(
        shards.every((d) => /^\d{4}-\d{2}-\d{2}(:[1-9])?$/.test(d.id)),
        shards.map((d) => d.id).join(),
      );
      assert.equal((await spend.doc(`${day}_+639170000010`).get()).get('count'), 1, 'the number counted apart');
      await deliverId(second.id);
      assert.deepEqual(
        [(await stored(second.id))?.status, (await stored(second.id))?.reason],
        ['suppressed', 'spend_limit'],
      );
    } finally {
      delete process.env.OUTBOUND_SMS_DAILY_LIMIT;
    }
  });

  it('a message gone before its delivery is dropped', async () => {
    const created = createdSnapshot('outbound_messages/gone-1', { status: 'queued' });
    assert.deepEqual(
      await writesDuring(async () =>
        deliver(await documentCreated('outbound_messages', 'messageId', 'gone-1', { created })),
      ),
      {},
    );
    assert.equal(standIns.received.twilio.length + standIns.received.fcm.length, 0);
  });
});
