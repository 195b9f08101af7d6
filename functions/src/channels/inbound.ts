// SMS and WhatsApp intake (POST /channels/twilio/inbound): one conversation per phone number.
// A message is a keyword (STOP, START, HELP, STATUS), a help request, or the answer to "where are
// you?" for the person's request waiting for its point. Every message is claimed by its
// MessageSid in the same commit as what it changes and as the log record of its reply
// (outbound_messages), so a retried delivery changes nothing and gets no second reply. The rules
// and the numbers: docs/channels.md.
import { createHash } from 'node:crypto';
import type { Transaction } from 'firebase-admin/firestore';
import { recordAudit } from '../audit/record.js';
import { collections, type Writer } from '../data/collections.js';
import { auth, db, isAlreadyExists } from '../data/firestore.js';
import type { Disaster } from '../disasters/model.js';
import { RateLimitedError, ValidationError } from '../errors.js';
import type { Caller } from '../shared/caller.js';
import { consumeRateLimit, countCall, peekCount, type RateLimitRule } from '../data/window-count.js';
import { logs } from '../logs.js';
import type { OutboundMessage, ReplyTemplate, SuppressionReason } from '../outbound/model.js';
import { countSend, overSpend, readSpend, spendDay } from '../outbound/spend.js';
import { QUEUED_FOR_TRIAGE, type HelpRequest, type NewRequestInput } from '../requests/model.js';
import {
  confirmedDisasters,
  findDuplicate,
  isInArea,
  newRequestDocument,
  planPlacedRequest,
  readPlacement,
} from '../requests/service.js';
import { geohashOf } from '../shared/geo.js';
import { maskNumber } from '../shared/phone.js';
import { roleSchema, type Location, type Role } from '../shared/schemas.js';
import { newUserRecord } from '../users/service.js';
import { readMessage, type Command, type ReadMessage } from './keywords.js';
import {
  INBOUND_GLOBAL,
  INBOUND_PER_NUMBER,
  NEW_NUMBERS_GLOBAL,
  PHONE_REQUESTS_PER_DAY,
  type IntakeGuard,
} from './limits.js';
import {
  newPhoneContact,
  requestReference,
  type Language,
  type PhoneChannel,
  type PhoneContact,
  type TwilioInbound,
} from './model.js';
import { detachStaleContact, isStale, recycleCutoff } from './recycle.js';
import { replies, twiml, type StatusLine } from './replies.js';

/** How long a request waiting for its point takes the person's next message without a need as its place. */
export const FOLLOW_UP_HOURS = 24;

/** The display name of a person known only by their number: public, so nothing of the number. */
const DISPLAY_NAMES: Record<PhoneChannel, string> = { sms: 'SMS requester', whatsapp: 'WhatsApp requester' };

interface Sender {
  number: string;
  channel: PhoneChannel;
  contact: PhoneContact | undefined;
  uid: string;
  newUser: boolean;
  language: Language;
  /** A guard for all numbers acted: a help request is queued for triage, not planned. */
  guard: IntakeGuard | null;
}

/** A reply and the template it comes from (its outbound log record names it). */
interface ReplyText {
  template: ReplyTemplate;
  text: string;
}

/** The writes of what a message does besides claiming it and recording the contact. */
type Stage = (tx: Transaction, at: string) => string | null;

interface Outcome {
  name: string;
  reply: ReplyText | null;
  /** The request the reply is about, if any (its log record's request_id). */
  requestId?: string;
  /** Reads in the transaction, before any write, and returns the writes. */
  prepare?: (tx: Transaction) => Promise<Stage>;
  contact?: Partial<Pick<PhoneContact, 'opted_out'>>;
  /** A request whose planning starts once committed (its point was just set). */
  planAfter?: string;
}

