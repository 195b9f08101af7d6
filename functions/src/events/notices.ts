// The one decider of who hears of an event. `noticesOf` is pure: the transaction that makes a
// change calls it to write the in-app notifications in the same commit (events/record.ts), and the
// outbound trigger calls it on the committed audit record to queue the SMS, WhatsApp and push
// messages (outbound/derive.ts). Both read the same table below, so the two can no longer drift.
import type { Notification } from '../notifications/model.js';
import type { OutboundEvent } from '../outbound/model.js';
import type { Task } from '../tasks/model.js';
import type { DomainEventType, EventOf } from './types.js';
import { shortReference } from '../shared/reference.js';

/** What a notice needs beyond the event: the task and the request the event concerns, as the change left them. */
export interface NoticeSubject {
  task?: Pick<Task, 'id' | 'reference' | 'request_id' | 'priority' | 'assigned_to' | 'instructions'> | undefined;
  /** The request's active tasks, for a withdrawal (`request_and_tasks`): their dispatchers and assignees hear of it. */
  tasks?: Pick<Task, 'id' | 'reference' | 'request_id' | 'status' | 'assigned_to' | 'created_by'>[] | undefined;
  /**
   * The request (the event's, or the task's): null for a task without one. `merged_reports`: the
   * requests merged into it, whose owners hear of it too (requests/merges.ts).
   */
  request?:
    | { id: string; owner_id: string; merged_reports?: readonly { request_id: string; owner_id: string | null }[] }
    | null
    | undefined;
}

/** One person to tell about one event. */
export interface Notice {
  uid: string;
  template: OutboundEvent;
  /** May override the person's quiet hours (docs/channels.md): a priority 1 task. */
  urgent: boolean;
  request_id: string | null;
  task_id: string | null;
  /** The short reference the text names: the request's for its requester, the task's for its assignee. */
  reference: string;
}

/**
 * What a decision reads besides the event: the request, the task, or the task and its request.
 * `request_and_tasks`: the request, then its active tasks only if the actor is its owner (the
 * event does not say who owns the request; the request does): `readsActiveTasks`.
 */
export type SubjectRead = 'request' | 'request_and_tasks' | 'task' | 'task_and_request';

/** The part of an event its subject read is decided on: a transaction asks before it builds the event. */
export type EventHead<T extends DomainEventType = DomainEventType> = {
  [K in T]: Pick<EventOf<K>, 'type' | 'after'>;
}[T];

/** Who hears of one event of type T, and which subject the decision reads. */
interface NoticeLine<T extends DomainEventType> {
  /**
   * Fixed, or, where the event alone tells what the decision needs, per event: null when this one
   * tells nobody, so that nothing is read for it (Firestore bills every document read).
   */
  reads: SubjectRead | ((event: Pick<EventOf<T>, 'after'>) => SubjectRead | null);
  decide(event: EventOf<T>, subject: NoticeSubject, actorId: string): Notice[];
}

type NoticeTable = { readonly [T in DomainEventType]: NoticeLine<T> | null };

/** A notice to `uid` about the request and task named, quoting `reference` (the one its text is about). */
function toPerson(
  uid: string | null | undefined,
  template: OutboundEvent,
  about: { request_id: string | null; task_id: string | null; reference: string; urgent?: boolean },
): Notice[] {
  if (typeof uid !== 'string') return [];
  const { request_id, task_id, reference, urgent = false } = about;
  return [{ uid, template, urgent, request_id, task_id, reference }];
}

/**
 * The owner of each request merged into `request`, told about their own request, by its own
 * reference, and never of a task (theirs is the request they made; docs/conventions.md "Merges").
 */
function toMergedReporters(request: NonNullable<NoticeSubject['request']>, template: OutboundEvent): Notice[] {
  const told = new Set([request.owner_id]);
  return (request.merged_reports ?? []).flatMap((report) => {
    if (report.owner_id === null || told.has(report.owner_id)) return [];
    told.add(report.owner_id);
    return toPerson(report.owner_id, template, {
      request_id: report.request_id,
      task_id: null,
      reference: shortReference(report.request_id),
    });
  });
}

