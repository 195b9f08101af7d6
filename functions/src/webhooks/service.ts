// Outbound webhook subscribers (admin only, see the declarations): registration with an SSRF
// check of the target, the secret shown once and stored sealed (sealing.ts), re-enabling,
// removal, and the delivery log.
// Deliveries themselves: events.ts (audit record -> one delivery per subscriber) and deliver.ts.
import { recordEvent } from '../events/record.js';
import { config } from '../config.js';
import { webhookDeliveryStore, webhookStore } from './store.js';
import { db } from '../data/firestore.js';
import { ValidationError } from '../errors.js';
import type { Caller } from '../shared/caller.js';
import type { Page, PageQuery } from '../shared/schemas.js';
import { allowedAddresses, refusedUrl, RefusedTargetError, type TargetPolicy } from './address.js';
import type {
  Delivery,
  DeliveryView,
  NewWebhook,
  Webhook,
  WebhookPatch,
  WebhookView,
  createdWebhookSchema,
} from './model.js';
import { seal } from './sealing.js';
import { newSecret } from './signature.js';
import type { z } from 'zod';

export const targetPolicy = (): TargetPolicy => ({ allowLocal: config.webhookLocalReceivers() });

export function toWebhookView(webhook: Webhook): WebhookView {
  const { sealed_secret: _sealed, secret: _legacy, ...view } = webhook;
  return view;
}

export function toDeliveryView(delivery: Delivery): DeliveryView {
  const { body: _body, expires_at: _expires, ...view } = delivery;
  return view;
}

/** A 400 on `url` unless it is an https URL whose host resolves to public addresses only. */
async function checkTarget(url: string): Promise<void> {
  const policy = targetPolicy();
  const why = refusedUrl(url, policy);
  if (why !== null) throw new ValidationError([{ path: 'url', message: why }]);
  try {
    await allowedAddresses(new URL(url).hostname, policy);
  } catch (error) {
    if (error instanceof RefusedTargetError) throw new ValidationError([{ path: 'url', message: error.message }]);
    throw error;
  }
}

/** What the audit trail keeps of a target: its origin (a query string may carry the receiver's own key). */
const originOf = (url: string) => new URL(url).origin;

export async function createWebhook(caller: Caller, input: NewWebhook): Promise<z.input<typeof createdWebhookSchema>> {
  await checkTarget(input.url);
  const now = new Date().toISOString();
  const ref = webhookStore.ref().doc();
  const secret = newSecret();
  const webhook: Webhook = {
    id: ref.id,
    url: input.url,
    events: input.events,
    description: input.description ?? '',
    sealed_secret: seal(secret, ref.id),
    status: 'active',
    disabled_reason: null,
    failing_since: null,
    last_success_at: null,
    last_failure_at: null,
    created_by: caller.uid,
    created_at: now,
    updated_at: now,
  };
  const batch = db().batch();
  batch.create(ref, webhook);
  recordEvent(
    batch,
    caller,
    {
      type: 'webhook.created',
      entity_id: webhook.id,
      before: null,
      after: { target: originOf(webhook.url), events: webhook.events, status: webhook.status },
    },
    now,
  );
  await batch.commit();
  return { ...toWebhookView(webhook), secret };
}

export async function listWebhooks(page: PageQuery): Promise<Page<WebhookView>> {
  const found = await webhookStore.list({}, page);
  return { items: found.items.map(toWebhookView), next_cursor: found.next_cursor };
}

export async function getWebhook(id: string): Promise<WebhookView> {
  return toWebhookView(await webhookStore.require(id, 'Webhook'));
}

/**
 * Pauses, re-enables (which also forgets the failures that disabled it) or re-subscribes a
 * subscriber. Deliveries cancelled while it was disabled are not sent again.
 */
export async function updateWebhook(caller: Caller, id: string, patch: WebhookPatch): Promise<WebhookView> {
  return db().runTransaction(async (tx) => {
    const webhook = await webhookStore.require(id, 'Webhook', tx);
    const now = new Date().toISOString();
    const next: Webhook = { ...webhook, events: patch.events ?? webhook.events };
    if (patch.status !== undefined && patch.status !== webhook.status) {
      next.status = patch.status;
      next.disabled_reason = patch.status === 'disabled' ? 'admin' : null;
      next.failing_since = null;
    }
    const changed = (['status', 'events'] as const).filter(
      (field) => JSON.stringify(next[field]) !== JSON.stringify(webhook[field]),
    );
    if (changed.length === 0) return toWebhookView(webhook);
    next.updated_at = now;
    webhookStore.updateIn(tx, id, {
      status: next.status,
      events: next.events,
      disabled_reason: next.disabled_reason,
      failing_since: next.failing_since,
      updated_at: now,
    });
    const pick = (source: Webhook) => Object.fromEntries(changed.map((field) => [field, source[field]]));
    recordEvent(tx, caller, { type: 'webhook.updated', entity_id: id, before: pick(webhook), after: pick(next) }, now);
    return toWebhookView(next);
  });
}

/** Removes a subscriber; queued deliveries find it gone and are dropped, the log expires with its TTL. */
export async function deleteWebhook(caller: Caller, id: string): Promise<void> {
  await db().runTransaction(async (tx) => {
    const webhook = await webhookStore.require(id, 'Webhook', tx);
    tx.delete(webhookStore.doc(id));
    recordEvent(tx, caller, {
      type: 'webhook.deleted',
      entity_id: id,
      before: { target: originOf(webhook.url), events: webhook.events, status: webhook.status },
      after: null,
    });
  });
}

export async function listDeliveries(webhookId: string, page: PageQuery): Promise<Page<DeliveryView>> {
  await webhookStore.require(webhookId, 'Webhook');
  const found = await webhookDeliveryStore.of(webhookId).list({}, page);
  return { items: found.items.map(toDeliveryView), next_cursor: found.next_cursor };
}
