// SMS and WhatsApp intake, driven exactly as Twilio drives it: a form body signed with the
// twilio package's own getExpectedTwilioSignature over the webhook URL the local stack prints,
// and the TwiML reply, the user, the phone contact and the request it wrote.
import assert from 'node:assert/strict';
import { replies, SMS_SEGMENT_CHARS } from '../src/channels/replies.js';
import { TASK_STATUSES } from '../src/shared/vocabulary.js';
import { receiveMessage } from '../src/channels/inbound.js';
import { PHONE_REQUESTS_PER_DAY } from '../src/channels/limits.js';
import { auditStore } from '../src/audit/store.js';
import { inboundMessageStore, phoneContactStore } from '../src/channels/store.js';
import { requestStore } from '../src/requests/store.js';
import { taskStore } from '../src/tasks/store.js';
import { userStore } from '../src/users/store.js';
import { LANGUAGES, twilioInboundSchema } from '../src/channels/model.js';
import { NEEDS } from '../src/requests/model.js';
import { runPlanning } from '../src/planning/job.js';
import { baseUrl, call, expectProblem, expectStatus, registeredUser, type TestUser } from './helpers/api.js';
import { testAuth, testDb, tokenFor } from './helpers/emulators.js';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';
import { LOCAL_TWILIO_AUTH_TOKEN } from '../src/config.js';
import { newNumber, PATH, replyOf, smsForm, twilioPost, type Sent } from './helpers/sms.js';
import { disaster, north, storedRequest, waitFor } from './helpers/planning-fixtures.js';
import { shortReference } from '../src/shared/reference.js';

async function contactOf(number: string) {
  return phoneContactStore.get(number);
}

async function requestsOf(uid: string) {
  return (await requestStore.ref().where('owner_id', '==', uid).get()).docs.map((doc) => doc.data());
}

async function countOf(path: string): Promise<number> {
  return (await testDb().collection(path).count().get()).data().count;
}