/** The requester of the task's request (none for a task without one), and the reporters merged into it. */
function toRequester(subject: NoticeSubject, template: OutboundEvent): Notice[] {
  const { task, request } = subject;
  if (!request) return [];
  const owner = toPerson(request.owner_id, template, {
    request_id: request.id,
    task_id: task?.id ?? null,
    reference: shortReference(request.id),
  });
  return [...owner, ...toMergedReporters(request, template)];
}

/** The assignee, told about their task: by the task's reference, which `DONE <ref>` by SMS quotes. */
function toAssignee(uid: string | null | undefined, subject: NoticeSubject, template: OutboundEvent, urgent = false) {
  const task = subject.task;
  if (!task) return [];
  return toPerson(uid, template, { request_id: task.request_id, task_id: task.id, reference: task.reference, urgent });
}

/**
 * A request its person withdrew (PATCH /requests/{req_id}/status, or NO to "do you still need
 * help?"): the dispatcher who created each of its active tasks and the task's assignee hear it,
 * by the task's reference, urgently for a task on the way (nobody should drive to an empty house).
 * Nobody cancels the tasks for them: a dispatcher decides.
 */
function toTaskPeople(subject: NoticeSubject): Notice[] {
  const notices = (subject.tasks ?? []).flatMap((task) => {
    const about = { request_id: task.request_id, task_id: task.id, reference: task.reference };
    const urgent = task.status === 'on_route';
    return [task.created_by, task.assigned_to].flatMap((uid) =>
      toPerson(uid, 'request_withdrawn', { ...about, urgent }),
    );
  });
  // One notice per person and task (a dispatcher who assigned the task to themselves).
  return notices.filter(
    (notice, i) => notices.findIndex((n) => n.uid === notice.uid && n.task_id === notice.task_id) === i,
  );
}

/** A request's status change anyone hears of: to fulfilled or closed, but not erasure's (nobody is left to tell). */
const isToldStatusChange = (after: EventOf<'request.status_changed'>['after']) =>
  (after.status === 'fulfilled' || after.status === 'closed') && after.reason !== 'owner_erased';

/**
 * Every event type has a line: who hears, with which template, how urgently. `null` says nobody
 * does (recorded for the history and, where the webhook table says so, for subscribers only).
 */
