// The local trigger relay (dev/trigger-relay.ts), which stands in for Firestore's events while the
// embedded emulator is in use: exercised in-process against the running emulator with throwaway
// triggers declared here exactly as production code declares them.
import assert from 'node:assert/strict';
import { Timestamp } from 'firebase-admin/firestore';
import { onDocumentCreated, type FirestoreEvent, type QueryDocumentSnapshot } from 'firebase-functions/v2/firestore';
import { findCreateTriggers, relay } from '../dev/trigger-relay.js';
import { projectId, testDb } from './helpers/emulators.js';

type CreatedEvent = FirestoreEvent<QueryDocumentSnapshot | undefined, { id: string }>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(what: string, check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

// The stack uses the relay only with the embedded emulator; the relay itself needs nothing of it
// (it listens through the Admin SDK), so these run against whichever emulator the stack has.
describe('trigger relay (the fallback for the embedded Firestore emulator)', function () {
  it('finds create triggers, skips the rest with a warning, and is quiet when there are none', () => {
    const warnings: string[] = [];
    const exports = {
      created: onDocumentCreated('things/{id}', () => undefined),
      nested: onDocumentCreated('things/{id}/parts/{part}', () => undefined),
      notAFunction: 42,
    };
    const triggers = findCreateTriggers(exports, (m) => warnings.push(m));
    assert.deepEqual(
      triggers.map((t) => [t.name, t.collection, t.retry]),
      [['created', 'things', false]],
    );
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /nested/);
    assert.deepEqual(
      findCreateTriggers({}, (m) => warnings.push(m)),
      [],
    );
    assert.equal(warnings.length, 1);
  });

  it('delivers a Firestore-shaped event per created document, existing ones included, once per creation', async () => {
    const db = testDb();
    await db.doc('relay_things/before').set({ n: 1 });
    const events: CreatedEvent[] = [];
    const logs: string[] = [];
    const exports = { onThing: onDocumentCreated('relay_things/{id}', (event) => void events.push(event)) };
    const stop = relay(findCreateTriggers(exports), { db, projectId: projectId(), log: (l) => logs.push(l) });
    try {
      const at = Timestamp.fromDate(new Date('2024-05-01T12:00:00Z'));
      await db
        .doc('relay_things/a')
        .set({ name: 'Ada', count: 3, ratio: 0.5, at, tags: ['x'], nested: { ok: true }, none: null });
      await until('two deliveries', () => events.length >= 2);
      await db.doc('relay_things/a').update({ count: 4 }); // an update is not a creation
      await sleep(500);
      assert.equal(events.length, 2, logs.join('\n'));

      const event = events.find((e) => e.params.id === 'a')!;
      assert.ok(event, 'the new document was delivered');
      assert.ok(
        events.some((e) => e.params.id === 'before'),
        'the existing document was delivered',
      );
      assert.equal(event.type, 'google.cloud.firestore.document.v1.created');
      assert.equal(event.document, 'relay_things/a');
      assert.equal(event.subject, 'documents/relay_things/a');
      assert.equal(event.project, projectId());
      assert.equal(event.database, '(default)');
      assert.match(event.id, /^[0-9a-f]{32}$/);
      const snapshot = event.data!;
      assert.equal(snapshot.id, 'a');
      assert.equal(snapshot.ref.path, 'relay_things/a');
      const data = snapshot.data();
      assert.equal(data.name, 'Ada');
      assert.equal(data.count, 3);
      assert.equal(data.ratio, 0.5);
      assert.deepEqual(data.tags, ['x']);
      assert.deepEqual(data.nested, { ok: true });
      assert.equal(data.none, null);
      assert.ok((data.at as Timestamp).isEqual(at));
      assert.ok(logs.some((l) => l.startsWith('delivered onThing relay_things/a')));

      // Deleted and created again: a new creation, a new event id.
      await db.doc('relay_things/a').delete();
      await sleep(200);
      await db.doc('relay_things/a').set({ name: 'Ada again' });
      await until('the re-creation', () => events.length >= 3);
      assert.notEqual(events[2]!.id, event.id);
      assert.equal(events[2]!.data!.get('name'), 'Ada again');
    } finally {
      stop();
    }
  });

  it('retries a failing handler with backoff when the trigger asks for retries, and drops otherwise', async () => {
    const db = testDb();
    let calls = 0;
    const ids = new Set<string>();
    let plainCalls = 0;
    const exports = {
      flaky: onDocumentCreated({ document: 'relay_flaky/{id}', retry: true }, (event) => {
        calls += 1;
        ids.add(event.id);
        if (calls < 3) throw new Error(`transient failure ${calls}`);
      }),
      plain: onDocumentCreated('relay_plain/{id}', () => {
        plainCalls += 1;
        throw new Error('always fails');
      }),
    };
    const logs: string[] = [];
    const stop = relay(findCreateTriggers(exports), {
      db,
      projectId: projectId(),
      baseDelayMs: 20,
      log: (l) => logs.push(l),
    });
    try {
      await db.doc('relay_flaky/one').set({ n: 1 });
      await db.doc('relay_plain/one').set({ n: 1 });
      await until('the third attempt', () => calls >= 3 && plainCalls >= 1);
      await sleep(300);
      assert.equal(calls, 3);
      assert.equal(ids.size, 1, 'every attempt carries the same event id');
      assert.equal(plainCalls, 1);
      assert.ok(
        logs.some((l) => l.startsWith('delivered flaky relay_flaky/one') && l.includes('attempt=3')),
        logs.join('\n'),
      );
      assert.ok(
        logs.some((l) => l.startsWith('dropped plain relay_plain/one')),
        logs.join('\n'),
      );
    } finally {
      stop();
    }
  });
});
