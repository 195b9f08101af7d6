// SMS and WhatsApp intake (POST /channels/twilio/inbound): one conversation per phone number.
// A message is a keyword (STOP, START, HELP, STATUS), a help request, or the answer to "where are
// you?" for the person's request waiting for its point. Every message is claimed by its
// MessageSid in the same commit as what it changes, so a retried delivery changes nothing and
// gets no second reply. The rules and the numbers: docs/channels.md.
import type { Transaction } from 'firebase-admin/firestore';
import { recordAudit } from '../audit/record.js';
import { collections, type Writer } from '../data/collections.js';
import { auth, db, isAlreadyExists } from '../data/firestore.js';
import type { Disaster } from '../disasters/model.js';
import { RateLimitedError, ValidationError } from '../errors.js';
import type { Caller, RateLimitRule } from '../http/endpoint.js';
import { consumeRateLimit } from '../http/rate-limit.js';
import { logs } from '../logs.js';
import type { HelpRequest, NewRequestInput } from '../requests/model.js';
import {
  confirmedDisasters,
  findDuplicate,
  isInArea,
  newRequestDocument,
  planPlacedRequest,
  readPlacement,
} from '../requests/service.js';
import { geohashOf } from '../shared/geo.js';
import { roleSchema, type Location, type Role } from '../shared/schemas.js';
import { newUserRecord } from '../users/service.js';
import { readMessage, type Command, type ReadMessage } from './keywords.js';
import {
  newPhoneContact,
  requestReference,
  type Language,
  type PhoneChannel,
  type PhoneContact,
  type TwilioInbound,
} from './model.js';
import { replies, twiml, type StatusLine } from './replies.js';

/** Messages one number may send in an hour; beyond, they are dropped unanswered (a loop or a flood). */
export const INBOUND_PER_NUMBER: RateLimitRule = { bucket: 'sms:inbound:number', limit: 30, windowSeconds: 3600 };
/**
 * Messages from all numbers in a minute: bounds the writes and the replies a flood costs. Every
 * message bumps it, so its count is spread over 10 counter documents (about one write a second
 * each at the limit, Firestore's sustained rate for one document); raising the limit far past
 * 600 wants more shards.
 */
export const INBOUND_GLOBAL: RateLimitRule = { bucket: 'sms:inbound:all', limit: 600, windowSeconds: 60, shards: 10 };
/**
 * Numbers never seen before, all together, per hour: each costs an Auth user and a user document.
 * Bumped by every message of an unknown number (a surge of first texts: nearly all), so sharded too.
 */
export const NEW_NUMBERS_GLOBAL: RateLimitRule = {
  bucket: 'sms:new-numbers',
  limit: 500,
  windowSeconds: 3600,
  shards: 10,
};
/** Help requests one number may raise per day (a fixed UTC day): a few for a family, not a flood. */
export const PHONE_REQUESTS_PER_DAY: RateLimitRule = { bucket: 'sms:requests', limit: 3, windowSeconds: 86_400 };
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
}

/** The writes of what a message does besides claiming it and recording the contact. */
type Stage = (tx: Transaction, at: string) => string | null;

interface Outcome {
  name: string;
  reply: string | null;
  /** Reads in the transaction, before any write, and returns the writes. */
  prepare?: (tx: Transaction) => Promise<Stage>;
  contact?: Partial<Pick<PhoneContact, 'opted_out'>>;
  /** A request whose planning starts once committed (its point was just set). */
  planAfter?: string;
}

