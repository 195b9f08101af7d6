import assert from 'node:assert/strict';
import { auditStore } from '../../src/audit/store.js';
import { requestStore } from '../../src/requests/store.js';
import { webhookDeliveryStore } from '../../src/webhooks/store.js';
import { fanOutWebhooks } from '../../src/index.js';
import { disaster, requestValue, spot } from '../helpers/planning-fixtures.js';
import {
  documentCreated,
  emptyFirestore,
  functionsTestSdk,
  rawDocument,
  writesDuring,
  firestoreTriggerOf,
} from './harness.js';
import { storeAudit, storeWebhook, TasksStandIn } from './webhook-helpers.js';

describe('fanOutWebhooks (onDocumentCreated audit_log/{audit_id}), wrapped by firebase-functions-test', () => {
  const fanOut = functionsTestSdk.wrap(firestoreTriggerOf(fanOutWebhooks));
  const tasks = new TasksStandIn();
  const previousHost = process.env.CLOUD_TASKS_EMULATOR_HOST;

  before(async () => {
    process.env.CLOUD_TASKS_EMULATOR_HOST = await tasks.start();
  });
  after(async () => {
    if (previousHost === undefined) delete process.env.CLOUD_TASKS_EMULATOR_HOST;
    else process.env.CLOUD_TASKS_EMULATOR_HOST = previousHost;
    await tasks.stop();
  });
  beforeEach(async () => {
    await emptyFirestore();
    tasks.calls.length = 0;
    tasks.failing = false;
  });

  const deliver = async (auditId: string) => fanOut(await documentCreated('audit_log', 'audit_id', auditId));

  async function requestCreated() {
    const scene = await disaster('confirmed', spot());
    const request = requestValue({ owner: 'owner-1', disasterId: scene.id, at: scene.location, need: 'water' });
    await requestStore.doc(request.id).create(request);
    const record = await storeAudit({
      entity: 'request',
      entity_id: request.id,
      action: 'created',
      actor_id: 'owner-1',
      after: { status: 'open' },
      disaster_id: scene.id,
      request_id: request.id,
    });
    return { request, record };
  }

  it('creates one delivery per active subscriber of the event, keyed by the audit id, and queues it', async () => {
    const subscriber = await storeWebhook(['request.created', 'disaster.updated']);
    const other = await storeWebhook(['task.status_changed']);
    const disabled = await storeWebhook(['request.created'], { status: 'disabled', disabled_reason: 'admin' });
    const { request, record } = await requestCreated();

    const written = await writesDuring(() => deliver(record.id));

    assert.deepEqual(written, { 'webhooks/deliveries': 1 });
    const delivery = (await webhookDeliveryStore.doc(subscriber.id, record.id).get()).data();
    assert.equal(delivery?.status, 'pending');
    assert.equal(delivery?.event, 'request.created');
    assert.equal(delivery?.attempt_count, 0);
    const body = JSON.parse(delivery?.body ?? '{}') as { id: string; type: string; timestamp: string; data: any };
    assert.equal(body.id, record.id, 'the event id is the audit id');
    assert.equal(body.type, 'request.created');
    assert.equal(body.timestamp, record.created_at);
    assert.equal(body.data.request.view, 'area');
    assert.equal(body.data.request.id, request.id);
    for (const hidden of ['description', 'owner_id', 'location'])
      assert.equal(body.data.request[hidden], undefined, `${hidden} stays out`);
    assert.ok(!delivery?.body.includes('owner-1'));
    assert.equal((await webhookDeliveryStore.doc(other.id, record.id).get()).exists, false);
    assert.equal((await webhookDeliveryStore.doc(disabled.id, record.id).get()).exists, false);
    assert.deepEqual(tasks.tasks(), [
      { id: `${subscriber.id}_${record.id}`, data: { webhook_id: subscriber.id, delivery_id: record.id } },
    ]);
  });

  it('delivered twice, creates nothing twice: the second delivery writes nothing (Cloud Tasks drops the same task name)', async () => {
    const subscriber = await storeWebhook(['request.created']);
    const { record } = await requestCreated();
    await deliver(record.id);
    const first = await rawDocument(`webhooks/${subscriber.id}/deliveries/${record.id}`);

    assert.deepEqual(await writesDuring(() => deliver(record.id)), {});
    assert.deepEqual(await rawDocument(`webhooks/${subscriber.id}/deliveries/${record.id}`), first);
    assert.equal(tasks.tasks().length, 1, 'one task');
    assert.deepEqual(
      tasks.calls.map((call) => call.status),
      [200, 409],
      'queued again under the same name, which Cloud Tasks refuses (and the trigger accepts)',
    );
  });

  it('a delivery already attempted is not queued again by a repeated event', async () => {
    const subscriber = await storeWebhook(['request.created']);
    const { record } = await requestCreated();
    await deliver(record.id);
    await webhookDeliveryStore.of(subscriber.id).update(record.id, { attempt_count: 1 });
    tasks.calls.length = 0;
    assert.deepEqual(await writesDuring(() => deliver(record.id)), {});
    assert.equal(tasks.calls.length, 0);
  });

  it('throws when the queue is unreachable, so the event is retried; the retry queues the delivery', async () => {
    const subscriber = await storeWebhook(['request.created']);
    const { record } = await requestCreated();
    tasks.failing = true;
    await assert.rejects(() => deliver(record.id));
    tasks.failing = false;
    await deliver(record.id);
    assert.equal((await webhookDeliveryStore.doc(subscriber.id, record.id).get()).data()?.status, 'pending');
    assert.deepEqual(
      tasks.tasks().map((task) => task.id),
      [`${subscriber.id}_${record.id}`],
    );
  });

  it('maps disaster and task records by the one table, and never announces an agent suggestion', async () => {
    const subscriber = await storeWebhook([
      'disaster.confirmed',
      'disaster.updated',
      'disaster.closed',
      'task.status_changed',
    ]);
    const confirmed = await disaster('confirmed');
    const suggested = await disaster('suggested');
    const approved = await storeAudit({ entity: 'disaster', entity_id: confirmed.id, action: 'approved' });
    const edited = await storeAudit({
      entity: 'disaster',
      entity_id: confirmed.id,
      action: 'updated',
      after: { severity: 5, name: 'x' },
    });
    const closed = await storeAudit({ entity: 'disaster', entity_id: confirmed.id, action: 'closed' });
    const suggestionEdited = await storeAudit({
      entity: 'disaster',
      entity_id: suggested.id,
      action: 'updated',
      after: { severity: 2 },
    });
    const joined = await storeAudit({ entity: 'membership', entity_id: confirmed.id, action: 'joined' });
    for (const record of [approved, edited, closed, suggestionEdited, joined]) await deliver(record.id);

    const events = async (id: string) => {
      const stored = (await webhookDeliveryStore.doc(subscriber.id, id).get()).data();
      return stored ? (JSON.parse(stored.body) as { type: string; data: any }) : undefined;
    };
    assert.equal((await events(approved.id))?.type, 'disaster.confirmed');
    const update = await events(edited.id);
    assert.equal(update?.type, 'disaster.updated');
    assert.deepEqual(update?.data.changed_fields, ['name', 'severity']);
    assert.equal(update?.data.disaster.created_by, undefined, 'no uids');
    assert.equal((await events(closed.id))?.type, 'disaster.closed');
    assert.equal(await events(suggestionEdited.id), undefined, 'suggestions are for admins only');
    assert.equal(await events(joined.id), undefined, 'not an event');
  });

  it('an event without params, or for a gone record, writes nothing', async () => {
    await storeWebhook(['request.created']);
    assert.deepEqual(await writesDuring(() => fanOut({ id: 'event-x', params: {}, data: undefined })), {});
    const { record } = await requestCreated();
    await auditStore.doc(record.id).delete();
    assert.deepEqual(await writesDuring(() => deliver(record.id).catch(() => undefined)), {});
  });
});
