// A model-based test of the console's outbox (src/outbox-core.ts): random sequences of a person
// acting, the network going and coming, the server answering 2xx, 5xx, 503 with Retry-After, 429,
// 409 idempotency_key_in_flight, answers lost after the write, a dispatcher cancelling a task
// (409 invalid_transition from then on), invalid bodies (422), reloads of the page and the person
// discarding conflicts, against a fake server that keeps the Idempotency-Key contract (issue 25
// item 1). Invariant: every action is applied exactly once or shown as a conflict (and then never
// applied), and each record's actions reach the server in the order the person took them.
// Runs in Node (no stack needed; dev/run-tests.ts runs web/test/*.test.ts with the console's tests).
import assert from 'node:assert/strict';
import {
  BACKOFF_MAX_MS,
  Outbox,
  backoffMs,
  classify,
  readyToSend,
  type Answer,
  type OutboxAction,
  type OutboxStore,
  type Transport,
} from '../src/outbox-core.js';

/** A small seeded generator (mulberry32): a failing sequence is replayed from its seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** IndexedDB as the outbox sees it: what was put survives a reload. */
class MemoryStore implements OutboxStore {
  readonly rows = new Map<string, OutboxAction>();
  load(owner: string) {
    return Promise.resolve([...this.rows.values()].filter((a) => a.owner === owner).map((a) => structuredClone(a)));
  }
  put(action: OutboxAction) {
    this.rows.set(action.key, structuredClone(action));
    return Promise.resolve();
  }
  remove(key: string) {
    this.rows.delete(key);
    return Promise.resolve();
  }
}

/** The API as the Idempotency-Key draft has it: a key applied once, its answer replayed after. */
class FakeServer {
  /** Keys applied, per record, in the order applied. */
  readonly applied = new Map<string, string[]>();
  readonly answers = new Map<string, Answer>();
  /** Records a dispatcher closed (a cancelled task): any new action on them is refused. */
  readonly closed = new Set<string>();
  online = true;

  constructor(private readonly random: () => number) {}

  receive(action: OutboxAction): Answer {
    if (!this.online) return { network_error: true };
    const replay = this.answers.get(action.key);
    if (replay) return this.random() < 0.2 ? { network_error: true } : replay;
    const roll = this.random();
    if (roll < 0.08) return { status: 500, code: 'internal' };
    if (roll < 0.12) return { status: 503, code: 'unavailable', retry_after_seconds: 5 };
    if (roll < 0.15) return { status: 429, code: 'rate_limited', retry_after_seconds: 2 };
    if (roll < 0.19) return { status: 409, code: 'idempotency_key_in_flight' };
    let answer: Answer;
    if (action.body.invalid) answer = { status: 422, code: 'validation_failed', detail: 'invalid body' };
    else if (this.closed.has(action.record))
      answer = { status: 409, code: 'invalid_transition', detail: 'the task was cancelled' };
    else {
      this.applied.set(action.record, [...(this.applied.get(action.record) ?? []), action.key]);
      answer = { status: 200 };
    }
    // The first answer is kept with the write (a refusal too, as the draft allows).
    this.answers.set(action.key, answer);
    // Applied, but the answer lost on the way back.
    return this.random() < 0.1 ? { network_error: true } : answer;
  }

  timesApplied(key: string): number {
    let count = 0;
    for (const keys of this.applied.values()) count += keys.filter((k) => k === key).length;
    return count;
  }
}

const RECORDS = ['task:a', 'task:b', 'task:c', 'chat:d1', 'availability:me'];