/** True when the limit is spent (the message is dropped unanswered). */
async function overLimit(rule: RateLimitRule, key: string): Promise<boolean> {
  try {
    await consumeRateLimit(rule, key);
    return false;
  } catch (error) {
    if (error instanceof RateLimitedError) return true;
    throw error;
  }
}

/** The Auth user of a number: created with that phone number (so phone sign-in finds it), or the existing one. */
async function phoneUser(number: string): Promise<{ uid: string; role: Role | null }> {
  let user;
  try {
    user = await auth().createUser({ phoneNumber: number });
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'auth/phone-number-already-exists') throw error;
    user = await auth().getUserByPhoneNumber(number);
  }
  const claim = roleSchema.safeParse(user.customClaims?.role);
  if (claim.success) return { uid: user.uid, role: claim.data };
  await auth().setCustomUserClaims(user.uid, { ...(user.customClaims ?? {}), role: 'affected_individual' });
  return { uid: user.uid, role: 'affected_individual' };
}

/** The sender's E.164 number, whichever channel it wrote on. */
function phoneNumberOf(message: TwilioInbound): string {
  return message.From.replace(/^whatsapp:/, '');
}

async function identify(message: TwilioInbound, read: (fallback: Language) => ReadMessage) {
  const channel: PhoneChannel = message.From.startsWith('whatsapp:') ? 'whatsapp' : 'sms';
  const number = phoneNumberOf(message);
  const stored = await collections.phoneContacts.get(number);
  // A number silent past PHONE_CONTACT_RECYCLE_DAYS may be someone else's now (recycle.ts): it
  // leaves its previous person, and this message is a new number's.
  const contact = stored && isStale(stored) ? await detached(stored) : stored;
  const reading = read(contact?.language ?? 'en');
  return { channel, number, contact, reading };
}

async function detached(stale: PhoneContact): Promise<undefined> {
  await detachStaleContact(stale, recycleCutoff());
  return undefined;
}