describe('SMS and WhatsApp intake (POST /channels/twilio/inbound)', function () {
  this.timeout(60_000);
  let flood: Awaited<ReturnType<typeof disaster>>;
  let admin: TestUser;

  before(async () => {
    flood = await disaster();
    admin = await registeredUser('admin');
  });

  it('a new number on WhatsApp sharing its location with "comida" becomes a user, a contact and a planned request, answered in Spanish', async () => {
    const number = newNumber();
    const point = north(flood.location, 3);
    const sent = await twilioPost(
      smsForm(`whatsapp:${number}`, 'Necesitamos comida para 5 personas', {
        Latitude: String(point.lat),
        Longitude: String(point.lng),
        ProfileName: 'Maria',
      }),
    );
    const reply = replyOf(sent);

    const contact = await contactOf(number);
    assert.ok(contact, 'phone contact written');
    assert.equal(contact.language, 'es');
    assert.equal(contact.channel, 'whatsapp');
    assert.equal(contact.opted_out, false);
    const authUser = await testAuth().getUserByPhoneNumber(number);
    assert.equal(authUser.uid, contact.uid, 'an Auth user with that phone number, for phone sign-in');
    assert.equal(authUser.customClaims?.role, 'affected_individual');
    const user = await userStore.get(contact.uid);
    assert.equal(user?.role, 'affected_individual');
    assert.equal(user?.phone, number);
    assert.doesNotMatch(
      user?.display_name ?? '',
      /\d|Maria/,
      'the public display name shows neither the number nor the profile name',
    );

    const [request, ...others] = await requestsOf(contact.uid);
    assert.ok(request);
    assert.equal(others.length, 0);
    assert.equal(request.channel, 'whatsapp');
    assert.equal(request.type_of_need, 'food');
    assert.equal(request.disaster_id, flood.id);
    assert.deepEqual(request.location, point);
    assert.equal(request.location_text, null);
    assert.equal(request.description, 'Necesitamos comida para 5 personas');
    assert.match(reply ?? '', new RegExp(`^Solicitud ${shortReference(request.id)} \\(comida\\) recibida`));
    assert.ok((reply ?? '').length <= SMS_SEGMENT_CHARS);

    const planned = await waitFor('planning', async () => {
      const stored = await storedRequest(request.id);
      return stored?.planning.state === 'planned' ? stored : undefined;
    });
    assert.equal(planned.planning.state, 'planned');
    const audit = await auditStore.ref().where('request_id', '==', request.id).get();
    assert.ok(audit.docs.some((doc) => doc.data().action === 'created' && doc.data().actor_id === contact.uid));
  });

  it('the same MessageSid delivered twice creates one request and is answered once (an empty Response the second time)', async () => {
    const number = newNumber();
    const form = smsForm(number, 'We need water, 3 kids, at San Roque chapel Bagong Silang');
    const first = replyOf(await twilioPost(form));
    assert.ok(first, 'the first delivery is answered');
    const again = await twilioPost(form);
    assert.equal(replyOf(again), null, 'the retry gets no second reply');
    const contact = await contactOf(number);
    assert.equal((await requestsOf(contact!.uid)).length, 1);
    const claim = await inboundMessageStore.get(form.MessageSid!);
    assert.equal(claim?.outcome, 'request_awaiting_location');
    assert.equal(claim?.request_id, (await requestsOf(contact!.uid))[0]?.id);
  });

  it('a keyword from a known number (a batch, nothing read in it) delivered twice at once is answered once', async () => {
    const number = newNumber();
    assert.ok(replyOf(await twilioPost(smsForm(number, 'HELP'))), 'the number is now known');
    const form = smsForm(number, 'STATUS');
    const replies = (await Promise.all([twilioPost(form), twilioPost(form)])).map(replyOf);
    assert.equal(replies.filter((reply) => reply !== null).length, 1, `one reply: ${JSON.stringify(replies)}`);
    const claim = await inboundMessageStore.get(form.MessageSid!);
    assert.equal(claim?.outcome, 'status');
    assert.equal(claim?.request_id, null);
    assert.equal(replyOf(await twilioPost(form)), null, 'a later retry gets no reply either');
  });

  it("a new number's first messages arriving together are each taken, none mistaken for a repeat: one user, one contact", async () => {
    // In this process, side by side: through the emulator the function's workers start one after
    // the other, and the first message is often committed before the others read the contact.
    const number = newNumber();
    const forms = [
      smsForm(number, 'We need water, 3 kids, at San Roque chapel Bagong Silang'),
      smsForm(number, 'STATUS'),
      smsForm(number, 'hello?'),
    ];
    const answers = await Promise.all(forms.map((form) => receiveMessage(twilioInboundSchema.parse(form))));
    assert.ok(
      answers.every((answer) => answer.includes('<Message>')),
      `each is answered: ${JSON.stringify(answers)}`,
    );
    const claims = await Promise.all(forms.map((form) => inboundMessageStore.get(form.MessageSid!)));
    assert.deepEqual(
      claims.slice(0, 2).map((claim) => claim?.outcome),
      ['request_awaiting_location', 'status'],
    );
    assert.ok(claims[2], 'the third is claimed too');
    const contact = await contactOf(number);
    const users = await testDb().collection('users').where('phone', '==', number).get();
    assert.deepEqual(
      users.docs.map((doc) => doc.id),
      [contact!.uid],
    );
    assert.equal((await requestsOf(contact!.uid)).length, 1);
  });

  it("a need from a known number is created in the person's name with their current role", async () => {
    const number = newNumber();
    assert.ok(replyOf(await twilioPost(smsForm(number, 'HELP'))), 'the number is now known');
    const contact = await contactOf(number);
    // Since their first message, an admin made them a volunteer.
    await testDb().doc(`users/${contact!.uid}`).update({ role: 'volunteer' });
    const point = north(flood.location, 2);
    const sent = await twilioPost(
      smsForm(number, 'We need water', { Latitude: String(point.lat), Longitude: String(point.lng) }),
    );
    assert.ok(replyOf(sent));
    const [request] = await requestsOf(contact!.uid);
    assert.ok(request, 'the request is created');
    const created = await auditStore.ref().where('request_id', '==', request.id).get();
    const record = created.docs.map((doc) => doc.data()).find((data) => data.action === 'created');
    assert.equal(record?.actor_id, contact!.uid);
    assert.equal(record?.actor_role, 'volunteer');
  });

  it('a point typed in the text ("Send by SMS", a copied location) places the request as a shared one does', async () => {
    const number = newNumber();
    const point = north(flood.location, 2);
    const body = `AGUA\n${point.lat.toFixed(5)},${point.lng.toFixed(5)}\nSomos 4 en la casa azul`;
    const reply = replyOf(await twilioPost(smsForm(number, body)));
    const [request] = await requestsOf((await contactOf(number))!.uid);
    assert.ok(request, 'the request is created');
    assert.equal(request.type_of_need, 'water');
    assert.deepEqual(request.location, { lat: Number(point.lat.toFixed(5)), lng: Number(point.lng.toFixed(5)) });
    assert.notEqual(request.planning.state, 'awaiting_location');
    assert.equal(reply, replies('es').created(shortReference(request.id), 'water'));
    // Too few decimals to be a point: "2.5, 3.5 litres" stays words.
    const words = newNumber();
    replyOf(await twilioPost(smsForm(words, 'need water 2.5, 3.5 litres for the kids')));
    const [unplaced] = await requestsOf((await contactOf(words))!.uid);
    assert.equal(unplaced?.planning.state, 'awaiting_location');
  });

  it('a missing or wrong signature is a 403 problem and writes nothing', async () => {
    const number = newNumber();
    const form = smsForm(number, 'need food at the plaza of Malabon');
    const before = await countOf('inbound_messages');
    for (const sent of [
      await twilioPost(form, { signature: null }),
      await twilioPost(form, { signature: 'bm90IGEgc2lnbmF0dXJl' }),
      await twilioPost(form, { signedUrl: 'https://elsewhere.example/channels/twilio/inbound' }),
      await twilioPost(
        { ...form, Body: 'tampered' },
        { signature: getExpectedTwilioSignature(LOCAL_TWILIO_AUTH_TOKEN, baseUrl() + PATH, form) },
      ),
    ]) {
      assert.equal(sent.status, 403, sent.text);
      assert.match(sent.contentType, /^application\/problem\+json/);
      assert.equal(JSON.parse(sent.text).code, 'forbidden');
    }
    assert.equal(await contactOf(number), undefined);
    assert.equal(await countOf('inbound_messages'), before);
    await assert.rejects(testAuth().getUserByPhoneNumber(number), 'no Auth user created');
  });

  it('a signed but malformed form is a 400 (never a 500), a JSON body a 415, and neither writes anything', async () => {
    const number = newNumber();
    const { From: _from, ...withoutFrom } = smsForm(number, 'food');
    const invalidRequest = 'a malformed form';
    expectProblem(toResponse(await twilioPost(withoutFrom, { invalidRequest })), 400, 'validation_failed');
    expectProblem(
      toResponse(await twilioPost(smsForm('not-a-number', 'food'), { invalidRequest })),
      400,
      'validation_failed',
    );
    expectProblem(
      toResponse(await twilioPost(smsForm(number, 'food', { Latitude: '14.5' }), { invalidRequest })),
      400,
      'validation_failed',
    );
    expectProblem(
      toResponse(await twilioPost(smsForm(number, 'food', { Latitude: 'north', Longitude: '1' }), { invalidRequest })),
      400,
      'validation_failed',
    );
    const json = await call('POST', PATH, {
      body: smsForm(number, 'food'),
      headers: { 'x-twilio-signature': 'x' },
      invalidRequest: 'a JSON body to a form endpoint',
    });
    expectProblem(json, 415, 'unsupported_media_type');
    assert.equal(await contactOf(number), undefined);
  });

  it('STOP opts the number out (one confirmation), its help requests are still taken unanswered, START opts it back in', async () => {
    const number = newNumber();
    assert.match(
      replyOf(await twilioPost(smsForm(number, 'water please, 4 people at Barangay Hall Tumana'))) ?? '',
      /^Request /,
    );
    const stopped = replyOf(await twilioPost(smsForm(number, 'STOP')));
    assert.match(stopped ?? '', /no more texts/);
    let contact = await contactOf(number);
    assert.equal(contact?.opted_out, true);
    assert.ok(contact?.opted_out_at);

    assert.equal(replyOf(await twilioPost(smsForm(number, 'STOP'))), null, 'no second confirmation');
    const quiet = await twilioPost(smsForm(number, 'medicine for my mother, insulin, Purok 3 Tumana'));
    assert.equal(replyOf(quiet), null, 'nothing is sent to an opted-out number');
    const own = await requestsOf(contact.uid);
    assert.equal(own.length, 2, 'the emergency is still taken');
    assert.ok(own.some((request) => request.type_of_need === 'medical'));

    assert.match(replyOf(await twilioPost(smsForm(number, 'start'))) ?? '', /again/);
    contact = await contactOf(number);
    assert.equal(contact?.opted_out, false);
    assert.equal(contact?.opted_out_at, null);

    // The Spanish and Filipino words work the same way, and set the reply language.
    assert.match(replyOf(await twilioPost(smsForm(number, 'Alto'))) ?? '', /No recibira mas mensajes/);
    assert.equal((await contactOf(number))?.language, 'es');
    assert.match(replyOf(await twilioPost(smsForm(number, 'SIMULA'))) ?? '', /Makakatanggap na ulit/);
    assert.equal((await contactOf(number))?.opted_out, false);
  });

  it("STATUS lists the person's own open requests (reference, need, status) in their language, nobody else's", async () => {
    const number = newNumber();
    const other = newNumber();
    replyOf(await twilioPost(smsForm(other, 'need rescue, trapped on roof at Sitio Libis')));
    assert.match(replyOf(await twilioPost(smsForm(number, 'ESTADO'))) ?? '', /No tiene solicitudes abiertas/);
    replyOf(await twilioPost(smsForm(number, 'kailangan po namin ng tubig sa Sitio Maligaya kapilya')));
    const contact = await contactOf(number);
    assert.equal(contact?.language, 'fil');
    const [mine] = await requestsOf(contact.uid);
    const [theirs] = await requestsOf((await contactOf(other))!.uid);
    const status = replyOf(await twilioPost(smsForm(number, 'kalagayan'))) ?? '';
    assert.match(status, new RegExp(`^Mga request ninyo: ${shortReference(mine!.id)} tubig: bukas$`));
    assert.doesNotMatch(status, new RegExp(shortReference(theirs!.id)));
    assert.doesNotMatch(status, /\+63/);
  });

  it('a request without a point waits for one; dispatchers list it, a responder sets the point, and planning runs', async () => {
    const number = newNumber();
    const reply = replyOf(await twilioPost(smsForm(number, 'food'))) ?? '';
    const contact = await contactOf(number);
    const [waiting] = await requestsOf(contact!.uid);
    assert.ok(waiting);
    assert.equal(waiting.planning.state, 'awaiting_location');
    assert.equal(waiting.location_text, null);
    assert.equal(reply, replies('en').createdWithoutPlace(shortReference(waiting.id)));
    // Planning leaves it alone: what the trigger runs for it answers so, and changes nothing.
    assert.equal(await runPlanning(waiting.id, { gemini: null }), 'awaiting_location');
    assert.equal((await storedRequest(waiting.id))?.planning.state, 'awaiting_location');

    // The answer to "where are you?" is kept as the place, in their words.
    assert.match(
      replyOf(await twilioPost(smsForm(number, 'Behind the Tumana elementary school, blue gate'))) ?? '',
      /location noted/,
    );
    assert.equal((await storedRequest(waiting.id))?.location_text, 'Behind the Tumana elementary school, blue gate');

    const listed = expectStatus(await call('GET', '/requests?awaiting_location=true', { token: admin.token }), 200);
    assert.ok(listed.items.some((item: { id: string }) => item.id === waiting.id));
    assert.ok(
      listed.items.every((item: { planning: { state: string } }) => item.planning.state === 'awaiting_location'),
    );
    expectProblem(
      await call('GET', '/requests?awaiting_location=false', {
        token: admin.token,
        invalidRequest: 'only true is taken',
      }),
      400,
    );

    const path = `/requests/${waiting.id}/location`;
    const point = north(flood.location, 5);
    const volunteer = await registeredUser('volunteer');
    expectProblem(await call('PUT', path, { token: volunteer.token, body: { location: point } }), 403);
    const owner = await registeredUser('affected_individual');
    expectProblem(await call('PUT', path, { token: owner.token, body: { location: point } }), 403);
    expectProblem(await call('PUT', path, { token: admin.token, body: { location: { lat: 0.5, lng: 0.5 } } }), 400);
    assert.equal((await storedRequest(waiting.id))?.planning.state, 'awaiting_location', 'refusals change nothing');
    // Nobody is sent to the placeholder point: no task until the request has its real one.
    const early = {
      disaster_id: waiting.disaster_id,
      priority: 2,
      instructions: 'Bring water',
      role_required: 'volunteer',
      request_id: waiting.id,
    };
    expectProblem(await call('POST', '/tasks', { token: admin.token, body: early }), 409, 'conflict');
    assert.equal((await taskStore.ref().where('request_id', '==', waiting.id).get()).size, 0);

    const responder = await registeredUser('responder');
    const located = expectStatus(await call('PUT', path, { token: responder.token, body: { location: point } }), 200);
    assert.equal(located.view, 'staff');
    assert.deepEqual(located.location, point);
    assert.equal(located.disaster_id, flood.id);
    assert.equal(located.channel, 'sms');
    const planned = await waitFor('planning', async () => {
      const stored = await storedRequest(waiting.id);
      return stored?.planning.state === 'planned' ? stored : undefined;
    });
    assert.deepEqual(planned.location, point);
    const after = expectStatus(await call('GET', '/requests?awaiting_location=true', { token: admin.token }), 200);
    assert.ok(!after.items.some((item: { id: string }) => item.id === waiting.id));
    expectProblem(await call('PUT', path, { token: responder.token, body: { location: point } }), 409, 'conflict');
    const audit = await auditStore.ref().where('request_id', '==', waiting.id).get();
    assert.ok(audit.docs.some((doc) => doc.data().action === 'located' && doc.data().actor_id === responder.uid));
  });

  it('a WhatsApp location sent after the request places it, and planning runs', async () => {
    const number = newNumber();
    replyOf(await twilioPost(smsForm(`whatsapp:${number}`, 'rescue')));
    const contact = await contactOf(number);
    const [waiting] = await requestsOf(contact!.uid);
    assert.equal(waiting?.planning.state, 'awaiting_location');
    const point = north(flood.location, 7);
    const reply = replyOf(
      await twilioPost(
        smsForm(`whatsapp:${number}`, '', { Latitude: String(point.lat), Longitude: String(point.lng) }),
      ),
    );
    assert.match(reply ?? '', new RegExp(`location noted for request ${shortReference(waiting.id)}`));
    const planned = await waitFor('planning', async () => {
      const stored = await storedRequest(waiting.id);
      return stored?.planning.state === 'planned' ? stored : undefined;
    });
    assert.deepEqual(planned.location, point);
    assert.equal(planned.disaster_id, flood.id);
    assert.equal((await requestsOf(contact!.uid)).length, 1, 'no second request');
  });

  it('a message without a recognisable need gets a short question back and creates no request', async () => {
    const number = newNumber();
    assert.equal(replyOf(await twilioPost(smsForm(number, 'hello?'))), replies('en').askNeed());
    const contact = await contactOf(number);
    assert.ok(contact, 'the conversation is recorded');
    assert.equal((await requestsOf(contact.uid)).length, 0);
  });

  it(`a number raises at most ${PHONE_REQUESTS_PER_DAY.limit} requests a day; then it is told the ones it has`, async () => {
    const number = newNumber();
    for (let i = 0; i < PHONE_REQUESTS_PER_DAY.limit; i++) {
      assert.match(replyOf(await twilioPost(smsForm(number, `need water ${i}`))) ?? '', /^Request /);
    }
    const limited = replyOf(await twilioPost(smsForm(number, 'need food')));
    assert.match(limited ?? '', /We already have your requests/);
    const contact = await contactOf(number);
    assert.equal((await requestsOf(contact!.uid)).length, PHONE_REQUESTS_PER_DAY.limit);
  });

  it('the person signed in with their phone sees their SMS request as its owner, and erasing the account forgets the number', async () => {
    const number = newNumber();
    replyOf(await twilioPost(smsForm(number, 'need shelter, house destroyed, Purok 5 Tumana')));
    const contact = await contactOf(number);
    const [request] = await requestsOf(contact!.uid);
    const token = await tokenFor({ uid: contact!.uid, role: 'affected_individual' });
    const seen = expectStatus(await call('GET', `/requests/${request!.id}`, { token }), 200);
    assert.equal(seen.view, 'owner');
    assert.equal(seen.channel, 'sms');
    assert.equal(seen.location_text, 'need shelter, house destroyed, Purok 5 Tumana');
    const erased = await call('DELETE', '/users/me', { token });
    assert.ok([202, 204].includes(erased.status), erased.text);
    if (erased.status === 202) await call('DELETE', '/users/me', { token });
    assert.equal(await contactOf(number), undefined, 'the link from the number to the erased person is gone');
  });

  it('every reply fits one SMS segment in plain ASCII, in every language', () => {
    const reference = 'ABCDEF';
    for (const language of LANGUAGES) {
      const say = replies(language);
      const lines = NEEDS.map((need) => [need, 'in_progress' as const] as const)
        .slice(0, 3)
        .map(([need, status]) => ({ reference, need, status }));
      const texts = [
        ...NEEDS.map((need) => say.created(reference, need)),
        say.createdWithoutPlace(reference),
        say.placeNoted(reference),
        say.askNeed(),
        say.help(),
        say.stopped(),
        say.started(),
        say.status(lines.slice(0, 1)),
        say.noOpenRequests(),
        say.dailyLimit([reference, reference, reference]),
        say.noActiveDisaster(),
        ...(['on_route', 'completed', 'failed'] as const).map((to) => say.taskMoved(reference, to)),
        say.taskNotFound(reference),
        ...TASK_STATUSES.map((status) => say.taskNotMoved(reference, status)),
        say.taskNotAuthorized(reference),
        say.alreadyReceived(reference),
        say.confirmed(reference),
        say.withdrawn(reference),
        say.confirmWhich([reference, reference, reference]),
      ];
      for (const text of texts) {
        assert.ok(text.length <= SMS_SEGMENT_CHARS, `${language} (${text.length}): ${text}`);
        assert.match(text, /^[\x20-\x7E]*$/, `${language}: not plain ASCII: ${text}`);
      }
    }
  });
});

function toResponse(sent: Sent) {
  return {
    status: sent.status,
    headers: new Headers({ 'content-type': sent.contentType }),
    body: /json/.test(sent.contentType) ? JSON.parse(sent.text) : sent.text,
    text: sent.text,
  };
}
