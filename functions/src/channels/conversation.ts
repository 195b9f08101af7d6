// What a text message means, read from the person's words and their requests: a keyword, a new
// help request, or the place of a request waiting for one. Each outcome is data: the reply, and
// the feature command to stage in the message's commit (inbound.ts), never writes of its own.
import type { Transaction } from 'firebase-admin/firestore';
import { requestStore } from '../requests/store.js';
import { asTheirOwnerSees } from '../requests/visibility.js';
import { taskStore } from '../tasks/store.js';
import type { Disaster } from '../disasters/model.js';
import { RateLimitedError } from '../errors.js';
import { recordEvent } from '../events/record.js';
import { consumeRateLimit, type RateLimitRule } from '../data/window-count.js';
import { confirmedDisasters, findDuplicate, isInArea, type NewRequestDocument } from '../requests/creation.js';
import type { HelpRequest } from '../requests/model.js';
import type { Task } from '../tasks/model.js';
import type { StatusMove } from '../tasks/service.js';
import { taskTransitions } from '../tasks/transitions.js';
import { splitClientRef } from '../requests/client-refs.js';
import { LOCATION_TEXT_CHARS } from '../requests/placement.js';
import type { Location } from '../shared/schemas.js';
import type { Command, ConfirmationAnswer, ReadMessage, TaskCommand, TaskMove } from './keywords.js';
import { PHONE_REQUESTS_PER_DAY, type IntakeGuard } from './limits.js';
import { type Language, type PhoneChannel, type PhoneContact } from './model.js';
import { replies, type StatusLine } from './replies.js';
import type { ReplyText } from './reply-log.js';
import { shortReference } from '../shared/reference.js';

/** How long a request waiting for its point takes the person's next message without a need as its place. */
export const FOLLOW_UP_HOURS = 24;

export interface Sender {
  number: string;
  channel: PhoneChannel;
  contact: PhoneContact | undefined;
  uid: string;
  newUser: boolean;
  language: Language;
  /** A guard for all numbers acted: a help request is queued for triage, not planned. */
  guard: IntakeGuard | null;
}

/**
 * The feature command a message calls, besides claiming the message and recording the contact:
 * each is staged in the message's commit by `stageCommand`, which only calls the features' own
 * commands (requests/creation.ts, requests/placement.ts, users/phone-users.ts).
 */
export type IntakeCommand =
  | { kind: 'create_request'; request: NewRequestDocument & { id: string; owner_id: string } }
  | { kind: 'note_place'; request_id: string; note: string }
  | { kind: 'set_point'; request_id: string; point: Location; keep_only: boolean }
  | { kind: 'record_opt_out'; opted_out: boolean; open: HelpRequest[] }
  | { kind: 'move_task'; task_id: string; move: StatusMove & { to: TaskMove }; reference: string }
  | { kind: 'answer_confirmation'; request_id: string; still_needed: boolean };

export interface Outcome {
  name: string;
  reply: ReplyText | null;
  /** The request the reply is about, if any (its log record's request_id). */
  requestId?: string;
  /** The task the reply is about, if any (its log record's task_id). */
  taskId?: string;
  command?: IntakeCommand;
  contact?: Partial<Pick<PhoneContact, 'opted_out'>>;
}

/**
 * What a staged command did: the request it created or changed, and whether its planning is to
 * start now. `refused`: the command could not be made after all (what it read changed since the
 * reply was chosen), and this reply replaces the outcome's.
 */
export interface CommandResult {
  requestId: string | null;
  plan: boolean;
  refused?: ReplyText;
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

export async function keyword(sender: Sender, command: Command): Promise<Outcome> {
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
  const own = await requestStore.list({ owner_id: sender.uid }, { limit: 20 });
  // A request a dispatcher merged into another is open while that one is (requests/merges.ts).
  const seen = await asTheirOwnerSees(own.items);
  return seen.filter((request) => request.status === 'open' || request.status === 'in_progress').slice(0, limit);
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
    command: { kind: 'record_opt_out', opted_out: optedOut, open },
  };
}

/** The events of a change of opt-out: one in the history of each open request, or one alone. */
export function recordOptOut(
  tx: Transaction,
  sender: Sender,
  change: Extract<IntakeCommand, { kind: 'record_opt_out' }>,
  at: string,
): void {
  const optedOut = change.opted_out;
  for (const request of change.open.length > 0 ? change.open : [null])
    recordEvent(
      tx,
      'system',
      {
        type: optedOut ? 'user.opted_out' : 'user.opted_in',
        entity_id: sender.uid,
        before: { opted_out: !optedOut },
        after: { opted_out: optedOut, channel: sender.channel, user_id: sender.uid },
        disaster_id: request?.disaster_id ?? null,
        request_id: request?.id ?? null,
      },
      at,
    );
}