export async function receiveMessage(message: TwilioInbound): Promise<string> {
  const sid = message.MessageSid;
  // Independent reads side by side: Twilio waits for the reply, and each is a round trip.
  // The number's own limit is counted first, with them: a number past it spends nothing all
  // numbers share (a retried delivery counts again for its number: Twilio seldom retries).
  const claim = collections.inboundMessages.doc(sid);
  const [claimed, identified, own] = await Promise.all([
    claim.get(),
    identify(message, (fallback) => readMessage(message.Body, fallback)),
    countCall(INBOUND_PER_NUMBER, phoneNumberOf(message)),
  ]);
  if (claimed.exists) {
    logs.inboundDuplicate(sid);
    return twiml(null);
  }
  const { channel, number, contact, reading } = identified;
  if (own.count > own.limit && !(await raisesAllowedRequest(reading, number)))
    return pastOwnLimit(sid, { number, channel, contact, language: reading.language }, own.count === own.limit + 1);
  // A keyword (STOP, HELP, STATUS...) acts in no one's name: only a need or a place needs the
  // person's role (the actor of what it creates), so only they read the user document.
  const actsInTheirName = reading.command === null;
  const now = new Date().toISOString();
  const [allNumbers, newNumbers, stored, spend] = await Promise.all([
    countCall(INBOUND_GLOBAL, 'all'),
    contact ? undefined : countCall(NEW_NUMBERS_GLOBAL, 'all'),
    contact && actsInTheirName ? collections.users.get(contact.uid) : undefined,
    readSpend(number, spendDay(now)),
  ]);
  const guard: IntakeGuard | null =
    allNumbers.count > allNumbers.limit
      ? 'all_numbers_limited'
      : newNumbers && newNumbers.count > newNumbers.limit
        ? 'new_numbers_limited'
        : null;
  if (guard) logs.inboundGuardActed(sid, maskNumber(number), guard);
  const user = contact ? { uid: contact.uid, role: null } : await phoneUser(number);
  const sender: Sender = {
    number,
    channel,
    contact,
    uid: user.uid,
    newUser: !contact,
    language: reading.language,
    guard,
  };
  const point =
    message.Latitude !== undefined && message.Longitude !== undefined
      ? { lat: message.Latitude, lng: message.Longitude }
      : null;
  const outcome =
    reading.command === null
      ? await needOrPlace(
          sender,
          { uid: user.uid, role: stored?.role ?? user.role ?? 'affected_individual', email: null },
          reading,
          message.Body,
          point,
        )
      : await keyword(sender, reading.command);
  // STOP means no messages: a number that opted out is answered only to START and HELP (its
  // requests are still taken). STOP itself gets one confirmation, the carriers' rule.
  const silenced = (contact?.opted_out ?? false) && outcome.name !== 'started' && outcome.name !== 'help';
  const reply = outcome.reply
    ? replyRecord(
        sid,
        sender,
        outcome.reply,
        outcome.requestId ?? null,
        silenced ? 'opted_out' : overSpend(spend.number, spend.all) ? 'spend_limit' : null,
        now,
      )
    : null;
  let committed = await commit(sid, sender, outcome, reply);
  if (committed === 'contact_exists') {
    // A number's first messages arriving together: each found no contact, and another one was
    // committed first with the contact and the user (the same Auth user: phoneUser found it).
    // This one is committed again as from that known number, as already decided; no limit is
    // spent twice, and the message is not mistaken for a repeat.
    const known = await collections.phoneContacts.get(number);
    if (known?.uid !== sender.uid) throw new Error('the contact created meanwhile names another user');
    committed = await commit(sid, { ...sender, contact: known, newUser: false }, outcome, reply);
  }
  if (typeof committed !== 'object') {
    logs.inboundDuplicate(sid);
    return twiml(null);
  }
  const { requestId } = committed;
  if (outcome.planAfter) await planPlacedRequest(outcome.planAfter);
  logs.inboundProcessed(channel, maskNumber(number), outcome.name, requestId);
  const optOut = outcome.contact?.opted_out;
  if (optOut !== undefined && optOut !== (contact?.opted_out ?? false))
    logs.inboundOptOutChanged(maskNumber(number), optOut);
  if (reply?.reason === 'spend_limit') logs.inboundReplySuppressed(sid, maskNumber(number), 'spend_limit');
  return twiml(reply?.status === 'sent' ? reply.body : null);
}

/**
 * Past its own limit, a number's message is taken only when it raises a help request and the
 * number still has requests left today (read, not spent: newRequest spends it).
 */
async function raisesAllowedRequest(reading: ReadMessage, number: string): Promise<boolean> {
  if (reading.command !== null || reading.need === null) return false;
  const today = await peekCount(PHONE_REQUESTS_PER_DAY, number);
  return today.count < today.limit;
}

/**
 * A message of a number past its own limit: the first of the window is claimed and answered once
 * (too many messages; a known number not opted out); the next are dropped and logged. At most
 * one answer: two messages counted at once may both miss being the first.
 */
async function pastOwnLimit(
  sid: string,
  from: { number: string; channel: PhoneChannel; contact: PhoneContact | undefined; language: Language },
  firstPast: boolean,
): Promise<string> {
  const { number, channel, contact, language } = from;
  if (!firstPast || !contact || contact.opted_out) {
    logs.inboundDropped(sid, maskNumber(number), 'number_limited');
    return twiml(null);
  }
  const now = new Date().toISOString();
  const spend = await readSpend(number, spendDay(now));
  const reply = replyRecord(
    sid,
    { number, channel, uid: contact.uid, language },
    { template: 'reply_too_many_messages', text: replies(language).tooManyMessages() },
    null,
    overSpend(spend.number, spend.all) ? 'spend_limit' : null,
    now,
  );
  const batch = db().batch();
  batch.create(collections.inboundMessages.doc(sid), {
    id: sid,
    channel,
    outcome: 'number_limited',
    request_id: null,
    created_at: now,
  });
  writeReply(batch, reply);
  try {
    await batch.commit();
  } catch (error) {
    if (!isAlreadyExists(error)) throw error;
    logs.inboundDuplicate(sid);
    return twiml(null);
  }
  logs.inboundProcessed(channel, maskNumber(number), 'number_limited', null);
  return twiml(reply.status === 'sent' ? reply.body : null);
}

