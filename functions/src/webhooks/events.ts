// From the audit log to webhook deliveries: the trigger on `audit_log/{audit_id}` (index.ts)
// maps a record to an event, builds its payload once (need-to-know views only), and creates one
// delivery per subscribed subscriber under a deterministic id (the audit id), then queues it.
// A repeated trigger creates nothing twice; it only queues again a delivery never attempted.
import type { AuditRecord } from '../audit/model.js';
import { REGION } from '../config.js';
import { auditStore } from '../audit/store.js';
import { disasterStore } from '../disasters/store.js';
import { requestStore } from '../requests/store.js';
import { taskStore } from '../tasks/store.js';
import { webhookDeliveryStore, webhookStore } from './store.js';
import { adminApp, isAlreadyExists } from '../data/firestore.js';
import { toPublicDisasterView } from '../disasters/model.js';
import { logs } from '../logs.js';
import { toRequestView } from '../requests/visibility.js';
import type { Task } from '../tasks/model.js';
import type { Delivery, WebhookEvent } from './model.js';
import type { DomainEventType } from '../events/types.js';

/**
 * The one table from domain events to webhook events: every event type has a line, null when no
 * subscriber hears of it. Admins create disasters confirmed; an agent suggestion becomes one when
 * approved.
 */
export const WEBHOOK_EVENT_OF: Readonly<Record<DomainEventType, WebhookEvent | null>> = {
  'request.created': 'request.created',
  'request.status_changed': 'request.status_changed',
  'request.located': null,
  'request.confirmation_asked': null,
  'request.confirmed': null,
  'request.unconfirmed': null,
  // The merged request's status moves (to closed, and back): subscribers see it as any status change.
  'request.merged': 'request.status_changed',
  'request.unmerged': 'request.status_changed',
  'task.created': null,
  'task.assigned': null,
  'task.reassigned': null,
  'task.authorized': null,
  'task.status_changed': 'task.status_changed',
  'task.unassigned': null,
  'resource.created': null,
  'resource.status_changed': null,
  'disaster.created': 'disaster.confirmed',
  'disaster.suggested': null,
  'disaster.evidence_added': null,
  'disaster.approved': 'disaster.confirmed',
  'disaster.updated': 'disaster.updated',
  'disaster.closed': 'disaster.closed',
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
};

/** The task-queue function that sends deliveries (index.ts). */
export const DELIVERY_QUEUE = 'deliverWebhook';
/** Subscribers served per event: webhooks are a handful of admin-registered systems. */
export const MAX_SUBSCRIBERS_PER_EVENT = 100;
/** How long a delivery log entry is kept (TTL on `expires_at`). */
const DELIVERY_LOG_DAYS = 30;

export interface AuditCreatedEvent {
  id: string;
  params: Record<string, string>;
}

const statusOf = (fields: Record<string, unknown> | null): string | null =>
  typeof fields?.status === 'string' ? fields.status : null;

/** A task's move, without its free-text instructions or its assignee (people stay out of webhooks). */
function taskPayload(task: Task): Record<string, unknown> {
  const { id, disaster_id, request_id, status, priority, role_required, created_at, updated_at } = task;
  return { id, disaster_id, request_id, status, priority, role_required, created_at, updated_at };
}

/**
 * The event's `data`, or null when there is nothing to tell (the entity is gone, or a disaster is
 * still an agent suggestion, which only admins see). Requests go out in their `area` view: need,
 * status, times and a coarse cell; never the description, the requester or the exact point.
 */
async function eventData(record: AuditRecord, event: WebhookEvent): Promise<Record<string, unknown> | null> {
  const change = { from: statusOf(record.before), to: statusOf(record.after) };
  switch (event) {
    case 'request.created':
    case 'request.status_changed': {
      const request = await requestStore.get(record.entity_id);
      if (!request) return null;
      const view = toRequestView(request, 'area');
      return event === 'request.created' ? { request: view } : { request: view, ...change };
    }
    case 'task.status_changed': {
      const task = await taskStore.get(record.entity_id);
      return task ? { task: taskPayload(task), ...change } : null;
    }
    case 'disaster.confirmed':
    case 'disaster.updated':
    case 'disaster.closed': {
      const disaster = await disasterStore.get(record.entity_id);
      if (!disaster || disaster.status === 'suggested') return null;
      const payload = { disaster: toPublicDisasterView(disaster) };
      return event === 'disaster.updated'
        ? { ...payload, changed_fields: Object.keys(record.after ?? {}).sort() }
        : payload;
    }
  }
}

/** Queues one delivery; a task already queued under its name is fine (Cloud Tasks de-duplicates by name). */
export async function enqueueDelivery(webhookId: string, deliveryId: string): Promise<void> {
  const { getFunctions } = await import('firebase-admin/functions');
  try {
    await getFunctions(adminApp())
      .taskQueue(`locations/${REGION}/functions/${DELIVERY_QUEUE}`)
      .enqueue({ webhook_id: webhookId, delivery_id: deliveryId }, { id: `${webhookId}_${deliveryId}` });
  } catch (error) {
    const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
    if (code !== 'functions/task-already-exists') throw error;
  }
}

/** Handles one (possibly repeated) creation of an audit record; returns the deliveries queued. */
export async function onAuditRecordCreated(
  event: AuditCreatedEvent,
  enqueue: (webhookId: string, deliveryId: string) => Promise<void> = enqueueDelivery,
): Promise<number> {
  const auditId = event.params.audit_id;
  if (!auditId) {
    logs.webhookEventDropped(event.id, 'no audit_id in the event');
    return 0;
  }
  const record = await auditStore.get(auditId);
  const type = record ? WEBHOOK_EVENT_OF[record.type] : null;
  if (!record || !type) return 0;
  const subscribers = await webhookStore
    .ref()
    .where('status', '==', 'active')
    .where('events', 'array-contains', type)
    .limit(MAX_SUBSCRIBERS_PER_EVENT)
    .get();
  if (subscribers.empty) return 0;
  const data = await eventData(record, type);
  if (!data) return 0;
  // One body for every subscriber and every attempt: what is signed never changes.
  const body = JSON.stringify({ id: record.id, type, timestamp: record.created_at, data });
  const now = new Date();
  let queued = 0;
  for (const subscriber of subscribers.docs) {
    const ref = webhookDeliveryStore.doc(subscriber.id, record.id);
    const delivery: Delivery = {
      id: record.id,
      webhook_id: subscriber.id,
      event: type,
      body,
      status: 'pending',
      attempt_count: 0,
      attempts: [],
      last_status_code: null,
      response_excerpt: null,
      next_attempt_at: now.toISOString(),
      delivered_at: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      expires_at: new Date(now.getTime() + DELIVERY_LOG_DAYS * 86_400_000).toISOString(),
    };
    // Read first: a repeated event then writes nothing. create() still settles a race.
    const existing = (await ref.get()).data();
    if (existing) {
      // Queue again only what was never attempted (its first enqueue may have failed).
      if (existing.status !== 'pending' || existing.attempt_count > 0) continue;
    } else {
      try {
        await ref.create(delivery);
      } catch (error) {
        if (!isAlreadyExists(error)) throw error;
        continue;
      }
    }
    await enqueue(subscriber.id, record.id);
    queued++;
  }
  logs.webhookEventFannedOut(record.id, type, queued);
  return queued;
}
