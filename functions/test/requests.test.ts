import assert from 'node:assert/strict';
import { requestStore } from '../src/requests/store.js';
import { db } from '../src/data/firestore.js';
import { call, expectProblem, expectStatus, registeredUser, type TestUser } from './helpers/api.js';
import { tokenFor } from './helpers/emulators.js';
import type { Location } from '../src/shared/schemas.js';
import { disaster, join, north, spot, storedRequest } from './helpers/planning-fixtures.js';
import { verify } from './helpers/trust.js';

async function requestsOf(uid: string) {
  return (await requestStore.ref().where('owner_id', '==', uid).get()).docs.map((d) => d.data());
}

/** Disaster centres, so that requests lie inside their disaster's area (50 km radius here). */
const centres = new Map<string, Location>();
let placed = 0;
/** A point inside the disaster, 1 to 40 km north of its centre, a different one each call. */
function near(disasterId: string): Location {
  placed += 1;
  const centre = centres.get(disasterId);
  return centre ? north(centre, 1 + (placed % 40)) : spot(); // anywhere, for disasters that do not exist
}

async function newDisaster() {
  const created = await disaster();
  centres.set(created.id, created.location);
  return created;
}

function payload(disasterId: string, overrides: Record<string, unknown> = {}) {
  return {
    disaster_id: disasterId,
    type_of_need: 'water',
    description: 'Twelve people without drinking water',
    location: near(disasterId),
    ...overrides,
  };
}

async function raise(user: TestUser, body: Record<string, unknown>) {
  return expectStatus(await call('POST', '/requests', { token: user.token, body }), 201);
}