/**
 * The log record of a reply sent inline as TwiML: `sent` (Twilio sends what the webhook answers)
 * or `suppressed` with its reason, and then not sent. Its id is a hash of the MessageSid, so a
 * retried delivery (whose claim fails) makes no second one.
 */
function replyRecord(
  sid: string,
  to: { number: string; channel: PhoneChannel; uid: string; language: Language },
  reply: ReplyText,
  requestId: string | null,
  reason: SuppressionReason | null,
  at: string,
): OutboundMessage {
  return {
    id: createHash('sha256').update(`reply\n${sid}`).digest('hex').slice(0, 32),
    channel: to.channel,
    to: to.number,
    recipient_uid: to.uid,
    template: reply.template,
    language: to.language,
    body: reply.text,
    urgent: false,
    status: reason === null ? 'sent' : 'suppressed',
    reason,
    error: null,
    attempts: reason === null ? 1 : 0,
    lease_until: null,
    provider_id: null,
    audit_id: null,
    request_id: requestId,
    task_id: null,
    sent_at: reason === null ? at : null,
    delivered_at: null,
    created_at: at,
    updated_at: at,
  };
}

/** The reply's log record, and for a reply sent its count against the spend limits. */
function writeReply(writer: Writer, reply: OutboundMessage): void {
  writer.create(collections.outboundMessages.doc(reply.id), reply);
  if (reply.status === 'sent') countSend(writer, reply.to, spendDay(reply.created_at));
}

/**
 * Claims the message and records the contact, with the writes of the outcome and the log record
 * of the reply (counted against the spend limits when sent), in one commit: a
 * transaction when something is read first (a new number's user document, the outcome's reads),
 * else a batch, one round trip fewer. Either fails whole when a document it creates is there
 * already: the claim ('claimed': a retried delivery), or for a new number its contact
 * ('contact_exists': another message of the number was committed first). Committed: the request
 * it created, if any.
 */
async function commit(
  sid: string,
  sender: Sender,
  outcome: Outcome,
  reply: OutboundMessage | null,
): Promise<{ requestId: string | null } | 'claimed' | 'contact_exists'> {
  try {
    if (!sender.newUser && !outcome.prepare) {
      const batch = db().batch();
      writeMessage(batch, sid, sender, outcome, { requestId: null, createUser: false });
      if (reply) writeReply(batch, reply);
      await batch.commit();
      return { requestId: null };
    }
    const requestId = await db().runTransaction(async (tx) => {
      const existingUser = sender.newUser ? await collections.users.get(sender.uid, tx) : undefined;
      const stage = outcome.prepare ? await outcome.prepare(tx) : undefined;
      const at = new Date().toISOString();
      const created = stage ? stage(tx, at) : null;
      writeMessage(tx, sid, sender, outcome, { requestId: created, createUser: sender.newUser && !existingUser }, at);
      if (reply) writeReply(tx, reply);
      return created;
    });
    return { requestId };
  } catch (error) {
    if (!isAlreadyExists(error)) throw error;
    if (!sender.newUser || (await collections.inboundMessages.get(sid))) return 'claimed';
    return 'contact_exists';
  }
}

