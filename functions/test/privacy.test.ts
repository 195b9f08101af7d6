// Issue 13's attacks, replayed: each of them worked against the code before the need-to-know
// views (requests/visibility.ts, docs/security.md "Who sees what") and must fail now.
import assert from 'node:assert/strict';
import { auditStore } from '../src/audit/store.js';
import { requestStore } from '../src/requests/store.js';
import { userStore } from '../src/users/store.js';
import { db } from '../src/data/firestore.js';
import { call, expectProblem, expectStatus, registeredUser, type TestUser } from './helpers/api.js';
import { tokenFor } from './helpers/emulators.js';
import { disaster, join, north, requestValue, spot, storedRequest, waitFor } from './helpers/planning-fixtures.js';
import { newResource, readyTask } from './helpers/tasks-fixtures.js';
import { verify } from './helpers/trust.js';

const requestBody = (
  disasterId: string,
  at: { lat: number; lng: number },
  description = 'Grandmother Rosa, 0917 555 0101, on the roof',
) => ({
  disaster_id: disasterId,
  type_of_need: 'rescue',
  description,
  location: at,
});

/** Every number in a JSON text, so that a test can say a coordinate appears nowhere in it. */
function numbersIn(value: unknown): number[] {
  return [...JSON.stringify(value).matchAll(/-?\d+\.\d+/g)].map((m) => Number(m[0]));
}

