// Webhook subscribers and deliveries stored through the data layer (trigger tests, the
// authorization matrix, the cost benchmark).
import { webhookDeliveryStore, webhookStore } from '../../src/webhooks/store.js';
import type { Delivery, Webhook, WebhookEvent } from '../../src/webhooks/model.js';
import { LOCAL_WEBHOOK_SEALING_KEY } from '../../src/config.js';
import { keyRing, seal } from '../../src/webhooks/sealing.js';
import { newSecret } from '../../src/webhooks/signature.js';
import { uniqueId } from './api.js';

/** The keys the emulator-run functions seal with (config.ts): WEBHOOK_SEALING_KEY if set, else the local default. */
const localKeys = () => keyRing(process.env.WEBHOOK_SEALING_KEY || LOCAL_WEBHOOK_SEALING_KEY);

/**
 * A subscriber stored as the service stores one, its secret sealed; `legacy`: as stored before
 * sealing, the secret plain. Returned with its plain `signingSecret`, for checking signatures.
 */
export async function storeWebhook(
  events: WebhookEvent[],
  overrides: Partial<Webhook> = {},
  { legacy = false } = {},
): Promise<Webhook & { signingSecret: string }> {
  const now = new Date().toISOString();
  const id = overrides.id ?? uniqueId('hook');
  const signingSecret = newSecret();
  const webhook: Webhook = {
    id,
    url: 'https://hooks.example.org/disaster',
    events,
    description: '',
    ...(legacy ? { secret: signingSecret } : { sealed_secret: seal(signingSecret, id, localKeys()) }),
    status: 'active',
    disabled_reason: null,
    failing_since: null,
    last_success_at: null,
    last_failure_at: null,
    created_by: 'admin-1',
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await webhookStore.doc(webhook.id).create(webhook);
  return { ...webhook, signingSecret };
}

export async function storeDelivery(webhookId: string, overrides: Partial<Delivery> = {}): Promise<Delivery> {
  const now = new Date().toISOString();
  const id = uniqueId('audit');
  const delivery: Delivery = {
    id,
    webhook_id: webhookId,
    event: 'disaster.updated',
    body: JSON.stringify({ id, type: 'disaster.updated', timestamp: now, data: { disaster: { id: 'd1' } } }),
    status: 'pending',
    attempt_count: 0,
    attempts: [],
    last_status_code: null,
    response_excerpt: null,
    next_attempt_at: now,
    delivered_at: null,
    created_at: now,
    updated_at: now,
    expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    ...overrides,
  };
  await webhookDeliveryStore.doc(webhookId, delivery.id).create(delivery);
  return delivery;
}
