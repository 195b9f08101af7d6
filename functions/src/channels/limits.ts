// The limits of the SMS and WhatsApp intake (channels/inbound.ts counts them itself, per phone
// number or for all numbers: the router sees only Twilio's addresses). Apart from inbound.ts so
// that the endpoint's declaration documents them without loading the intake. What happens past
// each: docs/channels.md, "Limits".
import type { HandlerLimit } from '../http/endpoint.js';
import type { RateLimitRule } from '../data/window-count.js';

/**
 * Messages one number may send in an hour (a loop or a flood), counted first: a number past it
 * spends nothing of the budgets all numbers share (security review 3, F1). Past it, the first
 * message of the window is answered once ("too many messages") and the next are dropped (logged
 * with their MessageSid), except a help request while the number has requests left today
 * (PHONE_REQUESTS_PER_DAY): that one is taken as any other message.
 */
export const INBOUND_PER_NUMBER: RateLimitRule = { bucket: 'sms:inbound:number', limit: 30, windowSeconds: 3600 };
/**
 * Messages from numbers under their own limit, all together, in a minute: a guard that sheds
 * load, never a drop. Past it, a message is still claimed, stored and answered, but a help request
 * is queued for a dispatcher's triage (awaiting_location, QUEUED_FOR_TRIAGE) instead of being
 * planned, the costly part, and the reply says so; each such message is logged as an alarm.
 * Spread over 10 counter documents (about one write a second each at the limit, Firestore's
 * sustained rate for one document); raising the limit far past 600 wants more shards.
 */
export const INBOUND_GLOBAL: RateLimitRule = { bucket: 'sms:inbound:all', limit: 600, windowSeconds: 60, shards: 10 };
/**
 * Numbers never seen before, all together, per hour: each costs an Auth user and a user document.
 * A guard like INBOUND_GLOBAL (alarm, triage), never a drop. Bumped by every message of an unknown
 * number (a surge of first texts: nearly all), so sharded too.
 */
export const NEW_NUMBERS_GLOBAL: RateLimitRule = {
  bucket: 'sms:new-numbers',
  limit: 500,
  windowSeconds: 3600,
  shards: 10,
};
/** A guard for all numbers that acted on a message (logged as an alarm; its request goes to triage). */
export type IntakeGuard = 'all_numbers_limited' | 'new_numbers_limited';
/** Help requests one number may raise per day (a fixed UTC day): a few for a family, not a flood. */
export const PHONE_REQUESTS_PER_DAY: RateLimitRule = { bucket: 'sms:requests', limit: 3, windowSeconds: 86_400 };

/** The intake's limits as the endpoint's declaration documents them (OpenAPI, the rate-limit table). */
export const INTAKE_LIMITS: readonly HandlerLimit[] = [
  { rule: INBOUND_PER_NUMBER, per: 'phone number; first, past it: one reply, then logged drops' },
  { rule: INBOUND_GLOBAL, per: 'all numbers under their own limit; past it: stored, queued for triage' },
  { rule: NEW_NUMBERS_GLOBAL, per: 'all new numbers; past it: stored, queued for triage' },
  { rule: PHONE_REQUESTS_PER_DAY, per: 'phone number; past it: no request, told the ones it has' },
];