/** The claim of the message, the contact, and for a number never seen before its user. */
function writeMessage(
  writer: Writer,
  sid: string,
  sender: Sender,
  outcome: Outcome,
  { requestId, createUser }: { requestId: string | null; createUser: boolean },
  at = new Date().toISOString(),
): void {
  writer.create(collections.inboundMessages.doc(sid), {
    id: sid,
    channel: sender.channel,
    outcome: outcome.name,
    request_id: requestId,
    created_at: at,
  });
  writeContact(writer, sender, outcome, at);
  if (!createUser) return;
  writer.create(
    collections.users.doc(sender.uid),
    newUserRecord(
      sender.uid,
      { display_name: DISPLAY_NAMES[sender.channel], role: 'affected_individual', phone: sender.number },
      at,
    ),
  );
  recordAudit(
    writer,
    {
      entity: 'role',
      entity_id: sender.uid,
      action: 'registered',
      actor: 'system',
      before: { role: null },
      after: { role: 'affected_individual', channel: sender.channel },
    },
    at,
  );
}

function writeContact(writer: Writer, sender: Sender, outcome: Outcome, at: string): void {
  const optedOut = outcome.contact?.opted_out;
  // A repeated STOP keeps the time of the first.
  const since = sender.contact?.opted_out ? sender.contact.opted_out_at : at;
  const optOut =
    optedOut === undefined
      ? {}
      : optedOut
        ? { opted_out: true, opted_out_at: since }
        : { opted_out: false, opted_out_at: null };
  if (sender.contact) {
    collections.phoneContacts.updateIn(writer, sender.number, {
      uid: sender.uid,
      language: sender.language,
      channel: sender.channel,
      ...optOut,
      updated_at: at,
    });
    return;
  }
  writer.create(
    collections.phoneContacts.doc(sender.number),
    newPhoneContact({
      number: sender.number,
      uid: sender.uid,
      language: sender.language,
      channel: sender.channel,
      at,
      optedOut: optedOut ?? false,
    }),
  );
}

async function keyword(sender: Sender, command: Command): Promise<Outcome> {
  const say = replies(sender.language);
  switch (command) {
    case 'stop':
      return optOutChange(sender, true, { template: 'reply_stopped', text: say.stopped() });
    case 'start':
      return optOutChange(sender, false, { template: 'reply_started', text: say.started() });
    case 'help':
      return { name: 'help', reply: { template: 'reply_help', text: say.help() } };
    case 'status':
      return { name: 'status', reply: await statusReply(sender) };
  }
}

/** Open and in-progress requests of a person, newest first (at most `limit` of their latest 20). */
async function openRequests(sender: Sender, limit: number): Promise<HelpRequest[]> {
  if (sender.newUser) return [];
  const own = await collections.requests.list({ owner_id: sender.uid }, { limit: 20 });
  return own.items.filter((request) => request.status === 'open' || request.status === 'in_progress').slice(0, limit);
}

/**
 * STOP or START. The sender of an SMS is not authenticated (a spoofed From could silence someone:
 * security review 3, S1), so a change of opt-out is shown to dispatchers: an audit record `user`
 * `opted_out` / `opted_in` in the history of each of the person's open requests (or one without a
 * request when there is none), and a log line. A repeated STOP or START changes nothing and
 * records nothing.
 */
async function optOutChange(sender: Sender, optedOut: boolean, reply: ReplyText): Promise<Outcome> {
  const name = optedOut ? 'stopped' : 'started';
  if ((sender.contact?.opted_out ?? false) === optedOut) return { name, reply, contact: { opted_out: optedOut } };
  const open = await openRequests(sender, 5);
  return {
    name,
    reply,
    contact: { opted_out: optedOut },
    prepare: () =>
      Promise.resolve((tx: Transaction, at: string) => {
        for (const request of open.length > 0 ? open : [null])
          recordAudit(
            tx,
            {
              entity: 'user',
              entity_id: sender.uid,
              action: optedOut ? 'opted_out' : 'opted_in',
              actor: 'system',
              before: { opted_out: !optedOut },
              after: { opted_out: optedOut, channel: sender.channel, user_id: sender.uid },
              disaster_id: request?.disaster_id ?? null,
              request_id: request?.id ?? null,
            },
            at,
          );
        return null;
      }),
  };
}

