// Audit record → outbound messages. Every state change is recorded in audit_log by the
// transaction that makes it, so a trigger on that record sees each change exactly as committed,
// without touching the services that make them. The messages' ids are derived from the audit id,
// the recipient and the channel, so a second delivery of the same record creates nothing.
import { createHash } from 'node:crypto';
import type { AuditRecord } from '../audit/model.js';
import { requestReference } from '../channels/model.js';
import { collections } from '../data/collections.js';
import { db } from '../data/firestore.js';
import { preferencesOf } from './preferences.js';
import type { OutboundEvent, OutboundMessage } from './model.js';
import { render } from './templates.js';

/** One person to tell about one event. */
interface Notice {
  uid: string;
  event: OutboundEvent;
  urgent: boolean;
  request_id: string | null;
  task_id: string | null;
  /** The short reference the text names: the request's, else the task's. */
  reference: string;
}

function field(values: Record<string, unknown> | null, name: string): unknown {
  return values?.[name];
}

/** Who must hear of the change `record` describes, reading the task or request it concerns. */
async function noticesOf(record: AuditRecord): Promise<Notice[]> {
  const status = field(record.after, 'status');
  if (record.entity === 'request' && record.action === 'status_changed') {
    if (status !== 'fulfilled' && status !== 'closed') return [];
    const request = await collections.requests.get(record.entity_id);
    // An owner who closed their own request (withdrawn) needs no message about it.
    if (!request || request.owner_id === record.actor_id) return [];
    return [ownerNotice(request.owner_id, status === 'fulfilled' ? 'request_fulfilled' : 'request_closed', request.id)];
  }
  if (record.entity !== 'task') return [];
  const task = await collections.tasks.get(record.entity_id);
  if (!task) return [];
  const reference = requestReference(task.request_id ?? task.id);
  const toAssignee = (uid: unknown, event: OutboundEvent, urgent = false): Notice[] =>
    typeof uid === 'string' ? [{ uid, event, urgent, request_id: task.request_id, task_id: task.id, reference }] : [];
  const forRequester = async (event: OutboundEvent): Promise<Notice[]> => {
    if (task.request_id === null) return [];
    const request = await collections.requests.get(task.request_id);
    return request ? [{ ...ownerNotice(request.owner_id, event, request.id), task_id: task.id }] : [];
  };
  switch (record.action) {
    case 'created':
      return forRequester('request_task_created');
    case 'assigned':
    case 'reassigned':
      // Priority 1 is "urgent": it may override the assignee's quiet hours (docs/channels.md).
      return [
        ...toAssignee(field(record.after, 'assigned_to'), 'task_assigned', task.priority === 1),
        ...toAssignee(field(record.before, 'assigned_to'), 'task_cancelled'),
      ];
    case 'authorized':
      return toAssignee(task.assigned_to, 'task_authorized');
    case 'status_changed':
      if (status === 'on_route') return forRequester('request_on_route');
      if (status === 'cancelled' && task.assigned_to !== record.actor_id)
        return toAssignee(task.assigned_to, 'task_cancelled');
      return [];
    default:
      return [];
  }
}

function ownerNotice(uid: string, event: OutboundEvent, requestId: string): Notice {
  return { uid, event, urgent: false, request_id: requestId, task_id: null, reference: requestReference(requestId) };
}

function messageId(auditId: string, uid: string, channel: string, to: string): string {
  return createHash('sha256').update(`${auditId}\n${uid}\n${channel}\n${to}`).digest('hex').slice(0, 32);
}

/**
 * The messages of one notice: a push per registered device for an app user; an SMS (or WhatsApp,
 * the channel they wrote on) for a person known by a phone number and without a device. Nobody
 * reachable: none (the in-app notification, where there is one, remains).
 */
async function messagesOf(notice: Notice, auditId: string, now: string): Promise<OutboundMessage[]> {
  const [devices, contacts, preferences] = await Promise.all([
    collections.devices.ref(notice.uid).limit(20).get(),
    collections.phoneContacts.ref().where('uid', '==', notice.uid).limit(1).get(),
    preferencesOf(notice.uid),
  ]);
  const base = {
    recipient_uid: notice.uid,
    template: notice.event,
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
      id: messageId(auditId, notice.uid, 'push', device.id),
      channel: 'push',
      to: device.id,
      language: preferences.language,
      body: render(notice.event, preferences.language, notice.reference),
    }));
  }
  const contact = contacts.docs[0]?.data();
  if (!contact) return [];
  return [
    {
      ...base,
      id: messageId(auditId, notice.uid, contact.channel, contact.id),
      channel: contact.channel,
      to: contact.id,
      language: contact.language,
      body: render(notice.event, contact.language, notice.reference),
    },
  ];
}

/**
 * Creates the outbound messages of audit record `auditId` that do not exist yet; returns the ids
 * created. Idempotent: every id is fixed by the record, the recipient and the channel.
 */
export async function deriveOutbound(auditId: string): Promise<string[]> {
  const record = await collections.audit.get(auditId);
  if (!record) return [];
  const notices = await noticesOf(record);
  if (notices.length === 0) return [];
  const now = new Date().toISOString();
  const messages = (await Promise.all(notices.map((notice) => messagesOf(notice, auditId, now)))).flat();
  if (messages.length === 0) return [];
  return db().runTransaction(async (tx) => {
    const existing = await collections.outboundMessages.getAll(
      messages.map((message) => message.id),
      tx,
    );
    const missing = messages.filter((_, index) => existing[index] === undefined);
    for (const message of missing) tx.create(collections.outboundMessages.doc(message.id), message);
    return missing.map((message) => message.id);
  });
}
