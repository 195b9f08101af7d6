import assert from 'node:assert/strict';
import { resourceStore } from '../src/resources/store.js';
import { call, expectProblem, expectStatus, registeredUser, uniqueId, type TestUser } from './helpers/api.js';
import { tokenFor } from './helpers/emulators.js';
import {
  assertFree,
  claimOf,
  confirmedDisaster,
  newResource,
  readyTask,
  resourceBody,
  storedResource,
} from './helpers/tasks-fixtures.js';

async function resourcesOwnedBy(uid: string) {
  return (await resourceStore.ref().where('owner_id', '==', uid).get()).docs.map((doc) => doc.data());
}

describe('resources', () => {
  let admin: TestUser;
  let volunteer: TestUser;
  before(async () => {
    admin = await registeredUser('admin');
    volunteer = await registeredUser('volunteer');
  });

  describe('POST /resources', () => {
    it('lets a volunteer offer their own truck: 201, they own it, it is available and unclaimed', async () => {
      const owner = await registeredUser('volunteer');
      const disaster = await confirmedDisaster();
      const created = await newResource(owner, {
        name: 'Pickup truck',
        category: 'vehicle',
        quantity: 1,
        unit: 'units',
        description: '4x4, seats 5',
        disaster_id: disaster.id,
      });
      assert.equal(created.owner_id, owner.uid);
      assert.equal(created.status, 'available');
      assert.equal(created.task_id, null);
      assert.equal(created.disaster_id, disaster.id);
      assert.equal(created.geohash, undefined, 'internal fields are not exposed');
      const stored = await storedResource(created.id);
      assert.equal(stored?.name, 'Pickup truck');
      assert.equal(typeof stored?.geohash, 'string');
      await assertFree(created.id);
    });

    it('adds a resource as not_available when asked, holding it for its owner', async () => {
      const owner = await registeredUser('responder');
      const created = await newResource(owner, { status: 'not_available' });
      assert.equal(created.status, 'not_available');
      assert.deepEqual(await claimOf(created.id), {
        resource_id: created.id,
        holder: 'owner',
        task_id: null,
        created_at: created.created_at,
      });
    });

    it('refuses an affected individual (403) and writes nothing', async () => {
      const affected = await registeredUser('affected_individual');
      expectProblem(
        await call('POST', '/resources', { token: affected.token, body: resourceBody() }),
        403,
        'forbidden',
      );
      assert.equal((await resourcesOwnedBy(affected.uid)).length, 0);
    });

    const invalid: [string, Record<string, unknown>][] = [
      ['an empty name', { name: '  ' }],
      ['a name of 121 characters', { name: 'x'.repeat(121) }],
      ['an unknown category', { category: 'spaceship' }],
      ['a negative quantity', { quantity: -1 }],
      ['a quantity given as a string', { quantity: '3' }],
      ['an empty unit', { unit: '' }],
      ['a latitude of 91', { location: { lat: 91, lng: 0 } }],
      ['a longitude of -181', { location: { lat: 0, lng: -181 } }],
      ['a location without lng', { location: { lat: 1 } }],
      ['no location', { location: undefined }],
      ['the status in_use', { status: 'in_use' }],
      ['a disaster id with a slash', { disaster_id: 'a/b' }],
      ['an unknown field', { owner_id: 'someone-else' }],
    ];
    for (const [what, change] of invalid) {
      it(`rejects ${what} with 400 and writes nothing`, async () => {
        const owner = await registeredUser('volunteer');
        const response = await call('POST', '/resources', {
          token: owner.token,
          body: resourceBody(change),
          invalidRequest: what,
        });
        const problem = expectProblem(response, 400, 'validation_failed');
        assert.ok(Array.isArray(problem.errors) && problem.errors.length > 0);
        assert.equal((await resourcesOwnedBy(owner.uid)).length, 0);
      });
    }

    it('refuses an available resource of quantity 0 (409)', async () => {
      const owner = await registeredUser('volunteer');
      expectProblem(
        await call('POST', '/resources', { token: owner.token, body: resourceBody({ quantity: 0 }) }),
        409,
        'conflict',
      );
      assert.equal((await resourcesOwnedBy(owner.uid)).length, 0);
    });

    it('answers 404 for an unknown disaster and for an unapproved suggestion alike (L1), 409 to an admin, writing nothing', async () => {
      const owner = await registeredUser('volunteer');
      expectProblem(
        await call('POST', '/resources', {
          token: owner.token,
          body: resourceBody({ disaster_id: 'no-such-disaster' }),
        }),
        404,
        'not_found',
      );
      const suggested = await confirmedDisaster({ status: 'suggested', confirmed_at: null, confirmed_by: null });
      expectProblem(
        await call('POST', '/resources', { token: owner.token, body: resourceBody({ disaster_id: suggested.id }) }),
        404,
        'not_found',
      );
      assert.equal((await resourcesOwnedBy(owner.uid)).length, 0);
      const admin = await registeredUser('admin');
      expectProblem(
        await call('POST', '/resources', { token: admin.token, body: resourceBody({ disaster_id: suggested.id }) }),
        409,
        'conflict',
      );
      assert.equal((await resourcesOwnedBy(admin.uid)).length, 0);
    });
  });

  describe('reading resources', () => {
    let disaster: { id: string };
    let boat: any;
    let water: any;
    let generator: any;
    let owner: TestUser;
    before(async () => {
      disaster = await confirmedDisaster();
      owner = await registeredUser('volunteer'); // a volunteer's own things: their points are need-to-know
      boat = await newResource(owner, {
        disaster_id: disaster.id,
        category: 'boat',
        location: { lat: 14.55, lng: 121.02 },
      });
      water = await newResource(owner, {
        disaster_id: disaster.id,
        category: 'water',
        name: 'Water',
        quantity: 500,
        unit: 'litres',
      });
      generator = await newResource(owner, {
        disaster_id: disaster.id,
        category: 'generator',
        name: 'Generator',
        status: 'not_available',
      });
    });

    it('GET /resources/{rid} answers the resource, and 404 for an unknown id', async () => {
      const got = expectStatus(await call('GET', `/resources/${boat.id}`, { token: owner.token }), 200);
      assert.deepEqual(got, boat);
      // Someone else sees the centre of its cell and no owner (docs/security.md).
      const seen = expectStatus(await call('GET', `/resources/${boat.id}`, { token: volunteer.token }), 200);
      const { description: _description, task_id: _taskId, ...shown } = boat;
      assert.deepEqual(seen, { ...shown, owner_id: null, location: seen.location, location_precision: 'area' });
      assert.notDeepEqual(seen.location, boat.location);
      // The response's own resources (added by staff) are shown as they are.
      const shelter = await newResource(await registeredUser('responder'), {
        category: 'shelter',
        name: 'School shelter',
        location: { lat: 14.56, lng: 121.03 },
      });
      const asIs = expectStatus(await call('GET', `/resources/${shelter.id}`, { token: volunteer.token }), 200);
      assert.deepEqual(asIs, shelter);
      expectProblem(await call('GET', '/resources/no-such-resource', { token: volunteer.token }), 404, 'not_found');
    });

    it("keeps a volunteer's free text from everyone but staff and the owner, and resource reads from tokens without a role (F5)", async () => {
      const note = 'Juan dela Cruz 0917 555 0101, 12 Rizal St, keys under the mat';
      const own = await newResource(owner, { category: 'boat', name: 'Boat', description: note });
      assert.equal(own.description, note);
      const mine = expectStatus(await call('GET', `/resources/${own.id}`, { token: owner.token }), 200);
      assert.equal(mine.description, note, 'the owner still sees their own description');
      const staff = expectStatus(
        await call('GET', `/resources/${own.id}`, { token: (await registeredUser('responder')).token }),
        200,
      );
      assert.equal(staff.description, note);
      const someone = await registeredUser('affected_individual');
      for (const path of [
        `/resources/${own.id}`,
        '/resources?limit=200',
        '/resources/available?limit=200',
        '/resources/locations?limit=200',
      ]) {
        const response = expectStatus(await call('GET', path, { token: someone.token }), 200);
        assert.ok(!JSON.stringify(response).includes('Rizal'), `${path} leaks the description`);
      }
      const listed = expectStatus(await call('GET', '/resources?limit=200', { token: someone.token }), 200).items.find(
        (r: { id: string }) => r.id === own.id,
      );
      assert.equal(listed.location_precision, 'area');
      assert.ok(!('description' in listed) && !('task_id' in listed));
      const roleless = await tokenFor({});
      for (const path of [`/resources/${own.id}`, '/resources', '/resources/available', '/resources/locations']) {
        expectProblem(await call('GET', path, { token: roleless }), 403, 'forbidden');
      }
    });

    it('GET /resources filters by disaster, category and status, newest first, and pages with a cursor', async () => {
      const all = expectStatus(
        await call('GET', `/resources?disaster_id=${disaster.id}`, { token: volunteer.token }),
        200,
      );
      assert.deepEqual(
        all.items.map((r: any) => r.id),
        [generator.id, water.id, boat.id],
      );
      assert.equal(all.next_cursor, null);
      const waters = expectStatus(
        await call('GET', `/resources?disaster_id=${disaster.id}&category=water`, { token: volunteer.token }),
        200,
      );
      assert.deepEqual(
        waters.items.map((r: any) => r.id),
        [water.id],
      );
      const first = expectStatus(
        await call('GET', `/resources?disaster_id=${disaster.id}&limit=2`, { token: volunteer.token }),
        200,
      );
      assert.equal(first.items.length, 2);
      assert.equal(typeof first.next_cursor, 'string');
      const second = expectStatus(
        await call('GET', `/resources?disaster_id=${disaster.id}&limit=2&cursor=${first.next_cursor}`, {
          token: volunteer.token,
        }),
        200,
      );
      assert.deepEqual(
        second.items.map((r: any) => r.id),
        [boat.id],
      );
      assert.equal(second.next_cursor, null);
    });

    it('rejects unknown filter values with 400 rather than an empty list', async () => {
      expectProblem(
        await call('GET', '/resources?status=broken', { token: volunteer.token, invalidRequest: 'an unknown status' }),
        400,
        'validation_failed',
      );
      expectProblem(
        await call('GET', '/resources?category=spaceship', {
          token: volunteer.token,
          invalidRequest: 'an unknown category',
        }),
        400,
        'validation_failed',
      );
      expectProblem(
        await call('GET', '/resources?colour=red', { token: volunteer.token, invalidRequest: 'an unknown parameter' }),
        400,
        'validation_failed',
      );
      expectProblem(
        await call('GET', '/resources?limit=201', { token: volunteer.token, invalidRequest: 'a limit over 200' }),
        400,
        'validation_failed',
      );
    });

    it('GET /resources/available lists only available resources', async () => {
      const page = expectStatus(
        await call('GET', `/resources/available?disaster_id=${disaster.id}`, { token: volunteer.token }),
        200,
      );
      assert.deepEqual(
        page.items.map((r: any) => r.id),
        [water.id, boat.id],
      );
      assert.ok(page.items.every((r: any) => r.status === 'available'));
    });

    it('GET /resources/locations is a GeoJSON FeatureCollection with [lng, lat] points, filterable', async () => {
      const response = await call('GET', `/resources/locations?disaster_id=${disaster.id}`, { token: volunteer.token });
      const collection = expectStatus(response, 200);
      assert.equal(collection.type, 'FeatureCollection');
      assert.equal(collection.features.length, 3);
      const feature = collection.features.find((f: any) => f.id === boat.id);
      assert.equal(feature.properties.location_precision, 'area');
      assert.equal(feature.properties.owner_id, null);
      const own = expectStatus(
        await call('GET', `/resources/locations?disaster_id=${disaster.id}`, { token: owner.token }),
        200,
      );
      assert.deepEqual(own.features.find((f: any) => f.id === boat.id).geometry, {
        type: 'Point',
        coordinates: [121.02, 14.55],
      });
      assert.equal(feature.type, 'Feature');
      assert.equal(feature.properties.category, 'boat');
      assert.equal(feature.properties.status, 'available');
      const unavailable = expectStatus(
        await call('GET', `/resources/locations?disaster_id=${disaster.id}&status=not_available`, {
          token: volunteer.token,
        }),
        200,
      );
      assert.deepEqual(
        unavailable.features.map((f: any) => f.id),
        [generator.id],
      );
      const boats = expectStatus(
        await call('GET', `/resources/locations?disaster_id=${disaster.id}&category=boat`, { token: volunteer.token }),
        200,
      );
      assert.deepEqual(
        boats.features.map((f: any) => f.id),
        [boat.id],
      );
      expectProblem(
        await call('GET', '/resources/locations?status=lost', {
          token: volunteer.token,
          invalidRequest: 'an unknown status',
        }),
        400,
        'validation_failed',
      );
    });
  });

  describe('PATCH /resources/{rid}', () => {
    it('lets the owner change properties and moves the geohash with the location', async () => {
      const owner = await registeredUser('volunteer');
      const created = await newResource(owner);
      const before = await storedResource(created.id);
      const updated = expectStatus(
        await call('PATCH', `/resources/${created.id}`, {
          token: owner.token,
          body: { name: 'Big boat', location: { lat: 10, lng: 120 } },
        }),
        200,
      );
      assert.equal(updated.name, 'Big boat');
      assert.deepEqual(updated.location, { lat: 10, lng: 120 });
      const stored = await storedResource(created.id);
      assert.equal(stored?.name, 'Big boat');
      assert.notEqual(stored?.geohash, before?.geohash);
    });

    it("refuses another volunteer editing someone else's resource (403), changing nothing", async () => {
      const owner = await registeredUser('volunteer');
      const other = await registeredUser('volunteer');
      const created = await newResource(owner);
      expectProblem(
        await call('PATCH', `/resources/${created.id}`, { token: other.token, body: { name: 'Mine now' } }),
        403,
        'forbidden',
      );
      expectProblem(
        await call('PATCH', `/resources/${created.id}`, { token: other.token, body: { consume: 1 } }),
        403,
        'forbidden',
      );
      const stored = await storedResource(created.id);
      assert.equal(stored?.name, created.name);
      assert.equal(stored?.quantity, created.quantity);
    });

    it('lets an admin edit any resource', async () => {
      const owner = await registeredUser('volunteer');
      const created = await newResource(owner);
      expectStatus(await call('PATCH', `/resources/${created.id}`, { token: admin.token, body: { quantity: 3 } }), 200);
      assert.equal((await storedResource(created.id))?.quantity, 3);
    });

    it('records usage: consume subtracts, and at zero the resource becomes not_available', async () => {
      const owner = await registeredUser('volunteer');
      const created = await newResource(owner, { category: 'water', name: 'Water', quantity: 10, unit: 'litres' });
      const partly = expectStatus(
        await call('PATCH', `/resources/${created.id}`, { token: owner.token, body: { consume: 4 } }),
        200,
      );
      assert.equal(partly.quantity, 6);
      assert.equal(partly.status, 'available');
      const empty = expectStatus(
        await call('PATCH', `/resources/${created.id}`, { token: owner.token, body: { consume: 6 } }),
        200,
      );
      assert.equal(empty.quantity, 0);
      assert.equal(empty.status, 'not_available');
      const stored = await storedResource(created.id);
      assert.equal(stored?.status, 'not_available');
      assert.equal((await claimOf(created.id))?.holder, 'owner');
    });

    it('refuses consuming more than is left (409), changing nothing', async () => {
      const owner = await registeredUser('volunteer');
      const created = await newResource(owner, { quantity: 2 });
      const problem = expectProblem(
        await call('PATCH', `/resources/${created.id}`, { token: owner.token, body: { consume: 3 } }),
        409,
        'conflict',
      );
      assert.equal(problem.quantity, 2);
      assert.equal((await storedResource(created.id))?.quantity, 2);
    });

    const invalidPatches: [string, unknown][] = [
      ['an empty body', {}],
      ['both quantity and consume', { quantity: 5, consume: 1 }],
      ['a zero consume', { consume: 0 }],
      ['a negative consume', { consume: -2 }],
      ['a status (it has its own endpoint)', { status: 'in_use' }],
      ['an owner change', { owner_id: 'someone' }],
      ['an unknown category', { category: 'castle' }],
    ];
    for (const [what, body] of invalidPatches) {
      it(`rejects ${what} with 400, changing nothing`, async () => {
        const owner = await registeredUser('volunteer');
        const created = await newResource(owner);
        expectProblem(
          await call('PATCH', `/resources/${created.id}`, { token: owner.token, body, invalidRequest: what }),
          400,
          'validation_failed',
        );
        const stored = await storedResource(created.id);
        assert.equal(stored?.updated_at, created.updated_at);
      });
    }

    it('answers 404 for an unknown resource', async () => {
      expectProblem(
        await call('PATCH', `/resources/${uniqueId('none')}`, { token: admin.token, body: { name: 'x' } }),
        404,
        'not_found',
      );
    });

    it('lets the assignee of the task holding the resource record usage, and nothing else', async () => {
      const owner = await registeredUser('volunteer');
      const responder = await registeredUser('responder');
      const disaster = await confirmedDisaster();
      const fuel = await newResource(owner, { category: 'other', name: 'Fuel', quantity: 40, unit: 'litres' });
      await readyTask(admin, responder, disaster.id, { resource_ids: [fuel.id] });
      const used = expectStatus(
        await call('PATCH', `/resources/${fuel.id}`, { token: responder.token, body: { consume: 15 } }),
        200,
      );
      assert.equal(used.quantity, 25);
      assert.equal(used.status, 'in_use');
      expectProblem(
        await call('PATCH', `/resources/${fuel.id}`, { token: responder.token, body: { name: 'Diesel' } }),
        403,
        'forbidden',
      );
      assert.equal((await storedResource(fuel.id))?.name, 'Fuel');
    });
  });

  describe('PUT /resources/{rid}/status', () => {
    it('lets the owner take a resource out of service and back, holding and releasing its claim', async () => {
      const owner = await registeredUser('volunteer');
      const created = await newResource(owner);
      const off = expectStatus(
        await call('PUT', `/resources/${created.id}/status`, { token: owner.token, body: { status: 'not_available' } }),
        200,
      );
      assert.equal(off.status, 'not_available');
      assert.equal((await storedResource(created.id))?.status, 'not_available');
      assert.equal((await claimOf(created.id))?.holder, 'owner');
      const on = expectStatus(
        await call('PUT', `/resources/${created.id}/status`, { token: owner.token, body: { status: 'available' } }),
        200,
      );
      assert.equal(on.status, 'available');
      await assertFree(created.id);
    });

    it('is refused with 409 while the resource is in_use, changing nothing', async () => {
      const owner = await registeredUser('volunteer');
      const disaster = await confirmedDisaster();
      const created = await newResource(owner);
      const task = expectStatus(
        await call('POST', '/tasks', {
          token: admin.token,
          body: {
            disaster_id: disaster.id,
            priority: 1,
            instructions: 'Ferry',
            role_required: 'responder',
            resource_ids: [created.id],
          },
        }),
        201,
      );
      for (const status of ['not_available', 'available']) {
        const problem = expectProblem(
          await call('PUT', `/resources/${created.id}/status`, { token: owner.token, body: { status } }),
          409,
          'conflict',
        );
        assert.equal(problem.task_id, task.id);
      }
      const stored = await storedResource(created.id);
      assert.equal(stored?.status, 'in_use');
      assert.equal(stored?.task_id, task.id);
      assert.equal((await claimOf(created.id))?.task_id, task.id);
    });

    it('rejects the status in_use or an unknown one with 400', async () => {
      const owner = await registeredUser('volunteer');
      const created = await newResource(owner);
      for (const status of ['in_use', 'broken', 1]) {
        expectProblem(
          await call('PUT', `/resources/${created.id}/status`, {
            token: owner.token,
            body: { status },
            invalidRequest: 'a status that cannot be set',
          }),
          400,
          'validation_failed',
        );
      }
      await assertFree(created.id);
    });

    it("refuses someone else's resource with 403", async () => {
      const owner = await registeredUser('volunteer');
      const created = await newResource(owner);
      expectProblem(
        await call('PUT', `/resources/${created.id}/status`, {
          token: volunteer.token,
          body: { status: 'not_available' },
        }),
        403,
        'forbidden',
      );
      await assertFree(created.id);
    });

    it('refuses to make a used-up resource available (409)', async () => {
      const owner = await registeredUser('volunteer');
      const created = await newResource(owner, { quantity: 1 });
      expectStatus(await call('PATCH', `/resources/${created.id}`, { token: owner.token, body: { consume: 1 } }), 200);
      expectProblem(
        await call('PUT', `/resources/${created.id}/status`, { token: owner.token, body: { status: 'available' } }),
        409,
        'conflict',
      );
      assert.equal((await storedResource(created.id))?.status, 'not_available');
    });

    it('answers 404 for an unknown resource', async () => {
      expectProblem(
        await call('PUT', `/resources/${uniqueId('none')}/status`, {
          token: admin.token,
          body: { status: 'available' },
        }),
        404,
        'not_found',
      );
    });
  });
});