/** A message that is not a keyword: a new request, or the place of one waiting for it. */
function needOrPlace(
  sender: Sender,
  caller: Caller,
  reading: ReadMessage,
  body: string,
  point: Location | null,
): Promise<Outcome> {
  return reading.need === null
    ? followUp(sender, caller, body, point)
    : newRequest(sender, caller, reading, body, point);
}

/** The person's open requests, newest first, as the owner sees them: reference, need and status only. */
async function statusReply(sender: Sender): Promise<ReplyText> {
  const say = replies(sender.language);
  const lines: StatusLine[] = (await openRequests(sender, 3)).map((request) => ({
    reference: requestReference(request.id),
    need: request.type_of_need,
    status: request.status,
  }));
  return lines.length === 0
    ? { template: 'reply_no_open_requests', text: say.noOpenRequests() }
    : { template: 'reply_status', text: say.status(lines) };
}

/** The person's latest request still waiting for its point, if recent. */
async function waitingRequest(sender: Sender): Promise<HelpRequest | undefined> {
  if (sender.newUser) return undefined;
  const since = Date.now() - FOLLOW_UP_HOURS * 3_600_000;
  const own = await collections.requests.list({ owner_id: sender.uid }, { limit: 5 });
  return own.items.find(
    (request) => request.planning.state === 'awaiting_location' && Date.parse(request.created_at) >= since,
  );
}

/** How much of the person's own words about where they are a request keeps. */
const LOCATION_TEXT_CHARS = 500;

/**
 * A place note added to the one a request has: appended after it, never in its place. The SMS
 * sender is not authenticated (security review 3, S1): a later text must not replace a note a
 * dispatcher may already have read. Past LOCATION_TEXT_CHARS nothing more is kept.
 */
function appendedPlace(current: string | null, added: string): string {
  const joined = current === null || current === '' ? added : `${current}\n${added}`;
  return joined.slice(0, LOCATION_TEXT_CHARS);
}

/** A message without a need: the place of a request waiting for one, or we ask what is needed. */
async function followUp(sender: Sender, caller: Caller, body: string, point: Location | null): Promise<Outcome> {
  const say = replies(sender.language);
  const waiting = await waitingRequest(sender);
  const text = cleanText(body);
  if (!waiting || (point === null && text.length === 0))
    return { name: 'asked_need', reply: { template: 'reply_ask_need', text: say.askNeed() } };
  const reference = requestReference(waiting.id);
  const reply: ReplyText = { template: 'reply_place_noted', text: say.placeNoted(reference) };
  if (point === null) {
    return {
      name: 'place_noted',
      reply,
      requestId: waiting.id,
      prepare: async (tx) => {
        // Read in the transaction: the note it appends to is the one stored now.
        const current = await collections.requests.get(waiting.id, tx);
        return (writer, at) => {
          collections.requests.updateIn(writer, waiting.id, {
            location_text: appendedPlace(current?.location_text ?? null, text),
            updated_at: at,
          });
          return waiting.id;
        };
      },
    };
  }
  let placed = true;
  const keepPoint = (writer: Writer, at: string) => {
    collections.requests.updateIn(writer, waiting.id, { location: point, geohash: geohashOf(point), updated_at: at });
    return waiting.id;
  };
  return {
    name: 'located',
    reply,
    requestId: waiting.id,
    prepare: async (tx) => {
      // Read again in the transaction: a dispatcher may have placed it meanwhile.
      const current = await collections.requests.get(waiting.id, tx);
      if (current?.planning.state !== 'awaiting_location') {
        placed = false;
        return () => waiting.id;
      }
      if (sender.guard) {
        // Intake over its limits: the point is kept, and a dispatcher places it in triage.
        placed = false;
        return keepPoint;
      }
      try {
        const stage = await readPlacement(tx, current, { location: point });
        return (_tx, at) => stage(caller, at).id;
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        // In no disaster's area, or in several: the point is kept for the dispatcher to decide.
        placed = false;
        return keepPoint;
      }
    },
    get planAfter() {
      return placed ? waiting.id : undefined;
    },
  };
}

