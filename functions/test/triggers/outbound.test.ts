import assert from 'node:assert/strict';
import {
  startChannelStandIns,
  FAILING_NUMBER,
  INVALID_NUMBER,
  type ChannelStandIns,
} from '../../dev/channel-standins.js';
import { recordEvent } from '../../src/events/record.js';
import { phoneContactStore } from '../../src/channels/store.js';
import { deviceStore, outboundMessageStore, preferenceStore } from '../../src/outbound/store.js';
import { taskStore } from '../../src/tasks/store.js';
import { userStore } from '../../src/users/store.js';
import { db } from '../../src/data/firestore.js';
import { deliverOutbound, outboundFromAudit } from '../../src/index.js';
import type { NotificationPreferences, OutboundMessage } from '../../src/outbound/model.js';
import { defaultPreferences } from '../../src/outbound/preferences.js';
import { deviceIdOf } from '../../src/outbound/devices.js';
import type { UserRecord } from '../../src/users/model.js';
import { uniqueId } from '../helpers/api.js';
import { disaster } from '../helpers/planning-fixtures.js';
import { seedRequest, seedTask } from '../helpers/chatbot-fixtures.js';
import { auditStore } from '../../src/audit/store.js';
import { changeStatus } from '../../src/requests/service.js';
import type { StatusChange } from '../../src/requests/inputs.js';
import type { TaskStatus } from '../../src/tasks/transitions.js';
import {
  createdSnapshot,
  documentCreated,
  emptyFirestore,
  functionsTestSdk,
  readsDuring,
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
  await userStore.doc(uid).set(user);
  return uid;
}