async function runSequence(seed: number, steps: number): Promise<void> {
  const random = prng(seed);
  let clock = 1_700_000_000_000;
  let keys = 0;
  const server = new FakeServer(random);
  const store = new MemoryStore();
  const transport: Transport = {
    send: (action) => Promise.resolve(server.receive(action)),
    explain: () => Promise.resolve('cancelled by Ada Admin at 10:42'),
  };
  const options = { now: () => clock, random, newKey: () => `key-${seed}-${++keys}` };
  let outbox = new Outbox('uid-1', store, transport, options);
  await outbox.open();
  const taken: OutboxAction[] = [];
  /** Conflicts the person saw (and then discarded): never applied. */
  const shownAsConflict = new Set<string>();
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const discardConflicts = async () => {
    for (const action of outbox.list().filter((a) => a.conflict !== null)) {
      shownAsConflict.add(action.key);
      await outbox.discard(action.key);
    }
  };
  let pending: Promise<void> | null = null;

  for (let step = 0; step < steps; step++) {
    const roll = random();
    if (roll < 0.3) {
      const record = random() < 0.15 ? `request:${keys + 1}` : pick(RECORDS);
      taken.push(
        await outbox.add({
          record,
          kind: record.startsWith('request') ? 'request' : 'task_status',
          method: 'PATCH',
          path: `/${record}`,
          body: { step, ...(random() < 0.05 ? { invalid: true } : {}) },
        }),
      );
    } else if (roll < 0.4) server.online = !server.online;
    else if (roll < 0.43) server.closed.add(pick(RECORDS.filter((r) => r.startsWith('task'))));
    else if (roll < 0.6) {
      // A flush left running while the person acts again.
      pending = outbox.flush();
      if (random() < 0.5) await pending;
    } else if (roll < 0.75) clock += Math.floor(random() * 20_000);
    else if (roll < 0.8) {
      await pending;
      // The page reloads: a new outbox reads what the store kept.
      outbox = new Outbox('uid-1', store, transport, options);
      await outbox.open();
    } else if (roll < 0.88) await discardConflicts();
    else if (roll < 0.95 && server.online) await outbox.networkReturned();
  }

  // The network stays, the person resolves every conflict: the queue drains.
  await pending;
  server.online = true;
  for (let round = 0; round < 500 && outbox.list().length > 0; round++) {
    await discardConflicts();
    await outbox.flush();
    clock += BACKOFF_MAX_MS;
  }
  assert.equal(outbox.list().length, 0, `seed ${seed}: the queue drained`);

  for (const action of taken) {
    const times = server.timesApplied(action.key);
    if (shownAsConflict.has(action.key))
      assert.equal(times, 0, `seed ${seed}: ${action.key} shown as a conflict yet applied`);
    else assert.equal(times, 1, `seed ${seed}: ${action.key} applied ${times} times`);
  }
  // The order the person acted in (seq orders only what is queued at the same time).
  const takenAt = new Map(taken.map((a, index) => [a.key, index]));
  for (const [record, applied] of server.applied) {
    const order = applied.map((key) => takenAt.get(key)!);
    assert.deepEqual(
      order,
      [...order].sort((a, b) => a - b),
      `seed ${seed}: ${record} applied out of order`,
    );
  }
}

describe('the outbox (model-based)', function () {
  this.timeout(60_000);

  it('applies every action exactly once or shows it as a conflict, in order per record, over 400 random sequences', async () => {
    for (let seed = 1; seed <= 400; seed++) await runSequence(seed, 120);
  });

  it('classifies answers: 2xx sent; network, 5xx, 429, 409 idempotency_key_in_flight retried; other 4xx a conflict', () => {
    const never = () => 0;
    assert.deepEqual(classify({ status: 201 }, 1, never), { sent: true });
    assert.deepEqual(classify({ network_error: true }, 1, never), { retry_in_ms: 500, failure: 'network' });
    assert.deepEqual(classify({ status: 502 }, 3, never), { retry_in_ms: 2000, failure: 'server' });
    assert.deepEqual(classify({ status: 503, retry_after_seconds: 7 }, 1, never), {
      retry_in_ms: 7000,
      failure: 'server',
    });
    assert.deepEqual(classify({ status: 409, code: 'idempotency_key_in_flight' }, 1, never), {
      retry_in_ms: 500,
      failure: 'server',
    });
    assert.deepEqual(classify({ status: 409, code: 'invalid_transition', detail: 'no' }, 1, never), {
      conflict: { status: 409, code: 'invalid_transition', detail: 'no' },
    });
    assert.deepEqual(classify({ status: 422, code: 'idempotency_key_reused' }, 1, never), {
      conflict: { status: 422, code: 'idempotency_key_reused', detail: 'HTTP 422' },
    });
  });

  it('backs off exponentially up to five minutes', () => {
    const full = () => 1;
    assert.deepEqual(
      [1, 2, 3, 4, 10, 30].map((n) => backoffMs(n, full)),
      [1000, 2000, 4000, 8000, 300_000, 300_000],
    );
  });

  it('holds a record behind its conflict and lets the other records go', () => {
    const action = (key: string, record: string, seq: number, conflict = false): OutboxAction => ({
      key,
      owner: 'u',
      record,
      kind: 'task_status',
      method: 'PATCH',
      path: '/',
      body: {},
      taken_at: '',
      seq,
      attempts: 0,
      not_before: 0,
      last_failure: null,
      conflict: conflict ? { status: 409, code: 'invalid_transition', detail: '' } : null,
    });
    const queue = [action('a2', 'task:a', 3), action('a1', 'task:a', 1, true), action('b1', 'task:b', 2)];
    assert.deepEqual(
      readyToSend(queue, 0).map((a) => a.key),
      ['b1'],
    );
  });
});
