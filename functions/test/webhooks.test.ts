import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app.js';
import { webhookDeliveryStore, webhookStore } from '../src/webhooks/store.js';
import { apiFetch, call, expectProblem, expectStatus, registeredUser, type TestUser } from './helpers/api.js';
import { confirmedDisaster } from './helpers/disasters.js';
import { testDb } from './helpers/emulators.js';
import { storeWebhook } from './helpers/webhooks.js';
import { waitFor } from './helpers/planning-fixtures.js';

/** The verification recipe of docs/interop.md ("Webhooks"), as a receiver would write it. */
function verifySignature(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false; // replay window: 5 minutes
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    const given = Buffer.from(signature ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
  at: number;
}

/** One subscriber's endpoint: answers the statuses queued (then 200), records every call, processes each event id once. */
class Inbox {
  readonly calls: Received[] = [];
  readonly processed: { id: string; type: string; data: any }[] = [];
  readonly answers: number[] = [];
  private readonly seen = new Set<string>();
  secret = '';

  constructor(readonly url: string) {}

  receive(headers: IncomingHttpHeaders, body: string): number {
    const status = this.answers.shift() ?? 200;
    this.calls.push({ headers, body, status, at: Date.now() });
    if (status === 200 && verifySignature(this.secret, headers, body)) {
      const id = String(headers['webhook-id']);
      if (!this.seen.has(id)) {
        this.seen.add(id);
        this.processed.push(JSON.parse(body) as { id: string; type: string; data: any });
      }
    }
    return status;
  }

  callsFor(eventId: string): Received[] {
    return this.calls.filter((received) => received.headers['webhook-id'] === eventId);
  }
}

/** A local webhook receiver (loopback is allowed under the emulator), one inbox per path. */
class Receiver {
  private server: Server | undefined;
  private readonly inboxes = new Map<string, Inbox>();
  private base = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        const inbox = this.inboxes.get(req.url ?? '');
        const status = inbox ? inbox.receive(req.headers, body) : 404;
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'try again later');
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  inbox(): Inbox {
    const path = `/hooks/${this.inboxes.size + 1}`;
    const inbox = new Inbox(this.base + path);
    this.inboxes.set(path, inbox);
    return inbox;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const webhookCount = async () => (await testDb().collection('webhooks').count().get()).data().count;
const auditOf = async (webhookId: string) =>
  (await testDb().collection('audit_log').where('entity_id', '==', webhookId).get()).docs.map((doc) => doc.data());

describe('webhooks', () => {
  let admin: TestUser;
  const receiver = new Receiver();
  const url = 'http://127.0.0.1:9/hooks';

  before(async () => {
    admin = await registeredUser('admin');
    await receiver.start();
  });
  after(() => receiver.stop());

  /** A subscriber with its own inbox at the receiver. */
  async function subscribe(events: string[]): Promise<{ id: string; secret: string; inbox: Inbox }> {
    const inbox = receiver.inbox();
    const created = expectStatus(
      await call('POST', '/webhooks', {
        token: admin.token,
        body: { url: inbox.url, events, description: 'county EOC' },
      }),
      201,
    );
    inbox.secret = created.secret;
    return { ...created, inbox };
  }

  describe('registration', () => {
    it('answers 201 with the secret once; GET, the list and the audit trail never show it again', async () => {
      const created = await subscribe(['disaster.confirmed']);
      assert.match(created.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
      // As stored, read with the Admin SDK: sealed, and nothing of the secret or of its key.
      const stored = (await testDb().collection('webhooks').doc(created.id).get()).data();
      assert.equal(stored?.status, 'active');
      assert.equal(stored?.secret, undefined);
      assert.match(String(stored?.sealed_secret), /^v1\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{70,}$/);
      const raw = JSON.stringify(stored);
      const key = Buffer.from(created.secret.slice('whsec_'.length), 'base64');
      for (const form of [created.secret.slice('whsec_'.length), key.toString('base64url'), key.toString('hex')]) {
        for (let i = 0; i + 8 <= form.length; i++) assert.ok(!raw.includes(form.slice(i, i + 8)), form.slice(i, i + 8));
      }
      const one = expectStatus(await call('GET', `/webhooks/${created.id}`, { token: admin.token }), 200);
      assert.equal(one.secret, undefined);
      assert.deepEqual(one.events, ['disaster.confirmed']);
      const list = expectStatus(await call('GET', '/webhooks', { token: admin.token }), 200);
      assert.ok(list.items.some((item: { id: string }) => item.id === created.id));
      assert.ok(list.items.every((item: Record<string, unknown>) => item.secret === undefined));
      const [audit] = await auditOf(created.id);
      assert.equal(audit?.action, 'created');
      assert.ok(!JSON.stringify(audit).includes(created.secret));
    });

    it('refuses targets that are not https to public addresses (SSRF), writing nothing', async () => {
      const before = await webhookCount();
      for (const target of [
        'http://example.org/hooks',
        'https://10.0.0.5/hooks',
        'https://192.168.1.1/hooks',
        'https://169.254.169.254/computeMetadata/v1/',
        'https://100.64.0.1/hooks',
        'https://[::ffff:a9fe:a9fe]/hooks',
        'https://[fd00::1]/hooks',
        'https://[fe80::1]/hooks',
        'https://224.0.0.1/hooks',
        'https://user:password@127.0.0.1/hooks',
        'ftp://127.0.0.1/hooks',
        'not a url',
      ]) {
        const problem = expectProblem(
          await call('POST', '/webhooks', { token: admin.token, body: { url: target, events: ['request.created'] } }),
          400,
          'validation_failed',
        );
        assert.equal(problem.errors?.[0]?.path, 'url', target);
      }
      expectProblem(
        await call('POST', '/webhooks', {
          token: admin.token,
          body: { url, events: ['request.created', 'request.created'] },
        }),
        400,
      );
      expectProblem(
        await call('POST', '/webhooks', {
          token: admin.token,
          body: { url, events: ['user.erased'] },
          invalidRequest: 'an event no subscriber may take',
        }),
        400,
      );
      assert.equal(await webhookCount(), before);
    });

    it('outside the emulator without WEBHOOK_SEALING_KEY: 503 problem, nothing stored (an in-process instance)', async () => {
      const saved = {
        FUNCTIONS_EMULATOR: process.env.FUNCTIONS_EMULATOR,
        WEBHOOK_SEALING_KEY: process.env.WEBHOOK_SEALING_KEY,
      };
      for (const name of Object.keys(saved)) delete process.env[name];
      const server = buildApp().listen(0, '127.0.0.1');
      try {
        await once(server, 'listening');
        const before = await webhookCount();
        const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        const response = await apiFetch(
          `${base}/webhooks`,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ url: 'https://93.184.215.14/hooks', events: ['request.created'] }),
          },
          { base },
        );
        assert.equal(response.status, 503);
        assert.match(response.headers.get('content-type') ?? '', /^application\/problem\+json/);
        const problem = (await response.json()) as { code: string; detail: string };
        assert.equal(problem.code, 'unavailable');
        assert.match(problem.detail, /WEBHOOK_SEALING_KEY is not set/);
        assert.equal(await webhookCount(), before);
      } finally {
        server.close();
        for (const [name, value] of Object.entries(saved)) if (value !== undefined) process.env[name] = value;
      }
    });

    it('is for admins only', async () => {
      const responder = await registeredUser('responder');
      const before = (await testDb().collection('webhooks').get()).size;
      expectProblem(
        await call('POST', '/webhooks', { token: responder.token, body: { url, events: ['request.created'] } }),
        403,
        'forbidden',
      );
      assert.equal((await testDb().collection('webhooks').get()).size, before, 'no subscriber was stored');
    });
  });

  describe('delivery', () => {
    it('signs each event; a request goes out in its area view only (no description, requester or exact point)', async function () {
      this.timeout(60_000);
      const hook = await subscribe(['disaster.confirmed', 'request.created']);
      const disaster = await confirmedDisaster(admin, { name: 'Webhook flood' });
      const confirmed = await waitFor('the disaster.confirmed event', () =>
        Promise.resolve(
          hook.inbox.processed.find(
            (event) => event.type === 'disaster.confirmed' && event.data.disaster.id === disaster.id,
          ),
        ),
      );
      assert.equal(confirmed.data.disaster.name, 'Webhook flood');
      assert.equal(confirmed.data.disaster.created_by, undefined, 'no uids of admins');

      const owner = await registeredUser('affected_individual');
      const request = expectStatus(
        await call('POST', '/requests', {
          token: owner.token,
          body: {
            disaster_id: disaster.id,
            type_of_need: 'water',
            description: 'Flat 4B, call Ana',
            location: { lat: 14.6031, lng: 121.0217 },
          },
        }),
        201,
      );
      const created = await waitFor('the request.created event', () =>
        Promise.resolve(
          hook.inbox.processed.find(
            (event) => event.type === 'request.created' && event.data.request.id === request.id,
          ),
        ),
      );
      const calls = hook.inbox.callsFor(created.id);
      assert.equal(calls.length, 1);
      assert.ok(verifySignature(hook.secret, calls[0]!.headers, calls[0]!.body), 'valid signature');
      assert.ok(!verifySignature('whsec_' + Buffer.alloc(32).toString('base64'), calls[0]!.headers, calls[0]!.body));
      assert.equal(created.data.request.view, 'area');
      assert.equal(created.data.request.type_of_need, 'water');
      assert.equal(typeof created.data.request.area.geohash, 'string');
      const raw = calls[0]!.body;
      for (const secretish of ['Flat 4B', owner.uid, '14.6031', '121.0217', 'description', 'owner_id']) {
        assert.ok(!raw.includes(secretish), `the payload leaks ${secretish}`);
      }
      // The event id is the audit record's.
      assert.equal((await testDb().collection('audit_log').doc(created.id).get()).data()?.action, 'created');

      const log = expectStatus(await call('GET', `/webhooks/${hook.id}/deliveries`, { token: admin.token }), 200);
      const entry = log.items.find((item: { id: string }) => item.id === created.id);
      assert.equal(entry?.status, 'delivered');
      assert.equal(entry?.attempt_count, 1);
      assert.equal(entry?.last_status_code, 200);
      assert.equal(entry?.event, 'request.created');
      assert.equal(entry?.body, undefined);
    });

    it('a subscriber stored before sealing (plain secret) still receives signed events; its secret is sealed then', async function () {
      this.timeout(60_000);
      const inbox = receiver.inbox();
      const legacy = await storeWebhook(['disaster.confirmed'], { url: inbox.url }, { legacy: true });
      inbox.secret = legacy.signingSecret;
      const disaster = await confirmedDisaster(admin);
      const event = await waitFor('the disaster.confirmed event', () =>
        Promise.resolve(
          inbox.processed.find((e) => e.type === 'disaster.confirmed' && e.data.disaster.id === disaster.id),
        ),
      );
      assert.ok(
        verifySignature(legacy.signingSecret, inbox.callsFor(event.id)[0]!.headers, inbox.callsFor(event.id)[0]!.body),
      );
      const stored = await waitFor('the secret sealed', async () => {
        const data = (await testDb().collection('webhooks').doc(legacy.id).get()).data();
        return data?.secret === null ? data : undefined;
      });
      assert.match(String(stored.sealed_secret), /^v1\./);
      assert.ok(!JSON.stringify(stored).includes(legacy.signingSecret.slice('whsec_'.length)));
    });

    it('retries after a 500 with the same event id and body, which the receiver processes once', async function () {
      this.timeout(90_000);
      const hook = await subscribe(['disaster.updated']);
      const disaster = await confirmedDisaster(admin);
      hook.inbox.answers.push(500);
      expectStatus(
        await call('PATCH', `/disasters/${disaster.id}`, { token: admin.token, body: { severity: 5 } }),
        200,
      );
      const updated = await waitFor(
        'the retried disaster.updated event',
        () =>
          Promise.resolve(
            hook.inbox.processed.find(
              (event) => event.type === 'disaster.updated' && event.data.disaster.id === disaster.id,
            ),
          ),
        60_000,
      );
      assert.deepEqual(updated.data.changed_fields, ['severity']);
      const calls = hook.inbox.callsFor(updated.id);
      assert.deepEqual(
        calls.map((received) => received.status),
        [500, 200],
      );
      assert.equal(calls[0]!.body, calls[1]!.body, 'the same body on every attempt');
      assert.ok(calls[1]!.at - calls[0]!.at >= 9_000, 'after the back-off (10 s)');
      assert.equal(hook.inbox.processed.filter((event) => event.id === updated.id).length, 1);

      const delivery = await waitFor('the delivery logged as delivered', async () => {
        const stored = (await webhookDeliveryStore.doc(hook.id, updated.id).get()).data();
        return stored?.status === 'delivered' ? stored : undefined;
      });
      assert.equal(delivery.attempt_count, 2);
      assert.deepEqual(
        delivery.attempts.map((attempt) => attempt.status_code),
        [500, 200],
      );
      assert.equal(delivery.next_attempt_at, null);
      assert.equal(delivery.response_excerpt, 'ok');
      const subscriber = (await webhookStore.doc(hook.id).get()).data();
      assert.equal(subscriber?.failing_since, null, 'a success ends the failure run');
      assert.equal(subscriber?.status, 'active');
    });

    it('sends nothing to a disabled subscriber, and re-enabling forgets its failures', async function () {
      this.timeout(60_000);
      const paused = await subscribe(['disaster.confirmed']);
      const failingSince = new Date(Date.now() - 25 * 3600_000).toISOString();
      await webhookStore.update(paused.id, {
        status: 'disabled',
        disabled_reason: 'failing',
        failing_since: failingSince,
      });
      const sentinel = await subscribe(['disaster.confirmed']);
      const disaster = await confirmedDisaster(admin);
      const event = await waitFor('the sentinel delivery', () =>
        Promise.resolve(
          sentinel.inbox.processed.find((e) => e.type === 'disaster.confirmed' && e.data.disaster.id === disaster.id),
        ),
      );
      assert.ok((await webhookDeliveryStore.doc(sentinel.id, event.id).get()).exists);
      assert.equal((await webhookDeliveryStore.doc(paused.id, event.id).get()).exists, false);
      assert.equal(paused.inbox.calls.length, 0);

      const enabled = expectStatus(
        await call('PATCH', `/webhooks/${paused.id}`, { token: admin.token, body: { status: 'active' } }),
        200,
      );
      assert.equal(enabled.status, 'active');
      assert.equal(enabled.disabled_reason, null);
      assert.equal(enabled.failing_since, null);
      assert.equal(enabled.secret, undefined);
      const audit = await auditOf(paused.id);
      assert.ok(audit.some((record) => record.action === 'updated' && record.after?.status === 'active'));
      expectProblem(await call('PATCH', `/webhooks/${paused.id}`, { token: admin.token, body: {} }), 400);
    });
  });

  describe('removal', () => {
    it('DELETE answers 204, then the subscriber and its log are 404; a second DELETE is 404', async () => {
      const hook = await subscribe(['task.status_changed']);
      expectStatus(await call('DELETE', `/webhooks/${hook.id}`, { token: admin.token }), 204);
      assert.equal((await webhookStore.doc(hook.id).get()).exists, false);
      expectProblem(await call('GET', `/webhooks/${hook.id}`, { token: admin.token }), 404);
      expectProblem(await call('GET', `/webhooks/${hook.id}/deliveries`, { token: admin.token }), 404);
      expectProblem(await call('DELETE', `/webhooks/${hook.id}`, { token: admin.token }), 404);
      assert.ok((await auditOf(hook.id)).some((record) => record.action === 'deleted'));
    });
  });
});
