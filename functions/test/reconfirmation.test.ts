// Re-confirmation (issue 26, item 3) over the local stack: the sweep, run with a fake clock (the
// Cloud Scheduler event's scheduleTime, or `now` given to it), asks each open request's person
// once per interval of its need whether they still need help, through the outbound pipeline (the
// Twilio and FCM stand-ins); YES and NO by SMS and POST /requests/{req_id}/confirm; no answer
// marks it unconfirmed and closes nothing; who sees what of it.
import assert from 'node:assert/strict';
import { newPhoneContact } from '../src/channels/model.js';
import { phoneContactStore } from '../src/channels/store.js';
import { replies } from '../src/channels/replies.js';
import { auditStore } from '../src/audit/store.js';
import { sweepConfirmations as scheduledSweep } from '../src/index.js';
import type { OutboundMessage } from '../src/outbound/model.js';
import { outboundMessageStore } from '../src/outbound/store.js';
import { sweepConfirmations } from '../src/requests/confirmation.js';
import type { HelpRequest } from '../src/requests/model.js';
import { requestStore } from '../src/requests/store.js';
import { shortReference } from '../src/shared/reference.js';
import { userStore } from '../src/users/store.js';
import { call, expectProblem, expectStatus, registeredUser, type TestUser } from './helpers/api.js';
import { join, waitFor } from './helpers/planning-fixtures.js';
import { newNumber, replyOf, smsForm, twilioPost, uidOfNumber } from './helpers/sms.js';
import { confirmedDisaster, helpRequest, newTask, notificationsOf, storedRequest } from './helpers/tasks-fixtures.js';

const HOUR = 3_600_000;
/** How long the triggers may take to turn an event into a sent message on a busy machine. */
const SETTLED_MS = 90_000;

interface Received {
  twilio: { to: string; body: string }[];
  fcm: { token: string; message: { notification?: { body?: string } } }[];
}

async function received(): Promise<Received> {
  const url = process.env.CHANNEL_STANDIN_URL;
  if (!url) throw new Error('CHANNEL_STANDIN_URL is not set: run through dev/run-tests.ts');
  return (await (await fetch(`${url}/_standin/messages`)).json()) as Received;
}

async function smsTo(number: string, count: number): Promise<string[]> {
  return waitFor(
    `${count} SMS to ${number}`,
    async () => {
      const found = (await received()).twilio.filter((m) => m.to.endsWith(number)).map((m) => m.body);
      return found.length >= count ? found : undefined;
    },
    SETTLED_MS,
  );
}

/** The outbound messages of the question about `requestId`, once the pipeline settled them. */
async function questionsAbout(requestId: string, count: number): Promise<OutboundMessage[]> {
  return waitFor(
    `${count} question(s) about ${requestId}`,
    async () => {
      const all = (await outboundMessageStore.ref().where('request_id', '==', requestId).get()).docs
        .map((doc) => doc.data())
        .filter((message) => message.template === 'request_confirm');
      return all.length >= count && all.every((m) => m.status !== 'queued' && m.status !== 'sending') ? all : undefined;
    },
    SETTLED_MS,
  );
}

/** How many questions were asked about `requestId`: from the events (the messages follow them by trigger). */
async function questionCount(requestId: string): Promise<number> {
  return (await eventsOf(requestId)).filter((event) => event.type === 'request.confirmation_asked').length;
}

async function eventsOf(requestId: string): Promise<{ type: string; after: Record<string, unknown> | null }[]> {
  const records = await auditStore.ref().where('request_id', '==', requestId).get();
  return records.docs
    .map((doc) => doc.data())
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .map((record) => ({ type: record.type, after: record.after }));
}

async function stored(id: string): Promise<HelpRequest> {
  const request = await storedRequest(id);
  assert.ok(request, `request ${id} is stored`);
  return request;
}

/** A person known only by their number (no device), writing in `language`. */
async function phonePerson(language: 'en' | 'es' | 'fil'): Promise<{ user: TestUser; number: string }> {
  const user = await registeredUser('affected_individual');
  const number = newNumber();
  const at = new Date().toISOString();
  await phoneContactStore.doc(number).set(newPhoneContact({ number, uid: user.uid, language, channel: 'sms', at }));
  return { user, number };
}