describe('privacy: the attacks of issue 13 fail', () => {
  before(() => {
    db();
  });

  let admin: TestUser;
  let flood: Awaited<ReturnType<typeof disaster>>;
  let victim: TestUser;
  let victimRequest: { id: string };
  const victimAt = () => north(flood.location, 3);
  before(async () => {
    admin = await registeredUser('admin');
    flood = await disaster();
    victim = await registeredUser('affected_individual');
    victimRequest = expectStatus(
      await call('POST', '/requests', { token: victim.token, body: requestBody(flood.id, victimAt()) }),
      201,
    );
  });

  describe('the scrape: sign up, join, page through the disaster', () => {
    it("a fresh volunteer account that joined sees no one else's request, in lists or by id", async () => {
      const scraper = await registeredUser('volunteer');
      expectStatus(await call('POST', `/disasters/${flood.id}/join`, { token: scraper.token }), 201);
      const page = expectStatus(
        await call('GET', `/requests/disaster/${flood.id}?limit=200`, { token: scraper.token }),
        200,
      );
      assert.deepEqual(page, { items: [], next_cursor: null });
      expectProblem(await call('GET', `/requests/${victimRequest.id}`, { token: scraper.token }), 404, 'not_found');
      const affected = await registeredUser('affected_individual');
      expectStatus(await call('POST', `/disasters/${flood.id}/join`, { token: affected.token }), 201);
      assert.deepEqual(
        expectStatus(await call('GET', `/requests/disaster/${flood.id}?limit=200`, { token: affected.token }), 200)
          .items,
        [],
      );
    });

    it('a verified volunteer sees coarse cells only: never the point, a fine geohash, the text or who asked', async () => {
      const volunteer = await verify(await registeredUser('volunteer'));
      await join(flood.id, volunteer);
      const page = expectStatus(
        await call('GET', `/requests/disaster/${flood.id}?limit=200`, { token: volunteer.token }),
        200,
      );
      const seen = page.items.find((item: { id: string }) => item.id === victimRequest.id);
      assert.ok(seen, 'the request is listed');
      assert.equal(seen.view, 'area');
      const text = JSON.stringify(page);
      assert.ok(!text.includes('Rosa') && !text.includes('0917'), 'no free text');
      assert.ok(!text.includes(victim.uid), 'no requester id');
      const { lat, lng } = victimAt();
      for (const n of numbersIn(page))
        assert.ok(Math.abs(n - lat) > 1e-6 && Math.abs(n - lng) > 1e-6, `the point leaks as ${n}`);
      assert.ok(seen.area.geohash.length <= 5);
      // The cell centre is the same for every point of the cell: at least ~1 km of uncertainty.
      assert.ok(seen.area.width_km >= 1 && seen.area.height_km >= 1);
    });

    it('verification withdrawn by an admin takes effect at once', async () => {
      const volunteer = await verify(await registeredUser('volunteer'));
      await join(flood.id, volunteer);
      expectStatus(await call('GET', `/requests/${victimRequest.id}`, { token: volunteer.token }), 200);
      expectStatus(
        await call('PUT', `/users/${volunteer.uid}/verification`, {
          token: admin.token,
          body: { verified: false, note: 'ID did not match' },
        }),
        200,
      );
      expectProblem(await call('GET', `/requests/${victimRequest.id}`, { token: volunteer.token }), 404, 'not_found');
    });
  });

  describe('the trilateration: three requests from three points', () => {
    it('the requester learns counts and distance bands of nearby help, never who or how far exactly', async () => {
      const helper = await verify(
        await registeredUser('volunteer', { location: north(flood.location, 10), availability: 'available' }),
      );
      const prober = await registeredUser('affected_individual');
      const points = [north(flood.location, 2), north(flood.location, 12), north(flood.location, 20)];
      const probes = [];
      for (const [i, at] of points.entries()) {
        const need = (['rescue', 'food', 'water'] as const)[i]!;
        probes.push(
          expectStatus(
            await call('POST', '/requests', {
              token: prober.token,
              body: { ...requestBody(flood.id, at, 'Need help'), type_of_need: need },
            }),
            201,
          ),
        );
      }
      for (const probe of probes) {
        const planned = await waitFor(
          'planning',
          async () => {
            const stored = await storedRequest(probe.id);
            return stored?.planning.state === 'planned' ? stored : undefined;
          },
          30_000,
        );
        // Staff see the helper (the planner did find them)...
        assert.ok(
          planned.potential_matches?.responders.some((match) => match.id === helper.uid),
          'the planner matched the helper',
        );
        const staff = expectStatus(await call('GET', `/requests/${probe.id}`, { token: admin.token }), 200);
        assert.ok(staff.potential_matches.responders.some((match: { id: string }) => match.id === helper.uid));
        // ...the requester only how much help is near.
        const own = expectStatus(await call('GET', `/requests/${probe.id}`, { token: prober.token }), 200);
        assert.equal(own.view, 'owner');
        assert.equal(own.potential_matches, undefined);
        assert.ok(own.match_summary.helpers.count >= 1);
        assert.ok(['under_1_km', '1_to_5_km', '5_to_25_km', 'over_25_km'].includes(own.match_summary.helpers.nearest));
        const text = JSON.stringify(own);
        assert.ok(!text.includes(helper.uid) && !text.includes('volunteer '), 'no helper id or name');
        assert.ok(!('distance_km' in own.match_summary.helpers), 'no precise distance');
      }
    });

    it("a request outside its disaster's area is refused with 400 and nothing is written", async () => {
      const prober = await registeredUser('affected_individual');
      const far = north(flood.location, flood.radius_km + 6);
      const problem = expectProblem(
        await call('POST', '/requests', { token: prober.token, body: requestBody(flood.id, far) }),
        400,
        'validation_failed',
      );
      assert.equal(problem.errors[0].path, 'body.location');
      assert.match(problem.detail, /outside its area/);
      const written = await requestStore.ref().where('owner_id', '==', prober.uid).get();
      assert.equal(written.size, 0);
      // On the edge (radius + margin) it is still taken.
      expectStatus(
        await call('POST', '/requests', {
          token: prober.token,
          body: requestBody(flood.id, north(flood.location, flood.radius_km + 4)),
        }),
        201,
      );
    });

    it("a helper's uid no longer maps where they keep their things", async () => {
      const owner = await registeredUser('volunteer');
      const boat = await newResource(owner, { location: north(flood.location, 7) });
      const stranger = await registeredUser('affected_individual');
      expectProblem(await call('GET', `/resources?owner_id=${owner.uid}`, { token: stranger.token }), 403, 'forbidden');
      const listed = expectStatus(await call('GET', '/resources?limit=200', { token: stranger.token }), 200);
      const seen = listed.items.find((item: { id: string }) => item.id === boat.id);
      assert.equal(seen.owner_id, null);
      assert.equal(seen.location_precision, 'area');
      assert.notDeepEqual(seen.location, boat.location);
      assert.equal(
        expectStatus(await call('GET', `/resources?owner_id=${owner.uid}`, { token: owner.token }), 200).items[0]
          .location_precision,
        'exact',
      );
    });
  });

  describe('the assignee', () => {
    it('sees what is needed and where while the task is active, not who asked; nothing after', async () => {
      const volunteer = await verify(await registeredUser('volunteer', { availability: 'available' }));
      const owner = await registeredUser('affected_individual');
      const request = expectStatus(
        await call('POST', '/requests', { token: owner.token, body: requestBody(flood.id, north(flood.location, 4)) }),
        201,
      );
      const task = await readyTask(admin, volunteer, flood.id, { request_id: request.id, role_required: 'volunteer' });
      const seen = expectStatus(await call('GET', `/requests/${request.id}`, { token: volunteer.token }), 200);
      assert.equal(seen.view, 'assignee');
      assert.deepEqual(seen.location, request.location);
      assert.equal(seen.description, request.description);
      assert.equal(seen.owner_id, undefined);
      assert.equal(seen.planning, undefined);
      expectStatus(
        await call('PATCH', `/tasks/${task.id}/status`, { token: volunteer.token, body: { status: 'cancelled' } }),
        403,
      );
      expectStatus(
        await call('PATCH', `/tasks/${task.id}/status`, { token: admin.token, body: { status: 'cancelled' } }),
        200,
      );
      // Not a member of the disaster: once the task is over, the request is not theirs to see.
      expectProblem(await call('GET', `/requests/${request.id}`, { token: volunteer.token }), 404, 'not_found');
    });
  });

  describe('observations', () => {
    it('a token without a role lists none; others see no reporter and no point; staff and the reporter see all', async () => {
      const reporter = await registeredUser('affected_individual');
      const at = spot();
      const created = expectStatus(
        await call('POST', '/observations', {
          token: reporter.token,
          body: { type: 'injured_people', description: 'Two hurt at the market', location: at, severity: 3 },
        }),
        201,
      );
      const roleless = await tokenFor({ uid: 'no-role-yet' });
      expectProblem(await call('GET', '/observations', { token: roleless }), 403, 'forbidden');
      expectProblem(await call('GET', `/observations/${created.id}`, { token: roleless }), 403, 'forbidden');
      const other = await registeredUser('volunteer');
      const page = expectStatus(await call('GET', '/observations?limit=200', { token: other.token }), 200);
      const seen = page.items.find((item: { id: string }) => item.id === created.id);
      assert.equal(seen.view, 'area');
      assert.ok(!JSON.stringify(page).includes(reporter.uid), 'no reporter ids');
      for (const n of numbersIn(seen)) assert.ok(n !== at.lat && n !== at.lng, `the point leaks as ${n}`);
      for (const user of [admin, await registeredUser('responder'), reporter]) {
        const full = expectStatus(await call('GET', `/observations/${created.id}`, { token: user.token }), 200);
        assert.equal(full.view, 'full');
        assert.equal(full.reporter_id, reporter.uid);
        assert.deepEqual(full.location, at);
      }
    });
  });

  describe('no internals in responses', () => {
    it('planning errors reach clients as stable codes and short messages, never the raw error', async () => {
      const owner = await registeredUser('affected_individual');
      const value = requestValue({ owner: owner.uid, disasterId: flood.id, at: north(flood.location, 1) });
      const failed = {
        ...value,
        duplicate_of: 'relay-sentinel', // the relay only marks it skipped; then it is set failed below
      };
      await requestStore.doc(value.id).create(failed);
      await waitFor('the relay', async () =>
        (await storedRequest(value.id))?.planning.state === 'skipped' ? true : undefined,
      );
      await requestStore.doc(value.id).set({
        ...value,
        planning: {
          ...value.planning,
          state: 'failed',
          attempts: 5,
          last_error: 'FirebaseError: 13 INTERNAL at Firestore.commit (/workspace/lib/planning/job.js:151)',
        },
      });
      for (const user of [owner, admin]) {
        const seen = expectStatus(await call('GET', `/requests/${value.id}`, { token: user.token }), 200);
        assert.equal(seen.planning.error_code, 'planning_failed');
        assert.ok(!/Firebase|INTERNAL|workspace|\.js/.test(JSON.stringify(seen)), JSON.stringify(seen.planning));
        assert.equal(seen.planning.lease_expires_at, undefined);
      }
    });
  });

  describe('verification', () => {
    it('an admin verifies a volunteer, recorded with who, when and why, in the profile, the volunteers list and the audit trail', async () => {
      const volunteer = await registeredUser('volunteer');
      await join(flood.id, volunteer);
      assert.equal(expectStatus(await call('GET', '/users/me', { token: volunteer.token }), 200).verified, false);
      const profile = expectStatus(
        await call('PUT', `/users/${volunteer.uid}/verification`, {
          token: admin.token,
          body: { verified: true, note: 'Red Cross ID checked' },
        }),
        200,
      );
      assert.equal(profile.verified, true);
      const stored = (await userStore.doc(volunteer.uid).get()).data();
      assert.equal(stored?.verification?.by, admin.uid);
      assert.equal(stored?.verification?.note, 'Red Cross ID checked');
      const audit = await auditStore
        .ref()
        .where('entity', '==', 'verification')
        .where('entity_id', '==', volunteer.uid)
        .get();
      assert.equal(audit.size, 1);
      assert.equal(audit.docs[0]!.data().actor_id, admin.uid);
      assert.equal(expectStatus(await call('GET', '/users/me', { token: volunteer.token }), 200).verified, true);
      const listed = expectStatus(
        await call('GET', `/disasters/${flood.id}/volunteers?limit=200`, { token: admin.token }),
        200,
      );
      assert.equal(listed.items.find((item: { id: string }) => item.id === volunteer.uid).verified, true);
    });

    it('only admins verify (403), an unknown user is 404, a bad body 400; nothing is written', async () => {
      const volunteer = await registeredUser('volunteer');
      for (const role of ['volunteer', 'responder', 'affected_individual'] as const) {
        const user = await registeredUser(role);
        expectProblem(
          await call('PUT', `/users/${volunteer.uid}/verification`, { token: user.token, body: { verified: true } }),
          403,
          'forbidden',
        );
      }
      expectProblem(
        await call('PUT', `/users/${volunteer.uid}/verification`, { token: volunteer.token, body: { verified: true } }),
        403,
        'forbidden',
      );
      expectProblem(
        await call('PUT', '/users/nobody-here/verification', { token: admin.token, body: { verified: true } }),
        404,
        'not_found',
      );
      for (const body of [{}, { verified: 'yes' }, { verified: true, note: '' }, { verified: true, extra: 1 }]) {
        expectProblem(
          await call('PUT', `/users/${volunteer.uid}/verification`, {
            token: admin.token,
            body,
            invalidRequest: 'an invalid verification',
          }),
          400,
          'validation_failed',
        );
      }
      assert.equal((await userStore.doc(volunteer.uid).get()).data()?.verified, false);
      assert.equal(
        (await auditStore.ref().where('entity', '==', 'verification').where('entity_id', '==', volunteer.uid).get())
          .size,
        0,
      );
    });
  });
});
