import assert from 'node:assert/strict';
import { internalCollections } from '../src/data/collections.js';
import { geohashOf } from '../src/shared/geo.js';
import { call, expectProblem, expectStatus, registeredUser, type TestUser } from './helpers/api.js';
import { confirmedDisaster, disasterBody, join, suggestedDisaster } from './helpers/disasters.js';
import { testDb, tokenFor } from './helpers/emulators.js';

const disasterDoc = async (id: string) => (await testDb().collection('disasters').doc(id).get()).data();
const memberDoc = async (disasterId: string, uid: string) =>
  testDb().collection('disasters').doc(disasterId).collection('members').doc(uid).get();
const membershipEntry = async (uid: string, disasterId: string) =>
  testDb().collection('users').doc(uid).collection('memberships').doc(disasterId).get();
const disasterCount = async () => (await testDb().collection('disasters').count().get()).data().count;

describe('disasters', () => {
  let admin: TestUser;
  let volunteer: TestUser;

  before(async () => {
    admin = await registeredUser('admin');
    volunteer = await registeredUser('volunteer', { location: { lat: 14.61, lng: 121.01 }, availability: 'available' });
  });

  describe('POST /disasters', () => {
    it('lets an admin create a confirmed disaster, answering 201 with it and storing it', async () => {
      const created = expectStatus(await call('POST', '/disasters', { token: admin.token, body: disasterBody() }), 201);
      assert.equal(created.status, 'confirmed');
      assert.equal(created.name, 'River flood');
      assert.equal(created.type, 'flood');
      assert.deepEqual(created.location, { lat: 14.6, lng: 121.0 });
      assert.equal(created.created_by, admin.uid);
      assert.equal(created.confirmed_by, admin.uid);
      assert.equal(created.suggestion, null);
      assert.equal(created.geohash, undefined, 'the geohash stays internal');
      const stored = await disasterDoc(created.id);
      assert.equal(stored?.status, 'confirmed');
      assert.equal(typeof stored?.geohash, 'string');
    });

    it('defaults the description to empty', async () => {
      const { description: _d, ...body } = disasterBody();
      const created = expectStatus(await call('POST', '/disasters', { token: admin.token, body }), 201);
      assert.equal(created.description, '');
    });

    it('refuses non-admins (403) and anonymous callers (401), writing nothing', async () => {
      const before = await disasterCount();
      expectProblem(
        await call('POST', '/disasters', { token: volunteer.token, body: disasterBody() }),
        403,
        'forbidden',
      );
      expectProblem(await call('POST', '/disasters', { body: disasterBody() }), 401, 'unauthenticated');
      assert.equal(await disasterCount(), before);
    });

    const invalid: [string, Record<string, unknown>][] = [
      ['an empty name', { name: '   ' }],
      ['a name over 120 characters', { name: 'x'.repeat(121) }],
      ['a name that is not a string', { name: 42 }],
      ['an unknown type', { type: 'meteor' }],
      ['a description over 2000 characters', { description: 'x'.repeat(2001) }],
      ['a latitude out of range', { location: { lat: 91, lng: 0 } }],
      ['a longitude out of range', { location: { lat: 0, lng: -181 } }],
      ['a location with an extra field', { location: { lat: 0, lng: 0, alt: 3 } }],
      ['no location', { location: undefined }],
      ['a zero radius', { radius_km: 0 }],
      ['a radius over 2000 km', { radius_km: 2001 }],
      ['a severity of 0', { severity: 0 }],
      ['a severity of 6', { severity: 6 }],
      ['a fractional severity', { severity: 2.5 }],
      ['an unknown field', { status: 'suggested' }],
    ];
    for (const [what, change] of invalid) {
      it(`rejects ${what} with 400, writing nothing`, async () => {
        const before = await disasterCount();
        const problem = expectProblem(
          await call('POST', '/disasters', { token: admin.token, body: disasterBody(change), invalidRequest: what }),
          400,
          'validation_failed',
        );
        assert.ok(Array.isArray(problem.errors) && problem.errors.length > 0);
        assert.equal(await disasterCount(), before);
      });
    }
  });

  describe('GET /disasters and GET /disasters/{id}', () => {
    it('lists confirmed disasters publicly, newest first, paginated and filterable by type, never suggestions', async () => {
      const quake = await confirmedDisaster(admin, { name: 'Quake', type: 'earthquake' });
      const fire = await confirmedDisaster(admin, { name: 'Fire', type: 'wildfire' });
      const suggestion = await suggestedDisaster();
      const all = expectStatus(await call('GET', '/disasters?limit=200'), 200);
      const ids = all.items.map((d: { id: string }) => d.id);
      assert.ok(ids.includes(quake.id) && ids.includes(fire.id));
      assert.ok(!ids.includes(suggestion.id), 'suggestions are not public');
      assert.ok(ids.indexOf(fire.id) < ids.indexOf(quake.id), 'newest first');
      assert.ok(all.items.every((d: { status: string }) => d.status === 'confirmed'));

      const quakes = expectStatus(await call('GET', '/disasters?type=earthquake'), 200);
      assert.deepEqual(
        quakes.items.map((d: { id: string }) => d.id),
        [quake.id],
      );

      const first = expectStatus(await call('GET', '/disasters?limit=1'), 200);
      assert.equal(first.items.length, 1);
      assert.equal(typeof first.next_cursor, 'string');
      const second = expectStatus(await call('GET', `/disasters?limit=1&cursor=${first.next_cursor}`), 200);
      assert.equal(second.items.length, 1);
      assert.notEqual(second.items[0].id, first.items[0].id);
    });

    it('rejects an unknown type filter and an unknown query parameter with 400', async () => {
      expectProblem(
        await call('GET', '/disasters?type=meteor', { invalidRequest: 'an unknown type' }),
        400,
        'validation_failed',
      );
      expectProblem(
        await call('GET', '/disasters?status=suggested', { invalidRequest: 'a status the list does not filter by' }),
        400,
        'validation_failed',
      );
      expectProblem(
        await call('GET', '/disasters?limit=0', { invalidRequest: 'a limit of 0' }),
        400,
        'validation_failed',
      );
    });

    it('shows a confirmed disaster to anyone, without a token', async () => {
      const disaster = await confirmedDisaster(admin);
      const shown = expectStatus(await call('GET', `/disasters/${disaster.id}`), 200);
      assert.equal(shown.id, disaster.id);
      assert.equal(shown.name, disaster.name);
    });

    it('shows a suggested disaster to admins only; anyone else gets 404', async () => {
      const suggestion = await suggestedDisaster();
      expectProblem(await call('GET', `/disasters/${suggestion.id}`), 404, 'not_found');
      expectProblem(await call('GET', `/disasters/${suggestion.id}`, { token: volunteer.token }), 404, 'not_found');
      const shown = expectStatus(await call('GET', `/disasters/${suggestion.id}`, { token: admin.token }), 200);
      assert.equal(shown.status, 'suggested');
      assert.equal(shown.suggestion, undefined, 'the whole suggestion is under GET /disasters/agent-suggested');
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      expectProblem(await call('GET', '/disasters/nope'), 404, 'not_found');
      expectProblem(
        await call('GET', '/disasters/bad$id', { invalidRequest: 'a malformed id' }),
        400,
        'validation_failed',
      );
    });
  });

  describe('membership', () => {
    it('join is idempotent: 201 then 200 with the same membership, one member document', async () => {
      const disaster = await confirmedDisaster(admin);
      const first = expectStatus(await call('POST', `/disasters/${disaster.id}/join`, { token: volunteer.token }), 201);
      assert.equal(first.joined, true);
      assert.equal(first.disaster_id, disaster.id);
      const again = expectStatus(await call('POST', `/disasters/${disaster.id}/join`, { token: volunteer.token }), 200);
      assert.deepEqual(again, first);
      const member = await memberDoc(disaster.id, volunteer.uid);
      assert.equal(member.data()?.role, 'volunteer');
      const members = await testDb().collection('disasters').doc(disaster.id).collection('members').count().get();
      assert.equal(members.data().count, 1);
      const entry = await membershipEntry(volunteer.uid, disaster.id);
      assert.equal(entry.data()?.disaster_id, disaster.id, "the join is also on the volunteer's own list");
      assert.equal(entry.get('created_at').toMillis(), member.get('created_at').toMillis());
    });

    it('joined answers for the caller, and leave is idempotent', async () => {
      const disaster = await confirmedDisaster(admin);
      const responder = await registeredUser('responder');
      const before = expectStatus(
        await call('GET', `/disasters/${disaster.id}/joined`, { token: responder.token }),
        200,
      );
      assert.deepEqual(before, { disaster_id: disaster.id, joined: false, joined_at: null });
      await join(responder, disaster.id);
      const during = expectStatus(
        await call('GET', `/disasters/${disaster.id}/joined`, { token: responder.token }),
        200,
      );
      assert.equal(during.joined, true);
      assert.equal(typeof during.joined_at, 'string');
      const other = expectStatus(
        await call('GET', `/disasters/${disaster.id}/joined`, { token: volunteer.token }),
        200,
      );
      assert.equal(other.joined, false, "someone else's membership is not the caller's");
      assert.equal((await membershipEntry(responder.uid, disaster.id)).exists, true);
      expectStatus(await call('DELETE', `/disasters/${disaster.id}/leave`, { token: responder.token }), 204);
      assert.equal((await memberDoc(disaster.id, responder.uid)).exists, false);
      assert.equal(
        (await membershipEntry(responder.uid, disaster.id)).exists,
        false,
        "gone from the responder's own list too",
      );
      expectStatus(await call('DELETE', `/disasters/${disaster.id}/leave`, { token: responder.token }), 204);
      const after = expectStatus(
        await call('GET', `/disasters/${disaster.id}/joined`, { token: responder.token }),
        200,
      );
      assert.equal(after.joined, false);
    });

    it('refuses to join an unknown or a suggested disaster (404), even for an admin, writing nothing', async () => {
      const suggestion = await suggestedDisaster();
      expectProblem(
        await call('POST', '/disasters/unknown-disaster/join', { token: volunteer.token }),
        404,
        'not_found',
      );
      expectProblem(
        await call('POST', `/disasters/${suggestion.id}/join`, { token: volunteer.token }),
        404,
        'not_found',
      );
      expectProblem(await call('POST', `/disasters/${suggestion.id}/join`, { token: admin.token }), 404, 'not_found');
      assert.equal((await memberDoc(suggestion.id, volunteer.uid)).exists, false);
      assert.equal((await memberDoc(suggestion.id, admin.uid)).exists, false);
      expectProblem(
        await call('DELETE', '/disasters/unknown-disaster/leave', { token: volunteer.token }),
        404,
        'not_found',
      );
      expectProblem(
        await call('GET', '/disasters/unknown-disaster/joined', { token: volunteer.token }),
        404,
        'not_found',
      );
    });

    it('refuses a user who has not registered (403) and anonymous callers (401)', async () => {
      const disaster = await confirmedDisaster(admin);
      const stranger = await tokenFor({ uid: 'stranger-unregistered' });
      expectProblem(await call('POST', `/disasters/${disaster.id}/join`, { token: stranger }), 403, 'forbidden');
      assert.equal((await memberDoc(disaster.id, 'stranger-unregistered')).exists, false);
      expectProblem(await call('POST', `/disasters/${disaster.id}/join`), 401, 'unauthenticated');
      expectProblem(await call('GET', `/disasters/${disaster.id}/joined`), 401, 'unauthenticated');
      expectProblem(await call('DELETE', `/disasters/${disaster.id}/leave`), 401, 'unauthenticated');
    });
  });

  describe('GET /disasters/{id}/volunteers', () => {
    it('lists the volunteers who joined, with availability and location, paginated; other members are not listed', async () => {
      const disaster = await confirmedDisaster(admin);
      const second = await registeredUser('volunteer', { location: { lat: 14.7, lng: 121.1 } });
      const responder = await registeredUser('responder');
      await join(volunteer, disaster.id);
      await join(second, disaster.id);
      await join(responder, disaster.id);
      const page = expectStatus(await call('GET', `/disasters/${disaster.id}/volunteers`, { token: admin.token }), 200);
      assert.deepEqual(
        page.items.map((v: { id: string }) => v.id),
        [second.uid, volunteer.uid],
        'newest members first, volunteers only',
      );
      const first = page.items[1];
      assert.equal(first.availability, 'available');
      assert.deepEqual(first.location, { lat: 14.61, lng: 121.01 });
      assert.equal(typeof first.display_name, 'string');
      assert.equal(typeof first.joined_at, 'string');
      assert.equal(page.items[0].availability, 'unavailable');
      const one = expectStatus(
        await call('GET', `/disasters/${disaster.id}/volunteers?limit=1`, { token: admin.token }),
        200,
      );
      assert.equal(one.items.length, 1);
      const rest = expectStatus(
        await call('GET', `/disasters/${disaster.id}/volunteers?limit=1&cursor=${one.next_cursor}`, {
          token: admin.token,
        }),
        200,
      );
      assert.deepEqual(
        rest.items.map((v: { id: string }) => v.id),
        [volunteer.uid],
      );
      assert.equal(rest.next_cursor, null);
    });

    it('is for admins only (403), and 404 for an unknown disaster', async () => {
      const disaster = await confirmedDisaster(admin);
      expectProblem(
        await call('GET', `/disasters/${disaster.id}/volunteers`, { token: volunteer.token }),
        403,
        'forbidden',
      );
      expectProblem(
        await call('GET', '/disasters/unknown-disaster/volunteers', { token: admin.token }),
        404,
        'not_found',
      );
    });
  });

  describe('agent suggestions: list, approve, discard', () => {
    it('lists suggestions newest first for admins only', async () => {
      const older = await suggestedDisaster({ lat: 10, lng: 10 });
      const newer = await suggestedDisaster({ lat: 11, lng: 11 });
      await confirmedDisaster(admin);
      const page = expectStatus(await call('GET', '/disasters/agent-suggested', { token: admin.token }), 200);
      const ids = page.items.map((d: { id: string }) => d.id);
      assert.ok(ids.indexOf(newer.id) >= 0 && ids.indexOf(newer.id) < ids.indexOf(older.id));
      assert.ok(page.items.every((d: { status: string }) => d.status === 'suggested'));
      expectProblem(await call('GET', '/disasters/agent-suggested', { token: volunteer.token }), 403, 'forbidden');
      expectProblem(await call('GET', '/disasters/agent-suggested'), 401, 'unauthenticated');
    });

    it('approve turns a suggestion into a confirmed disaster that the public then sees; approving again is 409', async () => {
      const suggestion = await suggestedDisaster();
      const approved = expectStatus(
        await call('POST', `/disasters/${suggestion.id}/approve`, { token: admin.token }),
        200,
      );
      assert.equal(approved.status, 'confirmed');
      assert.equal(approved.confirmed_by, admin.uid);
      assert.equal((await disasterDoc(suggestion.id))?.status, 'confirmed');
      expectStatus(await call('GET', `/disasters/${suggestion.id}`), 200);
      const listed = expectStatus(await call('GET', '/disasters?limit=200'), 200);
      assert.ok(listed.items.some((d: { id: string }) => d.id === suggestion.id));
      expectProblem(
        await call('POST', `/disasters/${suggestion.id}/approve`, { token: admin.token }),
        409,
        'invalid_transition',
      );
    });

    it('discard removes a suggestion and tombstones its evidence; discarding a confirmed disaster is 409', async () => {
      const suggestion = await suggestedDisaster({ lat: -33.9, lng: 18.4 }, ['obs-a', 'obs-b', 'obs-c']);
      expectStatus(await call('DELETE', `/disasters/${suggestion.id}/discard`, { token: admin.token }), 204);
      assert.equal(await disasterDoc(suggestion.id), undefined);
      const tombstone = (await testDb().collection(internalCollections.agentEvidence).doc('obs-b').get()).data();
      assert.equal(tombstone?.state, 'discarded');
      assert.equal(tombstone?.disaster_id, suggestion.id);
      expectProblem(
        await call('DELETE', `/disasters/${suggestion.id}/discard`, { token: admin.token }),
        404,
        'not_found',
      );

      const confirmed = await confirmedDisaster(admin);
      expectProblem(
        await call('DELETE', `/disasters/${confirmed.id}/discard`, { token: admin.token }),
        409,
        'invalid_transition',
      );
      assert.equal((await disasterDoc(confirmed.id))?.status, 'confirmed');
    });

    it('approve and discard are for admins only and answer 404 for unknown ids, changing nothing', async () => {
      const suggestion = await suggestedDisaster();
      expectProblem(
        await call('POST', `/disasters/${suggestion.id}/approve`, { token: volunteer.token }),
        403,
        'forbidden',
      );
      expectProblem(
        await call('DELETE', `/disasters/${suggestion.id}/discard`, { token: volunteer.token }),
        403,
        'forbidden',
      );
      assert.equal((await disasterDoc(suggestion.id))?.status, 'suggested');
      expectProblem(
        await call('POST', '/disasters/unknown-disaster/approve', { token: admin.token }),
        404,
        'not_found',
      );
      expectProblem(
        await call('DELETE', '/disasters/unknown-disaster/discard', { token: admin.token }),
        404,
        'not_found',
      );
    });
  });

  describe('PATCH /disasters/{id}', () => {
    const auditOf = async (disasterId: string) =>
      (await testDb().collection('audit_log').where('entity_id', '==', disasterId).get()).docs
        .map((d) => d.data())
        .filter((r) => r.entity === 'disaster' && r.action === 'updated');

    it('lets an admin edit a confirmed disaster: only the changed fields are written and audited, the geohash follows the location', async () => {
      const created = await confirmedDisaster(admin);
      const location = { lat: 14.9, lng: 121.2 };
      const edited = expectStatus(
        await call('PATCH', `/disasters/${created.id}`, {
          token: admin.token,
          body: { name: 'River flood, lower town', location, severity: created.severity },
        }),
        200,
      );
      assert.equal(edited.name, 'River flood, lower town');
      assert.deepEqual(edited.location, location);
      assert.equal(edited.status, 'confirmed');
      assert.equal(edited.geohash, undefined);
      const stored = await disasterDoc(created.id);
      assert.equal(stored?.geohash, geohashOf(location));
      assert.equal(stored?.description, created.description);
      const audit = await auditOf(created.id);
      assert.equal(audit.length, 1);
      assert.equal(audit[0]!.action, 'updated');
      assert.equal(audit[0]!.actor_id, admin.uid);
      assert.equal(audit[0]!.actor_role, 'admin');
      assert.deepEqual(audit[0]!.before, { name: 'River flood', location: created.location });
      assert.deepEqual(audit[0]!.after, { name: 'River flood, lower town', location });
      // Sending the current values changes nothing and records nothing.
      expectStatus(
        await call('PATCH', `/disasters/${created.id}`, {
          token: admin.token,
          body: { name: 'River flood, lower town' },
        }),
        200,
      );
      assert.equal((await auditOf(created.id)).length, 1);
    });

    it('refuses an empty, unknown-field or invalid body with 400, writing nothing', async () => {
      const created = await confirmedDisaster(admin);
      for (const body of [
        {},
        { status: 'suggested' },
        { name: '' },
        { radius_km: -1 },
        { severity: 9 },
        { location: { lat: 100, lng: 0 } },
        { name: 'x', created_by: 'me' },
      ]) {
        expectProblem(
          await call('PATCH', `/disasters/${created.id}`, {
            token: admin.token,
            body,
            invalidRequest: 'an invalid change',
          }),
          400,
          'validation_failed',
        );
      }
      expectProblem(
        await call('PATCH', `/disasters/${created.id}`, { token: admin.token, invalidRequest: 'no body' }),
        400,
        'validation_failed',
      );
      const stored = await disasterDoc(created.id);
      assert.equal(stored?.name, 'River flood');
      assert.deepEqual(
        stored?.updated_at,
        (await testDb().collection('disasters').doc(created.id).get()).get('created_at'),
      );
      assert.equal((await auditOf(created.id)).length, 0);
    });

    it('is 404 for an unknown or discarded disaster and 403 for other roles', async () => {
      expectProblem(
        await call('PATCH', '/disasters/no-such-disaster', { token: admin.token, body: { name: 'x' } }),
        404,
        'not_found',
      );
      const suggestion = await suggestedDisaster();
      expectStatus(await call('DELETE', `/disasters/${suggestion.id}/discard`, { token: admin.token }), 204);
      expectProblem(
        await call('PATCH', `/disasters/${suggestion.id}`, { token: admin.token, body: { name: 'x' } }),
        404,
        'not_found',
      );
      const confirmed = await confirmedDisaster(admin);
      expectProblem(
        await call('PATCH', `/disasters/${confirmed.id}`, { token: volunteer.token, body: { name: 'Mine now' } }),
        403,
        'forbidden',
      );
      expectProblem(
        await call('PATCH', `/disasters/${confirmed.id}`, { body: { name: 'Mine now' } }),
        401,
        'unauthenticated',
      );
      assert.equal((await disasterDoc(confirmed.id))?.name, 'River flood');
    });

    it('edits a suggestion before approval: it stays suggested, remembers the edited fields, and is approved as edited', async () => {
      const suggestion = await suggestedDisaster();
      const body = { name: 'Flash flood, Salt River', description: 'Reviewed by the duty officer.', radius_km: 3 };
      const edited = expectStatus(
        await call('PATCH', `/disasters/${suggestion.id}`, { token: admin.token, body }),
        200,
      );
      assert.equal(edited.status, 'suggested');
      assert.deepEqual(edited.suggestion.edited_fields, ['description', 'name', 'radius_km']);
      expectProblem(await call('GET', `/disasters/${suggestion.id}`), 404, 'not_found');
      const approved = expectStatus(
        await call('POST', `/disasters/${suggestion.id}/approve`, { token: admin.token }),
        200,
      );
      assert.equal(approved.name, body.name);
      assert.equal(approved.description, body.description);
      const publicView = expectStatus(await call('GET', `/disasters/${suggestion.id}`), 200);
      assert.equal(publicView.description, body.description);
    });

    it("publishes an approved suggestion without the agent's summary, its evidence or the admins' uids (F7, L6)", async () => {
      const evidence = ['obs-f7-a', 'obs-f7-b', 'obs-f7-c'];
      const suggestion = await suggestedDisaster({ lat: -34.1, lng: 18.6 }, evidence);
      const agentText = 'Mud slid onto the Reyes family house, Purok 3; Lola Cora is trapped';
      await testDb()
        .collection('disasters')
        .doc(suggestion.id)
        .update({ description: agentText, 'suggestion.summary': agentText });
      const rewritten = 'Landslide in the hills north of Tarlac.';
      expectStatus(
        await call('PATCH', `/disasters/${suggestion.id}`, { token: admin.token, body: { description: rewritten } }),
        200,
      );
      expectStatus(await call('POST', `/disasters/${suggestion.id}/approve`, { token: admin.token }), 200);

      const anonymous = expectStatus(await call('GET', `/disasters/${suggestion.id}`), 200);
      const listed = expectStatus(await call('GET', '/disasters?limit=200'), 200).items.find(
        (d: { id: string }) => d.id === suggestion.id,
      );
      const asAdmin = expectStatus(await call('GET', `/disasters/${suggestion.id}`, { token: admin.token }), 200);
      for (const view of [anonymous, listed, asAdmin]) {
        assert.equal(view.description, rewritten);
        for (const field of ['suggestion', 'created_by', 'confirmed_by', 'closed_by']) {
          assert.ok(!(field in view), `${field} is not public`);
        }
        const text = JSON.stringify(view);
        for (const secret of [agentText, 'Reyes', admin.uid, ...evidence]) assert.ok(!text.includes(secret), secret);
      }
      // Nor does the agent's text outlive approval in the record.
      assert.equal((await disasterDoc(suggestion.id))?.suggestion.summary, rewritten);
    });
  });
});
