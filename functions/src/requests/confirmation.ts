// Re-confirmation (issue 26, item 3): requests go stale when people are rescued by a neighbour,
// leave, or stop answering. A scheduled sweep asks each open request's person, once per interval of
// its need, whether they still need help (an event whose notice the outbound pipeline delivers on
// their channel, in their language, within their preferences, quiet hours and the spend limits);
// YES refreshes `last_confirmed_at`, NO closes the request as withdrawn through the same status
// change as PATCH /requests/{req_id}/status, and no answer within the reply window marks it
// `unconfirmed` for staff. Nothing is ever closed for want of an answer: a person decides.
// The timing rules: confirmation-state.ts; the SMS answers: channels/conversation.ts.
import type { Transaction } from 'firebase-admin/firestore';
import { requestStore } from './store.js';
import { db } from '../data/firestore.js';
import { unchanged, type Staged } from '../data/staged.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors.js';
import { recordEvent, type EventActor } from '../events/record.js';
import type { Caller } from '../shared/caller.js';
import { confirmationChanges, confirmationDueAt } from './confirmation-state.js';
import type { HelpRequest, RequestView } from './model.js';
import { writeStatusChange } from './service.js';
import type { Task } from '../tasks/model.js';
import { activeTasksToTell } from '../tasks/request-status.js';
import { audienceOf, toRequestView } from './visibility.js';

/** Requests one sweep looks at, at most: its reads are bounded whatever the backlog (the next run takes the rest). */
export const CONFIRMATION_SWEEP_BATCH = 200;

/** What the sweep did to one request. */
export type SweepOutcome = 'asked' | 'unconfirmed' | 'not_due';

/**
 * One request the sweep found due, in its own transaction: read again, so that an answer or a
 * status change meanwhile wins, and a second sweep finds nothing left to do (it asks nothing twice).
 */
async function sweepOne(requestId: string, now: number): Promise<SweepOutcome> {
  return db().runTransaction(async (tx) => {
    const request = await requestStore.get(requestId, tx);
    if (!request) return 'not_due';
    const due = confirmationDueAt(request);
    if (due === null || Date.parse(due) > now) {
      // The stored due time was stale (changed intervals): store the right one, nothing else.
      requestStore.updateIn(tx, requestId, confirmationChanges(request, {}));
      return 'not_due';
    }
    const at = new Date(now).toISOString();
    const context = { entity_id: requestId, disaster_id: request.disaster_id, request_id: requestId };
    if (request.confirmation === null) {
      requestStore.updateIn(tx, requestId, {
        ...confirmationChanges(request, { confirmation: 'asked', confirmation_asked_at: at }),
        updated_at: at,
      });
      recordEvent(
        tx,
        'system',
        {
          type: 'request.confirmation_asked',
          ...context,
          before: { confirmation: null, last_confirmed_at: request.last_confirmed_at },
          after: { confirmation: 'asked', confirmation_asked_at: at },
        },
        at,
        { request },
      );
      return 'asked';
    }
    requestStore.updateIn(tx, requestId, {
      ...confirmationChanges(request, { confirmation: 'unconfirmed' }),
      updated_at: at,
    });
    recordEvent(
      tx,
      'system',
      {
        type: 'request.unconfirmed',
        ...context,
        before: { confirmation: request.confirmation },
        after: { confirmation: 'unconfirmed' },
      },
      at,
    );
    return 'unconfirmed';
  });
}

/**
 * The scheduled sweep (index.ts `sweepConfirmations`): the requests whose `confirmation_due_at` has
 * passed, oldest first, at most CONFIRMATION_SWEEP_BATCH (one indexed range read), each asked or
 * marked unconfirmed in its own transaction. `now` is the clock (tests pass a later one).
 */
export async function sweepConfirmations(now: number = Date.now()): Promise<Record<string, SweepOutcome>> {
  const due = await db()
    .collection(requestStore.path)
    .where('confirmation_due_at', '<=', new Date(now))
    .orderBy('confirmation_due_at')
    .limit(CONFIRMATION_SWEEP_BATCH)
    .select()
    .get();
  const outcomes: Record<string, SweepOutcome> = {};
  for (const doc of due.docs) outcomes[doc.id] = await sweepOne(doc.id, now);
  return outcomes;
}

