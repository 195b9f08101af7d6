// Firestore triggers as production runs them: the official Firestore emulator delivers each
// document creation to the Functions emulator, which runs the exported trigger in a worker of its
// own (no relay in this process or the stack). Eventarc delivers at least once and in no
// particular order, so every handler must shrug off a repeat and a late, out-of-order delivery:
// after a flow that fires all five triggers, every creation event is delivered again through the
// Functions emulator's own event route, twice and newest first, and nothing in Firestore changes.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { createdEvent, findCreateTriggers, type CreateTrigger } from '../dev/trigger-relay.js';
import { newPhoneContact } from '../src/channels/model.js';
import { phoneContactStore } from '../src/channels/store.js';
import { observationStore } from '../src/observations/store.js';
import { requestStore } from '../src/requests/store.js';
import { workflowOutputStore } from '../src/workflow/store.js';
import { call, expectStatus, registeredUser, type TestUser } from './helpers/api.js';
import { eventually, observationValue, sleep } from './helpers/disasters.js';
import { projectId, testDb } from './helpers/emulators.js';
import { disaster, requestValue, spot } from './helpers/planning-fixtures.js';
import { confirmedDisaster, helpRequest, newTask } from './helpers/tasks-fixtures.js';

const REGION = 'us-central1';

/** Every document of the database, by path, as plain data (nested collections included). */
async function everything(): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  const walk = async (collections: FirebaseFirestore.CollectionReference[]) => {
    for (const collection of collections) {
      const documents = await collection.listDocuments();
      for (const ref of documents) {
        const snapshot = await ref.get();
        if (snapshot.exists) out.set(ref.path, JSON.parse(JSON.stringify(snapshot.data())));
        await walk(await ref.listCollections());
      }
    }
  };
  await walk(await testDb().listCollections());
  return out;
}

/** Waits until two reads of the whole database 1.5 s apart agree: every trigger and queued job is done. */
async function quiet(): Promise<Map<string, unknown>> {
  let previous = await everything();
  const deadline = Date.now() + 90_000;
  for (;;) {
    await sleep(1500);
    const now = await everything();
    if (JSON.stringify([...now]) === JSON.stringify([...previous])) return now;
    if (Date.now() > deadline) throw new Error('the database never came to rest');
    previous = now;
  }
}

/** Delivers `event` to `trigger` the way the Firestore emulator does: a POST to the Functions emulator's event route. */
async function deliver(trigger: CreateTrigger, snapshot: DocumentSnapshot): Promise<number> {
  const functionsHost = new URL(process.env.API_BASE_URL ?? '').host;
  const url = `http://${functionsHost}/functions/projects/${projectId()}/triggers/${REGION}-${trigger.name}-0`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(createdEvent(trigger, snapshot, projectId())),
  });
  await response.arrayBuffer();
  return response.status;
}

