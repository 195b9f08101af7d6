import assert from 'node:assert/strict';
import { getAuth } from 'firebase-admin/auth';
import { call, expectProblem, expectStatus, registeredUser, uniqueId } from './helpers/api.js';
import { testDb, tokenFor } from './helpers/emulators.js';

async function userDoc(uid: string) {
  return (await testDb().collection('users').doc(uid).get()).data();
}

async function claimsOf(uid: string) {
  return (await getAuth().getUser(uid)).customClaims ?? {};
}

describe('users', () => {
  describe('POST /users/register', () => {
    it('creates the profile as affected_individual by default, sets the role claim and answers 200', async () => {
      const uid = uniqueId('ada');
      const token = await tokenFor({ uid });
      const response = await call('POST', '/users/register', {
        token,
        body: { display_name: 'Ada', phone: '+14155550123', location: { lat: 14.6, lng: 121 } },
      });
      const profile = expectStatus(response, 200);
      assert.equal(profile.id, uid);
      assert.equal(profile.display_name, 'Ada');
      assert.equal(profile.role, 'affected_individual');
      assert.equal(profile.availability, null);
      assert.equal(profile.token_refresh_required, true);
      assert.equal(profile.geohash, undefined, 'internal fields are not exposed');
      const stored = await userDoc(uid);
      assert.equal(stored?.display_name, 'Ada');
      assert.equal(stored?.role, 'affected_individual');
      assert.equal(typeof stored?.geohash, 'string');
      assert.deepEqual(await claimsOf(uid), { role: 'affected_individual' });
    });

    it('is an idempotent upsert: registering again keeps one profile and its creation time', async () => {
      const user = await registeredUser('volunteer', { skills: ['first aid'] });
      const before = (await call('GET', '/users/me', { token: user.token })).body;
      const again = expectStatus(
        await call('POST', '/users/register', { token: user.token, body: { display_name: 'Renamed' } }),
        200,
      );
      assert.equal(again.created_at, before.created_at);
      assert.equal(again.display_name, 'Renamed');
      assert.deepEqual(again.skills, ['first aid'], 'fields not sent are kept');
      assert.equal(again.token_refresh_required, false, 'the role did not change');
      const all = await testDb().collection('users').where('id', '==', user.uid).get();
      assert.equal(all.size, 1);
    });

    it('lets a user register as a volunteer, with availability unavailable until they say otherwise', async () => {
      const uid = uniqueId('vol');
      const token = await tokenFor({ uid });
      const profile = expectStatus(
        await call('POST', '/users/register', { token, body: { display_name: 'Vee', role: 'volunteer' } }),
        200,
      );
      assert.equal(profile.role, 'volunteer');
      assert.equal(profile.availability, 'unavailable');
      assert.deepEqual(await claimsOf(uid), { role: 'volunteer' });
    });

    for (const role of ['admin', 'responder']) {
      it(`refuses self-registration as ${role}, writing nothing and granting nothing`, async () => {
        const uid = uniqueId('climber');
        const token = await tokenFor({ uid });
        const problem = expectProblem(
          await call('POST', '/users/register', { token, body: { display_name: 'Mallory', role } }),
          403,
          'forbidden',
        );
        assert.match(problem.detail, /granted by an admin/);
        assert.equal(await userDoc(uid), undefined);
        assert.deepEqual(await claimsOf(uid), {});
      });
    }

    it('does not let an existing affected individual promote themselves', async () => {
      const user = await registeredUser('affected_individual');
      expectProblem(
        await call('POST', '/users/register', { token: user.token, body: { role: 'admin' } }),
        403,
        'forbidden',
      );
      assert.equal((await userDoc(user.uid))?.role, 'affected_individual');
      assert.equal((await claimsOf(user.uid)).role, 'affected_individual');
    });

    it('keeps a granted role when its holder registers, and refuses a self-service role change', async () => {
      const admin = await registeredUser('admin');
      assert.equal((await userDoc(admin.uid))?.role, 'admin');
      expectProblem(
        await call('POST', '/users/register', { token: admin.token, body: { role: 'volunteer' } }),
        403,
        'forbidden',
      );
      assert.equal((await userDoc(admin.uid))?.role, 'admin');
    });

    const invalidBodies: [string, Record<string, unknown>, string][] = [
      ['an empty display name', { display_name: '' }, 'body.display_name'],
      ['a blank display name', { display_name: '   ' }, 'body.display_name'],
      ['a display name over 80 characters', { display_name: 'x'.repeat(81) }, 'body.display_name'],
      ['a display name that is not a string', { display_name: 42 }, 'body.display_name'],
      ['a display name with control characters', { display_name: 'A\u0000B' }, 'body.display_name'],
      ['an unknown role', { display_name: 'A', role: 'superuser' }, 'body.role'],
      ['a phone that is not E.164', { display_name: 'A', phone: '555-1234' }, 'body.phone'],
      ['a latitude above 90', { display_name: 'A', location: { lat: 91, lng: 0 } }, 'body.location.lat'],
      ['a longitude below -180', { display_name: 'A', location: { lat: 0, lng: -181 } }, 'body.location.lng'],
      ['a latitude sent as a string', { display_name: 'A', location: { lat: '10', lng: 0 } }, 'body.location.lat'],
      ['a location without lng', { display_name: 'A', location: { lat: 1 } }, 'body.location.lng'],
      ['an unknown availability', { display_name: 'A', role: 'volunteer', availability: 'maybe' }, 'body.availability'],
      [
        'more than 20 skills',
        { display_name: 'A', skills: Array.from({ length: 21 }, (_, i) => `s${i}`) },
        'body.skills',
      ],
      ['a skill over 40 characters', { display_name: 'A', skills: ['x'.repeat(41)] }, 'body.skills.0'],
      ['a field the caller may not set (id)', { display_name: 'A', id: 'someone-else' }, 'body'],
      [
        'a field the caller may not set (created_at)',
        { display_name: 'A', created_at: '2020-01-01T00:00:00Z' },
        'body',
      ],
      ['an unknown field', { display_name: 'A', is_admin: true }, 'body'],
      ['availability for a non-volunteer', { display_name: 'A', availability: 'available' }, 'body.availability'],
      ['no display name at first registration', { phone: '+14155550123' }, 'body.display_name'],
    ];
    for (const [what, body, path] of invalidBodies) {
      it(`rejects ${what} with 400 and writes nothing`, async () => {
        const uid = uniqueId('bad');
        const token = await tokenFor({ uid });
        const problem = expectProblem(
          await call('POST', '/users/register', { token, body, invalidRequest: what }),
          400,
          'validation_failed',
        );
        assert.ok(
          (problem.errors as { path: string }[]).some((e) => e.path === path),
          `expected an error at ${path}, got ${JSON.stringify(problem.errors)}`,
        );
        assert.equal(await userDoc(uid), undefined);
        assert.deepEqual(await claimsOf(uid), {});
      });
    }

    it('answers a body that is not JSON with 415 and writes nothing', async () => {
      const uid = uniqueId('text');
      const token = await tokenFor({ uid });
      expectProblem(
        await call('POST', '/users/register', {
          token,
          rawBody: 'display_name=Ada',
          contentType: 'text/plain',
          invalidRequest: 'a body that is not JSON',
        }),
        415,
        'unsupported_media_type',
      );
      assert.equal(await userDoc(uid), undefined);
    });

    it('answers malformed JSON with 400 and writes nothing', async () => {
      const uid = uniqueId('malformed');
      const token = await tokenFor({ uid });
      // Declared as application/json the platform's own parser rejects it before the app (400);
      // under another JSON media type the app sees the bytes and answers problem+json.
      const platform = await call('POST', '/users/register', {
        token,
        rawBody: '{"display_name": "Ada"',
        contentType: 'application/json',
        invalidRequest: 'malformed JSON',
      });
      assert.equal(platform.status, 400);
      expectProblem(
        await call('POST', '/users/register', {
          token,
          rawBody: '{"display_name": "Ada"',
          contentType: 'application/vnd.api+json',
          invalidRequest: 'malformed JSON, under a media type the runtime does not parse',
        }),
        400,
        'malformed_body',
      );
      assert.equal(await userDoc(uid), undefined);
    });

    it('answers a body over 100 KB with 413 and writes nothing', async () => {
      const uid = uniqueId('big');
      const token = await tokenFor({ uid });
      const response = await call('POST', '/users/register', {
        token,
        body: { display_name: 'A', skills: ['x'.repeat(110 * 1024)] },
        invalidRequest: 'a body over 100 KB',
      });
      expectProblem(response, 413, 'payload_too_large');
      assert.equal(await userDoc(uid), undefined);
    });

    it('rejects a JSON array body with 400', async () => {
      const token = await tokenFor({ uid: uniqueId('arr') });
      expectProblem(
        await call('POST', '/users/register', {
          token,
          body: [{ display_name: 'A' }],
          invalidRequest: 'an array body',
        }),
        400,
        'validation_failed',
      );
    });
  });

  describe('authentication', () => {
    it('answers a missing token with 401, WWW-Authenticate: Bearer and problem+json', async () => {
      const response = await call('GET', '/users/me');
      expectProblem(response, 401, 'unauthenticated');
      assert.equal(response.headers.get('www-authenticate'), 'Bearer');
    });

    it('answers a garbage token with 401', async () => {
      expectProblem(await call('GET', '/users/me', { token: 'not-a-token' }), 401, 'unauthenticated');
    });

    it('answers a header that is not a Bearer token with 401', async () => {
      expectProblem(
        await call('GET', '/users/me', { headers: { authorization: 'Basic YWxhZGRpbjpvcGVuc2VzYW1l' } }),
        401,
        'unauthenticated',
      );
    });

    it('answers an expired token with 401', async () => {
      const token = await tokenFor({ uid: uniqueId('old') });
      const [header, payload] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, number>;
      const past = Math.floor(Date.now() / 1000) - 7200;
      const expired = `${header}.${Buffer.from(JSON.stringify({ ...claims, iat: past - 3600, auth_time: past - 3600, exp: past })).toString('base64url')}.`;
      const problem = expectProblem(await call('GET', '/users/me', { token: expired }), 401, 'unauthenticated');
      assert.match(problem.detail, /expired/);
    });

    it('answers the token of a user who no longer exists with 401', async () => {
      const uid = uniqueId('gone');
      const token = await tokenFor({ uid });
      await getAuth().deleteUser(uid);
      expectProblem(await call('GET', '/users/me', { token }), 401, 'unauthenticated');
    });
  });

  describe('GET /users/me', () => {
    it("returns the caller's own profile", async () => {
      const user = await registeredUser('responder', { phone: '+442071234567' });
      const profile = expectStatus(await call('GET', '/users/me', { token: user.token }), 200);
      assert.equal(profile.id, user.uid);
      assert.equal(profile.role, 'responder');
      assert.equal(profile.phone, '+442071234567');
    });

    it('answers 404 before registration', async () => {
      const token = await tokenFor({ uid: uniqueId('new') });
      const problem = expectProblem(await call('GET', '/users/me', { token }), 404, 'not_found');
      assert.match(problem.detail, /register/);
    });
  });

  describe('availability', () => {
    it('lets a volunteer read and set their availability', async () => {
      const volunteer = await registeredUser('volunteer');
      assert.equal(
        expectStatus(await call('GET', '/users/me/availability', { token: volunteer.token }), 200).availability,
        'unavailable',
      );
      const set = expectStatus(
        await call('PATCH', '/users/me/availability', { token: volunteer.token, body: { availability: 'available' } }),
        200,
      );
      assert.equal(set.availability, 'available');
      assert.equal((await userDoc(volunteer.uid))?.availability, 'available');
      assert.equal(
        expectStatus(await call('GET', '/users/me/availability', { token: volunteer.token }), 200).availability,
        'available',
      );
    });

    it('rejects any value other than available or unavailable, leaving it unchanged', async () => {
      const volunteer = await registeredUser('volunteer');
      for (const availability of ['busy', '', null, 1, ['available']]) {
        expectProblem(
          await call('PATCH', '/users/me/availability', {
            token: volunteer.token,
            body: { availability },
            invalidRequest: 'an unknown availability',
          }),
          400,
          'validation_failed',
        );
      }
      expectProblem(
        await call('PATCH', '/users/me/availability', {
          token: volunteer.token,
          body: {},
          invalidRequest: 'an empty body',
        }),
        400,
        'validation_failed',
      );
      expectProblem(
        await call('PATCH', '/users/me/availability', { token: volunteer.token, invalidRequest: 'no body' }),
        400,
        'validation_failed',
      );
      assert.equal((await userDoc(volunteer.uid))?.availability, 'unavailable');
    });

    it('is refused to users who are not volunteers', async () => {
      const person = await registeredUser('affected_individual');
      expectProblem(await call('GET', '/users/me/availability', { token: person.token }), 403, 'forbidden');
      expectProblem(
        await call('PATCH', '/users/me/availability', { token: person.token, body: { availability: 'available' } }),
        403,
        'forbidden',
      );
      assert.equal((await userDoc(person.uid))?.availability, null);
    });
  });

  describe('PATCH /users/me/location', () => {
    it('updates the location and its geohash', async () => {
      const user = await registeredUser('volunteer');
      const profile = expectStatus(
        await call('PATCH', '/users/me/location', {
          token: user.token,
          body: { location: { lat: -33.86, lng: 151.21 } },
        }),
        200,
      );
      assert.deepEqual(profile.location, { lat: -33.86, lng: 151.21 });
      const stored = await userDoc(user.uid);
      assert.deepEqual(stored?.location, { lat: -33.86, lng: 151.21 });
      assert.match(String(stored?.geohash), /^r3gx/);
    });

    it('rejects coordinates out of range and leaves the location unchanged', async () => {
      const user = await registeredUser('volunteer', { location: { lat: 1, lng: 2 } });
      for (const location of [
        { lat: 90.5, lng: 0 },
        { lat: 0, lng: 180.1 },
        { lat: 'x', lng: 0 },
        null,
        { lat: 1, lng: 2, alt: 3 },
      ]) {
        expectProblem(
          await call('PATCH', '/users/me/location', {
            token: user.token,
            body: { location },
            invalidRequest: 'an invalid location',
          }),
          400,
          'validation_failed',
        );
      }
      assert.deepEqual((await userDoc(user.uid))?.location, { lat: 1, lng: 2 });
    });

    it('answers 404 to a user who has not registered, and creates nothing', async () => {
      const uid = uniqueId('loc');
      const token = await tokenFor({ uid });
      expectProblem(
        await call('PATCH', '/users/me/location', { token, body: { location: { lat: 1, lng: 1 } } }),
        404,
        'not_found',
      );
      assert.equal(await userDoc(uid), undefined);
    });
  });

  describe('GET /users/{uid}/display_name', () => {
    it('is public and reveals only the display name', async () => {
      const user = await registeredUser('affected_individual', { display_name: 'Grace', phone: '+14155550123' });
      const response = await call('GET', `/users/${user.uid}/display_name`);
      assert.deepEqual(expectStatus(response, 200), { id: user.uid, display_name: 'Grace' });
    });

    it('answers 404 for an unknown uid and 400 for one that is not an id', async () => {
      expectProblem(await call('GET', `/users/${uniqueId('nobody')}/display_name`), 404, 'not_found');
      expectProblem(
        await call('GET', '/users/a.b/display_name', { invalidRequest: 'a uid that is not an id' }),
        400,
        'validation_failed',
      );
    });
  });

  describe('PUT /users/{uid}/role', () => {
    it('lets an admin grant a role: the claim is set and the profile mirrors it', async () => {
      const admin = await registeredUser('admin');
      const target = await registeredUser('volunteer');
      const profile = expectStatus(
        await call('PUT', `/users/${target.uid}/role`, { token: admin.token, body: { role: 'responder' } }),
        200,
      );
      assert.equal(profile.role, 'responder');
      assert.equal(profile.availability, null);
      assert.equal((await claimsOf(target.uid)).role, 'responder');
      assert.equal((await userDoc(target.uid))?.role, 'responder');
    });

    it('is refused to non-admins, changing nothing', async () => {
      const responder = await registeredUser('responder');
      const target = await registeredUser('volunteer');
      expectProblem(
        await call('PUT', `/users/${target.uid}/role`, { token: responder.token, body: { role: 'admin' } }),
        403,
        'forbidden',
      );
      expectProblem(
        await call('PUT', `/users/${responder.uid}/role`, { token: responder.token, body: { role: 'admin' } }),
        403,
        'forbidden',
      );
      assert.equal((await claimsOf(target.uid)).role, 'volunteer');
      assert.equal((await claimsOf(responder.uid)).role, 'responder');
    });

    it('answers 404 for an unknown user and 400 for an unknown role', async () => {
      const admin = await registeredUser('admin');
      expectProblem(
        await call('PUT', `/users/${uniqueId('ghost')}/role`, { token: admin.token, body: { role: 'responder' } }),
        404,
        'not_found',
      );
      const target = await registeredUser('volunteer');
      expectProblem(
        await call('PUT', `/users/${target.uid}/role`, {
          token: admin.token,
          body: { role: 'king' },
          invalidRequest: 'an unknown role',
        }),
        400,
        'validation_failed',
      );
      assert.equal((await claimsOf(target.uid)).role, 'volunteer');
    });
  });
});
