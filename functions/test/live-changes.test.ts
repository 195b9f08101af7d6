// The change feeds the console's live views poll (data/changes.ts): GET /requests and GET /tasks
// with updated_since. Requests are arranged through the data layer with times in the past (and a
// planning state the planning trigger leaves alone), so that each test decides what changed when.
import assert from 'node:assert/strict';
import { disasterStore } from '../src/disasters/store.js';
import { requestStore } from '../src/requests/store.js';
import { taskStore } from '../src/tasks/store.js';
import { db } from '../src/data/firestore.js';
import type { HelpRequest } from '../src/requests/model.js';
import { newRequestDocument } from '../src/requests/creation.js';
import { call, expectProblem, expectStatus, registeredUser, type TestUser } from './helpers/api.js';
import { disaster, north, requestValue, storedRequest } from './helpers/planning-fixtures.js';
import { newTask } from './helpers/tasks-fixtures.js';
import { verify } from './helpers/trust.js';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A request of `disasterId` last changed at `at`, stored as planned (the planning trigger leaves it alone). */
async function storedAt(disasterId: string, at: string, overrides: Partial<HelpRequest> = {}): Promise<HelpRequest> {
  const d = await disasterStore.require(disasterId, 'disaster');
  const base = requestValue({ owner: 'someone-else', disasterId, at: north(d.location, 2) });
  const value: HelpRequest = {
    ...base,
    planning: { ...base.planning, state: 'planned', updated_at: at },
    created_at: at,
    updated_at: at,
    status_changed_at: at,
    ...overrides,
  };
  await requestStore.doc(value.id).create(value);
  return value;
}

interface Feed {
  items: { id: string; status: string; disaster_id: string; updated_at: string; view?: string }[];
  next_cursor: string | null;
}

async function changes(user: TestUser, query: string, list = '/requests'): Promise<Feed> {
  return expectStatus(await call('GET', `${list}?${query}`, { token: user.token }), 200);
}

const ids = (feed: Feed) => feed.items.map((item) => item.id);