describe('Firestore triggers delivered by the platform (official Firestore emulator)', function () {
  this.timeout(240_000);
  let receiver: Server;
  let admin: TestUser;

  before(async function (this: Mocha.Context) {
    if (process.env.STACK_FIRESTORE_KIND !== 'official') {
      console.log(
        '\n      NOT RUN: the stack runs the embedded Firestore emulator, which sends no trigger events (the relay stands in; see the stack’s first line).\n',
      );
      this.skip();
    }
    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    admin = await registeredUser('admin');
  });

  after(() => new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve())));

  it('a delivery that fails is delivered again with back-off when the function declares retry (planRequest)', async () => {
    // A request created while another planning run holds its lease for 3 s more: the first
    // delivery throws (the lease is live) and asks the platform to deliver it again; the
    // emulator alone would only log the failure, so the request would wait for the sweeper.
    const owner = await registeredUser('affected_individual');
    const value = requestValue({ owner: owner.uid, disasterId: (await disaster()).id, at: spot() });
    const leaseEnds = new Date(Date.now() + 3000).toISOString();
    await requestStore.doc(value.id).create({
      ...value,
      planning: { ...value.planning, state: 'planning', attempts: 1, lease_expires_at: leaseEnds, run_id: 'gone' },
    });
    const planned = await eventually(
      'a later delivery to take over the expired lease and plan it',
      async () => {
        const stored = await requestStore.get(value.id);
        return stored?.planning.state === 'planned' ? stored : undefined;
      },
      // Generous: the Functions emulator kills the worker of every delivery that throws, and a
      // worker killed inside its transaction leaves a lock that the next attempts wait out.
      120_000,
    );
    assert.ok(Date.parse(planned.planning.updated_at) >= Date.parse(leaseEnds), 'planned only after the lease ended');
    const outputs = await workflowOutputStore.ref().where('request_id', '==', value.id).get();
    assert.equal(outputs.size, 1, 'planned once');
  });

  it('every trigger, delivered again twice and newest first, writes nothing more', async () => {
    const port = (receiver.address() as { port: number }).port;
    // A flow that fires all five: audit records (outbound, webhooks), a request (planning), an
    // SMS to a phone-only person (outbound delivery), an observation (the disaster agent).
    expectStatus(
      await call('POST', '/webhooks', {
        token: admin.token,
        body: {
          url: `http://127.0.0.1:${port}/hook`,
          events: ['request.status_changed', 'task.status_changed'],
          description: 'replay test',
        },
      }),
      201,
    );
    const disaster = await confirmedDisaster();
    const person = await registeredUser('affected_individual');
    const number = `+6391${String(process.pid % 10000).padStart(4, '0')}7777`;
    const now = new Date().toISOString();
    await phoneContactStore
      .doc(number)
      .set(newPhoneContact({ number, uid: person.uid, language: 'en', channel: 'sms', at: now }));
    const request = await helpRequest(disaster.id, person.uid);
    await newTask(admin, disaster.id, { request_id: request.id, priority: 1 });
    const observation = observationValue(disaster.location);
    await observationStore.doc(observation.id).set(observation);

    // Each trigger ran, delivered by the platform: a plan, a sent SMS, a webhook delivery.
    await eventually('the request to be planned', async () =>
      (await requestStore.get(request.id))?.planning.state === 'planned' ? true : undefined,
    );
    await eventually('an SMS sent to the person', async () => {
      const sent = await testDb().collection('outbound_messages').where('to', '==', number).get();
      return sent.docs.some((d) => d.get('status') === 'sent') ? true : undefined;
    });
    const before = await quiet();

    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const triggers = findCreateTriggers(require(join(__dirname, '..', 'lib', 'index.js')) as Record<string, unknown>);
    assert.deepEqual(triggers.map((t) => t.name).sort(), [
      'deliverOutbound',
      'fanOutWebhooks',
      'outboundFromAudit',
      'planRequest',
      'suggestDisasters',
    ]);
    const replayed: Record<string, number> = {};
    for (const trigger of triggers) {
      const created = (await testDb().collection(trigger.collection).get()).docs.sort((a, b) =>
        b.createTime.valueOf().localeCompare(a.createTime.valueOf()),
      );
      assert.ok(created.length > 0, `${trigger.name} had nothing to replay: the flow did not fire it`);
      for (const snapshot of created) {
        // Twice at once, then once more after the newer ones: a repeat and a late delivery.
        const statuses = await Promise.all([deliver(trigger, snapshot), deliver(trigger, snapshot)]);
        assert.deepEqual(statuses, [200, 200], `${trigger.name} ${snapshot.ref.path}`);
        replayed[trigger.name] = (replayed[trigger.name] ?? 0) + 2;
      }
      for (const snapshot of [...created].reverse()) assert.equal(await deliver(trigger, snapshot), 200);
    }
    console.log(`      replayed: ${JSON.stringify(replayed)} (each twice, then once oldest first)`);
    const after = await quiet();
    assert.deepEqual([...after.keys()].sort(), [...before.keys()].sort(), 'no document appeared or disappeared');
    for (const [path, data] of before) assert.deepEqual(after.get(path), data, path);
  });
});
