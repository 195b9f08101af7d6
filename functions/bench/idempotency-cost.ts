// What an Idempotency-Key costs in Firestore reads and writes (docs/conventions.md, "Idempotency-Key"),
// counted by the embedded emulator like Figure 3 (bench/firestore-cost.ts): each keyed write once
// without a key, once with a new key, then its replay, its reuse with another body (422) and a bad key
// (400). `npx tsx bench/idempotency-cost.ts` (its own stack; under /work/notes/with-stack where stacks
// are shared). Prints a Markdown table.
import { randomUUID } from 'node:crypto';
import { call, registeredUser } from '../test/helpers/api.js';
import { confirmedDisaster, readyTask } from '../test/helpers/tasks-fixtures.js';
import { openSession, type FirestoreMetrics, type Session } from './session.js';

interface Keyed {
  endpoint: string;
  /** A fresh call: method, path, token, and a body and another body. */
  arrange: () => Promise<{ method: string; path: string; token: string; body: object; other: object }>;
}

const billedReads = (m: FirestoreMetrics) => m.reads + m.missing_reads + m.empty_queries;

async function measured(session: Session, send: () => Promise<{ status: number }>) {
  await session.waitForQuiet();
  await session.takeMetrics();
  const { status } = await send();
  const m = await session.takeMetrics();
  const keys = m.by_collection.idempotency_keys ?? { reads: 0, writes: 0 };
  return `${status}: ${billedReads(m)}r/${m.writes}w (keys ${keys.reads}r/${keys.writes}w)`;
}

async function main(): Promise<void> {
  const session = await openSession((m) => console.error(m));
  try {
    const admin = await registeredUser('admin');
    const disasterId = (await confirmedDisaster()).id;
    let spot = 0;
    const cases: Keyed[] = [
      {
        endpoint: 'POST /requests',
        arrange: async () => {
          const body = {
            disaster_id: disasterId,
            type_of_need: 'food',
            description: 'Food for four',
            location: { lat: 14.6, lng: 121 },
          };
          const user = await registeredUser('affected_individual');
          return {
            method: 'POST',
            path: '/requests',
            token: user.token,
            body,
            other: { ...body, type_of_need: 'water' },
          };
        },
      },
      {
        endpoint: 'PATCH /tasks/{task_id}/status',
        arrange: async () => {
          const responder = await registeredUser('responder');
          const task = await readyTask(admin, responder, disasterId);
          const path = `/tasks/${task.id}/status`;
          return {
            method: 'PATCH',
            path,
            token: responder.token,
            body: { status: 'on_route' },
            other: { status: 'failed' },
          };
        },
      },
      {
        endpoint: 'POST /observations',
        arrange: async () => {
          spot += 1;
          const body = {
            type: 'damage',
            description: 'Wall down',
            location: { lat: -30 + spot, lng: -100 },
            severity: 2,
          };
          const user = await registeredUser('volunteer');
          return { method: 'POST', path: '/observations', token: user.token, body, other: { ...body, severity: 3 } };
        },
      },
      {
        endpoint: 'POST /disasters/{id}/chat/messages',
        arrange: () =>
          Promise.resolve({
            method: 'POST',
            path: `/disasters/${disasterId}/chat/messages`,
            token: admin.token,
            body: { text: 'On our way' },
            other: { text: 'Not coming' },
          }),
      },
      {
        endpoint: 'PATCH /users/me/location',
        arrange: async () => ({
          method: 'PATCH',
          path: '/users/me/location',
          token: (await registeredUser('volunteer')).token,
          body: { location: { lat: 14.6, lng: 121 } },
          other: { location: { lat: 14.7, lng: 121 } },
        }),
      },
      {
        endpoint: 'PATCH /users/me/availability',
        arrange: async () => ({
          method: 'PATCH',
          path: '/users/me/availability',
          token: (await registeredUser('volunteer')).token,
          body: { availability: 'available' },
          other: { availability: 'unavailable' },
        }),
      },
    ];
    console.log('| endpoint | no key | new key | replay | another body (422) | bad key (400) |');
    console.log('|---|---|---|---|---|---|');
    for (const { endpoint, arrange } of cases) {
      const plain = await arrange();
      const withoutKey = await measured(session, () => call(plain.method, plain.path, plain));
      const a = await arrange();
      const key = randomUUID();
      const headers: Record<string, string> = { 'Idempotency-Key': key };
      const send = (body: object, h = headers) =>
        call(a.method, a.path, { token: a.token, body, headers: h, invalidRequest: 'measured' });
      const first = await measured(session, () => send(a.body));
      const replay = await measured(session, () => send(a.body));
      const reused = await measured(session, () => send(a.other));
      const bad = await measured(session, () => send(a.body, { 'Idempotency-Key': 'k'.repeat(256) }));
      console.log(`| \`${endpoint}\` | ${withoutKey} | ${first} | ${replay} | ${reused} | ${bad} |`);
    }
  } finally {
    await session.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