/** Sends `body` from `number` as Twilio does and returns the TwiML reply's text. */
async function text(number: string, body: string): Promise<string | null> {
  return replyOf(await twilioPost(smsForm(number, body)));
}

const later = (hours: number, from = Date.now()) => from + hours * HOUR + 60_000;

/** Registers a device for `user` (an FCM token of the stand-in): they hear by push. */
async function withDevice(user: TestUser): Promise<string> {
  const token = `device-token-${user.uid}`;
  const body = { token, platform: 'android' };
  expectStatus(await call('POST', '/users/me/devices', { token: user.token, body }), 201);
  return token;
}

describe('re-confirmation: "do you still need help?"', function () {
  // Each question goes through two triggers (the audit record, then the message) on a busy stack.
  this.timeout(180_000);
  let admin: TestUser;
  let disaster: { id: string };
  before(async () => {
    admin = await registeredUser('admin');
    disaster = await confirmedDisaster();
  });

  it('the scheduled sweep asks a rescue request after 2 h by SMS in Spanish, not before, and a second run asks nothing', async () => {
    const number = newNumber();
    const created = replyOf(await twilioPost(smsForm(number, 'necesitamos rescate, atrapados en el techo')));
    assert.match(created ?? '', /Solicitud/);
    const uid = await uidOfNumber(number);
    const [request] = (await requestStore.list({ owner_id: uid }, { limit: 1 })).items;
    assert.ok(request);
    assert.equal(request.type_of_need, 'rescue');
    assert.equal(request.last_confirmed_at, request.created_at, 'confirmed at its creation');
    const reference = shortReference(request.id);
    const start = Date.parse(request.created_at);
    // The Cloud Scheduler event carries the clock the sweep uses.
    const run = (at: number) =>
      scheduledSweep.run({ jobName: 'firebase-schedule-sweepConfirmations', scheduleTime: new Date(at).toISOString() });

    await run(start + 2 * HOUR - 60_000);
    assert.equal((await stored(request.id)).confirmation, null, 'not yet due');

    await run(later(2, start));
    const asked = await stored(request.id);
    assert.equal(asked.confirmation, 'asked');
    const [sms] = await questionsAbout(request.id, 1);
    assert.equal(sms?.channel, 'sms');
    assert.equal(sms?.status, 'sent');
    assert.equal(sms?.language, 'es');
    // The intake's own reply went back as TwiML: the question is the first message sent to the number.
    const bodies = await smsTo(number, 1);
    assert.equal(
      bodies.at(-1),
      `Solicitud ${reference}: aun necesita ayuda? Responda SI o NO (si tiene varias solicitudes: SI ${reference} o NO ${reference}).`,
    );
    // In-app too, written in the sweep's commit.
    assert.ok((await notificationsOf(uid)).some((n) => n.request_id === request.id && n.text.includes(reference)));

    // Again, even later but within the reply window: nothing more is asked or written.
    await run(later(3, start));
    const after = await stored(request.id);
    assert.equal(after.confirmation, 'asked');
    assert.equal(after.confirmation_asked_at, asked.confirmation_asked_at);
    assert.equal(await questionCount(request.id), 1);
    assert.deepEqual(
      (await eventsOf(request.id)).filter((e) => e.type === 'request.confirmation_asked').length,
      1,
      'one event per question',
    );
  });

  it('YES by SMS refreshes last_confirmed_at and clears the question; NO closes it as withdrawn, by the same status change as PATCH', async () => {
    const { user, number } = await phonePerson('es');
    const first = await helpRequest(disaster.id, user.uid, { type_of_need: 'water' });
    await sweepConfirmations(later(24));
    assert.equal((await stored(first.id)).confirmation, 'asked');

    const yes = await text(number, 'Sí');
    assert.equal(yes, replies('es').confirmed(shortReference(first.id)));
    const confirmed = await stored(first.id);
    assert.equal(confirmed.confirmation, null);
    assert.equal(confirmed.status, 'open');
    assert.ok(confirmed.last_confirmed_at > first.last_confirmed_at, 'last_confirmed_at refreshed');
    assert.deepEqual(
      (await eventsOf(first.id)).filter((e) => e.type === 'request.confirmed'),
      [{ type: 'request.confirmed', after: { last_confirmed_at: confirmed.last_confirmed_at, confirmation: null } }],
    );

    // Asked again one interval after the answer; this time NO.
    await sweepConfirmations(later(24, Date.parse(confirmed.last_confirmed_at)));
    assert.equal((await stored(first.id)).confirmation, 'asked');
    const no = await text(number, 'no');
    assert.equal(no, replies('es').withdrawn(shortReference(first.id)));
    const withdrawn = await stored(first.id);
    assert.equal(withdrawn.status, 'closed');
    assert.equal(withdrawn.closed_reason, 'withdrawn');
    assert.deepEqual(
      (await eventsOf(first.id)).filter((e) => e.type === 'request.status_changed'),
      [{ type: 'request.status_changed', after: { status: 'closed', closed_reason: 'withdrawn', confirmation: null } }],
    );
    // Staff see it closed and without a question; it is never asked again.
    const seen = expectStatus(await call('GET', `/requests/${first.id}`, { token: admin.token }), 200);
    assert.equal(seen.status, 'closed');
    assert.equal(seen.confirmation, null);
    await sweepConfirmations(later(24 * 30));
    assert.equal(await questionCount(first.id), 2);
  });

  it('NO tells the dispatcher who created its active task and its assignee (push), and cancels nothing', async () => {
    const { user, number } = await phonePerson('en');
    const request = await helpRequest(disaster.id, user.uid, { type_of_need: 'evacuation' });
    const responder = await registeredUser('responder');
    const device = await withDevice(responder);
    const task = await newTask(admin, disaster.id, { request_id: request.id });
    expectStatus(
      await call('PATCH', `/tasks/${task.id}/assign`, { token: admin.token, body: { user_id: responder.uid } }),
      200,
    );
    await sweepConfirmations(later(24));
    assert.equal(
      await text(number, `NO ${shortReference(request.id)}`),
      replies('en').withdrawn(shortReference(request.id)),
    );
    assert.equal((await stored(request.id)).closed_reason, 'withdrawn');
    const told = `Task ${task.reference}: the person no longer needs help and withdrew the request.`;
    assert.ok(
      (await notificationsOf(admin.uid)).some((n) => n.task_id === task.id && n.text.startsWith(told)),
      'the dispatcher is told in-app, in the commit',
    );
    assert.ok((await notificationsOf(responder.uid)).some((n) => n.task_id === task.id && n.text.startsWith(told)));
    await waitFor(
      'the push to the assignee',
      async () =>
        (await received()).fcm.find((m) => m.token === device && m.message.notification?.body?.startsWith(told)),
      SETTLED_MS,
    );
    const kept = expectStatus(await call('GET', `/tasks/${task.id}`, { token: admin.token }), 200);
    assert.equal(kept.status, 'pending', 'a dispatcher decides about the task');
  });

  it('with several questions waiting, a plain NO asks which; NO <ref> answers that one and a plain YES then the last', async () => {
    const { user, number } = await phonePerson('fil');
    const water = await helpRequest(disaster.id, user.uid, { type_of_need: 'water' });
    const food = await helpRequest(disaster.id, user.uid, { type_of_need: 'food' });
    await sweepConfirmations(later(24));
    const [waterRef, foodRef] = [shortReference(water.id), shortReference(food.id)];

    const which = await text(number, 'HINDI');
    assert.match(which ?? '', /^Aling request\?/);
    assert.ok(which?.includes(waterRef) && which.includes(foodRef), which ?? '');
    assert.equal((await stored(water.id)).status, 'open', 'nothing changed');
    assert.equal((await stored(food.id)).status, 'open');

    assert.equal(await text(number, `hindi po ${foodRef.toLowerCase()}`), replies('fil').withdrawn(foodRef));
    assert.equal((await stored(food.id)).closed_reason, 'withdrawn');
    assert.equal((await stored(water.id)).confirmation, 'asked');

    assert.equal(await text(number, 'OO'), replies('fil').confirmed(waterRef));
    const kept = await stored(water.id);
    assert.equal(kept.status, 'open');
    assert.equal(kept.confirmation, null);
  });

  it('a plain YES with no question waiting is read as it is today', async () => {
    const stranger = newNumber();
    assert.equal(await text(stranger, 'yes'), replies('en').askNeed());
    const { user, number } = await phonePerson('en');
    const request = await helpRequest(disaster.id, user.uid, { type_of_need: 'food' });
    assert.equal(await text(number, 'YES'), replies('en').askNeed());
    const unchanged = await stored(request.id);
    assert.equal(unchanged.last_confirmed_at, request.last_confirmed_at);
    assert.equal(unchanged.confirmation, null);
  });

  it('no answer: unconfirmed for staff and in the queue, and a rescue or medical request is never closed for it', async () => {
    const { user } = await phonePerson('en');
    const rescue = await helpRequest(disaster.id, user.uid, { type_of_need: 'rescue' });
    const medical = await helpRequest(disaster.id, user.uid, { type_of_need: 'medical' });
    const start = Date.now();
    await sweepConfirmations(later(2, start));
    assert.equal((await stored(rescue.id)).confirmation, 'asked');
    assert.equal((await stored(medical.id)).confirmation, null, 'medical: asked after 4 h');
    // The reply window is the need's interval again.
    await sweepConfirmations(later(4, start));
    assert.equal((await stored(rescue.id)).confirmation, 'unconfirmed');
    assert.equal((await stored(medical.id)).confirmation, 'asked');
    await sweepConfirmations(later(8, start));
    assert.equal((await stored(medical.id)).confirmation, 'unconfirmed');
    const queue = expectStatus(
      await call('GET', `/requests?disaster_id=${disaster.id}&status=open`, { token: admin.token }),
      200,
    );
    const shown = queue.items.find((item: { id: string }) => item.id === rescue.id);
    assert.equal(shown?.confirmation, 'unconfirmed');
    assert.ok(shown?.confirmation_asked_at);

    await sweepConfirmations(later(24 * 60, start));
    for (const id of [rescue.id, medical.id]) {
      const still = await stored(id);
      assert.equal(still.status, 'open', 'never closed without a person deciding');
      assert.equal(still.confirmation, 'unconfirmed');
      assert.equal(await questionCount(id), 1, 'asked once about one silence');
    }
    // Their answer still counts, after the window.
    const token = user.token;
    const answered = expectStatus(
      await call('POST', `/requests/${rescue.id}/confirm`, { token, body: { still_needed: true } }),
      200,
    );
    assert.equal(answered.confirmation, null);
  });

  it('an app user is asked in-app and by push, and answers with POST /requests/{req_id}/confirm (the owner only)', async () => {
    const owner = await registeredUser('affected_individual');
    const device = await withDevice(owner);
    const request = await helpRequest(disaster.id, owner.uid, { type_of_need: 'medical' });
    const reference = shortReference(request.id);
    await sweepConfirmations(later(4));
    const [push] = await questionsAbout(request.id, 1);
    assert.equal(push?.channel, 'push');
    assert.equal(push?.status, 'sent');
    const pushed = await waitFor(
      'the push',
      async () =>
        (await received()).fcm.find((m) => m.token === device && m.message.notification?.body?.includes(reference)),
      SETTLED_MS,
    );
    assert.match(pushed.message.notification?.body ?? '', /do you still need help\? Answer YES or NO/);
    const notice = (await notificationsOf(owner.uid)).find((n) => n.request_id === request.id);
    assert.match(notice?.text ?? '', /still need help/);

    // The owner sees the question.
    const own = expectStatus(await call('GET', `/requests/${request.id}`, { token: owner.token }), 200);
    assert.equal(own.view, 'owner');
    assert.equal(own.confirmation, 'asked');

    // Nobody else answers: staff who see it 403, a stranger 404; nothing written.
    const stranger = await registeredUser('affected_individual');
    const path = `/requests/${request.id}/confirm`;
    expectProblem(await call('POST', path, { token: admin.token, body: { still_needed: false } }), 403);
    expectProblem(await call('POST', path, { token: stranger.token, body: { still_needed: false } }), 404);
    expectProblem(
      await call('POST', path, {
        token: owner.token,
        body: { still_needed: 'yes' },
        invalidRequest: 'still_needed must be a boolean',
      }),
      400,
    );
    assert.equal((await stored(request.id)).confirmation, 'asked');

    const yes = expectStatus(await call('POST', path, { token: owner.token, body: { still_needed: true } }), 200);
    assert.equal(yes.confirmation, null);
    assert.equal(yes.status, 'open');
    assert.equal((await stored(request.id)).last_confirmed_at, yes.last_confirmed_at);

    const no = expectStatus(await call('POST', path, { token: owner.token, body: { still_needed: false } }), 200);
    assert.equal(no.status, 'closed');
    assert.equal(no.closed_reason, 'withdrawn');
    const events = (await eventsOf(request.id)).length;
    // NO again changes nothing; YES on a closed request is a conflict.
    const again = expectStatus(await call('POST', path, { token: owner.token, body: { still_needed: false } }), 200);
    assert.equal(again.status_changed_at, no.status_changed_at);
    expectProblem(await call('POST', path, { token: owner.token, body: { still_needed: true } }), 409);
    assert.equal((await eventsOf(request.id)).length, events, 'nothing recorded');
  });

  it('quiet hours hold the question back (suppressed); the request still goes unconfirmed when nobody answers', async () => {
    const owner = await registeredUser('affected_individual');
    const device = await withDevice(owner);
    const hour = new Date().getUTCHours();
    const clock = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
    expectStatus(
      await call('PATCH', '/users/me/notification-preferences', {
        token: owner.token,
        body: { quiet_hours: { start: clock(hour - 1), end: clock(hour + 2), time_zone: 'UTC' } },
      }),
      200,
    );
    const request = await helpRequest(disaster.id, owner.uid, { type_of_need: 'rescue' });
    const start = Date.now();
    await sweepConfirmations(later(2, start));
    const [held] = await questionsAbout(request.id, 1);
    assert.equal(held?.status, 'suppressed');
    assert.equal(held?.reason, 'quiet_hours');
    assert.equal((await received()).fcm.filter((m) => m.token === device).length, 0);
    await sweepConfirmations(later(4, start));
    const after = await stored(request.id);
    assert.equal(after.confirmation, 'unconfirmed');
    assert.equal(after.status, 'open');
  });

  it('views: staff see the question and when it was asked, the owner their question, the assignee when it was last confirmed, the area view nothing more', async () => {
    const owner = await registeredUser('affected_individual');
    const request = await helpRequest(disaster.id, owner.uid, { type_of_need: 'food' });
    await sweepConfirmations(later(24));
    const responder = await registeredUser('responder');
    const volunteer = await registeredUser('volunteer');
    const helper = await registeredUser('volunteer', { availability: 'available' });
    for (const person of [volunteer, helper]) {
      await userStore.update(person.uid, { verified: true });
      await join(disaster.id, person);
    }
    const task = await newTask(admin, disaster.id, { request_id: request.id, role_required: 'volunteer' });
    expectStatus(
      await call('PATCH', `/tasks/${task.id}/assign`, { token: admin.token, body: { user_id: helper.uid } }),
      200,
    );
    const view = async (user: TestUser) =>
      expectStatus(await call('GET', `/requests/${request.id}`, { token: user.token }), 200);

    const staff = await view(responder);
    assert.equal(staff.view, 'staff');
    assert.equal(staff.confirmation, 'asked');
    assert.ok(staff.confirmation_asked_at);
    assert.equal(staff.last_confirmed_at, request.last_confirmed_at);

    const own = await view(owner);
    assert.equal(own.confirmation, 'asked');
    assert.equal(own.last_confirmed_at, request.last_confirmed_at);
    assert.equal('confirmation_asked_at' in own, false);

    const assignee = await view(helper);
    assert.equal(assignee.view, 'assignee');
    assert.equal(assignee.last_confirmed_at, request.last_confirmed_at);
    assert.equal('confirmation' in assignee, false);

    const area = await view(volunteer);
    assert.equal(area.view, 'area');
    for (const field of ['last_confirmed_at', 'confirmation', 'confirmation_asked_at'])
      assert.equal(field in area, false, `${field} in the area view`);
  });
});
