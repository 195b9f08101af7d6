// Idempotency-Key on every write a field client sends (docs/conventions.md, "Idempotency-Key"):
// a repeat answers the first answer with Idempotent-Replayed and writes nothing, another body is a
// 422, ten parallel repeats make one write, a key is the caller's own, and a bad key is a 400.
// Then client_time (kept beside the server's time) and the task moves that arrive too late.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { allEndpoints } from '../src/endpoints.js';
import { auditStore } from '../src/audit/store.js';
import { chatMessageStore } from '../src/chat/store.js';
import { notificationStore } from '../src/notifications/store.js';
import { observationStore } from '../src/observations/store.js';
import { requestStore } from '../src/requests/store.js';
import { userStore } from '../src/users/store.js';
import { db } from '../src/data/firestore.js';
import { claimKey, KeyLease, keyRecord } from '../src/idempotency/store.js';
import { call, expectProblem, expectStatus, registeredUser, type ApiResponse, type TestUser } from './helpers/api.js';
import { confirmedDisaster, readyTask, storedTask } from './helpers/tasks-fixtures.js';

const KEY = 'Idempotency-Key';
const REPLAYED = 'idempotent-replayed';

/** One endpoint's idempotency case, arranged afresh for each test. */
interface Arranged {
  caller: TestUser;
  /** Another caller who may send the same key to the same path, with `otherCallerBody`. */
  other: TestUser;
  otherCallerBody: Record<string, unknown>;
  method: 'POST' | 'PATCH';
  path: string;
  body: Record<string, unknown>;
  /** A body that differs from `body`: the same key with it is a 422. */
  changedBody: Record<string, unknown>;
  /** What the write leaves behind, compared before and after: documents, audit records, notifications. */
  written: () => Promise<unknown>;
}

interface Case {
  endpoint: string;
  arrange: () => Promise<Arranged>;
}

const MANILA_NEAR = { lat: 14.61, lng: 121.01 };
let spot = 0;
/** Observations far from anything else, so the agent's clustering does not join them to other tests' reports. */
const farPoint = () => {
  spot += 1;
  return { lat: -55 + spot * 0.7, lng: -140 + spot * 0.7 };
};

const count = async (query: FirebaseFirestore.Query) => (await query.count().get()).data().count;
const auditBy = (uid: string) => count(auditStore.ref().where('actor_id', '==', uid));
const notificationsOf = (uid: string) => count(notificationStore.ref(uid));

async function send(arranged: Pick<Arranged, 'method' | 'path'>, token: string, body: unknown, key?: string) {
  return call(arranged.method, arranged.path, { token, body, headers: key === undefined ? {} : { [KEY]: key } });
}

let admin: TestUser;
let disasterId: string;

const CASES: Case[] = [
  {
    endpoint: 'POST /requests',
    arrange: async () => {
      const [caller, other] = [
        await registeredUser('affected_individual'),
        await registeredUser('affected_individual'),
      ];
      const body = {
        disaster_id: disasterId,
        type_of_need: 'rescue',
        description: 'Two adults on a roof',
        location: MANILA_NEAR,
      };
      return {
        caller,
        other,
        otherCallerBody: body,
        method: 'POST',
        path: '/requests',
        body,
        changedBody: { ...body, description: 'Three adults on a roof' },
        written: async () => ({
          requests: await count(requestStore.ref().where('owner_id', '==', caller.uid)),
          audit: await auditBy(caller.uid),
        }),
      };
    },
  },
  {
    endpoint: 'PATCH /tasks/{task_id}/status',
    arrange: async () => {
      const caller = await registeredUser('responder');
      const task = await readyTask(admin, caller, disasterId);
      return {
        caller,
        // The dispatcher's own move with the same key is theirs, not a replay of the responder's.
        other: admin,
        otherCallerBody: { status: 'cancelled' },
        method: 'PATCH',
        path: `/tasks/${task.id}/status`,
        body: { status: 'on_route' },
        changedBody: { status: 'failed' },
        written: async () => ({
          moves: (await storedTask(task.id))?.history.filter((entry) => entry.action === 'status_changed').length,
          audit: await auditBy(caller.uid),
          notified: await notificationsOf(admin.uid),
        }),
      };
    },
  },
  {
    endpoint: 'POST /observations',
    arrange: async () => {
      const [caller, other] = [await registeredUser('volunteer'), await registeredUser('volunteer')];
      const body = { type: 'damage', description: 'Roof torn off the school', location: farPoint(), severity: 3 };
      return {
        caller,
        other,
        otherCallerBody: { ...body, location: farPoint() },
        method: 'POST',
        path: '/observations',
        body,
        changedBody: { ...body, severity: 4 },
        written: () => count(observationStore.ref().where('reporter_id', '==', caller.uid)),
      };
    },
  },
  {
    endpoint: 'POST /disasters/{id}/chat/messages',
    arrange: async () => {
      // Admins post without joining.
      const [caller, other] = [await registeredUser('admin'), await registeredUser('admin')];
      return {
        caller,
        other,
        otherCallerBody: { text: 'Boats leave at six' },
        method: 'POST',
        path: `/disasters/${disasterId}/chat/messages`,
        body: { text: 'Boats leave at six' },
        changedBody: { text: 'Boats leave at seven' },
        written: () => count(chatMessageStore.ref(disasterId).where('sender_id', '==', caller.uid)),
      };
    },
  },
  {
    endpoint: 'PATCH /users/me/location',
    arrange: async () => {
      const [caller, other] = [await registeredUser('volunteer'), await registeredUser('volunteer')];
      return {
        caller,
        other,
        otherCallerBody: { location: { lat: 14.5, lng: 121.1 } },
        method: 'PATCH',
        path: '/users/me/location',
        body: { location: { lat: 14.6, lng: 121.0 } },
        changedBody: { location: { lat: 14.7, lng: 121.0 } },
        // An update: one write leaves one updated_at, whatever came after it.
        written: async () => (await userStore.get(caller.uid))?.updated_at,
      };
    },
  },
  {
    endpoint: 'PATCH /users/me/availability',
    arrange: async () => {
      const [caller, other] = [await registeredUser('volunteer'), await registeredUser('volunteer')];
      return {
        caller,
        other,
        otherCallerBody: { availability: 'available' },
        method: 'PATCH',
        path: '/users/me/availability',
        body: { availability: 'available' },
        changedBody: { availability: 'unavailable' },
        written: async () => (await userStore.get(caller.uid))?.updated_at,
      };
    },
  },
];

