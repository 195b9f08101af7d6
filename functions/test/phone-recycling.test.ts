// Recycled phone numbers (security review 3, S6): a number silent for PHONE_CONTACT_RECYCLE_DAYS
// (180 days by default) is detached from its person, at its next message (the intake) or by the
// daily sweep, run here in the test process against the emulators.
import assert from 'node:assert/strict';
import { sweepRecycledNumbers } from '../src/channels/recycle.js';
import { auditStore } from '../src/audit/store.js';
import { phoneContactStore } from '../src/channels/store.js';
import { requestStore } from '../src/requests/store.js';
import { userStore } from '../src/users/store.js';
import { maskNumber } from '../src/shared/phone.js';
import { testAuth, testDb } from './helpers/emulators.js';
import { disaster, north } from './helpers/planning-fixtures.js';
import { newNumber, sendSms, uidOfNumber } from './helpers/sms.js';

const DAY_MS = 86_400_000;

/** The contact as if its number last wrote `days` days ago. */
async function silentFor(number: string, days: number): Promise<void> {
  await phoneContactStore
    .ref()
    .doc(number)
    .update({
      updated_at: new Date(Date.now() - days * DAY_MS).toISOString(),
    });
}

async function requestsOf(uid: string) {
  return (await requestStore.ref().where('owner_id', '==', uid).get()).docs.map((doc) => doc.data());
}

async function detachRecords(uid: string) {
  return (await auditStore.ref().where('entity_id', '==', uid).get()).docs
    .map((doc) => doc.data())
    .filter((record) => record.action === 'phone_detached');
}

describe('recycled phone numbers (S6)', function () {
  this.timeout(60_000);
  let flood: Awaited<ReturnType<typeof disaster>>;

  before(async () => {
    flood = await disaster();
  });

  /** A number that raised a request, so a person with a uid, an Auth phone number and a request. */
  async function personWithRequest(): Promise<{ number: string; uid: string; requestId: string }> {
    const number = newNumber();
    const point = north(flood.location, 1);
    await sendSms(number, `we need water, we are at ${point.lat},${point.lng}`);
    const uid = await uidOfNumber(number);
    const [request] = await requestsOf(uid);
    assert.ok(request, 'the request of the first holder');
    return { number, uid, requestId: request.id };
  }

  it('a text from a number silent 181 days is a new person: a new user with the number, the old one without it, the old requests still theirs', async () => {
    const previous = await personWithRequest();
    await silentFor(previous.number, 181);

    await sendSms(previous.number, 'we need food');

    const contact = await phoneContactStore.get(previous.number);
    assert.ok(contact, 'a contact for the new holder');
    assert.notEqual(contact.uid, previous.uid, 'the new holder is a new user');
    const newHolder = await testAuth().getUserByPhoneNumber(previous.number);
    assert.equal(newHolder.uid, contact.uid, 'phone sign-in reaches the new user');
    assert.equal((await testAuth().getUser(previous.uid)).phoneNumber, undefined, 'the old user lost the number');
    assert.equal((await userStore.get(previous.uid))?.phone, null, "and so did the old user's profile");

    const old = await requestStore.get(previous.requestId);
    assert.equal(old?.owner_id, previous.uid, 'the old request keeps its owner');
    const stored = (await testDb().doc(`requests/${previous.requestId}`).get()).data();
    assert.equal(stored?.requester_phone, previous.number, 'staff still find it by the number (GET /requests?phone=)');
    const mine = await requestsOf(contact.uid);
    assert.deepEqual(
      mine.map((request) => request.type_of_need),
      ['food'],
      "the new holder's request is theirs alone",
    );

    const [record, ...more] = await detachRecords(previous.uid);
    assert.ok(record, 'the detachment is audited');
    assert.equal(more.length, 0);
    assert.equal(record.actor_id, 'system');
    assert.deepEqual(record.people_ids, [previous.uid]);
    assert.equal((record.before as { phone: string }).phone, maskNumber(previous.number));
    assert.ok(!JSON.stringify(record).includes(previous.number), 'never the full number');
  });

  it('a number that wrote within the period stays with its person', async () => {
    const person = await personWithRequest();
    await silentFor(person.number, 179);

    await sendSms(person.number, 'STATUS');

    assert.equal((await phoneContactStore.get(person.number))?.uid, person.uid);
    assert.equal((await testAuth().getUser(person.uid)).phoneNumber, person.number);
    assert.deepEqual(await detachRecords(person.uid), []);
  });

  it('the sweep detaches stale contacts, leaves fresh ones, and a second or concurrent run changes nothing more', async () => {
    const stale = await personWithRequest();
    const fresh = await personWithRequest();
    await silentFor(stale.number, 181);
    await silentFor(fresh.number, 10);

    // Two runs at once: each stale contact is detached, and recorded, once.
    const [first, second] = await Promise.all([sweepRecycledNumbers(), sweepRecycledNumbers()]);
    assert.ok(first + second >= 1);

    assert.equal(await phoneContactStore.get(stale.number), undefined, 'the stale contact is gone');
    assert.equal((await testAuth().getUser(stale.uid)).phoneNumber, undefined);
    assert.equal((await userStore.get(stale.uid))?.phone, null);
    assert.equal((await requestStore.get(stale.requestId))?.owner_id, stale.uid);
    assert.equal((await detachRecords(stale.uid)).length, 1);

    assert.equal((await phoneContactStore.get(fresh.number))?.uid, fresh.uid, 'the fresh contact stays');
    assert.equal((await testAuth().getUser(fresh.uid)).phoneNumber, fresh.number);
    assert.equal((await userStore.get(fresh.uid))?.phone, fresh.number);
    assert.deepEqual(await detachRecords(fresh.uid), []);

    assert.equal(await sweepRecycledNumbers(), 0, 'a rerun detaches nothing');
    assert.equal((await detachRecords(stale.uid)).length, 1, 'and records nothing');
    assert.equal((await phoneContactStore.get(fresh.number))?.uid, fresh.uid);

    // The number's next holder starts afresh.
    await sendSms(stale.number, 'we need medicine');
    const next = await uidOfNumber(stale.number);
    assert.notEqual(next, stale.uid);
  });
});
