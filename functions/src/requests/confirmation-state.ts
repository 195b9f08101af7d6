// The timing rules of re-confirmation (requests/confirmation.ts), apart from it so that the request
// store derives `confirmation_due_at` without loading the sweep, the SMS replies or the events.
import { config } from '../config.js';
import type { HelpRequest } from './model.js';

/** How long a request of this need goes unconfirmed before its person is asked, and how long the answer is awaited. */
export function reconfirmIntervalMs(need: HelpRequest['type_of_need']): number {
  return config.reconfirmHours(need) * 3_600_000;
}

/** What the due time is computed from: the whole re-confirmation state of a request. */
export type ConfirmationState = Pick<
  HelpRequest,
  'status' | 'type_of_need' | 'last_confirmed_at' | 'confirmation' | 'confirmation_asked_at'
>;

/**
 * `confirmation_due_at` (top level, stored only): when the sweep next has something to do for the
 * request. Not confirmed for an interval: ask. Asked, and no answer within the same interval again:
 * mark it unconfirmed. Unconfirmed, fulfilled or closed: nothing more (null), until the person
 * answers; nobody is asked twice about one silence, and nothing is ever closed for want of an answer.
 */
export function confirmationDueAt(request: ConfirmationState): string | null {
  if (request.status !== 'open' && request.status !== 'in_progress') return null;
  const interval = reconfirmIntervalMs(request.type_of_need);
  if (request.confirmation === null) return new Date(Date.parse(request.last_confirmed_at) + interval).toISOString();
  if (request.confirmation === 'asked' && request.confirmation_asked_at !== null)
    return new Date(Date.parse(request.confirmation_asked_at) + interval).toISOString();
  return null;
}

/**
 * The whole re-confirmation state with `change` applied: every write of it carries all of it, so
 * the store derives `confirmation_due_at` from the same values (requests/store.ts).
 */
export function confirmationChanges(
  request: HelpRequest,
  change: Partial<Pick<HelpRequest, 'last_confirmed_at' | 'confirmation' | 'confirmation_asked_at'>>,
) {
  const { status, type_of_need, last_confirmed_at, confirmation, confirmation_asked_at } = request;
  return { status, type_of_need, last_confirmed_at, confirmation, confirmation_asked_at, ...change };
}
