// Figure 2 (bench/request-overhead.ts): the endpoints measured under load, each beside its bare twin.
import { requestStore } from '../../src/requests/store.js';
import { taskStore } from '../../src/tasks/store.js';
import { db } from '../../src/data/firestore.js';
import { registeredUser, type TestUser } from '../../test/helpers/api.js';
import { readyTask } from '../../test/helpers/tasks-fixtures.js';
import { disaster, requestValue, spot, waitFor } from '../../test/helpers/planning-fixtures.js';
import type { HttpCall } from '../load.js';
import type { Session } from '../session.js';
import { knownNumbers, twilioStatusMessage, request } from './fixtures.js';

export interface OverheadScenario {
  name: string;
  expect: number;
  /** Fewer calls than the run's default (a slow endpoint), as a fraction of it. */
  share?: number;
  /** `calls`: at most this many calls per side (for scenarios that use up their data). */
  prepare(
    session: Session,
    calls: number,
  ): Promise<{ ours: (i: number) => HttpCall; baseline: (i: number) => HttpCall; settle?: () => Promise<void> }>;
}

/**
 * `count` copies of a task that is assigned to `assignee` and authorized, ready to go on_route:
 * one made through the API, cloned in batches (raw documents, new ids and sort keys).
 */
async function readyTasks(assignee: TestUser, count: number): Promise<string[]> {
  const admin = await registeredUser('admin');
  const d = await disaster();
  const model = (await readyTask(admin, assignee, d.id)) as { id: string };
  const raw = (await db().collection(taskStore.path).doc(model.id).get()).data() ?? {};
  const ids: string[] = [];
  for (let start = 0; start < count; start += 400) {
    const batch = db().batch();
    for (let i = start; i < Math.min(count, start + 400); i++) {
      const id = `${model.id}-${i}`;
      ids.push(id);
      batch.set(db().collection(taskStore.path).doc(id), {
        ...raw,
        id,
        sort_key: `${String(raw.sort_key).split('~')[0]}~${id}`,
      });
    }
    await batch.commit();
  }
  return ids;
}

/** `count` stored requests that the planning trigger skips at once (marked as duplicates). */
async function seedRequests(owner: string, disasterId: string, count: number): Promise<void> {
  const batch = db().batch();
  for (let i = 0; i < count; i++) {
    const value = { ...requestValue({ owner, disasterId, at: spot() }), duplicate_of: 'bench-original' };
    batch.set(requestStore.doc(value.id), value);
  }
  await batch.commit();
}

const both = (session: Session, method: string, path: string, token: string, body?: unknown) => ({
  ours: () => ({ method, url: `${session.apiUrl}${path}`, token, body }),
  baseline: () => ({ method, url: `${session.baselineUrl}${path}`, token, body }),
});

export const overheadScenarios: OverheadScenario[] = [
  {
    name: 'POST /channels/twilio/inbound (STATUS, to the TwiML reply)',
    expect: 200,
    async prepare(session) {
      const numbers = await knownNumbers(20);
      const twilioCall = (base: string) => (i: number) => {
        const url = `${base}/channels/twilio/inbound`;
        const { form, signature } = twilioStatusMessage(url, numbers[i % numbers.length]!);
        return { method: 'POST', url, token: '', form, headers: { 'x-twilio-signature': signature } };
      };
      return { ours: twilioCall(session.apiUrl), baseline: twilioCall(session.baselineUrl) };
    },
  },
  {
    name: 'GET /users/me',
    expect: 200,
    async prepare(session) {
      const user = await registeredUser('volunteer');
      return both(session, 'GET', '/users/me', user.token);
    },
  },
  {
    name: 'GET /requests/{id}',
    expect: 200,
    async prepare(session) {
      const owner = await registeredUser('affected_individual');
      const req = await request(owner);
      return both(session, 'GET', `/requests/${req.id}`, owner.token);
    },
  },
  {
    name: 'GET /requests?limit=50',
    expect: 200,
    async prepare(session) {
      const responder = await registeredUser('responder');
      const d = await disaster();
      await seedRequests('bench-owner', d.id, 60);
      await waitFor(
        'the relay to skip the seeded requests',
        async () => {
          const seeded = await requestStore.ref().where('disaster_id', '==', d.id).get();
          return seeded.docs.every((doc) => doc.data().planning.state === 'skipped') ? true : undefined;
        },
        30_000,
      );
      return both(session, 'GET', '/requests?limit=50', responder.token);
    },
  },
  {
    name: 'POST /requests',
    expect: 201,
    share: 0.5,
    async prepare(session) {
      // One owner at one place: after the first, every request is a likely duplicate, which the
      // planning trigger skips at once, so the load measures the call rather than the planner.
      const owner = await registeredUser('affected_individual');
      const d = await disaster();
      const body = {
        disaster_id: d.id,
        type_of_need: 'water',
        description: 'Bench: drinking water for 5',
        location: d.location,
      };
      return {
        ...both(session, 'POST', '/requests', owner.token, body),
        // The trigger relay works through every creation after the load: let it finish first.
        settle: async () => {
          await waitFor(
            'the relay to handle every request of the load',
            async () => {
              const made = await requestStore.ref().where('owner_id', '==', owner.uid).get();
              return made.docs.every((doc) => doc.data().planning.state !== 'pending') ? true : undefined;
            },
            300_000,
          );
        },
      };
    },
  },
  {
    name: 'PATCH /tasks/{id}/status',
    expect: 200,
    // pending → on_route by the assignee: each call moves a task of its own, ready in advance.
    async prepare(session, calls) {
      const assignee = await registeredUser('responder');
      const ours = await readyTasks(assignee, calls);
      const theirs = await readyTasks(assignee, calls);
      const body = { status: 'on_route' };
      return {
        ours: (i) => ({
          method: 'PATCH',
          url: `${session.apiUrl}/tasks/${ours[i]}/status`,
          token: assignee.token,
          body,
        }),
        baseline: (i) => ({
          method: 'PATCH',
          url: `${session.baselineUrl}/tasks/${theirs[i]}/status`,
          token: assignee.token,
          body,
        }),
      };
    },
  },
];
