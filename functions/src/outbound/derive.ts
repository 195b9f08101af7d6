// Audit record → outbound messages. Every state change is recorded in audit_log by the
// transaction that makes it, so a trigger on that record sees each change exactly as committed,
// without touching the services that make them. The messages' ids are derived from the audit id,
// the recipient, the task and the channel, so a second delivery of the same record creates nothing.
import { createHash } from 'node:crypto';
import type { AuditRecord } from '../audit/model.js';
import { auditStore } from '../audit/store.js';
import { phoneContactStore } from '../channels/store.js';
import { deviceStore, outboundMessageStore } from './store.js';
import { requestStore } from '../requests/store.js';
import { taskStore } from '../tasks/store.js';
import { activeTasksToTell } from '../tasks/request-status.js';
import { db } from '../data/firestore.js';
import { noticesOf, subjectReadOf, type Notice, type NoticeSubject } from '../events/notices.js';
import { render } from '../events/templates.js';
import type { DomainEvent } from '../events/types.js';
import { preferencesOf } from './preferences.js';
import type { OutboundMessage } from './model.js';

/** The event a committed record holds: recordEvent (events/record.ts) wrote it from a typed event. */
function eventOf(record: AuditRecord): DomainEvent {
  const { type, entity_id, before, after, disaster_id, request_id } = record;
  return { type, entity_id, before, after, disaster_id, request_id } as DomainEvent;
}

/** The task or request the decision about `event` by `actorId` reads, as it is now (events/notices.ts). */
async function subjectOf(event: DomainEvent, actorId: string): Promise<NoticeSubject | null> {
  const reads = subjectReadOf(event);
  switch (reads) {
    case null:
      return null;
    case 'request':
    case 'request_and_tasks': {
      const request = await requestStore.get(event.entity_id);
      if (!request) return null;
      // The tasks after the request, and only when the decision names their people.
      return { request, tasks: await activeTasksToTell(event, request, actorId) };
    }
    case 'task':
    case 'task_and_request': {
      const task = await taskStore.get(event.entity_id);
      if (!task) return null;
      if (task.request_id === null || reads === 'task') return { task, request: null };
      return { task, request: (await requestStore.get(task.request_id)) ?? null };
    }
  }
}

/**
 * One message per record, person, task and device or number: a person may hear of several tasks
 * of one record (the assignee of two active tasks of a request its owner withdrew).
 */
function messageId(auditId: string, notice: Notice, channel: string, to: string): string {
  return createHash('sha256')
    .update(`${auditId}\n${notice.uid}\n${notice.task_id ?? ''}\n${channel}\n${to}`)
    .digest('hex')
    .slice(0, 32);
}

/**
 * The messages of one notice: a push per registered device for an app user; an SMS (or WhatsApp,
 * the channel they wrote on) for a person known by a phone number and without a device. Nobody
 * reachable: none (the in-app notification, where there is one, remains).
 */
async function messagesOf(notice: Notice, auditId: string, now: string): Promise<OutboundMessage[]> {
  const [devices, contacts, preferences] = await Promise.all([
    deviceStore.ref(notice.uid).limit(20).get(),
    phoneContactStore.ref().where('uid', '==', notice.uid).limit(1).get(),
    preferencesOf(notice.uid),
  ]);
  const base = {
    recipient_uid: notice.uid,
    template: notice.template,
    urgent: notice.urgent,
    status: 'queued' as const,
    reason: null,
    error: null,
    attempts: 0,
    lease_until: null,
    provider_id: null,
    audit_id: auditId,
    request_id: notice.request_id,
    task_id: notice.task_id,
    sent_at: null,
    delivered_at: null,
    created_at: now,
    updated_at: now,
  };
  if (!devices.empty) {
    return devices.docs.map((device) => ({
      ...base,
      id: messageId(auditId, notice, 'push', device.id),
      channel: 'push',
      to: device.id,
      language: preferences.language,
      body: render(notice.template, preferences.language, notice.reference),
    }));
  }
  const contact = contacts.docs[0]?.data();
  if (!contact) return [];
  return [
    {
      ...base,
      id: messageId(auditId, notice, contact.channel, contact.id),
      channel: contact.channel,
      to: contact.id,
      language: contact.language,
      body: render(notice.template, contact.language, notice.reference),
    },
  ];
}

/**
 * Creates the outbound messages of audit record `auditId` that do not exist yet; returns the ids
 * created. Idempotent: every id is fixed by the record, the recipient, the task and the channel.
 */
export async function deriveOutbound(auditId: string): Promise<string[]> {
  const record = await auditStore.get(auditId);
  if (!record) return [];
  const event = eventOf(record);
  const subject = await subjectOf(event, record.actor_id);
  if (!subject) return [];
  const notices = noticesOf(event, subject, record.actor_id);
  if (notices.length === 0) return [];
  const now = new Date().toISOString();
  const messages = (await Promise.all(notices.map((notice) => messagesOf(notice, auditId, now)))).flat();
  if (messages.length === 0) return [];
  return db().runTransaction(async (tx) => {
    const existing = await outboundMessageStore.getAll(
      messages.map((message) => message.id),
      tx,
    );
    const missing = messages.filter((_, index) => existing[index] === undefined);
    for (const message of missing) tx.create(outboundMessageStore.doc(message.id), message);
    return missing.map((message) => message.id);
  });
}
