// SMS and WhatsApp intake (POST /channels/twilio/inbound): one conversation per phone number.
// A message is a keyword (STOP, START, HELP, STATUS), a help request, or the answer to "where are
// you?" for the person's request waiting for its point. Every message is recorded once by its
// MessageSid in the same commit as what it changes and as the log record of its reply
// (outbound_messages), so a retried delivery changes nothing and gets no second reply. The rules
// and the numbers: docs/channels.md.
import { type Writer } from '../data/collections.js';
import { inboundMessageStore, phoneContactStore } from './store.js';
import { userStore } from '../users/store.js';
import { db, isAlreadyExists } from '../data/firestore.js';
import { unchanged } from '../data/staged.js';
import type { Caller } from '../shared/caller.js';
import { countCall, peekCount } from '../data/window-count.js';
import { logs } from '../logs.js';
import type { OutboundMessage } from '../outbound/model.js';
import { overSpend, readSpend, spendDay } from '../outbound/spend.js';
import { planPlacedRequest } from '../planning/placed.js';
import { maskNumber } from '../shared/phone.js';
import { ensurePhoneUser, stagePhoneUser } from '../users/phone-users.js';
import {
  confirmationAnswer,
  keyword,
  needOrPlace,
  taskMove,
  type CommandResult,
  type Outcome,
  type Sender,
} from './conversation.js';
import { pointInText, readMessage, type ReadMessage } from './keywords.js';
import {
  INBOUND_GLOBAL,
  INBOUND_PER_NUMBER,
  NEW_NUMBERS_GLOBAL,
  PHONE_REQUESTS_PER_DAY,
  type IntakeGuard,
} from './limits.js';
import { newPhoneContact, type Language, type PhoneChannel, type PhoneContact, type TwilioInbound } from './model.js';
import { detachStaleContact, isStale, recycleCutoff } from './recycle.js';
import { replies, twiml } from './replies.js';
import { stageCommand } from './commands.js';
import { replyRecord, writeReply, type ReplyText } from './reply-log.js';
import { mayHoldTasks } from '../tasks/eligibility.js';

/** The sender's E.164 number, whichever channel it wrote on. */
function phoneNumberOf(message: TwilioInbound): string {
  return message.From.replace(/^whatsapp:/, '');
}

async function identify(message: TwilioInbound, read: (fallback: Language) => ReadMessage) {
  const channel: PhoneChannel = message.From.startsWith('whatsapp:') ? 'whatsapp' : 'sms';
  const number = phoneNumberOf(message);
  const stored = await phoneContactStore.get(number);
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
  const sidRecord = inboundMessageStore.doc(sid);
  const [seen, identified, own] = await Promise.all([
    sidRecord.get(),
    identify(message, (fallback) => readMessage(message.Body, fallback)),
    countCall(INBOUND_PER_NUMBER, phoneNumberOf(message)),
  ]);
  if (seen.exists) {
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
    contact && actsInTheirName ? userStore.get(contact.uid) : undefined,
    readSpend(number, spendDay(now)),
  ]);
  const guard = guardActing(allNumbers, newNumbers);
  if (guard) logs.inboundGuardActed(sid, maskNumber(number), guard);
  const user = contact ? { uid: contact.uid, role: null } : await ensurePhoneUser(number);
  const sender: Sender = {
    number,
    channel,
    contact,
    uid: user.uid,
    newUser: !contact,
    language: reading.language,
    guard,
  };
  // Who acts in what a need, a place or a task command changes: the person, in the role they hold.
  const actor: Caller = { uid: user.uid, role: stored?.role ?? user.role ?? 'affected_individual', email: null };
  const outcome = await outcomeOf(message, reading, sender, actor);
  // STOP means no messages: a number that opted out is answered only to START and HELP (its
  // requests are still taken). STOP itself gets one confirmation, the carriers' rule.
  const silenced = (contact?.opted_out ?? false) && outcome.name !== 'started' && outcome.name !== 'help';
  const replyWith = (text: ReplyText | null) =>
    text
      ? replyRecord(
          sid,
          sender,
          text,
          outcome.requestId ?? null,
          silenced ? 'opted_out' : overSpend(spend.number, spend.all) ? 'spend_limit' : null,
          now,
          outcome.taskId ?? null,
        )
      : null;
  const committed = await commitAsKnownIfRaced(sid, sender, actor, outcome, replyWith);
  if (typeof committed !== 'object') {
    logs.inboundDuplicate(sid);
    return twiml(null);
  }
  const { requestId, plan, reply } = committed;
  if (plan && requestId !== null) await planPlacedRequest(requestId);
  const name = committed.refused ? refusedOutcome(committed.refused) : outcome.name;
  logs.inboundProcessed(channel, maskNumber(number), name, requestId);
  const optOut = outcome.contact?.opted_out;
  if (optOut !== undefined && optOut !== (contact?.opted_out ?? false))
    logs.inboundOptOutChanged(maskNumber(number), optOut);
  if (reply?.reason === 'spend_limit') logs.inboundReplySuppressed(sid, maskNumber(number), 'spend_limit');
  return twiml(reply?.status === 'sent' ? reply.body : null);
}