describe('requests', () => {
  before(() => {
    db(); // the service's Firestore settings apply before any other use
  });

  let disasterId: string;
  let admin: TestUser;
  let responder: TestUser;
  before(async () => {
    disasterId = (await newDisaster()).id;
    admin = await registeredUser('admin');
    responder = await registeredUser('responder');
  });

  describe('POST /requests', () => {
    it('stores an open request owned by the caller and answers 201 at once, before any planning', async () => {
      const owner = await registeredUser('affected_individual');
      const body = payload(disasterId);
      const started = Date.now();
      const response = await call('POST', '/requests', { token: owner.token, body });
      const elapsed = Date.now() - started;
      const created = expectStatus(response, 201);
      assert.ok(elapsed < 1000, `answered in ${elapsed} ms`);
      assert.equal(created.status, 'open');
      assert.equal(created.owner_id, owner.uid);
      assert.equal(created.disaster_id, disasterId);
      assert.equal(created.type_of_need, 'water');
      assert.deepEqual(created.location, body.location);
      assert.equal(created.duplicate_of, null);
      assert.equal(created.planning.state, 'pending');
      assert.equal(created.view, 'owner');
      assert.equal(created.match_summary, null);
      assert.equal(created.potential_matches, undefined, 'the matches go to staff only');
      assert.equal(created.sort_key, undefined, 'internal fields are not sent');
      assert.equal(created.geohash, undefined, 'internal fields are not sent');
      const stored = await storedRequest(created.id);
      assert.equal(stored?.owner_id, owner.uid);
      assert.equal(stored?.status, 'open');
      const snapshot = await db().collection('requests').doc(created.id).get();
      const due = snapshot.get('planning_due_at') as { toMillis(): number } | null;
      // The planning trigger may already have run: then nothing is left for the sweeper.
      const settled = snapshot.get('planning.state') as string;
      if (settled === 'pending' || settled === 'planning') {
        assert.ok(due && due.toMillis() > Date.now(), 'the sweeper will look at it if no trigger run plans it');
      } else {
        assert.equal(due, null, `a ${settled} request is not due for the sweeper`);
      }
    });

    const invalid: [string, (disasterId: string) => unknown][] = [
      [
        'no disaster_id',
        (d) => {
          const { disaster_id: _, ...rest } = payload(d);
          return rest;
        },
      ],
      ['a disaster_id that is a path', () => payload('a/b')],
      ['an unknown type_of_need', (d) => payload(d, { type_of_need: 'pizza' })],
      ['a type_of_need in capitals', (d) => payload(d, { type_of_need: 'WATER' })],
      ['an empty description', (d) => payload(d, { description: '' })],
      ['a blank description', (d) => payload(d, { description: '    ' })],
      ['a description over 2000 characters', (d) => payload(d, { description: 'x'.repeat(2001) })],
      ['a description with control characters', (d) => payload(d, { description: 'help\u0000me now' })],
      ['a description that is not a string', (d) => payload(d, { description: 42 })],
      [
        'no location',
        (d) => {
          const { location: _, ...rest } = payload(d);
          return rest;
        },
      ],
      ['a latitude above 90', (d) => payload(d, { location: { lat: 90.5, lng: 0 } })],
      ['a latitude below -90', (d) => payload(d, { location: { lat: -91, lng: 0 } })],
      ['a longitude beyond 180', (d) => payload(d, { location: { lat: 0, lng: 180.01 } })],
      ['a latitude given as a string', (d) => payload(d, { location: { lat: '10', lng: 0 } })],
      ['a location with an extra field', (d) => payload(d, { location: { lat: 1, lng: 1, alt: 3 } })],
      ['an unknown field', (d) => payload(d, { status: 'fulfilled' })],
      ['an owner chosen by the client', (d) => payload(d, { owner_id: 'someone-else' })],
      ['an array instead of an object', (d) => [payload(d)]],
    ];
    for (const [what, body] of invalid) {
      it(`refuses ${what} with 400 and stores nothing`, async () => {
        const owner = await registeredUser('affected_individual');
        const problem = expectProblem(
          await call('POST', '/requests', { token: owner.token, body: body(disasterId), invalidRequest: what }),
          400,
          'validation_failed',
        );
        assert.ok(Array.isArray(problem.errors) && problem.errors.length > 0);
        assert.equal((await requestsOf(owner.uid)).length, 0);
      });
    }

    it('refuses a body that is not JSON with 400 and stores nothing', async () => {
      const owner = await registeredUser('affected_individual');
      // The functions framework parses JSON before the app: its 400 is not problem+json (see api-basics).
      const notJson = await call('POST', '/requests', {
        token: owner.token,
        rawBody: '{"disaster_id": ',
        invalidRequest: 'a body that is not JSON',
      });
      assert.equal(notJson.status, 400);
      assert.equal((await requestsOf(owner.uid)).length, 0);
    });

    it('answers 404 for a disaster that does not exist, storing nothing', async () => {
      const owner = await registeredUser('affected_individual');
      expectProblem(
        await call('POST', '/requests', { token: owner.token, body: payload('no-such-disaster') }),
        404,
        'not_found',
      );
      assert.equal((await requestsOf(owner.uid)).length, 0);
    });

    it('answers 404 for a disaster that is only an agent suggestion, as for an unknown one, storing nothing (L1)', async () => {
      const owner = await registeredUser('affected_individual');
      const suggested = await disaster('suggested');
      const unknown = expectProblem(
        await call('POST', '/requests', { token: owner.token, body: payload('agent-no-such-observation') }),
        404,
        'not_found',
      );
      const hidden = expectProblem(
        await call('POST', '/requests', { token: owner.token, body: payload(suggested.id) }),
        404,
        'not_found',
      );
      assert.equal(hidden.title, unknown.title);
      assert.equal((await requestsOf(owner.uid)).length, 0);
      // Listing its requests tells no more than for an unknown id; an admin, who sees suggestions, gets the list.
      for (const id of ['agent-no-such-observation', suggested.id]) {
        expectProblem(await call('GET', `/requests/disaster/${id}`, { token: owner.token }), 404, 'not_found');
      }
      const admin = await registeredUser('admin');
      expectStatus(await call('GET', `/requests/disaster/${suggested.id}`, { token: admin.token }), 200);
    });

    it('refuses a signed-in user who has not registered (no role yet) with 403', async () => {
      const token = await tokenFor({});
      const stored = () => requestStore.ref().where('disaster_id', '==', disasterId).get();
      const before = (await stored()).size;
      expectProblem(await call('POST', '/requests', { token, body: payload(disasterId) }), 403, 'forbidden');
      assert.equal((await stored()).size, before, 'no request was stored');
    });

    it('flags a likely duplicate (same owner, need, place and time) with the id it repeats', async () => {
      const owner = await registeredUser('affected_individual');
      const at = near(disasterId);
      const first = await raise(owner, payload(disasterId, { location: at }));
      const again = await raise(
        owner,
        payload(disasterId, { location: north(at, 0.2), description: 'Still no water here' }),
      );
      assert.equal(again.duplicate_of, first.id);
      assert.equal((await storedRequest(again.id))?.duplicate_of, first.id);
      const third = await raise(owner, payload(disasterId, { location: north(at, 0.1) }));
      assert.equal(third.duplicate_of, first.id, 'a repeat of a repeat points at the original');
    });

    it('does not flag a request for another need, another place or by another person', async () => {
      const owner = await registeredUser('affected_individual');
      const neighbour = await registeredUser('affected_individual');
      const at = near(disasterId);
      await raise(owner, payload(disasterId, { location: at }));
      assert.equal(
        (await raise(owner, payload(disasterId, { location: at, type_of_need: 'food' }))).duplicate_of,
        null,
      );
      assert.equal((await raise(owner, payload(disasterId, { location: north(at, 5) }))).duplicate_of, null);
      assert.equal((await raise(neighbour, payload(disasterId, { location: at }))).duplicate_of, null);
    });

    it('rate-limits a flood from one user with 429 and Retry-After, storing only what was allowed', async () => {
      const flooder = await registeredUser('affected_individual');
      const statuses: number[] = [];
      let limited: Awaited<ReturnType<typeof call>> | undefined;
      for (let i = 0; i < 13; i++) {
        const response = await call('POST', '/requests', {
          token: flooder.token,
          body: payload(disasterId, { type_of_need: 'other' }),
        });
        statuses.push(response.status);
        if (response.status === 429) limited = response;
      }
      assert.deepEqual(statuses, [...Array<number>(10).fill(201), 429, 429, 429]);
      expectProblem(limited!, 429, 'rate_limited');
      assert.ok(Number(limited!.headers.get('retry-after')) > 0);
      assert.equal((await requestsOf(flooder.uid)).length, 10);
      // Others are not affected.
      const other = await registeredUser('affected_individual');
      await raise(other, payload(disasterId));
    });
  });

  describe('who sees a request', () => {
    let owner: TestUser;
    let requestId: string;
    before(async () => {
      owner = await registeredUser('affected_individual');
      requestId = (await raise(owner, payload(disasterId))).id;
    });

    it('its owner, admins and responders see all of it', async () => {
      for (const user of [owner, admin, responder]) {
        const seen = expectStatus(await call('GET', `/requests/${requestId}`, { token: user.token }), 200);
        assert.equal(seen.id, requestId);
        assert.equal(seen.owner_id, owner.uid, `as ${user.role}`);
      }
    });

    it('a verified volunteer who joined the disaster sees need, status and a coarse area: no point, text or who asked', async () => {
      const volunteer = await verify(await registeredUser('volunteer'));
      await join(disasterId, volunteer);
      const seen = expectStatus(await call('GET', `/requests/${requestId}`, { token: volunteer.token }), 200);
      assert.equal(seen.id, requestId);
      assert.equal(seen.view, 'area');
      assert.equal(seen.type_of_need, 'water');
      assert.equal(seen.status, 'open');
      for (const hidden of [
        'description',
        'location',
        'owner_id',
        'duplicate_of',
        'planning',
        'potential_matches',
        'match_summary',
        'geohash',
      ]) {
        assert.equal(seen[hidden], undefined, `${hidden} is not sent`);
      }
      assert.equal(seen.area.geohash.length, 5);
      assert.ok(seen.area.width_km >= 1 && seen.area.height_km >= 1, JSON.stringify(seen.area));
    });

    it('an unverified volunteer who joined the disaster gets 404 as for an unknown id', async () => {
      const volunteer = await registeredUser('volunteer');
      await join(disasterId, volunteer);
      expectProblem(await call('GET', `/requests/${requestId}`, { token: volunteer.token }), 404, 'not_found');
    });

    it('a volunteer who did not join, or another affected person, gets 404 as for an unknown id', async () => {
      const volunteer = await registeredUser('volunteer');
      const stranger = await registeredUser('affected_individual');
      for (const user of [volunteer, stranger]) {
        expectProblem(await call('GET', `/requests/${requestId}`, { token: user.token }), 404, 'not_found');
      }
      expectProblem(await call('GET', '/requests/no-such-request', { token: admin.token }), 404, 'not_found');
    });

    it("GET /requests/me lists only the caller's requests", async () => {
      const page = expectStatus(await call('GET', '/requests/me', { token: owner.token }), 200);
      assert.ok(page.items.length >= 1);
      assert.ok(page.items.every((r: { owner_id: string }) => r.owner_id === owner.uid));
      assert.ok(page.items.some((r: { id: string }) => r.id === requestId));
      const stranger = await registeredUser('affected_individual');
      assert.deepEqual(expectStatus(await call('GET', '/requests/me', { token: stranger.token }), 200), {
        items: [],
        next_cursor: null,
      });
    });

    it('GET /requests/disaster/{disaster_id}: all for staff, coarse areas for verified members, own only for others', async () => {
      const other = await registeredUser('affected_individual');
      const otherRequest = await raise(other, payload(disasterId));
      const staff = expectStatus(
        await call('GET', `/requests/disaster/${disasterId}?limit=200`, { token: responder.token }),
        200,
      );
      const staffIds = staff.items.map((r: { id: string }) => r.id);
      assert.ok(staffIds.includes(requestId) && staffIds.includes(otherRequest.id));

      const unverified = await registeredUser('volunteer');
      await join(disasterId, unverified);
      assert.deepEqual(
        expectStatus(await call('GET', `/requests/disaster/${disasterId}?limit=200`, { token: unverified.token }), 200)
          .items,
        [],
      );
      const volunteer = await verify(await registeredUser('volunteer'));
      await join(disasterId, volunteer);
      const redacted = expectStatus(
        await call('GET', `/requests/disaster/${disasterId}?limit=200`, { token: volunteer.token }),
        200,
      );
      assert.equal(redacted.items.length, staff.items.length);
      assert.ok(
        redacted.items.every(
          (r: { view: string; owner_id?: string; location?: unknown }) =>
            r.view === 'area' && r.owner_id === undefined && r.location === undefined,
        ),
      );

      const own = expectStatus(await call('GET', `/requests/disaster/${disasterId}`, { token: other.token }), 200);
      assert.deepEqual(
        own.items.map((r: { id: string }) => r.id),
        [otherRequest.id],
      );

      expectProblem(await call('GET', '/requests/disaster/no-such-disaster', { token: admin.token }), 404, 'not_found');
    });
  });

  describe('GET /requests', () => {
    it('lists newest first, filters by status, need and disaster, and pages with a cursor', async () => {
      const other = await newDisaster();
      const owner = await registeredUser('affected_individual');
      const a = await raise(owner, payload(other.id, { type_of_need: 'food' }));
      const b = await raise(owner, payload(other.id, { type_of_need: 'medical' }));
      const c = await raise(owner, payload(other.id, { type_of_need: 'food' }));
      const all = expectStatus(await call('GET', `/requests?disaster_id=${other.id}`, { token: admin.token }), 200);
      assert.deepEqual(
        all.items.map((r: { id: string }) => r.id),
        [c.id, b.id, a.id],
      );
      const food = expectStatus(
        await call('GET', `/requests?disaster_id=${other.id}&type_of_need=food`, { token: admin.token }),
        200,
      );
      assert.deepEqual(
        food.items.map((r: { id: string }) => r.id),
        [c.id, a.id],
      );
      const first = expectStatus(
        await call('GET', `/requests?disaster_id=${other.id}&limit=2`, { token: responder.token }),
        200,
      );
      assert.deepEqual(
        first.items.map((r: { id: string }) => r.id),
        [c.id, b.id],
      );
      assert.equal(typeof first.next_cursor, 'string');
      const second = expectStatus(
        await call('GET', `/requests?disaster_id=${other.id}&limit=2&cursor=${first.next_cursor}`, {
          token: responder.token,
        }),
        200,
      );
      assert.deepEqual(
        second.items.map((r: { id: string }) => r.id),
        [a.id],
      );
      assert.equal(second.next_cursor, null);
      expectStatus(
        await call('PATCH', `/requests/${b.id}/status`, { token: admin.token, body: { status: 'fulfilled' } }),
        200,
      );
      const fulfilled = expectStatus(
        await call('GET', `/requests?disaster_id=${other.id}&status=fulfilled`, { token: admin.token }),
        200,
      );
      assert.deepEqual(
        fulfilled.items.map((r: { id: string }) => r.id),
        [b.id],
      );
    });

    it('answers 400 for an unknown filter value, an unknown parameter and a bad limit', async () => {
      for (const query of ['status=done', 'type_of_need=pizza', 'colour=red', 'limit=0', 'limit=201', 'cursor=@@']) {
        expectProblem(
          await call('GET', `/requests?${query}`, { token: admin.token, invalidRequest: query }),
          400,
          'validation_failed',
        );
      }
    });
  });

  describe('PATCH /requests/{req_id}/status', () => {
    it('lets staff move a request along the table and refuses an illegal move with 409, changing nothing', async () => {
      const owner = await registeredUser('affected_individual');
      const { id } = await raise(owner, payload(disasterId));
      const progressing = expectStatus(
        await call('PATCH', `/requests/${id}/status`, { token: responder.token, body: { status: 'in_progress' } }),
        200,
      );
      assert.equal(progressing.status, 'in_progress');
      const done = expectStatus(
        await call('PATCH', `/requests/${id}/status`, { token: admin.token, body: { status: 'fulfilled' } }),
        200,
      );
      assert.equal(done.status, 'fulfilled');
      const problem = expectProblem(
        await call('PATCH', `/requests/${id}/status`, { token: admin.token, body: { status: 'open' } }),
        409,
        'invalid_transition',
      );
      assert.equal(problem.from, 'fulfilled');
      assert.equal((await storedRequest(id))?.status, 'fulfilled');
      expectProblem(
        await call('PATCH', `/requests/${id}/status`, { token: admin.token, body: { status: 'fulfilled' } }),
        409,
        'invalid_transition',
      );
    });

    it('lets the owner withdraw their own request', async () => {
      const owner = await registeredUser('affected_individual');
      const { id } = await raise(owner, payload(disasterId));
      const closed = expectStatus(
        await call('PATCH', `/requests/${id}/status`, { token: owner.token, body: { status: 'closed' } }),
        200,
      );
      assert.equal(closed.status, 'closed');
      assert.equal(closed.closed_reason, 'withdrawn');
      assert.equal((await storedRequest(id))?.closed_reason, 'withdrawn');
    });

    it('closes as unfulfilled when staff give no reason', async () => {
      const owner = await registeredUser('affected_individual');
      const { id } = await raise(owner, payload(disasterId));
      const closed = expectStatus(
        await call('PATCH', `/requests/${id}/status`, { token: admin.token, body: { status: 'closed' } }),
        200,
      );
      assert.equal(closed.closed_reason, 'unfulfilled');
    });

    it('refuses the owner any status but withdrawal with 403, changing nothing', async () => {
      const owner = await registeredUser('affected_individual');
      const { id } = await raise(owner, payload(disasterId));
      for (const body of [
        { status: 'fulfilled' },
        { status: 'in_progress' },
        { status: 'closed', closed_reason: 'unfulfilled' },
      ]) {
        expectProblem(await call('PATCH', `/requests/${id}/status`, { token: owner.token, body }), 403, 'forbidden');
      }
      assert.equal((await storedRequest(id))?.status, 'open');
    });

    it('answers 404 to someone who cannot see the request and 403 to a verified volunteer who can, changing nothing', async () => {
      const owner = await registeredUser('affected_individual');
      const { id } = await raise(owner, payload(disasterId));
      const stranger = await registeredUser('affected_individual');
      expectProblem(
        await call('PATCH', `/requests/${id}/status`, { token: stranger.token, body: { status: 'closed' } }),
        404,
        'not_found',
      );
      const unverified = await registeredUser('volunteer');
      await join(disasterId, unverified);
      expectProblem(
        await call('PATCH', `/requests/${id}/status`, { token: unverified.token, body: { status: 'fulfilled' } }),
        404,
        'not_found',
      );
      const volunteer = await verify(await registeredUser('volunteer'));
      await join(disasterId, volunteer);
      expectProblem(
        await call('PATCH', `/requests/${id}/status`, { token: volunteer.token, body: { status: 'fulfilled' } }),
        403,
        'forbidden',
      );
      assert.equal((await storedRequest(id))?.status, 'open');
      expectProblem(
        await call('PATCH', '/requests/no-such-request/status', { token: admin.token, body: { status: 'fulfilled' } }),
        404,
        'not_found',
      );
    });

    it('refuses an unknown status, a reason without closing, and extra fields with 400', async () => {
      const owner = await registeredUser('affected_individual');
      const { id } = await raise(owner, payload(disasterId));
      for (const body of [
        { status: 'done' },
        {},
        { status: 'open', closed_reason: 'withdrawn' },
        { status: 'closed', closed_reason: 'bored' },
        { status: 'closed', note: 'x' },
      ]) {
        expectProblem(
          await call('PATCH', `/requests/${id}/status`, {
            token: admin.token,
            body,
            invalidRequest: 'an invalid change',
          }),
          400,
          'validation_failed',
        );
      }
      assert.equal((await storedRequest(id))?.status, 'open');
    });
  });
});