/** A message that is not a keyword: a new request, or the place of one waiting for it. */
export function needOrPlace(
  sender: Sender,
  reading: ReadMessage,
  body: string,
  point: Location | null,
): Promise<Outcome> {
  return reading.need === null ? followUp(sender, body, point) : newRequest(sender, reading, body, point);
}

/** The person's open requests, newest first, as the owner sees them: reference, need and status only. */
async function statusReply(sender: Sender): Promise<ReplyText> {
  const say = replies(sender.language);
  const lines: StatusLine[] = (await openRequests(sender, 3)).map((request) => ({
    reference: shortReference(request.id),
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
  const own = await requestStore.list({ owner_id: sender.uid }, { limit: 5 });
  return own.items.find(
    (request) => request.planning.state === 'awaiting_location' && Date.parse(request.created_at) >= since,
  );
}

/** A message without a need: the place of a request waiting for one, or we ask what is needed. */
async function followUp(sender: Sender, body: string, point: Location | null): Promise<Outcome> {
  const say = replies(sender.language);
  const waiting = await waitingRequest(sender);
  const text = cleanText(body);
  if (!waiting || (point === null && text.length === 0))
    return { name: 'asked_need', reply: { template: 'reply_ask_need', text: say.askNeed() } };
  const reply: ReplyText = { template: 'reply_place_noted', text: say.placeNoted(shortReference(waiting.id)) };
  return point === null
    ? {
        name: 'place_noted',
        reply,
        requestId: waiting.id,
        command: { kind: 'note_place', request_id: waiting.id, note: text },
      }
    : {
        name: 'located',
        reply,
        requestId: waiting.id,
        // Intake over its limits: the point is kept, and a dispatcher places it in triage.
        command: { kind: 'set_point', request_id: waiting.id, point, keep_only: sender.guard !== null },
      };
}

/** The text of a message as stored: control characters other than line breaks removed, trimmed. */
function cleanText(body: string): string {
  // eslint-disable-next-line no-control-regex
  return body.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').trim();
}

async function newRequest(
  sender: Sender,
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
    const today = await requestStore.list({ owner_id: sender.uid }, { limit: PHONE_REQUESTS_PER_DAY.limit });
    return {
      name: 'daily_limit',
      reply: {
        template: 'reply_daily_limit',
        text: say.dailyLimit(today.items.map((request) => shortReference(request.id))),
      },
    };
  }
  const holding = point ? disasters.filter((disaster) => isInArea(point, disaster)) : [];
  const placedIn: Disaster | undefined = holding.length === 1 ? holding[0] : undefined;
  // Unplaced: the newest confirmed disaster holds it (or the one holding the point) until a dispatcher decides.
  const disaster = placedIn ?? holding[0] ?? disasters[0]!;
  const location = point ?? disaster.location;
  // The "Send by SMS" text of the console carries the form's client reference (#REF): not words of the person's.
  const { ref: clientRef, text: words } = splitClientRef(body);
  const text = cleanText(words);
  const description = text.length >= 3 ? text.slice(0, 2000) : need;
  const input = { disaster_id: disaster.id, type_of_need: need, description, location };
  // Queued for triage (a guard acted): a dispatcher looks at it, so no duplicate check either.
  const triage = sender.guard !== null;
  const duplicateOf =
    placedIn && !sender.newUser && !triage ? await findDuplicate(sender.uid, input, new Date()) : null;
  const id = requestStore.ref().doc().id;
  const reference = shortReference(id);
  const awaiting = placedIn === undefined || triage;
  const reply: ReplyText = triage
    ? { template: 'reply_queued_for_triage', text: say.queuedForTriage(reference) }
    : awaiting && point === null && !reading.mentionsPlace
      ? { template: 'reply_created_without_place', text: say.createdWithoutPlace(reference) }
      : { template: 'reply_created', text: say.created(reference, need) };
  return {
    name: triage ? 'request_queued_for_triage' : awaiting ? 'request_awaiting_location' : 'request_created',
    reply,
    requestId: id,
    command: {
      kind: 'create_request',
      request: {
        ...input,
        id,
        owner_id: sender.uid,
        duplicate_of: duplicateOf,
        channel: sender.channel,
        requester_phone: sender.number,
        location_text: point === null && reading.mentionsPlace ? text.slice(0, LOCATION_TEXT_CHARS) : null,
        awaiting_location: awaiting,
        queued_for_triage: sender.guard,
        ...(clientRef !== null && { client_ref: clientRef }),
      },
    },
  };
}

/** What the person's request is now, as the reply that says it (a STATUS line). */
export function requestStatusReply(language: Language, request: HelpRequest): ReplyText {
  const line = { reference: shortReference(request.id), need: request.type_of_need, status: request.status };
  return { template: 'reply_status', text: replies(language).status([line]) };
}

/**
 * YES or NO (`YES <ref>`...) from a person asked whether they still need help (requests/confirmation.ts).
 * A reference names one of their open requests; without one, the only request whose question
 * waits. Several waiting and none named: the reply asks which, naming them. No question waiting
 * and no reference of theirs: null, and the message is read as it would be without re-confirmation
 * (a "yes" may be a place, or gets "what do you need?").
 */
export async function confirmationAnswer(sender: Sender, answer: ConfirmationAnswer): Promise<Outcome | null> {
  const open = await openRequests(sender, 20);
  const waiting = open.filter((request) => request.confirmation !== null);
  const named = answer.reference === null ? undefined : open.find((r) => shortReference(r.id) === answer.reference);
  if (!named && waiting.length === 0) return null;
  sender.language = answer.language;
  const say = replies(sender.language);
  const chosen = named ?? (answer.reference === null && waiting.length === 1 ? waiting[0] : undefined);
  if (!chosen) {
    const references = (waiting.length > 0 ? waiting : open).slice(0, 3).map((request) => shortReference(request.id));
    return {
      name: 'confirmation_which',
      reply: { template: 'reply_confirm_which', text: say.confirmWhich(references) },
    };
  }
  const reference = shortReference(chosen.id);
  return {
    name: answer.still_needed ? 'confirmed' : 'withdrawn',
    reply: answer.still_needed
      ? { template: 'reply_confirmed', text: say.confirmed(reference) }
      : { template: 'reply_withdrawn', text: say.withdrawn(reference) },
    requestId: chosen.id,
    command: { kind: 'answer_confirmation', request_id: chosen.id, still_needed: answer.still_needed },
  };
}

/** Tasks of one assignee a reference is looked for among: their latest, which hold every active one. */
const OWN_TASKS_READ = 50;

/**
 * `OTW <ref>`, `DONE <ref>`, `FAIL <ref> <reason>` from a person who holds tasks: the move of their
 * task with that reference, as PATCH /tasks/{task_id}/status makes it (stageStatusMove), once per
 * message. The reference is looked for among the sender's own tasks only, so a task that is not
 * theirs, or none, gets one answer that reveals nothing. A move the task cannot make now is
 * answered with its status.
 */
export async function taskMove(sender: Sender, command: TaskCommand): Promise<Outcome> {
  const say = replies(sender.language);
  const { reference, to } = command;
  const own = await taskStore.list({ assigned_to: sender.uid }, { limit: OWN_TASKS_READ });
  const task = own.items.find((candidate) => candidate.reference === reference);
  if (!task) return { name: 'task_not_found', reply: taskNotFoundReply(sender.language, reference) };
  const refusal = taskMoveRefusal(sender.language, task, to);
  if (refusal) return { name: 'task_not_moved', reply: refusal };
  const reason = command.reason === null ? undefined : cleanText(command.reason) || undefined;
  return {
    name: 'task_moved',
    reply: { template: 'reply_task_moved', text: say.taskMoved(reference, to) },
    taskId: task.id,
    command: { kind: 'move_task', task_id: task.id, move: { to, reason }, reference },
  };
}

/** The one answer for a reference not among the sender's own tasks, whether it exists or not. */
export function taskNotFoundReply(language: Language, reference: string): ReplyText {
  return { template: 'reply_task_not_found', text: replies(language).taskNotFound(reference) };
}

/** Why the sender's own task cannot make the move now, as the reply that says it; null when it can. */
export function taskMoveRefusal(language: Language, task: Task, to: TaskMove): ReplyText | null {
  const say = replies(language);
  if (!taskTransitions.next[task.status].includes(to))
    return { template: 'reply_task_not_moved', text: say.taskNotMoved(task.reference, task.status) };
  if (to === 'on_route' && !task.authorized)
    return { template: 'reply_task_not_moved', text: say.taskNotAuthorized(task.reference) };
  return null;
}