/** What the message means for this sender: a task command, a need or a place, or a keyword. */
async function outcomeOf(
  message: TwilioInbound,
  reading: ReadMessage,
  sender: Sender,
  actor: Caller,
): Promise<Outcome> {
  // A task command is read as one only from a person who holds tasks: a requester's "voy camino
  // a casa, necesito agua" stays a request.
  if (reading.task !== null && mayHoldTasks(actor.role)) {
    sender.language = reading.task.language;
    return taskMove(sender, reading.task);
  }
  // YES or NO answers a question only when one waits (or names their request); else read as before.
  const answered = reading.confirmation === null ? null : await confirmationAnswer(sender, reading.confirmation);
  if (answered) return answered;
  if (reading.command !== null) return keyword(sender, reading.command);
  // A location shared on WhatsApp, else a point typed in the text.
  const point =
    message.Latitude !== undefined && message.Longitude !== undefined
      ? { lat: message.Latitude, lng: message.Longitude }
      : pointInText(message.Body);
  return needOrPlace(sender, reading, message.Body, point);
}

/** The outcome recorded for a command refused in its commit. */
function refusedOutcome(reply: ReplyText): string {
  if (reply.template === 'reply_already_received') return 'already_received';
  return reply.template === 'reply_status' ? 'confirmation_refused' : 'task_not_moved';
}

/** The guard for all numbers that acts on this message, if any: a need is then queued for triage. */
function guardActing(
  allNumbers: { count: number; limit: number },
  newNumbers: { count: number; limit: number } | undefined,
): IntakeGuard | null {
  if (allNumbers.count > allNumbers.limit) return 'all_numbers_limited';
  if (newNumbers && newNumbers.count > newNumbers.limit) return 'new_numbers_limited';
  return null;
}

/**
 * The message's commit. A number's first messages arriving together each find no contact, and
 * another one may be committed first with the contact and the user (the same Auth user:
 * ensurePhoneUser found it): this one is then committed again as from that known number, as
 * already decided; no limit is spent twice, and the message is not mistaken for a repeat.
 */
async function commitAsKnownIfRaced(
  sid: string,
  sender: Sender,
  actor: Caller,
  outcome: Outcome,
  replyWith: ReplyWith,
): ReturnType<typeof commit> {
  const committed = await commit(sid, sender, actor, outcome, replyWith);
  if (committed !== 'contact_exists') return committed;
  const known = await phoneContactStore.get(sender.number);
  if (known?.uid !== sender.uid) throw new Error('the contact created meanwhile names another user');
  return commit(sid, { ...sender, contact: known, newUser: false }, actor, outcome, replyWith);
}

/** The log record of the message's reply (null: none), from the reply's text. */
type ReplyWith = (text: ReplyText | null) => OutboundMessage | null;

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
  batch.create(inboundMessageStore.doc(sid), {
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
 * Claims the message and records the contact, with the outcome's command and the log record of
 * the reply (counted against the spend limits when sent), in one commit: a transaction when
 * something is read first (a new number's user document, the command's reads), else a batch, one
 * round trip fewer. Either fails whole when a document it creates is there already: the claim
 * ('claimed': a retried delivery), or for a new number its contact ('contact_exists': another
 * message of the number was committed first).
 */
async function commit(
  sid: string,
  sender: Sender,
  actor: Caller,
  outcome: Outcome,
  replyWith: ReplyWith,
): Promise<(CommandResult & { reply: OutboundMessage | null }) | 'claimed' | 'contact_exists'> {
  try {
    if (!sender.newUser && !outcome.command) {
      const batch = db().batch();
      const reply = replyWith(outcome.reply);
      writeMessage(batch, sid, sender, outcome.name, null, new Date().toISOString(), outcome.contact);
      if (reply) writeReply(batch, reply);
      await batch.commit();
      return { requestId: null, plan: false, reply };
    }
    return await db().runTransaction(async (tx) => {
      const at = new Date().toISOString();
      const user = sender.newUser ? await stagePhoneUser(tx, sender, at) : unchanged(false);
      const command = outcome.command ? await stageCommand(tx, actor, sender, outcome.command, at) : undefined;
      user.write();
      command?.write();
      const result = command?.value ?? { requestId: null, plan: false };
      const reply = replyWith(result.refused ?? outcome.reply);
      const name = result.refused ? refusedOutcome(result.refused) : outcome.name;
      writeMessage(tx, sid, sender, name, result.requestId, at, outcome.contact);
      if (reply) writeReply(tx, reply);
      return { ...result, reply };
    });
  } catch (error) {
    if (!isAlreadyExists(error)) throw error;
    if (!sender.newUser || (await inboundMessageStore.get(sid))) return 'claimed';
    return 'contact_exists';
  }
}

/** The message's record (by its MessageSid: create() fails for a repeat) and the contact. */
function writeMessage(
  writer: Writer,
  sid: string,
  sender: Sender,
  outcomeName: string,
  requestId: string | null,
  at: string,
  contactChange: Outcome['contact'],
): void {
  writer.create(inboundMessageStore.doc(sid), {
    id: sid,
    channel: sender.channel,
    outcome: outcomeName,
    request_id: requestId,
    created_at: at,
  });
  writeContact(writer, sender, contactChange, at);
}

function writeContact(writer: Writer, sender: Sender, contactChange: Outcome['contact'], at: string): void {
  const optedOut = contactChange?.opted_out;
  // A repeated STOP keeps the time of the first.
  const since = sender.contact?.opted_out ? sender.contact.opted_out_at : at;
  const optOut =
    optedOut === undefined
      ? {}
      : optedOut
        ? { opted_out: true, opted_out_at: since }
        : { opted_out: false, opted_out_at: null };
  if (sender.contact) {
    phoneContactStore.updateIn(writer, sender.number, {
      uid: sender.uid,
      language: sender.language,
      channel: sender.channel,
      ...optOut,
      updated_at: at,
    });
    return;
  }
  writer.create(
    phoneContactStore.doc(sender.number),
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