/** `+639171234567` → `+63*******67`: enough to tell numbers apart in logs, not to call them. */
export function maskNumber(number: string): string {
  return number.length <= 5 ? '***' : `${number.slice(0, 3)}${'*'.repeat(number.length - 5)}${number.slice(-2)}`;
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

async function identify(message: TwilioInbound, read: (fallback: Language) => ReadMessage) {
  const channel: PhoneChannel = message.From.startsWith('whatsapp:') ? 'whatsapp' : 'sms';
  const number = message.From.replace(/^whatsapp:/, '');
  const contact = await collections.phoneContacts.get(number);
  const reading = read(contact?.language ?? 'en');
  return { channel, number, contact, reading };
}

export async function receiveMessage(message: TwilioInbound): Promise<string> {
  // Independent reads side by side: Twilio waits for the reply, and each is a round trip.
  const claim = collections.inboundMessages.doc(message.MessageSid);
  const [claimed, identified] = await Promise.all([
    claim.get(),
    identify(message, (fallback) => readMessage(message.Body, fallback)),
  ]);
  if (claimed.exists) {
    logs.inboundDuplicate(message.MessageSid);
    return twiml(null);
  }
  const { channel, number, contact, reading } = identified;
  // A keyword (STOP, HELP, STATUS...) acts in no one's name: only a need or a place needs the
  // person's role (the actor of what it creates), so only they read the user document.
  const actsInTheirName = reading.command === null;
  const [[allNumbersOver, numberOver], stored] = await Promise.all([
    Promise.all([overLimit(INBOUND_GLOBAL, 'all'), overLimit(INBOUND_PER_NUMBER, number)]),
    contact && actsInTheirName ? collections.users.get(contact.uid) : undefined,
  ]);
  if (numberOver || allNumbersOver) {
    logs.inboundDropped(message.MessageSid, maskNumber(number), numberOver ? 'number_limited' : 'all_numbers_limited');
    return twiml(null);
  }
  if (!contact && (await overLimit(NEW_NUMBERS_GLOBAL, 'all'))) {
    logs.inboundDropped(message.MessageSid, maskNumber(number), 'new_numbers_limited');
    return twiml(null);
  }
  const user = contact ? { uid: contact.uid, role: null } : await phoneUser(number);
  const sender: Sender = { number, channel, contact, uid: user.uid, newUser: !contact, language: reading.language };
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
  let committed = await commit(message.MessageSid, sender, outcome);
  if (committed === 'contact_exists') {
    // A number's first messages arriving together: each found no contact, and another one was
    // committed first with the contact and the user (the same Auth user: phoneUser found it).
    // This one is committed again as from that known number, as already decided; no limit is
    // spent twice, and the message is not mistaken for a repeat.
    const known = await collections.phoneContacts.get(number);
    if (known?.uid !== sender.uid) throw new Error('the contact created meanwhile names another user');
    committed = await commit(message.MessageSid, { ...sender, contact: known, newUser: false }, outcome);
  }
  if (typeof committed !== 'object') {
    logs.inboundDuplicate(message.MessageSid);
    return twiml(null);
  }
  const { requestId } = committed;
  if (outcome.planAfter) await planPlacedRequest(outcome.planAfter);
  logs.inboundProcessed(channel, maskNumber(number), outcome.name, requestId);
  // STOP means no messages: a number that opted out is answered only to START and HELP (its
  // requests are still taken). STOP itself gets one confirmation, the carriers' rule.
  const optedOut = contact?.opted_out ?? false;
  return twiml(!optedOut || outcome.name === 'started' || outcome.name === 'help' ? outcome.reply : null);
}

/**
 * Claims the message and records the contact, with the writes of the outcome, in one commit: a
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
): Promise<{ requestId: string | null } | 'claimed' | 'contact_exists'> {
  try {
    if (!sender.newUser && !outcome.prepare) {
      const batch = db().batch();
      writeMessage(batch, sid, sender, outcome, { requestId: null, createUser: false });
      await batch.commit();
      return { requestId: null };
    }
    const requestId = await db().runTransaction(async (tx) => {
      const existingUser = sender.newUser ? await collections.users.get(sender.uid, tx) : undefined;
      const stage = outcome.prepare ? await outcome.prepare(tx) : undefined;
      const at = new Date().toISOString();
      const created = stage ? stage(tx, at) : null;
      writeMessage(tx, sid, sender, outcome, { requestId: created, createUser: sender.newUser && !existingUser }, at);
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
      return { name: 'stopped', reply: say.stopped(), contact: { opted_out: true } };
    case 'start':
      return { name: 'started', reply: say.started(), contact: { opted_out: false } };
    case 'help':
      return { name: 'help', reply: say.help() };
    case 'status':
      return { name: 'status', reply: await statusReply(sender) };
  }
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
async function statusReply(sender: Sender): Promise<string> {
  const say = replies(sender.language);
  if (sender.newUser) return say.noOpenRequests();
  const own = await collections.requests.list({ owner_id: sender.uid }, { limit: 20 });
  const lines: StatusLine[] = own.items
    .filter((request) => request.status === 'open' || request.status === 'in_progress')
    .slice(0, 3)
    .map((request) => ({
      reference: requestReference(request.id),
      need: request.type_of_need,
      status: request.status,
    }));
  return lines.length === 0 ? say.noOpenRequests() : say.status(lines);
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

/** A message without a need: the place of a request waiting for one, or we ask what is needed. */
async function followUp(sender: Sender, caller: Caller, body: string, point: Location | null): Promise<Outcome> {
  const say = replies(sender.language);
  const waiting = await waitingRequest(sender);
  const text = cleanText(body);
  if (!waiting || (point === null && text.length === 0)) return { name: 'asked_need', reply: say.askNeed() };
  const reference = requestReference(waiting.id);
  if (point === null) {
    return {
      name: 'place_noted',
      reply: say.placeNoted(reference),
      prepare: () =>
        Promise.resolve((tx: Transaction, at: string) => {
          collections.requests.updateIn(tx, waiting.id, { location_text: text.slice(0, 500), updated_at: at });
          return waiting.id;
        }),
    };
  }
  let placed = true;
  return {
    name: 'located',
    reply: say.placeNoted(reference),
    prepare: async (tx) => {
      // Read again in the transaction: a dispatcher may have placed it meanwhile.
      const current = await collections.requests.get(waiting.id, tx);
      if (current?.planning.state !== 'awaiting_location') {
        placed = false;
        return () => waiting.id;
      }
      try {
        const stage = await readPlacement(tx, current, { location: point });
        return (_tx, at) => stage(caller, at).id;
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        // In no disaster's area, or in several: the point is kept for the dispatcher to decide.
        placed = false;
        return (writer, at) => {
          collections.requests.updateIn(writer, waiting.id, {
            location: point,
            geohash: geohashOf(point),
            updated_at: at,
          });
          return waiting.id;
        };
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
  if (disasters.length === 0) return { name: 'no_active_disaster', reply: say.noActiveDisaster() };
  if (await overLimit(PHONE_REQUESTS_PER_DAY, sender.number)) {
    const today = await collections.requests.list({ owner_id: sender.uid }, { limit: PHONE_REQUESTS_PER_DAY.limit });
    return {
      name: 'daily_limit',
      reply: say.dailyLimit(today.items.map((request) => requestReference(request.id))),
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
  const duplicateOf = placedIn && !sender.newUser ? await findDuplicate(sender.uid, input, new Date()) : null;
  const ref = collections.requests.ref().doc();
  const reference = requestReference(ref.id);
  const awaiting = placedIn === undefined;
  return {
    name: awaiting ? 'request_awaiting_location' : 'request_created',
    reply:
      awaiting && point === null && !reading.mentionsPlace
        ? say.createdWithoutPlace(reference)
        : say.created(reference, need),
    prepare: () =>
      Promise.resolve((tx: Transaction, at: string) => {
        const request = newRequestDocument(
          ref.id,
          sender.uid,
          {
            ...input,
            duplicate_of: duplicateOf,
            channel: sender.channel,
            requester_phone: sender.number,
            location_text: point === null && reading.mentionsPlace ? text.slice(0, 500) : null,
            awaiting_location: awaiting,
          },
          at,
        );
        tx.create(ref, request);
        recordAudit(
          tx,
          {
            entity: 'request',
            entity_id: request.id,
            action: 'created',
            actor: caller,
            before: null,
            after: { status: request.status, duplicate_of: duplicateOf, channel: sender.channel },
            disaster_id: request.disaster_id,
            request_id: request.id,
          },
          at,
        );
        return request.id;
      }),
  };
}