/** The text of a message as stored: control characters other than line breaks removed, trimmed. */
function cleanText(body: string): string {
  // eslint-disable-next-line no-control-regex
  return body.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').trim();
}

async function newRequest(
  sender: Sender,
  caller: Caller,
  reading: ReadMessage,
  body: string,
  point: Location | null,
): Promise<Outcome> {
  const say = replies(sender.language);
  const need: HelpRequest['type_of_need'] = reading.need ?? 'other';
  const disasters = await confirmedDisasters();
  if (disasters.length === 0)
    return {
      name: 'no_active_disaster',
      reply: { template: 'reply_no_active_disaster', text: say.noActiveDisaster() },
    };
  if (await overLimit(PHONE_REQUESTS_PER_DAY, sender.number)) {
    const today = await collections.requests.list({ owner_id: sender.uid }, { limit: PHONE_REQUESTS_PER_DAY.limit });
    return {
      name: 'daily_limit',
      reply: {
        template: 'reply_daily_limit',
        text: say.dailyLimit(today.items.map((request) => requestReference(request.id))),
      },
    };
  }
  const holding = point ? disasters.filter((disaster) => isInArea(point, disaster)) : [];
  const placedIn: Disaster | undefined = holding.length === 1 ? holding[0] : undefined;
  // Unplaced: the newest confirmed disaster holds it (or the one holding the point) until a dispatcher decides.
  const disaster = placedIn ?? holding[0] ?? disasters[0]!;
  const location = point ?? disaster.location;
  const text = cleanText(body);
  const description = text.length >= 3 ? text.slice(0, 2000) : need;
  const input: NewRequestInput = { disaster_id: disaster.id, type_of_need: need, description, location };
  // Queued for triage (a guard acted): a dispatcher looks at it, so no duplicate check either.
  const triage = sender.guard !== null;
  const duplicateOf =
    placedIn && !sender.newUser && !triage ? await findDuplicate(sender.uid, input, new Date()) : null;
  const ref = collections.requests.ref().doc();
  const reference = requestReference(ref.id);
  const awaiting = placedIn === undefined || triage;
  const reply: ReplyText = triage
    ? { template: 'reply_queued_for_triage', text: say.queuedForTriage(reference) }
    : awaiting && point === null && !reading.mentionsPlace
      ? { template: 'reply_created_without_place', text: say.createdWithoutPlace(reference) }
      : { template: 'reply_created', text: say.created(reference, need) };
  return {
    name: triage ? 'request_queued_for_triage' : awaiting ? 'request_awaiting_location' : 'request_created',
    reply,
    requestId: ref.id,
    prepare: () =>
      Promise.resolve((tx: Transaction, at: string) => {
        const created = newRequestDocument(
          ref.id,
          sender.uid,
          {
            ...input,
            duplicate_of: duplicateOf,
            channel: sender.channel,
            requester_phone: sender.number,
            location_text: point === null && reading.mentionsPlace ? text.slice(0, LOCATION_TEXT_CHARS) : null,
            awaiting_location: awaiting,
          },
          at,
        );
        const request = triage
          ? { ...created, planning: { ...created.planning, last_error: QUEUED_FOR_TRIAGE } }
          : created;
        tx.create(ref, request);
        recordAudit(
          tx,
          {
            entity: 'request',
            entity_id: request.id,
            action: 'created',
            actor: caller,
            before: null,
            after: {
              status: request.status,
              duplicate_of: duplicateOf,
              channel: sender.channel,
              ...(sender.guard ? { queued_for_triage: sender.guard } : {}),
            },
            disaster_id: request.disaster_id,
            request_id: request.id,
          },
          at,
        );
        return request.id;
      }),
  };
}