describe('change feeds (updated_since)', () => {
  before(() => {
    db();
  });

  let admin: TestUser;
  let responder: TestUser;
  before(async () => {
    [admin, responder] = await Promise.all([registeredUser('admin'), registeredUser('responder')]);
  });

  describe('GET /requests?updated_since=', () => {
    it('answers the requests changed at or after the time, oldest change first, then only what changed after the cursor', async () => {
      const d = await disaster();
      const other = await disaster();
      const old = await storedAt(d.id, minutesAgo(60));
      const a = await storedAt(d.id, minutesAgo(30));
      const b = await storedAt(d.id, minutesAgo(20), { status: 'fulfilled' });
      const elsewhere = await storedAt(other.id, minutesAgo(25));

      const since = minutesAgo(45);
      const first = await changes(admin, `disaster_id=${d.id}&updated_since=${since}`);
      assert.deepEqual(ids(first), [a.id, b.id], 'nothing changed before the time, nothing of another disaster');
      assert.ok(first.items.every((item) => item.view === 'staff'));
      assert.equal(first.items[1]!.status, 'fulfilled', 'every status: the client filters');
      assert.equal(typeof first.next_cursor, 'string', 'a change feed always answers where to go on');

      // Nothing changed since: an empty page, the same position.
      const idle = await changes(responder, `disaster_id=${d.id}&updated_since=${since}&cursor=${first.next_cursor}`);
      assert.deepEqual(ids(idle), []);
      assert.equal(idle.next_cursor, first.next_cursor);

      // A change after the cursor: that request alone, in its new state (closed: the queue drops it).
      expectStatus(
        await call('PATCH', `/requests/${old.id}/status`, {
          token: admin.token,
          body: { status: 'closed', closed_reason: 'duplicate' },
        }),
        200,
      );
      const next = await changes(admin, `disaster_id=${d.id}&updated_since=${since}&cursor=${idle.next_cursor}`);
      assert.deepEqual(ids(next), [old.id]);
      assert.equal(next.items[0]!.status, 'closed');
      // Changed less than CHANGE_SETTLE_MS (data/changes.ts) ago: it comes again (a write stamped earlier may still commit).
      const again = await changes(admin, `disaster_id=${d.id}&updated_since=${since}&cursor=${next.next_cursor}`);
      assert.deepEqual(ids(again), [old.id]);

      // Without disaster_id: every disaster's changes.
      const everywhere = await changes(admin, `updated_since=${minutesAgo(26)}&limit=200`);
      assert.deepEqual(ids(everywhere), [elsewhere.id, b.id, old.id]);
      assert.equal((await storedRequest(old.id))?.status, 'closed');
    });

    it('pages by limit without splitting the requests changed in the same millisecond', async () => {
      const d = await disaster();
      const at = minutesAgo(40);
      const same = await Promise.all([storedAt(d.id, at), storedAt(d.id, at), storedAt(d.id, at)]);
      const later = await storedAt(d.id, minutesAgo(39));
      const since = minutesAgo(41);
      const first = await changes(admin, `disaster_id=${d.id}&updated_since=${since}&limit=2`);
      assert.deepEqual(new Set(ids(first)), new Set(same.map((r) => r.id)), 'all three of that millisecond');
      const second = await changes(
        admin,
        `disaster_id=${d.id}&updated_since=${since}&limit=2&cursor=${first.next_cursor}`,
      );
      assert.deepEqual(ids(second), [later.id]);
      const third = await changes(
        admin,
        `disaster_id=${d.id}&updated_since=${since}&limit=2&cursor=${second.next_cursor}`,
      );
      assert.deepEqual(ids(third), []);
    });

    it("reports a request placed into another disaster in its former disaster's changes, with its new disaster", async () => {
      const from = await disaster();
      const to = await disaster();
      const owner = await registeredUser('affected_individual');
      const id = `sms-moved-${Date.now()}`;
      // As the SMS intake stores a request without a point: its first disaster's centre as a placeholder.
      await requestStore.doc(id).create(
        newRequestDocument(
          id,
          owner.uid,
          {
            disaster_id: from.id,
            type_of_need: 'food',
            description: 'Family of three, no food since yesterday',
            location: from.location,
            duplicate_of: null,
            channel: 'sms',
            location_text: 'the school',
            awaiting_location: true,
          },
          minutesAgo(10),
        ),
      );
      const since = minutesAgo(11);
      const before = await changes(admin, `disaster_id=${from.id}&updated_since=${since}`);
      assert.deepEqual(ids(before), [id]);
      expectStatus(
        await call('PUT', `/requests/${id}/location`, {
          token: admin.token,
          body: { location: north(to.location, 3), disaster_id: to.id },
        }),
        200,
      );
      const after = await changes(admin, `disaster_id=${from.id}&updated_since=${since}&cursor=${before.next_cursor}`);
      assert.deepEqual(ids(after), [id], 'the request that left the disaster');
      assert.equal(after.items[0]!.disaster_id, to.id, 'with its new disaster: the client drops it');
      const there = await changes(admin, `disaster_id=${to.id}&updated_since=${since}`);
      assert.deepEqual(ids(there), [id]);
    });

    it('is for admins and responders only, as the list', async () => {
      const d = await disaster();
      const volunteer = await verify(await registeredUser('volunteer'));
      expectStatus(await call('POST', `/disasters/${d.id}/join`, { token: volunteer.token }), 201);
      const owner = await registeredUser('affected_individual');
      for (const user of [volunteer, owner]) {
        expectProblem(
          await call('GET', `/requests?disaster_id=${d.id}&updated_since=${minutesAgo(5)}`, { token: user.token }),
          403,
        );
      }
      expectProblem(await call('GET', `/requests?updated_since=${minutesAgo(5)}`), 401);
    });

    it('answers 400 problem+json for a time that is not one, a filter that would hide changes, or a cursor of the other kind', async () => {
      const d = await disaster();
      await storedAt(d.id, minutesAgo(3));
      await storedAt(d.id, minutesAgo(2));
      const list = await changes(admin, `disaster_id=${d.id}&limit=1`);
      const feed = await changes(admin, `disaster_id=${d.id}&updated_since=${minutesAgo(5)}&limit=1`);
      for (const query of [
        'updated_since=yesterday',
        'updated_since=2026-13-01T00:00:00Z',
        'updated_since=1700000000',
        'updated_since=',
        `updated_since=${minutesAgo(5)}&status=open`,
        `updated_since=${minutesAgo(5)}&type_of_need=water`,
        `updated_since=${minutesAgo(5)}&awaiting_location=true`,
        `updated_since=${minutesAgo(5)}&cursor=${list.next_cursor}`,
        `disaster_id=${d.id}&cursor=${feed.next_cursor}`,
      ]) {
        expectProblem(
          await call('GET', `/requests?${query}`, { token: admin.token, invalidRequest: query }),
          400,
          'validation_failed',
        );
      }
    });
  });

  describe('GET /tasks?updated_since=', () => {
    it("answers a disaster's changed tasks, then the one changed after the cursor; admins only; 400 for a hiding filter", async () => {
      const d = await disaster();
      const other = await disaster();
      const first = await newTask(admin, d.id);
      const second = await newTask(admin, d.id);
      await newTask(admin, other.id);
      // Settled into the past, so that the cursor passes them.
      for (const [task, minutes] of [
        [first, 30],
        [second, 20],
      ] as const) {
        await taskStore.update(task.id, { updated_at: minutesAgo(minutes) });
      }
      const since = minutesAgo(45);
      const scope = `disaster_id=${d.id}&updated_since=${since}`;
      const page = await changes(admin, scope, '/tasks');
      assert.deepEqual(ids(page), [first.id, second.id]);
      const idle = await changes(admin, `${scope}&cursor=${page.next_cursor}`, '/tasks');
      assert.deepEqual(ids(idle), []);
      expectStatus(
        await call('PATCH', `/tasks/${first.id}/status`, { token: admin.token, body: { status: 'cancelled' } }),
        200,
      );
      const next = await changes(admin, `${scope}&cursor=${idle.next_cursor}`, '/tasks');
      assert.deepEqual(ids(next), [first.id]);
      assert.equal(next.items[0]!.status, 'cancelled');

      expectProblem(
        await call('GET', `/tasks?disaster_id=${d.id}&updated_since=${since}`, { token: responder.token }),
        403,
      );
      for (const query of [
        'updated_since=soon',
        `updated_since=${since}&status=pending`,
        `updated_since=${since}&assigned_to=x`,
      ]) {
        expectProblem(
          await call('GET', `/tasks?${query}`, { token: admin.token, invalidRequest: query }),
          400,
          'validation_failed',
        );
      }
    });
  });
});
