// Confirming a phone number by a code sent to it (users/phone-verification.ts): the number
// becomes the account's, as signing in by phone makes it, so that a responder who signed in by
// email can move their tasks by SMS. The code travels through the Twilio stand-in as Twilio
// would carry it; it rests nowhere in clear.
import assert from 'node:assert/strict';
import { replies } from '../src/channels/replies.js';
import { collections } from '../src/data/collections.js';
import { MAX_CODE_ATTEMPTS, phoneVerifications } from '../src/users/phone-verification.js';
import { call, expectProblem, expectStatus, registeredUser, type TestUser } from './helpers/api.js';
import { testAuth } from './helpers/emulators.js';
import { waitFor } from './helpers/planning-fixtures.js';
import { newNumber, replyOf, smsForm, twilioPost } from './helpers/sms.js';
import { confirmedDisaster, readyTask, storedTask } from './helpers/tasks-fixtures.js';

interface Texted {
  to: string;
  body: string;
}

async function textsTo(number: string): Promise<Texted[]> {
  const url = process.env.CHANNEL_STANDIN_URL;
  if (!url) throw new Error('CHANNEL_STANDIN_URL is not set: run through npm test');
  const { twilio } = (await (await fetch(`${url}/_standin/messages`)).json()) as { twilio: Texted[] };
  return twilio.filter((message) => message.to === number);
}

/** The code of the latest SMS to `number`, once the stand-in received it. */
async function codeSentTo(number: string, count = 1): Promise<string> {
  const texts = await waitFor(`${count} code(s) to ${number}`, async () => {
    const found = await textsTo(number);
    return found.length >= count ? found : undefined;
  });
  const code = /\b(\d{6})\b/.exec(texts.at(-1)!.body)?.[1];
  assert.ok(code, `no code in ${texts.at(-1)!.body}`);
  return code;
}

const start = (user: TestUser, phone: string) =>
  call('POST', '/users/me/phone-verification', { token: user.token, body: { phone } });
const confirm = (user: TestUser, code: string) =>
  call('POST', '/users/me/phone-verification/confirm', { token: user.token, body: { code } });

describe('POST /users/me/phone-verification: a number confirmed by a code sent to it', function () {
  this.timeout(60_000);

  it("makes the number the account's; the responder then moves their task by SMS from it", async () => {
    const responder = await registeredUser('responder');
    const number = newNumber();
    const sent = expectStatus(await start(responder, number), 202);
    assert.equal(sent.status, 'code_sent');
    assert.ok(Date.parse(sent.expires_at) > Date.now());
    const code = await codeSentTo(number);

    // Logged as every outbound message is, the code masked; stored only as a hash.
    const logged = await collections.outboundMessages.ref().where('recipient_uid', '==', responder.uid).get();
    const log = logged.docs.map((doc) => doc.data()).find((m) => m.template === 'phone_verification_code');
    assert.equal(log?.status, 'sent');
    assert.equal(log?.to, number);
    assert.doesNotMatch(log?.body ?? '', new RegExp(code));
    assert.match(log?.body ?? '', /\*{6}/);
    const pending = await phoneVerifications.get(responder.uid);
    assert.ok(pending && !JSON.stringify(pending).includes(code));

    const wrong = code === '000000' ? '000001' : '000000';
    expectProblem(await confirm(responder, wrong), 400);
    assert.equal((await phoneVerifications.get(responder.uid))?.attempts, 1);
    assert.equal((await testAuth().getUser(responder.uid)).phoneNumber, undefined);

    const verified = expectStatus(await confirm(responder, code), 200);
    assert.deepEqual(verified, { phone: number, status: 'verified', expires_at: null });
    assert.equal((await testAuth().getUser(responder.uid)).phoneNumber, number);
    assert.equal((await collections.users.get(responder.uid))?.phone, number);
    assert.equal(await phoneVerifications.get(responder.uid), undefined, 'the code is gone once used');
    const events = await collections.audit.ref().where('entity_id', '==', responder.uid).get();
    assert.ok(events.docs.some((doc) => doc.data().type === 'user.phone_verified'));

    // The same number again: nothing to send.
    const again = expectStatus(await start(responder, number), 200);
    assert.equal(again.status, 'verified');
    assert.equal((await textsTo(number)).length, 1);

    const admin = await registeredUser('admin');
    const task = await readyTask(admin, responder, (await confirmedDisaster()).id);
    assert.equal(
      replyOf(await twilioPost(smsForm(number, `OTW ${task.reference}`))),
      replies('en').taskMoved(task.reference, 'on_route'),
    );
    assert.equal((await storedTask(task.id))?.status, 'on_route');
  });

  it(`after ${MAX_CODE_ATTEMPTS} wrong codes the code is void; a confirm with none pending is a 409`, async () => {
    const volunteer = await registeredUser('volunteer');
    const number = newNumber();
    expectStatus(await start(volunteer, number), 202);
    const code = await codeSentTo(number);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt += 1)
      expectProblem(await confirm(volunteer, wrong), 400);
    const exhausted = expectProblem(await confirm(volunteer, code), 409);
    assert.equal(exhausted.reason, 'too_many_attempts');
    const none = expectProblem(await confirm(volunteer, code), 409);
    assert.equal(none.reason, 'no_pending_verification');
    assert.equal((await testAuth().getUser(volunteer.uid)).phoneNumber, undefined);
  });

  it("a number another account holds: the start tells nothing; only the right code learns it's taken", async () => {
    const number = newNumber();
    // The number texted for help: its own account holds it.
    replyOf(await twilioPost(smsForm(number, 'need water at the chapel of San Roque')));
    const responder = await registeredUser('responder');
    const sent = expectStatus(await start(responder, number), 202);
    assert.equal(sent.status, 'code_sent');
    const taken = expectProblem(await confirm(responder, await codeSentTo(number)), 409);
    assert.equal(taken.reason, 'phone_in_use');
    assert.equal((await testAuth().getUser(responder.uid)).phoneNumber, undefined);
    assert.notEqual((await collections.users.get(responder.uid))?.phone, number);
  });

  it('bad input is a 400 with nothing sent', async () => {
    const user = await registeredUser('volunteer');
    expectProblem(
      await call('POST', '/users/me/phone-verification', {
        token: user.token,
        body: { phone: '0917 123 4567' },
        invalidRequest: 'not E.164',
      }),
      400,
    );
    expectProblem(
      await call('POST', '/users/me/phone-verification/confirm', {
        token: user.token,
        body: { code: '12ab56' },
        invalidRequest: 'not six digits',
      }),
      400,
    );
    assert.equal(await phoneVerifications.get(user.uid), undefined);
  });
});