function assertReplayOf(first: ApiResponse, repeat: ApiResponse): void {
  assert.equal(repeat.status, first.status, repeat.text);
  assert.equal(repeat.headers.get(REPLAYED), 'true');
  assert.deepEqual(repeat.body, first.body);
}

describe('Idempotency-Key', () => {
  before(async () => {
    admin = await registeredUser('admin');
    disasterId = (await confirmedDisaster()).id;
  });

  it('is declared on exactly the writes a field client sends', () => {
    const keyed = allEndpoints.filter((e) => e.idempotent).map((e) => `${e.method.toUpperCase()} ${e.path}`);
    assert.deepEqual(keyed.sort(), CASES.map((c) => c.endpoint).sort());
  });

  for (const { endpoint, arrange } of CASES) {
    describe(endpoint, () => {
      it('a repeat answers the same status and body with Idempotent-Replayed: true, and writes nothing', async () => {
        const a = await arrange();
        const key = randomUUID();
        const first = await send(a, a.caller.token, a.body, key);
        assert.ok(first.status === 200 || first.status === 201, first.text);
        assert.equal(first.headers.get(REPLAYED), null);
        const afterFirst = await a.written();
        for (let i = 0; i < 2; i++) assertReplayOf(first, await send(a, a.caller.token, a.body, key));
        // The body's keys in another order are the same request.
        const reordered = Object.fromEntries(Object.entries(a.body).reverse());
        assertReplayOf(first, await send(a, a.caller.token, reordered, key));
        assert.deepEqual(await a.written(), afterFirst);
      });

      it('the same key with another body is 422 idempotency_key_reused, and writes nothing', async () => {
        const a = await arrange();
        const key = randomUUID();
        const first = await send(a, a.caller.token, a.body, key);
        assert.ok(first.status < 300, first.text);
        const afterFirst = await a.written();
        expectProblem(await send(a, a.caller.token, a.changedBody, key), 422, 'idempotency_key_reused');
        assert.deepEqual(await a.written(), afterFirst);
      });

      it('ten parallel requests with one key make one write; the others are replayed or 409 in flight', async function () {
        // Ten calls at once on a machine shared with other stacks: seconds each, not milliseconds.
        this.timeout(90_000);
        const a = await arrange();
        const before = await a.written();
        const key = randomUUID();
        const answers = await Promise.all(Array.from({ length: 10 }, () => send(a, a.caller.token, a.body, key)));
        const statuses = answers.map((r) => r.status);
        const successes = answers.filter((r) => r.status < 300);
        const firsts = successes.filter((r) => r.headers.get(REPLAYED) === null);
        assert.equal(firsts.length, 1, `one answer ran the write: ${statuses.join(' ')}`);
        for (const replay of successes) assert.deepEqual(replay.body, firsts[0]!.body);
        for (const busy of answers.filter((r) => r.status >= 300)) {
          expectProblem(busy, 409, 'idempotency_key_in_flight');
          assert.ok(Number(busy.headers.get('retry-after')) >= 1);
        }
        // Once the first has answered, every repeat is its replay.
        assertReplayOf(firsts[0]!, await send(a, a.caller.token, a.body, key));
        const after = await a.written();
        assert.notDeepEqual(after, before, 'the write happened');
        if (typeof after === 'string') assert.equal(after, firsts[0]!.body.updated_at);
        else if (typeof after === 'number') assert.equal(after, (before as number) + 1);
        else {
          for (const [what, n] of Object.entries(after as Record<string, number>)) {
            if (what !== 'notified') assert.equal(n, (before as Record<string, number>)[what]! + 1, what);
          }
        }
      });

      it("a key is the caller's own: another caller's same key runs their own write", async () => {
        const a = await arrange();
        const key = randomUUID();
        const first = await send(a, a.caller.token, a.body, key);
        assert.ok(first.status < 300, first.text);
        const theirs = await send(a, a.other.token, a.otherCallerBody, key);
        assert.ok(theirs.status < 300, theirs.text);
        assert.equal(theirs.headers.get(REPLAYED), null);
        assert.notDeepEqual(theirs.body, first.body);
      });

      it('a key longer than 255 characters or not printable ASCII is a 400, and nothing is written', async () => {
        const a = await arrange();
        const before = await a.written();
        for (const key of ['k'.repeat(256), 'clé', 'a\tb', '""']) {
          const answer = await call(a.method, a.path, {
            token: a.caller.token,
            body: a.body,
            headers: { [KEY]: key },
            invalidRequest: 'an invalid Idempotency-Key',
          });
          const problem = expectProblem(answer, 400, 'validation_failed');
          assert.ok(
            problem.errors.some((e: { path: string }) => e.path === `headers.${KEY}`),
            answer.text,
          );
        }
        assert.deepEqual(await a.written(), before);
        // 255 printable characters, bare or as the draft's quoted string, are a key.
        const longest = await send(a, a.caller.token, a.body, `"${'k'.repeat(254)}\\""`);
        assert.ok(longest.status < 300, longest.text);
      });
    });
  }

  describe('the key record', () => {
    const body = () => ({ type: 'damage', description: 'Bridge cracked', location: farPoint(), severity: 2 });

    it('a failed first request keeps nothing: the key may be sent again, with another body', async () => {
      const reporter = await registeredUser('volunteer');
      const key = randomUUID();
      expectProblem(
        await call('POST', '/observations', {
          token: reporter.token,
          body: { ...body(), disaster_id: 'no-such-disaster' },
          headers: { [KEY]: key },
        }),
        404,
        'not_found',
      );
      const created = await call('POST', '/observations', {
        token: reporter.token,
        body: body(),
        headers: { [KEY]: key },
      });
      expectStatus(created, 201);
      assert.equal(created.headers.get(REPLAYED), null);
    });

    it('stores the answer with expires_at 72 hours on; a record left in flight by a dead process is 409 until its lease ends, then runs once, and fences the dead one out', async () => {
      const reporter = await registeredUser('volunteer');
      const key = randomUUID();
      const sent = body();
      const scope = { uid: reporter.uid, method: 'post', path: '/observations', params: undefined };
      // A request that took the key and died before its commit. The body as the pipeline parsed it.
      const dead = await claimKey(scope, key, { ...sent, disaster_id: null });
      assert.ok(dead instanceof KeyLease);
      const busy = await call('POST', '/observations', { token: reporter.token, body: sent, headers: { [KEY]: key } });
      expectProblem(busy, 409, 'idempotency_key_in_flight');
      assert.equal(busy.headers.get('retry-after'), '1');
      assert.equal(await count(observationStore.ref().where('reporter_id', '==', reporter.uid)), 0);

      const record = { ref: keyRecord(scope, key) };
      await record.ref.update({ lease_expires_at: Timestamp.fromMillis(Date.now() - 1000) });
      const created = await call('POST', '/observations', {
        token: reporter.token,
        body: sent,
        headers: { [KEY]: key },
      });
      expectStatus(created, 201);
      assertReplayOf(
        created,
        await call('POST', '/observations', { token: reporter.token, body: sent, headers: { [KEY]: key } }),
      );
      const stored = (await record.ref.get()).data()!;
      assert.equal(stored.state, 'answered');
      assert.equal(stored.status, 201);
      const kept = stored.expires_at.toMillis() - stored.created_at.toMillis();
      assert.equal(kept, 72 * 3_600_000);

      // The dead request's commit, had it come late, fails: its lease was taken over.
      const batch = db().batch();
      dead.stage(batch, 201, { late: true });
      await assert.rejects(batch.commit(), (error: { code?: number }) => error.code === 9);
      assert.equal(await count(observationStore.ref().where('reporter_id', '==', reporter.uid)), 1);
    });
  });
});
