// The corridor every state change goes through: `recordEvent` adds the change's event to the
// transaction or batch that makes it, as one audit record, and, given the task or request the event
// concerns, the in-app notifications the decider (events/notices.ts) names, in the same commit.
// Triggers on the audit record then queue the SMS, WhatsApp and push messages (outbound/derive.ts)
// and the webhook deliveries (webhooks/events.ts): side effects subscribe, nothing re-decides.
import type { Transaction, WriteBatch } from 'firebase-admin/firestore';
import type { AuditRecord } from '../audit/model.js';
import { PERSON_UID_FIELDS, auditStore } from '../audit/store.js';
import type { Caller } from '../shared/caller.js';
import { notify } from '../notifications/service.js';
import { IN_APP_KIND, noticesOf, type Notice, type NoticeSubject, type UnheardEventType } from './notices.js';
import { render } from './templates.js';
import { entityAndAction, type DomainEvent, type DomainEventType, type EventOf } from './types.js';

/** Who made a change: a caller, or the service itself (triggers and jobs) or the agent. */
export type EventActor = Caller | 'system' | 'agent';

function peopleNamed(...changes: (Record<string, unknown> | null)[]): string[] {
  const found = new Set<string>();
  for (const fields of changes) {
    // The uid fields every collection declares: erasure finds a record naming someone by `people_ids`.
    for (const field of PERSON_UID_FIELDS) {
      const value = fields?.[field];
      if (typeof value === 'string') found.add(value);
    }
  }
  return [...found];
}

const actorIdOf = (actor: EventActor): string => (typeof actor === 'string' ? actor : actor.uid);

/** The audit record of `event` (its id fixed by `record_id`, else new). */
function auditRecordOf(event: DomainEvent, actor: EventActor, id: string, at: string): AuditRecord {
  return {
    id,
    type: event.type,
    ...entityAndAction(event.type),
    entity_id: event.entity_id,
    actor_id: actorIdOf(actor),
    actor_role: typeof actor === 'string' ? null : actor.role,
    before: event.before,
    after: event.after,
    people_ids: peopleNamed(event.before, event.after),
    disaster_id: event.disaster_id ?? null,
    request_id: event.request_id ?? null,
    ...(event.client_time === undefined ? {} : { client_time: event.client_time }),
    created_at: at,
  };
}

/** A task's short label for an in-app notification: its priority and the start of its instructions. */
function taskLabel(task: NonNullable<NoticeSubject['task']>): string {
  const text = task.instructions.length > 140 ? `${task.instructions.slice(0, 139)}…` : task.instructions;
  return `(priority ${task.priority}) ${text}`;
}

/** The in-app text of a notice: the template's (in English: no preference is read in the commit), and the task. */
function inAppText(notice: Notice, subject: NoticeSubject): string {
  const text = render(notice.template, 'en', notice.reference);
  return subject.task && notice.task_id === subject.task.id && notice.template.startsWith('task_')
    ? `${text} ${taskLabel(subject.task)}`
    : text;
}

/**
 * The time of the change, and for an event someone may hear of, the task or request it concerns as
 * the transaction sees it: the in-app notifications are written from it, so it cannot be left out.
 */
type TimeAndSubject<T extends DomainEventType> = T extends UnheardEventType
  ? [at?: string]
  : [at: string, subject: NoticeSubject];

/**
 * Adds `event` to the commit that makes the change: its audit record and the in-app notifications
 * of those who hear of it (events/notices.ts).
 */
export function recordEvent<T extends DomainEventType>(
  writer: Transaction | WriteBatch,
  actor: EventActor,
  event: EventOf<T>,
  ...timeAndSubject: TimeAndSubject<T>
): AuditRecord {
  const [at = new Date().toISOString(), subject] = timeAndSubject as [string?, NoticeSubject?];
  const ref = event.record_id === undefined ? auditStore.ref().doc() : auditStore.doc(event.record_id);
  const record = auditRecordOf(event as DomainEvent, actor, ref.id, at);
  // Transaction.create and WriteBatch.create take the same arguments.
  (writer as WriteBatch).create(ref, record);
  if (subject) {
    for (const notice of noticesOf(event, subject, record.actor_id)) {
      notify(
        writer,
        notice.uid,
        {
          kind: IN_APP_KIND[notice.template],
          text: inAppText(notice, subject),
          task_id: notice.task_id,
          request_id: notice.request_id,
        },
        at,
      );
    }
  }
  return record;
}
