// The SMS and WhatsApp intake under load and attack (security review 3, F1, F6, F10, S1): the
// three intake limits and what happens past each, a one-number flood, the inline replies in the
// outbound log and under the spend limits. The limits' counters are set directly in the emulator
// (the stack runs unscaled limits), in the current and the next window, so that a window ending
// mid-test changes nothing; every test starts from no intake counter at all.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { replies } from '../src/channels/replies.js';
import { INBOUND_GLOBAL, INBOUND_PER_NUMBER, NEW_NUMBERS_GLOBAL } from '../src/channels/limits.js';
import { collections } from '../src/data/collections.js';
import type { RateLimitRule } from '../src/data/window-count.js';
import type { OutboundMessage } from '../src/outbound/model.js';
import { QUEUED_FOR_TRIAGE, type HelpRequest } from '../src/requests/model.js';
import { call, expectStatus, registeredUser, type TestUser } from './helpers/api.js';
import { testDb, tokenFor } from './helpers/emulators.js';
import { disaster, north, storedRequest, waitFor } from './helpers/planning-fixtures.js';
import { newNumber, replyOf, smsForm, twilioPost } from './helpers/sms.js';
import { shortReference } from '../src/shared/reference.js';

const say = replies('en');

/** Sets the count of `key` under `rule` to `count` in the current and the next window. */
async function presetCount(rule: RateLimitRule, key: string, count: number): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const start = Math.floor(Date.now() / windowMs) * windowMs;
  const safeKey = key.replace(/[^A-Za-z0-9_.:-]/g, '_');
  await Promise.all(
    [start, start + windowMs].map((window) =>
      testDb().collection('rate_limits').doc(`${rule.bucket}:${safeKey}:${window}`).set({ count }),
    ),
  );
}

/** The count of `key` under `rule`, all windows and shards (the counters are cleared before each test). */
async function countOf(rule: RateLimitRule, key: string): Promise<number> {
  const prefix = `${rule.bucket}:${key.replace(/[^A-Za-z0-9_.:-]/g, '_')}:`;
  const all = await testDb().collection('rate_limits').get();
  return all.docs
    .filter((doc) => doc.id.startsWith(prefix))
    .reduce((sum, doc) => sum + Number(doc.get('count') ?? 0), 0);
}

