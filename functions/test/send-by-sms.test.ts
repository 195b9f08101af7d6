// "Send by SMS" (issue 25, item 4): with no data network the requester's form offers an SMS with
// the need, the point, the details and the form's client reference (#REF); the queued POST
// /requests carries the same reference. Whichever arrives first creates the request; the other
// creates nothing. Driven through the Twilio webhook as Twilio drives it.
import assert from 'node:assert/strict';
import { replies } from '../src/channels/replies.js';
import { auditStore } from '../src/audit/store.js';
import { inboundMessageStore } from '../src/channels/store.js';
import { clientRefStore, requestStore } from '../src/requests/store.js';
import { shortReference } from '../src/shared/reference.js';
import { smsRequestText } from '../src/shared/sms-request.js';
import { call, expectProblem, expectStatus, registeredUser, uniqueId } from './helpers/api.js';
import { newNumber, replyOf, smsForm, twilioPost, uidOfNumber } from './helpers/sms.js';
import { confirmedDisaster, MANILA } from './helpers/tasks-fixtures.js';

/** A reference as a device makes one: 10 characters of base 32. */
function deviceRef(): string {
  return uniqueId('r')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(-10)
    .toUpperCase()
    .padStart(10, 'Q');
}

async function requestsOwnedBy(uid: string) {
  return (await requestStore.ref().where('owner_id', '==', uid).get()).docs.map((doc) => doc.data());
}

const smsText = (ref: string) => `AGUA\n${MANILA.lat.toFixed(5)},${MANILA.lng.toFixed(5)}\nSomos 4, casa azul\n#${ref}`;

describe('Send by SMS: one request whichever path arrives first (client_ref)', function () {
  this.timeout(60_000);
  let disasterId: string;

  before(async () => {
    disasterId = (await confirmedDisaster()).id;
  });

  const body = (ref: string) => ({
    disaster_id: disasterId,
    type_of_need: 'water',
    description: 'Somos 4, casa azul',
    location: MANILA,
    client_ref: ref,
  });

  it('the SMS first: it creates the request; the queued POST later creates nothing and is told its reference', async () => {
    const ref = deviceRef();
    const number = newNumber();
    const reply = replyOf(await twilioPost(smsForm(number, smsText(ref))));
    const [created, ...others] = await requestsOwnedBy(await uidOfNumber(number));
    assert.ok(created);
    assert.equal(others.length, 0);
    assert.match(reply ?? '', new RegExp(`^Solicitud ${shortReference(created.id)}`));
    assert.deepEqual(created.location, { lat: Number(MANILA.lat.toFixed(5)), lng: Number(MANILA.lng.toFixed(5)) });
    assert.doesNotMatch(created.description, /#/, 'the reference is not the person’s words');
    assert.equal((await clientRefStore.get(ref))?.request_id, created.id);

    const person = await registeredUser('affected_individual');
    const late = expectProblem(
      await call('POST', '/requests', { token: person.token, body: body(ref.toLowerCase()) }),
      409,
    );
    assert.equal(late.reason, 'already_received');
    assert.equal(late.reference, shortReference(created.id));
    assert.deepEqual(await requestsOwnedBy(person.uid), []);
  });

  it('the POST first: a repeat answers the same request (200), and the SMS later creates nothing', async () => {
    const ref = deviceRef();
    const person = await registeredUser('affected_individual');
    const first = expectStatus(await call('POST', '/requests', { token: person.token, body: body(ref) }), 201);
    assert.equal(first.reference, shortReference(first.id), 'the reference the SMS replies use, in the view');
    const again = expectStatus(await call('POST', '/requests', { token: person.token, body: body(ref) }), 200);
    assert.equal(again.id, first.id);
    assert.equal((await requestsOwnedBy(person.uid)).length, 1);
    const created = await auditStore.ref().where('entity_id', '==', first.id).get();
    assert.equal(created.docs.filter((doc) => doc.data().type === 'request.created').length, 1);

    const number = newNumber();
    const reply = replyOf(await twilioPost(smsForm(number, smsText(ref))));
    assert.equal(reply, replies('es').alreadyReceived(shortReference(first.id)));
    assert.deepEqual(await requestsOwnedBy(await uidOfNumber(number)), []);
    const inbound = await inboundMessageStore.ref().where('request_id', '==', first.id).get();
    assert.deepEqual(
      inbound.docs.map((doc) => doc.data().outcome),
      ['already_received'],
    );
  });

  it('reads back exactly what the console writes, `other` included (no word names it)', async () => {
    const ref = deviceRef();
    const number = newNumber();
    const text = smsRequestText({
      need: 'other',
      location: MANILA,
      details: 'Abuela sin silla de ruedas,\n  tercer piso',
      clientRef: ref,
    });
    replyOf(await twilioPost(smsForm(number, text)));
    const [created] = await requestsOwnedBy(await uidOfNumber(number));
    assert.equal(created?.type_of_need, 'other');
    assert.equal(created?.description, 'OTHER 14.60000,121.00000\nAbuela sin silla de ruedas, tercer piso');
    assert.deepEqual(created?.location, MANILA);
    assert.equal((await clientRefStore.get(ref))?.request_id, created?.id);
  });

  it('a malformed client_ref is a 400 with nothing written', async () => {
    const person = await registeredUser('affected_individual');
    expectProblem(
      await call('POST', '/requests', {
        token: person.token,
        body: body('no spaces allowed'),
        invalidRequest: 'client_ref with spaces',
      }),
      400,
    );
    assert.deepEqual(await requestsOwnedBy(person.uid), []);
  });
});
