import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import type { Request } from 'firebase-functions/v2/tasks';
import { LOCAL_WEBHOOK_SEALING_KEY } from '../../src/config.js';
import { auditStore } from '../../src/audit/store.js';
import { webhookDeliveryStore, webhookStore } from '../../src/webhooks/store.js';
import { SealingKeyUnavailableError } from '../../src/errors.js';
import { deliverWebhook } from '../../src/index.js';
import { backoffSeconds } from '../../src/webhooks/deliver.js';
import { keyRing, unseal, UnsealError } from '../../src/webhooks/sealing.js';
import { uniqueId } from '../helpers/api.js';
import { emptyFirestore, rawDocument, writesDuring } from './harness.js';
import { LocalServer, storeDelivery, storeWebhook } from './webhook-helpers.js';

/** What Cloud Tasks hands the function. */
function dispatch(data: unknown, retryCount = 0): Request {
  return {
    data,
    queueName: 'deliverWebhook',
    id: uniqueId('task'),
    retryCount,
    executionCount: retryCount,
    scheduledTime: new Date().toISOString(),
  };
}

const HOUR = 3600_000;

describe('deliverWebhook (onTaskDispatched), run with a Cloud Tasks request', () => {
  const run = async (request: Request): Promise<void> => deliverWebhook.run(request);
  const receiver = new LocalServer();
  let receiverUrl: string;
  const previousEmulator = process.env.FUNCTIONS_EMULATOR;
  const previousKey = process.env.WEBHOOK_SEALING_KEY;

  before(async () => {
    receiverUrl = `http://${await receiver.start()}/hooks`;
  });
  after(async () => {
    await receiver.stop();
  });
  beforeEach(async () => {
    await emptyFirestore();
    receiver.calls.length = 0;
    receiver.answer = () => ({ status: 200, body: 'ok' });
    // Loopback receivers are allowed under the emulator only; each test says which it is.
    process.env.FUNCTIONS_EMULATOR = 'true';
  });
  afterEach(() => {
    if (previousEmulator === undefined) delete process.env.FUNCTIONS_EMULATOR;
    else process.env.FUNCTIONS_EMULATOR = previousEmulator;
    if (previousKey === undefined) delete process.env.WEBHOOK_SEALING_KEY;
    else process.env.WEBHOOK_SEALING_KEY = previousKey;
  });

  const stored = async (webhookId: string, id: string) => (await webhookDeliveryStore.doc(webhookId, id).get()).data();

  it('sends the body signed (Standard Webhooks), logs the attempt and settles; a second dispatch sends and writes nothing', async () => {
    const webhook = await storeWebhook(['disaster.updated'], { url: receiverUrl });
    const delivery = await storeDelivery(webhook.id);
    const task = dispatch({ webhook_id: webhook.id, delivery_id: delivery.id });

    await run(task);

    assert.equal(receiver.calls.length, 1);
    const [sent] = receiver.calls;
    assert.equal(sent?.body, delivery.body);
    assert.equal(sent?.headers['webhook-id'], delivery.id);
    const timestamp = String(sent?.headers['webhook-timestamp']);
    assert.ok(Math.abs(Number(timestamp) - Date.now() / 1000) < 30);
    const key = Buffer.from(webhook.signingSecret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key).update(`${delivery.id}.${timestamp}.${delivery.body}`).digest('base64');
    assert.equal(sent?.headers['webhook-signature'], `v1,${expected}`);
    const after = await stored(webhook.id, delivery.id);
    assert.equal(after?.status, 'delivered');
    assert.equal(after?.attempt_count, 1);
    assert.equal(after?.attempts[0]?.status_code, 200);
    assert.equal(after?.response_excerpt, 'ok');
    assert.equal(after?.next_attempt_at, null);
    assert.notEqual((await webhookStore.doc(webhook.id).get()).data()?.last_success_at, null);

    const settled = await rawDocument(`webhooks/${webhook.id}/deliveries/${delivery.id}`);
    assert.deepEqual(await writesDuring(() => run({ ...task, retryCount: 1, executionCount: 1 })), {});
    assert.equal(receiver.calls.length, 1, 'not sent again');
    assert.deepEqual(await rawDocument(`webhooks/${webhook.id}/deliveries/${delivery.id}`), settled);
  });

  it('a 500 is logged with the next attempt and thrown, so Cloud Tasks retries; the failure run starts', async () => {
    receiver.answer = () => ({ status: 500, body: 'x'.repeat(5000) });
    const webhook = await storeWebhook(['disaster.updated'], { url: receiverUrl });
    const delivery = await storeDelivery(webhook.id);
    const before = Date.now();

    await assert.rejects(() => run(dispatch({ webhook_id: webhook.id, delivery_id: delivery.id })), /retries/);

    const after = await stored(webhook.id, delivery.id);
    assert.equal(after?.status, 'pending');
    assert.equal(after?.attempt_count, 1);
    assert.equal(after?.last_status_code, 500);
    assert.equal(after?.response_excerpt?.length, 200, 'only an excerpt of the answer is kept');
    const next = Date.parse(after?.next_attempt_at ?? '');
    assert.ok(next >= before + 10_000 && next <= Date.now() + 10_000, 'the first back-off is 10 s');
    const subscriber = (await webhookStore.doc(webhook.id).get()).data();
    assert.notEqual(subscriber?.failing_since, null);
    assert.equal(subscriber?.status, 'active');
  });

  it('follows no redirect: a 302 is a failed attempt', async () => {
    receiver.answer = () => ({ status: 302, body: '' });
    const webhook = await storeWebhook(['disaster.updated'], { url: receiverUrl });
    const delivery = await storeDelivery(webhook.id);
    await assert.rejects(() => run(dispatch({ webhook_id: webhook.id, delivery_id: delivery.id })));
    const after = await stored(webhook.id, delivery.id);
    assert.equal(after?.attempts[0]?.status_code, 302);
    assert.equal(after?.attempts[0]?.error, 'redirects are not followed');
    assert.equal(receiver.calls.length, 1);
  });

  it('checks the target again at delivery: outside the emulator a loopback receiver is refused, not called', async () => {
    delete process.env.FUNCTIONS_EMULATOR;
    // Deployed, the sealing key is set: here the local one the helper sealed with.
    process.env.WEBHOOK_SEALING_KEY ||= LOCAL_WEBHOOK_SEALING_KEY;
    const webhook = await storeWebhook(['disaster.updated'], { url: receiverUrl.replace('http:', 'https:') });
    const delivery = await storeDelivery(webhook.id);
    await assert.rejects(() => run(dispatch({ webhook_id: webhook.id, delivery_id: delivery.id })));
    const after = await stored(webhook.id, delivery.id);
    assert.equal(after?.attempts[0]?.status_code, null);
    assert.match(after?.attempts[0]?.error ?? '', /refused: .*not a public address/);
    assert.equal(receiver.calls.length, 0);
  });

  it('gives a delivery up after 24 h of failures (no retry)', async () => {
    receiver.answer = () => ({ status: 503, body: '' });
    const webhook = await storeWebhook(['disaster.updated'], { url: receiverUrl });
    const delivery = await storeDelivery(webhook.id, {
      created_at: new Date(Date.now() - 25 * HOUR).toISOString(),
      attempt_count: 30,
    });
    await run(dispatch({ webhook_id: webhook.id, delivery_id: delivery.id }));
    const after = await stored(webhook.id, delivery.id);
    assert.equal(after?.status, 'failed');
    assert.equal(after?.next_attempt_at, null);
  });

  it('disables a subscriber none of whose attempts succeeded for 24 h, with an audit record; its deliveries stop', async () => {
    receiver.answer = () => ({ status: 500, body: '' });
    const failingSince = new Date(Date.now() - 24 * HOUR - 60_000).toISOString();
    const webhook = await storeWebhook(['disaster.updated'], { url: receiverUrl, failing_since: failingSince });
    const delivery = await storeDelivery(webhook.id);
    const queued = await storeDelivery(webhook.id);

    await run(dispatch({ webhook_id: webhook.id, delivery_id: delivery.id }));

    const subscriber = (await webhookStore.doc(webhook.id).get()).data();
    assert.equal(subscriber?.status, 'disabled');
    assert.equal(subscriber?.disabled_reason, 'failing');
    assert.equal((await stored(webhook.id, delivery.id))?.status, 'cancelled');
    const audit = (await auditStore.ref().where('entity_id', '==', webhook.id).get()).docs.map((d) => d.data());
    assert.deepEqual(
      audit.map((record) => [record.action, record.actor_id]),
      [['disabled', 'system']],
    );

    receiver.calls.length = 0;
    await run(dispatch({ webhook_id: webhook.id, delivery_id: queued.id }));
    assert.equal(receiver.calls.length, 0, 'a disabled subscriber is not called');
    assert.equal((await stored(webhook.id, queued.id))?.status, 'cancelled');
  });

  it('a success ends the failure run', async () => {
    const webhook = await storeWebhook(['disaster.updated'], {
      url: receiverUrl,
      failing_since: new Date(Date.now() - 2 * HOUR).toISOString(),
    });
    const delivery = await storeDelivery(webhook.id);
    await run(dispatch({ webhook_id: webhook.id, delivery_id: delivery.id }));
    assert.equal((await webhookStore.doc(webhook.id).get()).data()?.failing_since, null);
  });

  it('a removed subscriber, a gone delivery or a malformed payload: dropped, nothing written', async () => {
    const webhook = await storeWebhook(['disaster.updated'], { url: receiverUrl });
    const delivery = await storeDelivery(webhook.id);
    await webhookStore.doc(webhook.id).delete();
    for (const data of [
      { webhook_id: webhook.id, delivery_id: delivery.id },
      { webhook_id: webhook.id, delivery_id: 'gone' },
      { webhook_id: 42 },
      null,
    ]) {
      assert.deepEqual(await writesDuring(() => run(dispatch(data))), {}, JSON.stringify(data));
    }
    assert.equal(receiver.calls.length, 0);
  });

  describe('the signing secret, sealed at rest', () => {
    const signatureOf = (secret: string, sent: (typeof receiver.calls)[number] | undefined) =>
      `v1,${createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
        .update(`${String(sent?.headers['webhook-id'])}.${String(sent?.headers['webhook-timestamp'])}.${sent?.body}`)
        .digest('base64')}`;

    it('a subscriber stored before sealing (plain secret) still delivers, signed; its secret is sealed then, once', async () => {
      const webhook = await storeWebhook(['disaster.updated'], { url: receiverUrl }, { legacy: true });
      const first = await storeDelivery(webhook.id);
      await run(dispatch({ webhook_id: webhook.id, delivery_id: first.id }));
      assert.equal(
        receiver.calls[0]?.headers['webhook-signature'],
        signatureOf(webhook.signingSecret, receiver.calls[0]),
      );
      const resealed = await rawDocument(`webhooks/${webhook.id}`);
      assert.equal(resealed?.secret, null, 'the plain secret is gone');
      assert.match(String(resealed?.sealed_secret), /^v1\./);
      assert.ok(!JSON.stringify(resealed).includes(webhook.signingSecret.slice('whsec_'.length, 20)));

      const second = await storeDelivery(webhook.id);
      await run(dispatch({ webhook_id: webhook.id, delivery_id: second.id }));
      assert.equal(
        receiver.calls[1]?.headers['webhook-signature'],
        signatureOf(webhook.signingSecret, receiver.calls[1]),
      );
      assert.equal(
        (await rawDocument(`webhooks/${webhook.id}`))?.sealed_secret,
        resealed?.sealed_secret,
        'sealed once',
      );
    });

    it('a rotated key (WEBHOOK_SEALING_KEY: new, then old) opens the old secrets and seals them under the new one', async () => {
      const [oldKey, newKey] = [randomBytes(32).toString('base64'), randomBytes(32).toString('base64')];
      process.env.WEBHOOK_SEALING_KEY = oldKey;
      const webhook = await storeWebhook(['disaster.updated'], { url: receiverUrl });
      process.env.WEBHOOK_SEALING_KEY = `${newKey} ${oldKey}`;
      const delivery = await storeDelivery(webhook.id);
      await run(dispatch({ webhook_id: webhook.id, delivery_id: delivery.id }));
      assert.equal(
        receiver.calls[0]?.headers['webhook-signature'],
        signatureOf(webhook.signingSecret, receiver.calls[0]),
      );
      const sealed = String((await rawDocument(`webhooks/${webhook.id}`))?.sealed_secret);
      assert.equal(sealed.split('.')[1], keyRing(newKey)[0].id);
      assert.equal(unseal(sealed, webhook.id, keyRing(newKey)), webhook.signingSecret);
    });

    it("another subscriber's sealed secret copied onto this one does not open: nothing sent, nothing written", async () => {
      const other = await storeWebhook(['disaster.updated'], { url: receiverUrl });
      const webhook = await storeWebhook(['disaster.updated'], {
        url: receiverUrl,
        sealed_secret: other.sealed_secret,
      });
      const delivery = await storeDelivery(webhook.id);
      const writes = await writesDuring(() =>
        assert.rejects(() => run(dispatch({ webhook_id: webhook.id, delivery_id: delivery.id })), UnsealError),
      );
      assert.deepEqual(writes, {});
      assert.equal(receiver.calls.length, 0);
    });

    it('outside the emulator without WEBHOOK_SEALING_KEY: the dispatch fails loudly (retried), nothing sent or written', async () => {
      delete process.env.FUNCTIONS_EMULATOR;
      delete process.env.WEBHOOK_SEALING_KEY;
      const webhook = await storeWebhook(['disaster.updated'], { url: receiverUrl }, { legacy: true });
      const delivery = await storeDelivery(webhook.id);
      const writes = await writesDuring(() =>
        assert.rejects(
          () => run(dispatch({ webhook_id: webhook.id, delivery_id: delivery.id })),
          SealingKeyUnavailableError,
        ),
      );
      assert.deepEqual(writes, {});
      assert.equal(receiver.calls.length, 0);
      assert.equal((await rawDocument(`webhooks/${webhook.id}`))?.secret, webhook.signingSecret, 'left as it was');
    });
  });

  it('backs off as Cloud Tasks does: 10 s doubling to 2 560 s, then capped at an hour', () => {
    assert.deepEqual([1, 2, 3, 9, 10, 11, 30].map(backoffSeconds), [10, 20, 40, 2560, 3600, 3600, 3600]);
  });
});
