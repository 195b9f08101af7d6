// A request a person can quote (issue 26, item 4): staff find it by the short reference the
// requester's list and every SMS reply show, however it is typed; requests stored before the
// reference was kept are found once the operator's backfill has run.
import assert from 'node:assert/strict';
import { FieldValue, type Timestamp } from 'firebase-admin/firestore';
import { backfillRequests } from '../src/requests/backfill.js';
import { requestStore } from '../src/requests/store.js';
import { call, expectProblem, expectStatus, registeredUser, type TestUser } from './helpers/api.js';
import { disaster, north } from './helpers/planning-fixtures.js';
import { newNumber, sendSms, uidOfNumber } from './helpers/sms.js';
import { verify } from './helpers/trust.js';

describe('GET /requests?reference= (staff)', () => {
  let disasterId: string;
  let admin: TestUser;
  let responder: TestUser;
  let owner: TestUser;
  let appRequest: { id: string; reference: string };
  let smsRequest: { id: string; reference: string };

  before(async () => {
    const flood = await disaster();
    disasterId = flood.id;
    [admin, responder, owner] = await Promise.all([
      registeredUser('admin'),
      registeredUser('responder'),
      registeredUser('affected_individual'),
    ]);
    appRequest = expectStatus(
      await call('POST', '/requests', {
        token: owner.token,
        body: {
          disaster_id: disasterId,
          type_of_need: 'water',
          description: 'Water for six people',
          location: north(flood.location, 1),
        },
      }),
      201,
    );
    const number = newNumber();
    await sendSms(number, 'rescue please, water is rising at the chapel');
    const smsOwner = await uidOfNumber(number);
    const stored = (await requestStore.list({ owner_id: smsOwner }, { limit: 1 })).items[0]!;
    smsRequest = { id: stored.id, reference: stored.id.slice(0, 6).toUpperCase() };
  });

  it('finds a request by its reference as a person reads it out: any case, with # or spaces', async () => {
    const ref = appRequest.reference;
    for (const typed of [ref, ref.toLowerCase(), `#${ref}`, ` ${ref.slice(0, 3)} ${ref.slice(3)} `]) {
      const found = expectStatus(
        await call('GET', `/requests?reference=${encodeURIComponent(typed)}`, { token: admin.token }),
        200,
      );
      assert.deepEqual(
        found.items.map((request: { id: string }) => request.id),
        [appRequest.id],
        `typed as ${JSON.stringify(typed)}`,
      );
      assert.equal(found.items[0].view, 'staff');
      assert.equal(found.items[0].reference, ref);
    }
    const bySms = expectStatus(
      await call('GET', `/requests?reference=${smsRequest.reference}`, { token: responder.token }),
      200,
    );
    assert.deepEqual(
      bySms.items.map((request: { id: string }) => request.id),
      [smsRequest.id],
      'a request that came by SMS is found by the reference its reply gave',
    );
  });

  it('answers an empty page for a reference nobody has, and 400 for one that cannot be a reference', async () => {
    const unused = appRequest.reference === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ';
    assert.deepEqual(
      expectStatus(await call('GET', `/requests?reference=${unused}`, { token: admin.token }), 200).items,
      [],
    );
    for (const bad of ['ABC', 'ABCDEFG', 'AB-CDE', '']) {
      expectProblem(
        await call('GET', `/requests?reference=${encodeURIComponent(bad)}`, {
          token: admin.token,
          invalidRequest: 'not a 6-character reference',
        }),
        400,
        'validation_failed',
      );
    }
    const combined = expectProblem(
      await call('GET', `/requests?reference=${appRequest.reference}&disaster_id=${disasterId}`, {
        token: admin.token,
      }),
      400,
      'validation_failed',
    );
    assert.match(JSON.stringify(combined), /does not combine with reference/);
  });

  it('is for staff only: the requester and a verified volunteer get 403', async () => {
    const volunteer = await verify(await registeredUser('volunteer'));
    for (const who of [owner, volunteer]) {
      expectProblem(
        await call('GET', `/requests?reference=${appRequest.reference}`, { token: who.token }),
        403,
        'forbidden',
      );
    }
  });

  it('finds a request stored before references were kept once the backfill has run, and the backfill is safe to rerun', async () => {
    // As an older request is stored: without its reference and without any re-confirmation state.
    const raw = requestStore.doc(appRequest.id).withConverter(null);
    await raw.update({
      reference: FieldValue.delete(),
      last_confirmed_at: FieldValue.delete(),
      confirmation: FieldValue.delete(),
      confirmation_asked_at: FieldValue.delete(),
      confirmation_due_at: FieldValue.delete(),
    });
    const lookup = async () =>
      expectStatus(await call('GET', `/requests?reference=${appRequest.reference}`, { token: admin.token }), 200)
        .items as { id: string }[];
    assert.deepEqual(await lookup(), [], 'not found without the stored field');
    const first = await backfillRequests(50);
    assert.ok(first.references >= 1, 'the backfill wrote the missing reference');
    assert.ok(first.confirmations >= 1, 'the backfill wrote the missing re-confirmation state');
    assert.deepEqual(
      (await lookup()).map((request) => request.id),
      [appRequest.id],
    );
    const stored = await raw.get();
    assert.equal(stored.get('reference'), appRequest.reference);
    // Times are stored as timestamps.
    const iso = (field: string) => (stored.get(field) as Timestamp).toDate().toISOString();
    const created = iso('created_at');
    assert.equal(iso('last_confirmed_at'), created, 'confirmed at its creation, as the schema reads it');
    assert.equal(
      iso('confirmation_due_at'),
      new Date(Date.parse(created) + 24 * 3_600_000).toISOString(),
      'a water request is due for its question 24 h after it was last confirmed, so the sweep finds it',
    );
    const second = await backfillRequests(50);
    assert.deepEqual([second.references, second.confirmations], [0, 0], 'a second run writes nothing');
  });
});
