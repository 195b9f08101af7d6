// The webhook subscribers and the log of what was delivered to them.
import { defineCollection, defineSubcollection } from '../data/collections.js';
import { deliverySchema, webhookSchema } from './model.js';

/** `webhooks/{id}`: outbound webhook subscribers, with their signing secrets sealed (webhooks/sealing.ts; never returned). */
export const webhookStore = defineCollection('webhooks', webhookSchema, {
  personFields: { uid: ['created_by'] },
});

/** `webhooks/{webhook_id}/deliveries/{event_id}`: the delivery log; `expires_at` carries a TTL policy. */
export const webhookDeliveryStore = defineSubcollection('webhooks', 'deliveries', deliverySchema, {
  // The event as sent: an audit record's fields.
  personFields: { copies: ['body'] },
});