/** The request is past needing help: nothing to confirm (409). */
function notOpen(request: HelpRequest): ConflictError {
  return new ConflictError(`Request ${request.id} is ${request.status}: there is nothing to confirm.`, {
    reason: 'request_not_open',
  });
}

/** What a NO makes of the request: closed, withdrawn by its person. */
const WITHDRAWAL = { status: 'closed', closed_reason: 'withdrawn' } as const;

/** The active tasks whose people a NO by `actor` tells (events/notices.ts), read after the request; none for a YES. */
async function tasksToTellOf(tx: Transaction, actor: Caller, request: HelpRequest, stillNeeded: boolean) {
  if (stillNeeded) return [];
  return activeTasksToTell({ type: 'request.status_changed', after: WITHDRAWAL }, request, actor.uid, tx);
}

/**
 * The person's answer, decided on the request read in the caller's transaction: YES refreshes
 * `last_confirmed_at` and clears the question; NO closes the request as withdrawn, by the status
 * change of PATCH /requests/{req_id}/status (its event tells those working on its active
 * `tasks`, which the caller read for a NO). A NO again on a request it withdrew changes nothing.
 * The caller checked who may answer.
 */
export function decideAnswer(
  tx: Transaction,
  actor: EventActor,
  request: HelpRequest,
  stillNeeded: boolean,
  at: string,
  tasks: Task[],
): Staged<HelpRequest> {
  const open = request.status === 'open' || request.status === 'in_progress';
  if (!stillNeeded) {
    if (request.status === 'closed' && request.closed_reason === 'withdrawn') return unchanged(request);
    if (!open) throw notOpen(request);
    return {
      value: { ...request, ...WITHDRAWAL, confirmation: null, updated_at: at, status_changed_at: at },
      write: () => void writeStatusChange(tx, actor, request, WITHDRAWAL, at, { confirmation: null }, tasks),
    };
  }
  if (!open) throw notOpen(request);
  const changed = { ...confirmationChanges(request, { last_confirmed_at: at, confirmation: null }), updated_at: at };
  return {
    value: { ...request, ...changed },
    write: () => {
      requestStore.updateIn(tx, request.id, changed);
      recordEvent(
        tx,
        actor,
        {
          type: 'request.confirmed',
          entity_id: request.id,
          before: { last_confirmed_at: request.last_confirmed_at, confirmation: request.confirmation },
          after: { last_confirmed_at: at, confirmation: null },
          disaster_id: request.disaster_id,
          request_id: request.id,
        },
        at,
      );
    },
  };
}

/** The answer to the question about `requestId`, staged in the SMS intake's commit (channels/commands.ts). */
export async function stageConfirmationAnswer(
  tx: Transaction,
  actor: Caller,
  requestId: string,
  stillNeeded: boolean,
  at: string,
): Promise<Staged<HelpRequest>> {
  const request = await requestStore.require(requestId, 'Request', tx);
  const tasks = await tasksToTellOf(tx, actor, request, stillNeeded);
  return decideAnswer(tx, actor, request, stillNeeded, at, tasks);
}

/**
 * POST /requests/{req_id}/confirm: the owner's answer. Anyone else gets a 404 or, if they may see
 * the request, a 403 (as for PATCH /requests/{req_id}/status).
 */
export async function answerConfirmation(
  caller: Caller,
  requestId: string,
  stillNeeded: boolean,
): Promise<RequestView> {
  return db().runTransaction(async (tx) => {
    const request = await requestStore.get(requestId, tx);
    const audience = request ? await audienceOf(caller, request) : null;
    if (!request || !audience) throw new NotFoundError('Request', requestId);
    if (request.owner_id !== caller.uid)
      throw new ForbiddenError('Only the person who raised the request answers whether they still need help.');
    const tasks = await tasksToTellOf(tx, caller, request, stillNeeded);
    const answered = decideAnswer(tx, caller, request, stillNeeded, new Date().toISOString(), tasks);
    answered.write();
    return toRequestView(answered.value, audience);
  });
}