/** Every intake counter gone: no test sees another's count. */
async function clearIntakeCounters(): Promise<void> {
  const all = await testDb().collection('rate_limits').select().get();
  await Promise.all(all.docs.filter((doc) => doc.id.startsWith('sms:')).map((doc) => doc.ref.delete()));
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

function replyIdOf(sid: string): string {
  return createHash('sha256').update(`reply\n${sid}`).digest('hex').slice(0, 32);
}

async function repliesTo(number: string): Promise<OutboundMessage[]> {
  return (await collections.outboundMessages.ref().where('to', '==', number).get()).docs.map((doc) => doc.data());
}

async function requestsOf(number: string): Promise<HelpRequest[]> {
  const contact = await collections.phoneContacts.get(number);
  if (!contact) return [];
  return (await collections.requests.ref().where('owner_id', '==', contact.uid).get()).docs.map((doc) => doc.data());
}

async function daySpendTotal(): Promise<number> {
  const day = today();
  const docs = (await testDb().collection('outbound_spend').get()).docs;
  return docs
    .filter((doc) => doc.id === day || doc.id.startsWith(`${day}:`))
    .reduce((sum, doc) => sum + Number(doc.get('count') ?? 0), 0);
}

async function numberSpend(number: string): Promise<number> {
  return Number((await testDb().doc(`outbound_spend/${today()}_${number}`).get()).get('count') ?? 0);
}

/** A number the service knows (its contact and user exist): one message sent and answered. */
async function knownNumber(): Promise<string> {
  const number = newNumber();
  assert.ok(replyOf(await twilioPost(smsForm(number, 'HELP'))));
  return number;
}

describe('SMS intake limits: per number first, global guards that queue for triage, replies logged and capped', function () {
  this.timeout(120_000);
  let admin: TestUser;

  before(async () => {
    await disaster();
    admin = await registeredUser('admin');
  });
  beforeEach(clearIntakeCounters);
  after(clearIntakeCounters);

  it('past its own limit a number spends nothing all numbers share: one "too many messages" reply, then logged drops, but a help request it still has room for is taken', async () => {
    const number = await knownNumber();
    await presetCount(INBOUND_PER_NUMBER, number, INBOUND_PER_NUMBER.limit);
    const globalBefore = await countOf(INBOUND_GLOBAL, 'all');

    const first = smsForm(number, 'hello');
    assert.equal(replyOf(await twilioPost(first)), say.tooManyMessages(), 'the first message past the limit');
    assert.equal((await collections.inboundMessages.get(first.MessageSid!))?.outcome, 'number_limited');
    const second = smsForm(number, 'hello again');
    assert.equal(replyOf(await twilioPost(second)), null, 'the next ones are dropped');
    assert.equal(await collections.inboundMessages.get(second.MessageSid!), undefined);
    assert.equal(await countOf(INBOUND_GLOBAL, 'all'), globalBefore, 'the count of all numbers is not spent');

    const need = smsForm(number, 'we need drinking water for 4 people');
    const reply = replyOf(await twilioPost(need));
    const [request] = await requestsOf(number);
    assert.ok(request, 'the help request is stored');
    assert.equal(reply, say.created(shortReference(request.id), 'water'));
  });

  it('a one-number flood: every other number still has its first message stored, planned as usual, and answered', async () => {
    const flooder = await knownNumber();
    await clearIntakeCounters();
    await presetCount(INBOUND_PER_NUMBER, flooder, INBOUND_PER_NUMBER.limit);
    // Room for the victims only: today every flood message spent the count of all numbers.
    const victims = Array.from({ length: 4 }, () => newNumber());
    await presetCount(INBOUND_GLOBAL, 'all', INBOUND_GLOBAL.limit - victims.length);
    const flood = Array.from({ length: 20 }, (_, i) => smsForm(flooder, `spam ${i}`));
    // One after the other: through the emulator, messages side by side each start a function worker.
    const floodReplies: (string | null)[] = [];
    for (const form of flood) floodReplies.push(replyOf(await twilioPost(form)));
    assert.ok(
      floodReplies.filter((reply) => reply !== null).length <= 1,
      `at most one reply to the flood: ${JSON.stringify(floodReplies)}`,
    );

    for (const victim of victims) {
      const reply = replyOf(await twilioPost(smsForm(victim, 'trapped on the roof with my kids, need rescue')));
      const [request] = await requestsOf(victim);
      assert.ok(request, `${victim}: the first message is stored`);
      assert.equal(request.planning.last_error, null, 'not queued for triage: no guard acted');
      assert.equal(reply, say.created(shortReference(request.id), 'rescue'));
    }
  });

  it('past the limit for all numbers a first message is still stored and answered; its request is queued for triage, not planned', async () => {
    await presetCount(INBOUND_GLOBAL, 'all', INBOUND_GLOBAL.limit);
    const flood = await disaster();
    const number = newNumber();
    const point = north(flood.location, 2);
    const reply = replyOf(
      await twilioPost(
        smsForm(`whatsapp:${number}`, 'need rescue, water rising', {
          Latitude: String(point.lat),
          Longitude: String(point.lng),
        }),
      ),
    );
    const [request] = await requestsOf(number);
    assert.ok(request, 'stored');
    assert.equal(reply, say.queuedForTriage(shortReference(request.id)));
    assert.equal(request.planning.state, 'awaiting_location', 'not planned, although its point is in one area');
    assert.equal(request.planning.last_error, QUEUED_FOR_TRIAGE);
    assert.deepEqual(request.location, point, 'the point is kept for the dispatcher');
    const view = expectStatus(await call('GET', `/requests/${request.id}`, { token: admin.token }), 200);
    assert.equal(view.planning.error_code, 'queued_for_triage');
    const queue = expectStatus(
      await call('GET', `/requests?awaiting_location=true&disaster_id=${flood.id}`, { token: admin.token }),
      200,
    );
    assert.ok(
      queue.items.some((item: { id: string }) => item.id === request.id),
      'in the dispatchers triage queue',
    );
    // The dispatcher's placement is the triage: planning starts, the note is gone.
    expectStatus(
      await call('PUT', `/requests/${request.id}/location`, { token: admin.token, body: { location: point } }),
      200,
    );
    const placed = await storedRequest(request.id);
    assert.notEqual(placed?.planning.state, 'awaiting_location');
    assert.notEqual(placed?.planning.last_error, QUEUED_FOR_TRIAGE);
  });

  it('past the limit for new numbers a new number is still taken: user, contact, request queued for triage, answered', async () => {
    await presetCount(NEW_NUMBERS_GLOBAL, 'all', NEW_NUMBERS_GLOBAL.limit);
    const number = newNumber();
    const reply = replyOf(await twilioPost(smsForm(number, 'need food and water, 5 people at Barangay Hall')));
    const contact = await collections.phoneContacts.get(number);
    assert.ok(contact, 'the contact and its user are created');
    assert.ok(await collections.users.get(contact.uid));
    const [request] = await requestsOf(number);
    assert.ok(request);
    assert.equal(request.planning.last_error, QUEUED_FOR_TRIAGE);
    assert.equal(reply, say.queuedForTriage(shortReference(request.id)));
  });

  it('a TwiML reply is an outbound message: logged sent with its template and request, counted against the spend limits, never sent again by the worker', async () => {
    const number = newNumber();
    const dayBefore = await daySpendTotal();
    const form = smsForm(number, 'we need medicine for my mother');
    const reply = replyOf(await twilioPost(form));
    const [request] = await requestsOf(number);
    assert.ok(request && reply);
    const logged = await collections.outboundMessages.get(replyIdOf(form.MessageSid!));
    assert.ok(logged, 'the reply is logged');
    assert.equal(logged.channel, 'sms');
    assert.equal(logged.to, number);
    assert.equal(logged.template, 'reply_created_without_place');
    assert.equal(logged.language, 'en');
    assert.equal(logged.body, reply);
    assert.equal(logged.request_id, request.id);
    assert.equal(logged.status, 'sent');
    assert.equal(logged.audit_id, null);
    assert.equal(await numberSpend(number), 1, "the number's count for the day");
    assert.equal((await daySpendTotal()) - dayBefore, 1, 'the count for all numbers');
    const page = expectStatus(
      await call('GET', `/outbound-messages?to=${encodeURIComponent(number)}`, { token: admin.token }),
      200,
    );
    assert.deepEqual(
      page.items.map((item: OutboundMessage) => [item.id, item.status, item.template]),
      [[logged.id, 'sent', 'reply_created_without_place']],
    );
    // The worker's trigger fired on the record: it must not have sent it through Twilio's API.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const after = await collections.outboundMessages.get(logged.id);
    assert.equal(after?.provider_id, null);
    assert.equal(after?.attempts, 1);
    const standin = process.env.CHANNEL_STANDIN_URL;
    if (standin) {
      const received = (await (await fetch(`${standin}/_standin/messages`)).json()) as { twilio: { to: string }[] };
      assert.equal(received.twilio.filter((m) => m.to.endsWith(number)).length, 0, 'no Twilio API send');
    }
  });

  it("past the number's daily spend limit the reply is suppressed with its reason; the message and its request are still stored", async () => {
    const number = newNumber();
    await testDb().doc(`outbound_spend/${today()}_${number}`).set({ count: 20, day: today() });
    const form = smsForm(number, 'we need food, family of 6');
    assert.equal(replyOf(await twilioPost(form)), null, 'no reply sent');
    const [request] = await requestsOf(number);
    assert.ok(request, 'the request is stored');
    const logged = await collections.outboundMessages.get(replyIdOf(form.MessageSid!));
    assert.deepEqual([logged?.status, logged?.reason, logged?.sent_at], ['suppressed', 'spend_limit', null]);
    assert.equal(await numberSpend(number), 20, 'a suppressed reply is not counted');
  });

  it('a retried MessageSid makes no second reply record and spends once', async () => {
    const number = await knownNumber();
    const form = smsForm(number, 'STATUS');
    assert.ok(replyOf(await twilioPost(form)));
    assert.equal(replyOf(await twilioPost(form)), null);
    const logged = await repliesTo(number);
    assert.deepEqual(logged.map((m) => m.template).sort(), ['reply_help', 'reply_no_open_requests']);
    assert.equal(await numberSpend(number), 2);
  });

  it('a later text never replaces the place note a dispatcher may have read: it is appended', async () => {
    const number = newNumber();
    assert.ok(replyOf(await twilioPost(smsForm(number, 'need water please'))));
    assert.ok(replyOf(await twilioPost(smsForm(number, 'San Roque chapel, Bagong Silang'))));
    assert.ok(replyOf(await twilioPost(smsForm(number, 'no, the school by the river'))));
    const [request] = await requestsOf(number);
    assert.equal(request?.location_text, 'San Roque chapel, Bagong Silang\nno, the school by the river');
  });

  it("STOP and START show in the history of the person's open requests, for dispatchers", async () => {
    const number = newNumber();
    assert.ok(replyOf(await twilioPost(smsForm(number, 'need food at the covered court of Malanday'))));
    const [request] = await requestsOf(number);
    assert.ok(request);
    assert.equal(replyOf(await twilioPost(smsForm(number, 'STOP'))), say.stopped());
    assert.equal(replyOf(await twilioPost(smsForm(number, 'STOP'))), null, 'a repeated STOP: no reply');
    assert.equal(replyOf(await twilioPost(smsForm(number, 'START'))), say.started());
    const history = await waitFor('the history', async () => {
      const page = expectStatus(await call('GET', `/requests/${request.id}/history`, { token: admin.token }), 200);
      const records = page.items.filter((item: { entity: string }) => item.entity === 'user');
      return records.length >= 2 ? records : undefined;
    });
    assert.deepEqual(
      history.map((item: { action: string }) => item.action),
      ['opted_out', 'opted_in'],
    );
    const owner = await collections.phoneContacts.get(number);
    const ownView = expectStatus(
      await call('GET', `/requests/${request.id}/history`, {
        token: await tokenFor({ uid: owner!.uid, role: 'affected_individual' }),
      }),
      200,
    );
    assert.ok(
      ownView.items.every((item: { entity: string }) => item.entity === 'request'),
      'the owner sees only the request records',
    );
  });
});
