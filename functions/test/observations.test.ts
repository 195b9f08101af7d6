import assert from 'node:assert/strict';
import { call, expectProblem, expectStatus, registeredUser, type TestUser } from './helpers/api.js';
import { confirmedDisaster, suggestedDisaster } from './helpers/disasters.js';
import { testDb, tokenFor } from './helpers/emulators.js';

const observationDoc = async (id: string) => (await testDb().collection('observations').doc(id).get()).data();
const observationCount = async () => (await testDb().collection('observations').count().get()).data().count;

// Far apart from each other and from everything else, so the agent never clusters these.
let spot = 0;
function observationBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  spot += 1;
  return {
    type: 'damage',
    description: 'Roof torn off the school',
    location: { lat: -60 + spot * 1.5, lng: -150 + spot * 1.5 },
    severity: 3,
    ...overrides,
  };
}

describe('observations', () => {
  let admin: TestUser;
  let reporter: TestUser;
  let other: TestUser;

  before(async () => {
    admin = await registeredUser('admin');
    reporter = await registeredUser('affected_individual');
    other = await registeredUser('volunteer');
  });

  it('a registered user reports an observation: 201 with it, stored with its reporter and geohash', async () => {
    const body = observationBody({ type: 'flooding', description: 'Maria Santos, 7, last seen at 45 Mabini St' });
    const created = expectStatus(await call('POST', '/observations', { token: reporter.token, body }), 201);
    assert.equal(created.type, 'flooding');
    assert.equal(created.reporter_id, reporter.uid);
    assert.equal(created.disaster_id, null);
    assert.deepEqual(created.location, body.location);
    assert.equal(created.geohash, undefined);
    const stored = await observationDoc(created.id);
    assert.equal(stored?.reporter_id, reporter.uid);
    assert.equal(typeof stored?.geohash, 'string');
    assert.equal(created.view, 'full');
    const shown = expectStatus(await call('GET', `/observations/${created.id}`, { token: reporter.token }), 200);
    assert.deepEqual(shown, created);
    // Another user sees what kind of thing was seen, roughly where and roughly when; not who
    // reported it, nor their words (F5, M3).
    const seen = expectStatus(await call('GET', `/observations/${created.id}`, { token: other.token }), 200);
    assert.equal(seen.view, 'area');
    assert.equal(seen.reporter_id, undefined);
    assert.equal(seen.location, undefined);
    assert.equal(seen.area.geohash.length, 5);
    assert.equal(seen.type, 'flooding');
    assert.ok(!('description' in seen), 'no free text');
    const hour = new Date(created.created_at);
    hour.setUTCMinutes(0, 0, 0);
    assert.equal(seen.created_at, hour.toISOString());
    const listed = expectStatus(await call('GET', '/observations?limit=200', { token: other.token }), 200);
    assert.ok(!JSON.stringify(listed).includes(String(body.description)), 'nor in the list');
    // Staff read it whole.
    const staff = expectStatus(await call('GET', `/observations/${created.id}`, { token: admin.token }), 200);
    assert.equal(staff.description, body.description);
  });

  it('links an observation to a confirmed disaster, and refuses an unknown or suggested one (404, nothing written)', async () => {
    const disaster = await confirmedDisaster(admin);
    const linked = expectStatus(
      await call('POST', '/observations', {
        token: reporter.token,
        body: observationBody({ disaster_id: disaster.id }),
      }),
      201,
    );
    assert.equal(linked.disaster_id, disaster.id);
    const suggestion = await suggestedDisaster();
    const before = await observationCount();
    expectProblem(
      await call('POST', '/observations', {
        token: reporter.token,
        body: observationBody({ disaster_id: 'unknown-disaster' }),
      }),
      404,
      'not_found',
    );
    expectProblem(
      await call('POST', '/observations', {
        token: reporter.token,
        body: observationBody({ disaster_id: suggestion.id }),
      }),
      404,
      'not_found',
    );
    assert.equal(await observationCount(), before);
  });

  it('lists observations newest first, paginated, filterable by disaster and type', async () => {
    const disaster = await confirmedDisaster(admin, { name: 'Filter test' });
    const fire = expectStatus(
      await call('POST', '/observations', {
        token: reporter.token,
        body: observationBody({ type: 'fire', disaster_id: disaster.id }),
      }),
      201,
    );
    const road = expectStatus(
      await call('POST', '/observations', {
        token: reporter.token,
        body: observationBody({ type: 'blocked_road', disaster_id: disaster.id }),
      }),
      201,
    );
    const elsewhere = expectStatus(
      await call('POST', '/observations', { token: reporter.token, body: observationBody({ type: 'fire' }) }),
      201,
    );

    const ofDisaster = expectStatus(
      await call('GET', `/observations?disaster_id=${disaster.id}`, { token: other.token }),
      200,
    );
    assert.deepEqual(
      ofDisaster.items.map((o: { id: string }) => o.id),
      [road.id, fire.id],
    );
    const fires = expectStatus(
      await call('GET', `/observations?disaster_id=${disaster.id}&type=fire`, { token: other.token }),
      200,
    );
    assert.deepEqual(
      fires.items.map((o: { id: string }) => o.id),
      [fire.id],
    );
    const allFires = expectStatus(await call('GET', '/observations?type=fire', { token: other.token }), 200);
    assert.deepEqual(
      allFires.items.map((o: { id: string }) => o.id),
      [elsewhere.id, fire.id],
    );

    const first = expectStatus(
      await call('GET', `/observations?disaster_id=${disaster.id}&limit=1`, { token: other.token }),
      200,
    );
    assert.deepEqual(
      first.items.map((o: { id: string }) => o.id),
      [road.id],
    );
    const second = expectStatus(
      await call('GET', `/observations?disaster_id=${disaster.id}&limit=1&cursor=${first.next_cursor}`, {
        token: other.token,
      }),
      200,
    );
    assert.deepEqual(
      second.items.map((o: { id: string }) => o.id),
      [fire.id],
    );
    assert.equal(second.next_cursor, null);
  });

  it('rejects unknown filter values and parameters with 400', async () => {
    const invalidRequest = 'an unknown filter value or parameter';
    expectProblem(
      await call('GET', '/observations?type=alien', { token: other.token, invalidRequest }),
      400,
      'validation_failed',
    );
    expectProblem(
      await call('GET', '/observations?disaster_id=bad$id', { token: other.token, invalidRequest }),
      400,
      'validation_failed',
    );
    expectProblem(
      await call('GET', '/observations?reporter_id=x', { token: other.token, invalidRequest }),
      400,
      'validation_failed',
    );
    expectProblem(
      await call('GET', '/observations?cursor=!!', { token: other.token, invalidRequest }),
      400,
      'validation_failed',
    );
  });

  it('needs a token to read (401) and a registered user to report (403), writing nothing', async () => {
    const before = await observationCount();
    expectProblem(await call('GET', '/observations'), 401, 'unauthenticated');
    expectProblem(await call('POST', '/observations', { body: observationBody() }), 401, 'unauthenticated');
    const unregistered = await tokenFor({ uid: 'observer-unregistered' });
    expectProblem(
      await call('POST', '/observations', { token: unregistered, body: observationBody() }),
      403,
      'forbidden',
    );
    assert.equal(await observationCount(), before);
  });

  const invalid: [string, Record<string, unknown>][] = [
    ['an unknown type', { type: 'alien_landing' }],
    ['an empty description', { description: '  ' }],
    ['a description over 2000 characters', { description: 'x'.repeat(2001) }],
    ['a latitude out of range', { location: { lat: -91, lng: 0 } }],
    ['a longitude out of range', { location: { lat: 0, lng: 180.5 } }],
    ['a location that is not an object', { location: 'downtown' }],
    ['no location', { location: undefined }],
    ['a severity of 0', { severity: 0 }],
    ['a severity of 6', { severity: 6 }],
    ['a severity that is a string', { severity: '3' }],
    ['a malformed disaster id', { disaster_id: '../users' }],
    ['a reporter_id (set by the server)', { reporter_id: 'someone-else' }],
  ];
  for (const [what, change] of invalid) {
    it(`rejects ${what} with 400, writing nothing`, async () => {
      const before = await observationCount();
      expectProblem(
        await call('POST', '/observations', {
          token: reporter.token,
          body: observationBody(change),
          invalidRequest: what,
        }),
        400,
        'validation_failed',
      );
      assert.equal(await observationCount(), before);
    });
  }

  describe('DELETE /observations/{obs_id}', () => {
    it('the reporter deletes their observation (204)', async () => {
      const created = expectStatus(
        await call('POST', '/observations', { token: reporter.token, body: observationBody() }),
        201,
      );
      expectStatus(await call('DELETE', `/observations/${created.id}`, { token: reporter.token }), 204);
      assert.equal(await observationDoc(created.id), undefined);
      expectProblem(await call('GET', `/observations/${created.id}`, { token: reporter.token }), 404, 'not_found');
    });

    it("an admin deletes anyone's observation (204)", async () => {
      const created = expectStatus(
        await call('POST', '/observations', { token: reporter.token, body: observationBody() }),
        201,
      );
      expectStatus(await call('DELETE', `/observations/${created.id}`, { token: admin.token }), 204);
      assert.equal(await observationDoc(created.id), undefined);
    });

    it("someone else cannot delete another user's observation (403), and it stays", async () => {
      const created = expectStatus(
        await call('POST', '/observations', { token: reporter.token, body: observationBody() }),
        201,
      );
      expectProblem(await call('DELETE', `/observations/${created.id}`, { token: other.token }), 403, 'forbidden');
      assert.equal((await observationDoc(created.id))?.reporter_id, reporter.uid);
    });

    it('answers 404 for an unknown observation and 401 without a token', async () => {
      expectProblem(
        await call('DELETE', '/observations/unknown-observation', { token: admin.token }),
        404,
        'not_found',
      );
      expectProblem(await call('GET', '/observations/unknown-observation', { token: admin.token }), 404, 'not_found');
      expectProblem(await call('DELETE', '/observations/unknown-observation'), 401, 'unauthenticated');
    });
  });
});
