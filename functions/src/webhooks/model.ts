import { z } from 'zod';
import { idSchema, isoDateTime, boundedText } from '../shared/schemas.js';

/** What a subscriber may receive; each comes from one kind of audit record (events.ts). */
export const WEBHOOK_EVENTS = [
  'request.created',
  'request.status_changed',
  'task.status_changed',
  'disaster.confirmed',
  'disaster.updated',
  'disaster.closed',
] as const;
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** active: receives deliveries. disabled: by an admin, or by the service after 24 h of failures. */
export const WEBHOOK_STATUSES = ['active', 'disabled'] as const;
export const webhookStatusSchema = z.enum(WEBHOOK_STATUSES);

/** Subscribers are admin configuration: a handful, so no paging beyond the usual page. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** `webhooks/{id}`: one subscriber. Its signing secret is stored sealed, and never returned after creation. */
export const webhookSchema = z.object({
  id: idSchema,
  url: z.string().max(MAX_WEBHOOK_URL_LENGTH),
  events: z.array(webhookEventSchema).min(1),
  description: z.string(),
  /** The signing secret sealed (sealing.ts: `v1.<key id>.<iv>.<ciphertext>`); only a delivery opens it. */
  sealed_secret: z.string().optional(),
  /**
   * A subscriber registered before sealing holds its plain secret here until its next delivery
   * seals it; null then (not deleted: the embedded emulator ignores FieldValue.delete()).
   */
  secret: z.string().nullable().optional(),
  status: webhookStatusSchema,
  disabled_reason: z.enum(['admin', 'failing']).nullable(),
  /** Start of the current run of failed attempts (null after a success): 24 h of it disables the subscriber. */
  failing_since: isoDateTime.nullable(),
  last_success_at: isoDateTime.nullable(),
  last_failure_at: isoDateTime.nullable(),
  created_by: z.string(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookViewSchema = webhookSchema
  .omit({ sealed_secret: true, secret: true })
  .describe('A webhook subscriber (never its secret).');
export type WebhookView = z.infer<typeof webhookViewSchema>;

/** The creation answer: the only time the secret is shown. */
export const createdWebhookSchema = webhookViewSchema.extend({
  secret: z
    .string()
    .describe(
      'The signing secret (`whsec_` + base64 of 32 random bytes). Shown once: store it now; it is never returned again.',
    ),
});

export const newWebhookSchema = z.strictObject({
  url: z
    .string()
    .max(MAX_WEBHOOK_URL_LENGTH)
    .describe('https URL resolving to public addresses only (locally, http://127.0.0.1 or localhost too).'),
  events: z
    .array(webhookEventSchema)
    .min(1)
    .max(WEBHOOK_EVENTS.length)
    .refine((events) => new Set(events).size === events.length, { message: 'must not repeat an event' }),
  description: boundedText(0, 200).optional(),
});
export type NewWebhook = z.infer<typeof newWebhookSchema>;

export const webhookPatchSchema = z
  .strictObject({
    status: webhookStatusSchema.optional().describe('active re-enables a disabled subscriber; disabled pauses it.'),
    events: newWebhookSchema.shape.events.optional(),
  })
  .refine((patch) => patch.status !== undefined || patch.events !== undefined, { message: 'nothing to change' });
export type WebhookPatch = z.infer<typeof webhookPatchSchema>;

/** pending: being attempted (retried with back-off). delivered: a 2xx. failed: gave up after 24 h. cancelled: the subscriber was disabled. */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'cancelled'] as const;

export const deliveryAttemptSchema = z.object({
  at: isoDateTime,
  /** The receiver's HTTP status, null when none came (refused address, time-out, connection error). */
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int().min(0),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;

/** Attempts kept in a delivery's log (the oldest dropped first); `attempt_count` counts them all. */
export const MAX_LOGGED_ATTEMPTS = 20;
/** Characters of a receiver's answer kept, for diagnosis only. */
export const RESPONSE_EXCERPT_LENGTH = 200;

/**
 * `webhooks/{webhook_id}/deliveries/{event_id}`: one event for one subscriber. The id is the audit
 * record's id, the event id the receiver de-duplicates by, so a repeated trigger creates nothing twice.
 */
export const deliverySchema = z.object({
  id: idSchema.describe('The event id (Webhook-Id header), stable across retries.'),
  webhook_id: idSchema,
  event: webhookEventSchema,
  /** The exact JSON body sent (and signed) on every attempt. */
  body: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempt_count: z.number().int().min(0),
  attempts: z.array(deliveryAttemptSchema),
  last_status_code: z.number().int().nullable(),
  response_excerpt: z.string().nullable(),
  /** When Cloud Tasks is expected to try again (its back-off), null once settled. */
  next_attempt_at: isoDateTime.nullable(),
  delivered_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  /** TTL policy: the log is kept 30 days. */
  expires_at: isoDateTime,
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveryViewSchema = deliverySchema
  .omit({ body: true, expires_at: true })
  .describe('One event sent to one subscriber: its attempts, their status codes, and the next attempt.');
export type DeliveryView = z.infer<typeof deliveryViewSchema>;