export const NOTICE_LINES = {
  'request.created': null,
  'request.status_changed': {
    // Any other change (open, in progress) tells nobody: nothing read. Only a withdrawal may need
    // the active tasks, and only if its owner made it, which the request says: read after it.
    reads: ({ after }) =>
      !isToldStatusChange(after) ? null : after.closed_reason === 'withdrawn' ? 'request_and_tasks' : 'request',
    decide(event, subject, actorId) {
      const { request } = subject;
      if (!isToldStatusChange(event.after) || !request) return [];
      const template = event.after.status === 'fulfilled' ? 'request_fulfilled' : 'request_closed';
      // An owner needs no message about their own change; the people working on a request its
      // owner withdrew do (the one change whose tasks are read: readsActiveTasks), and so do the
      // reporters merged into it, who did not close it (each by their own request, never of whom).
      if (request.owner_id === actorId)
        return [
          ...(readsActiveTasks(event, request, actorId) ? toTaskPeople(subject) : []),
          ...toMergedReporters(request, template),
        ];
      return toRequester({ request }, template);
    },
  },
  'request.located': null,
  // Asked on their channel (SMS, WhatsApp) or as a push, and in-app: the outbound pipeline's
  // preferences, quiet hours and spend limits apply; never urgent.
  'request.confirmation_asked': {
    reads: 'request',
    decide: (_event, subject) => toRequester({ request: subject.request }, 'request_confirm'),
  },
  'request.confirmed': null,
  'request.unconfirmed': null,
  // A dispatcher's bookkeeping: the merged requester is not told their request closed, as they
  // now follow the survivor and hear of its changes (toRequester).
  'request.merged': null,
  'request.unmerged': null,
  'task.created': {
    reads: 'task_and_request',
    decide: (_event, subject) => toRequester(subject, 'request_task_created'),
  },
  'task.assigned': {
    reads: 'task',
    // Priority 1 is "urgent": it may override the assignee's quiet hours (docs/channels.md).
    decide: (event, subject) =>
      toAssignee(event.after.assigned_to, subject, 'task_assigned', subject.task?.priority === 1),
  },
  'task.reassigned': {
    reads: 'task',
    decide: (event, subject) => [
      ...toAssignee(event.after.assigned_to, subject, 'task_assigned', subject.task?.priority === 1),
      ...toAssignee(event.before.assigned_to, subject, 'task_cancelled'),
    ],
  },
  'task.authorized': {
    reads: 'task',
    decide: (_event, subject) => toAssignee(subject.task?.assigned_to, subject, 'task_authorized'),
  },
  'task.status_changed': {
    // On the way: the requester hears (the request); cancelled: perhaps the assignee (the task);
    // any other move tells nobody.
    reads: ({ after }) =>
      after.status === 'on_route' ? 'task_and_request' : after.status === 'cancelled' ? 'task' : null,
    decide(event, subject, actorId) {
      const to = event.after.status;
      if (to === 'on_route') return toRequester(subject, 'request_on_route');
      const assignee = subject.task?.assigned_to;
      if (to === 'cancelled' && assignee !== actorId) return toAssignee(assignee, subject, 'task_cancelled');
      return [];
    },
  },
  'task.unassigned': null,
  'resource.created': null,
  'resource.status_changed': null,
  'disaster.created': null,
  'disaster.suggested': null,
  'disaster.evidence_added': null,
  'disaster.approved': null,
  'disaster.updated': null,
  'disaster.closed': null,
  'disaster.discarded': null,
  'membership.joined': null,
  'membership.left': null,
  'role.registered': null,
  'role.granted': null,
  'verification.verified': null,
  'verification.unverified': null,
  'user.opted_out': null,
  'user.opted_in': null,
  'user.phone_detached': null,
  'user.phone_verified': null,
  'user.erased': null,
  'user.erasure_requested': null,
  'export.exported_personal_data': null,
  'contact.looked_up_by_phone': null,
  'webhook.created': null,
  'webhook.updated': null,
  'webhook.deleted': null,
  'webhook.disabled': null,
} as const satisfies NoticeTable;

/** Event types nobody hears of: recording them needs no subject. */
export type UnheardEventType = {
  [T in DomainEventType]: (typeof NOTICE_LINES)[T] extends null ? T : never;
}[DomainEventType];

/** The line of an event's type, typed for that event. */
function lineOf<T extends DomainEventType>(type: T): NoticeLine<T> | null {
  return (NOTICE_LINES as NoticeTable)[type];
}

/**
 * Which subject the decision about `event` reads: the outbound trigger reads it, a transaction
 * recording the event reads the same (or already has it). Null: nobody hears of it, nothing is read.
 */
export function subjectReadOf(event: EventHead): SubjectRead | null {
  const reads = lineOf(event.type)?.reads ?? null;
  return typeof reads === 'function' ? reads(event) : reads;
}

/**
 * Whether the decision about `event` by `actorId` reads the request's active tasks, given the
 * request it read first: a withdrawal by the request's owner, whose active tasks' people hear of it.
 */
export function readsActiveTasks(event: EventHead, request: { owner_id: string }, actorId: string): boolean {
  return subjectReadOf(event) === 'request_and_tasks' && request.owner_id === actorId;
}

/** Who hears of `event`, made by `actorId`, given the task or request it concerns. */
export function noticesOf<T extends DomainEventType>(
  event: EventOf<T>,
  subject: NoticeSubject,
  actorId: string,
): Notice[] {
  return lineOf(event.type)?.decide(event, subject, actorId) ?? [];
}

/** The kind of in-app notification each template becomes (the console's wording keys on it). */
export const IN_APP_KIND: Readonly<Record<OutboundEvent, Notification['kind']>> = {
  request_task_created: 'request_updated',
  request_on_route: 'request_updated',
  request_fulfilled: 'request_updated',
  request_closed: 'request_updated',
  request_confirm: 'request_updated',
  request_withdrawn: 'request_updated',
  task_assigned: 'task_assigned',
  task_authorized: 'task_authorized',
  task_cancelled: 'task_cancelled',
};