async function phoneContact(
  uid: string,
  number: string,
  fields: { language?: 'en' | 'es' | 'fil'; opted_out?: boolean; channel?: 'sms' | 'whatsapp' } = {},
) {
  const now = new Date().toISOString();
  await phoneContactStore.doc(number).set({
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
  await deviceStore.doc(uid, id).set({ id, token, platform: 'android', created_at: now, updated_at: now });
  return id;
}

async function preferences(uid: string, changes: Partial<NotificationPreferences>): Promise<void> {
  await preferenceStore.doc(uid, 'notifications').set({ ...defaultPreferences(new Date().toISOString()), ...changes });
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
  return outboundMessageStore.get(id);
}

/** A task assigned in a transaction with its audit record, as tasks/service.ts records it. */
async function auditedAssignment(assignee: string, priority = 2): Promise<{ auditId: string; taskId: string }> {
  const scene = await disaster();
  const taskId = uniqueId('task');
  const now = new Date().toISOString();
  await taskStore.doc(taskId).set({
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
    const messages = (await outboundMessageStore.ref().where('audit_id', '==', auditId).get()).docs.map((d) =>
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

  describe('what it reads of a request whose status changed: only what the decision needs (Firestore bills each read)', () => {
    /** A request (in progress) with a task in each status, each created by a dispatcher and assigned to a volunteer with a phone. */
    async function requestWithTasks(statuses: TaskStatus[], status: 'open' | 'in_progress' = 'in_progress') {
      const scene = await disaster();
      const owner = await storeUser('affected_individual');
      const dispatcher = await storeUser('admin');
      const assignee = await storeUser('volunteer');
      await device(owner, `token-${uniqueId('owner')}-aaaaaaaaaaaaaaaa`);
      await device(assignee, `token-${uniqueId('assignee')}-aaaaaaaaaaaaaaaa`);
      const request = await seedRequest(owner, scene.id, { status });
      const tasks = [];
      for (const taskStatus of statuses) {
        const fields = { request_id: request.id, status: taskStatus, created_by: dispatcher };
        tasks.push(await seedTask(assignee, scene.id, fields));
      }
      return { request, owner, dispatcher, assignee, tasks };
    }

    /** Changes the status through the service, then delivers its audit record to the trigger: its reads, and the messages made. */
    async function changedAndDerived(
      requestId: string,
      by: { uid: string; role: UserRecord['role'] },
      change: StatusChange,
    ) {
      await changeStatus({ ...by, email: null }, requestId, change);
      const records = await auditStore.ref().where('entity_id', '==', requestId).get();
      assert.equal(records.size, 1, 'one status change recorded');
      const auditId = records.docs[0]!.id;
      const event = await documentCreated('audit_log', 'auditId', auditId);
      const { billed, byCollection } = await readsDuring(() => derive(event));
      const reads = { billed, byCollection };
      const messages = (await outboundMessageStore.ref().where('audit_id', '==', auditId).get()).docs.map((d) =>
        d.data(),
      );
      return { reads, messages };
    }

    it('a change that tells nobody (open to in progress) reads the audit record alone: no request, no tasks', async () => {
      const { request, dispatcher } = await requestWithTasks(['pending', 'on_route', 'completed'], 'open');
      const { reads, messages } = await changedAndDerived(
        request.id,
        { uid: dispatcher, role: 'admin' },
        { status: 'in_progress' },
      );
      assert.deepEqual(reads, { billed: 1, byCollection: { audit_log: 1 } });
      assert.deepEqual(messages, []);
    });

    it('a dispatcher’s fulfilment tells the owner, reading the request and none of its active or ended tasks', async () => {
      const { request, owner, dispatcher } = await requestWithTasks(['pending', 'on_route', 'completed', 'cancelled']);
      const { reads, messages } = await changedAndDerived(
        request.id,
        { uid: dispatcher, role: 'admin' },
        { status: 'fulfilled' },
      );
      assert.equal(reads.byCollection.requests, 1);
      assert.equal(reads.byCollection.tasks, undefined, JSON.stringify(reads));
      assert.deepEqual(
        messages.map((m) => [m.recipient_uid, m.template, m.channel]),
        [[owner, 'request_fulfilled', 'push']],
      );
    });

    it('a dispatcher closing it as withdrawn for its person tells the owner and reads no task either', async () => {
      const { request, owner, dispatcher } = await requestWithTasks(['pending', 'completed']);
      const withdrawn = { status: 'closed', closed_reason: 'withdrawn' } as const;
      const { reads, messages } = await changedAndDerived(request.id, { uid: dispatcher, role: 'admin' }, withdrawn);
      assert.equal(reads.byCollection.tasks, undefined, JSON.stringify(reads));
      assert.deepEqual(
        messages.map((m) => [m.recipient_uid, m.template]),
        [[owner, 'request_closed']],
      );
    });

    it('its owner’s withdrawal reads the request, then its tasks: the assignee of the active one hears, urgently while on the way', async () => {
      const { request, owner, assignee, tasks } = await requestWithTasks(['on_route', 'completed', 'cancelled']);
      const { reads, messages } = await changedAndDerived(
        request.id,
        { uid: owner, role: 'affected_individual' },
        {
          status: 'closed',
        },
      );
      assert.equal(reads.byCollection.requests, 1);
      assert.equal(reads.byCollection.tasks, 3, 'the query reads the request’s tasks, ended ones too');
      // The dispatcher who created the task hears too, in the app: no device nor phone, no message.
      assert.deepEqual(
        messages.map((m) => [m.recipient_uid, m.template, m.task_id, m.urgent]),
        [[assignee, 'request_withdrawn', tasks[0]!.id, true]],
      );
    });
  });

  it('an assignee of two active tasks of a request its owner withdrew gets a message about each; a second delivery creates nothing', async () => {
    const scene = await disaster();
    const owner = await storeUser('affected_individual');
    const assignee = await storeUser('volunteer');
    await device(assignee, `token-${uniqueId('assignee')}-aaaaaaaaaaaaaaaa`);
    const request = await seedRequest(owner, scene.id, { status: 'in_progress' });
    const first = await seedTask(assignee, scene.id, { request_id: request.id, status: 'on_route' });
    const second = await seedTask(assignee, scene.id, { request_id: request.id, status: 'pending' });
    await changeStatus({ uid: owner, role: 'affected_individual', email: null }, request.id, { status: 'closed' });
    const auditId = (await auditStore.ref().where('entity_id', '==', request.id).get()).docs[0]!.id;
    const event = await documentCreated('audit_log', 'auditId', auditId);

    await derive(event);
    const messages = (await outboundMessageStore.ref().where('audit_id', '==', auditId).get()).docs.map((d) =>
      d.data(),
    );
    assert.deepEqual(
      messages.map((m) => [m.recipient_uid, m.template, m.task_id, m.urgent]).sort(),
      [
        [assignee, 'request_withdrawn', first.id, true],
        [assignee, 'request_withdrawn', second.id, false],
      ].sort(),
    );
    assert.deepEqual(await writesDuring(() => derive(event)), {}, 'the second delivery writes nothing');
  });

  describe('what it reads of a task whose status changed', () => {
    /** A task's move recorded as tasks/service.ts records it, by `actor`; its reads and messages when delivered. */
    async function movedAndDerived(to: 'completed' | 'cancelled', by: 'assignee' | 'dispatcher') {
      const scene = await disaster();
      const owner = await storeUser('affected_individual');
      const assignee = await storeUser('volunteer');
      await device(owner, `token-${uniqueId('owner')}-aaaaaaaaaaaaaaaa`);
      await device(assignee, `token-${uniqueId('assignee')}-aaaaaaaaaaaaaaaa`);
      const request = await seedRequest(owner, scene.id, { status: 'in_progress' });
      const task = await seedTask(assignee, scene.id, { request_id: request.id, status: to }); // as the move left it
      const batch = db().batch();
      const record = recordEvent(
        batch,
        {
          uid: by === 'assignee' ? assignee : task.created_by,
          role: by === 'assignee' ? 'volunteer' : 'admin',
          email: null,
        },
        {
          type: 'task.status_changed',
          entity_id: task.id,
          before: { status: 'on_route' },
          after: { status: to },
          disaster_id: scene.id,
          request_id: request.id,
        },
        new Date().toISOString(),
        { task, request },
      );
      await batch.commit();
      const event = await documentCreated('audit_log', 'auditId', record.id);
      const { billed, byCollection } = await readsDuring(() => derive(event));
      const reads = { billed, byCollection };
      const messages = (await outboundMessageStore.ref().where('audit_id', '==', record.id).get()).docs.map((d) =>
        d.data(),
      );
      return { reads, messages, assignee };
    }

    it('completed by its assignee tells nobody: the audit record alone is read', async () => {
      const { reads, messages } = await movedAndDerived('completed', 'assignee');
      assert.deepEqual(reads, { billed: 1, byCollection: { audit_log: 1 } });
      assert.deepEqual(messages, []);
    });

    it('cancelled by a dispatcher tells the assignee, reading the task and not its request', async () => {
      const { reads, messages, assignee } = await movedAndDerived('cancelled', 'dispatcher');
      assert.equal(reads.byCollection.tasks, 1);
      assert.equal(reads.byCollection.requests, undefined, JSON.stringify(reads));
      assert.deepEqual(
        messages.map((m) => [m.recipient_uid, m.template]),
        [[assignee, 'task_cancelled']],
      );
    });
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
    await outboundMessageStore.doc(message.id).create(message);

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
    await outboundMessageStore.doc(message.id).create(message);
    await deliverId(message.id);
    assert.equal((await stored(message.id))?.status, 'sent');
    assert.equal(standIns.received.twilio[0]?.to, 'whatsapp:+639170000002');
    assert.match(standIns.received.twilio[0]?.from ?? '', /^whatsapp:\+/);
  });

  it('an opted-out number gets nothing: suppressed, reason opted_out', async () => {
    const person = await storeUser('affected_individual');
    await phoneContact(person, '+639170000003', { opted_out: true });
    const message = queued({ channel: 'sms', to: '+639170000003', recipient_uid: person });
    await outboundMessageStore.doc(message.id).create(message);
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
    await outboundMessageStore.doc(ok.id).create(ok);
    await outboundMessageStore.doc(dead.id).create(dead);

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
    assert.equal(await deviceStore.of(user).get(bad), undefined, 'the dead token is pruned');
    assert.notEqual(await deviceStore.of(user).get(good), undefined, 'the good one stays');
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
    await outboundMessageStore.doc(calm.id).create(calm);
    await outboundMessageStore.doc(urgent.id).create(urgent);
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
    await outboundMessageStore.doc(urgentAgain.id).create(urgentAgain);
    await deliverId(urgentAgain.id);
    assert.equal((await stored(urgentAgain.id))?.reason, 'quiet_hours');
  });

  it('no task push to an unavailable volunteer; events switched off are suppressed as preferences', async () => {
    const away = await storeUser('volunteer', { availability: 'unavailable' });
    const awayPhone = await device(away, 'away-token-0123456789abcdef');
    const message = queued({ channel: 'push', to: awayPhone, recipient_uid: away, template: 'task_assigned' });
    await outboundMessageStore.doc(message.id).create(message);
    await deliverId(message.id);
    assert.equal((await stored(message.id))?.reason, 'unavailable');

    const muted = await storeUser('responder');
    const mutedPhone = await device(muted, 'muted-token-0123456789abcdef');
    await preferences(muted, { events: { request_updates: true, task_assignments: false, task_updates: true } });
    const other = queued({ channel: 'push', to: mutedPhone, recipient_uid: muted, template: 'task_assigned' });
    await outboundMessageStore.doc(other.id).create(other);
    await deliverId(other.id);
    assert.equal((await stored(other.id))?.reason, 'preferences');
    assert.equal(standIns.received.fcm.length, 0);
  });

  it('an invalid number fails at once; a 5xx puts the message back in the queue and throws for a retry', async () => {
    const person = await storeUser('affected_individual');
    await phoneContact(person, INVALID_NUMBER);
    const invalid = queued({ channel: 'sms', to: INVALID_NUMBER, recipient_uid: person });
    await outboundMessageStore.doc(invalid.id).create(invalid);
    await deliverId(invalid.id);
    const failed = await stored(invalid.id);
    assert.equal(failed?.status, 'failed');
    assert.match(failed?.error ?? '', /400/);

    const other = await storeUser('affected_individual');
    await phoneContact(other, FAILING_NUMBER);
    const flaky = queued({ channel: 'sms', to: FAILING_NUMBER, recipient_uid: other });
    await outboundMessageStore.doc(flaky.id).create(flaky);
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
      await outboundMessageStore.doc(first.id).create(first);
      await outboundMessageStore.doc(second.id).create(second);
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
      await outboundMessageStore.doc(first.id).create(first);
      await outboundMessageStore.doc(second.id).create(second);
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
