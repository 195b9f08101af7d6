// Outbound delivery (issue 15): push devices, notification preferences, and the outbound message
// log, one document per message sent (or not sent) to one recipient on one channel.
import { z } from 'zod';
import { languageSchema } from '../channels/model.js';
import { idSchema, isoDateTime } from '../shared/schemas.js';

// --- Devices -------------------------------------------------------------------------------------

export const devicePlatformSchema = z.enum(['android', 'ios', 'web']);

/** `users/{uid}/devices/{device_id}`: an FCM registration token of one of the user's devices. */
export const deviceSchema = z.object({
  id: idSchema,
  token: z.string(),
  platform: devicePlatformSchema,
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Device = z.infer<typeof deviceSchema>;

/** The device as answered: the token stays server-side (it is a credential to push to the device). */
export const deviceViewSchema = deviceSchema.omit({ token: true });
export type DeviceView = z.infer<typeof deviceViewSchema>;

export const newDeviceSchema = z.strictObject({
  token: z
    .string()
    .min(20)
    .max(4096)
    .regex(/^[A-Za-z0-9_:.-]+$/, 'must be an FCM registration token')
    .describe('The FCM registration token the client SDK gave (getToken()).'),
  platform: devicePlatformSchema,
});
export type NewDevice = z.infer<typeof newDeviceSchema>;

/** Devices one user may register; the oldest is replaced beyond it. */
export const MAX_DEVICES_PER_USER = 10;

// --- Events and preferences ----------------------------------------------------------------------

/** What an outbound message announces; each has a template per language (events/templates.ts). */
export const OUTBOUND_EVENTS = [
  'request_task_created',
  'request_on_route',
  'request_fulfilled',
  'request_closed',
  'request_confirm',
  'request_withdrawn',
  'task_assigned',
  'task_authorized',
  'task_cancelled',
] as const;
export const outboundEventSchema = z.enum(OUTBOUND_EVENTS);
export type OutboundEvent = z.infer<typeof outboundEventSchema>;

/**
 * The replies to inbound SMS and WhatsApp messages (channels/replies.ts), sent inline as TwiML:
 * logged as messages like the others (status `sent` at once; the worker never sends them).
 */
export const REPLY_TEMPLATES = [
  'reply_created',
  'reply_created_without_place',
  'reply_queued_for_triage',
  'reply_place_noted',
  'reply_ask_need',
  'reply_help',
  'reply_stopped',
  'reply_started',
  'reply_status',
  'reply_no_open_requests',
  'reply_daily_limit',
  'reply_no_active_disaster',
  'reply_too_many_messages',
  'reply_task_moved',
  'reply_task_not_found',
  'reply_task_not_moved',
  'reply_already_received',
  'reply_confirmed',
  'reply_withdrawn',
  'reply_confirm_which',
] as const;
export type ReplyTemplate = (typeof REPLY_TEMPLATES)[number];
/** Messages sent at once by the service itself, outside any notice or reply: a phone verification code (users/). */
export const DIRECT_TEMPLATES = ['phone_verification_code'] as const;
export const outboundTemplateSchema = z.enum([...OUTBOUND_EVENTS, ...REPLY_TEMPLATES, ...DIRECT_TEMPLATES]);
export type OutboundTemplate = z.infer<typeof outboundTemplateSchema>;

export function isOutboundEvent(template: OutboundTemplate): template is OutboundEvent {
  return (OUTBOUND_EVENTS as readonly string[]).includes(template);
}

/** The groups of events preferences switch on and off. */
export const PREFERENCE_EVENTS = ['request_updates', 'task_assignments', 'task_updates'] as const;
export const preferenceEventSchema = z.enum(PREFERENCE_EVENTS);
export type PreferenceEvent = z.infer<typeof preferenceEventSchema>;

export const EVENT_GROUP: Record<OutboundEvent, PreferenceEvent> = {
  request_task_created: 'request_updates',
  request_on_route: 'request_updates',
  request_fulfilled: 'request_updates',
  request_closed: 'request_updates',
  request_confirm: 'request_updates',
  request_withdrawn: 'task_updates',
  task_assigned: 'task_assignments',
  task_authorized: 'task_updates',
  task_cancelled: 'task_updates',
};

export const OUTBOUND_CHANNELS = ['push', 'sms', 'whatsapp'] as const;
export const outboundChannelSchema = z.enum(OUTBOUND_CHANNELS);
export type OutboundChannel = z.infer<typeof outboundChannelSchema>;

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM, 00:00 to 23:59');

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const quietHoursSchema = z
  .strictObject({
    start: clockTime.describe('Local time quiet hours start, HH:MM.'),
    end: clockTime.describe('Local time they end, HH:MM (before start: they run past midnight).'),
    time_zone: z.string().max(64).refine(isTimeZone, 'must be an IANA time zone such as Asia/Manila'),
  })
  .refine((hours) => hours.start !== hours.end, { message: 'start and end must differ' });
export type QuietHours = z.infer<typeof quietHoursSchema>;

const preferenceEventsSchema = z
  .object({ request_updates: z.boolean(), task_assignments: z.boolean(), task_updates: z.boolean() })
  .describe('Which events reach you outside the app (the in-app notifications are always written).');
const preferenceChannelsSchema = z
  .object({ push: z.boolean(), sms: z.boolean(), whatsapp: z.boolean() })
  .describe('Which channels may carry them.');

/** `users/{uid}/preferences/notifications`: stored only once changed; the defaults otherwise. */
export const notificationPreferencesSchema = z.object({
  id: z.string(),
  events: preferenceEventsSchema,
  channels: preferenceChannelsSchema,
  quiet_hours: quietHoursSchema.nullable(),
  urgent_overrides_quiet_hours: z.boolean(),
  language: languageSchema,
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const preferencesViewSchema = z.object({
  events: preferenceEventsSchema,
  channels: preferenceChannelsSchema,
  quiet_hours: quietHoursSchema
    .nullable()
    .describe('Nothing is sent in this local time window (suppressed, reason quiet_hours); null: none.'),
  urgent_overrides_quiet_hours: z
    .boolean()
    .describe('Task assignments of priority 1 are sent during quiet hours (default true).'),
  language: languageSchema,
  updated_at: isoDateTime.nullable(),
});
export type PreferencesView = z.infer<typeof preferencesViewSchema>;

export const preferencesPatchSchema = z.strictObject({
  events: z
    .strictObject({
      request_updates: z.boolean().optional(),
      task_assignments: z.boolean().optional(),
      task_updates: z.boolean().optional(),
    })
    .optional(),
  channels: z
    .strictObject({
      push: z.boolean().optional(),
      sms: z.boolean().optional(),
      whatsapp: z.boolean().optional(),
    })
    .optional(),
  quiet_hours: quietHoursSchema.nullable().optional(),
  urgent_overrides_quiet_hours: z.boolean().optional(),
  language: languageSchema.optional(),
});
export type PreferencesPatch = z.infer<typeof preferencesPatchSchema>;

// --- Outbound messages ---------------------------------------------------------------------------

export const OUTBOUND_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'suppressed'] as const;
export const outboundStatusSchema = z.enum(OUTBOUND_STATUSES);
export type OutboundStatus = z.infer<typeof outboundStatusSchema>;

export const SUPPRESSION_REASONS = [
  'opted_out',
  'preferences',
  'quiet_hours',
  'unavailable',
  'spend_limit',
  'no_device',
] as const;
export const suppressionReasonSchema = z.enum(SUPPRESSION_REASONS);
export type SuppressionReason = z.infer<typeof suppressionReasonSchema>;

/**
 * `outbound_messages/{id}`: one message to one recipient on one channel (push: one per device),
 * derived from one audit record (id: a hash of the audit id, recipient and channel, so deriving
 * twice creates it once). The worker moves it queued → sending (a lease) → sent | failed |
 * suppressed; Twilio's status callback moves an SMS on to delivered or failed. A reply to an
 * inbound message is written `sent` or `suppressed` with the message's claim (id: a hash of its
 * MessageSid; no audit record).
 */
export const outboundMessageSchema = z.object({
  id: idSchema,
  channel: outboundChannelSchema,
  /** E.164 number for sms/whatsapp, the device id for push. */
  to: z.string(),
  recipient_uid: idSchema,
  template: outboundTemplateSchema,
  language: languageSchema,
  body: z.string(),
  urgent: z.boolean(),
  status: outboundStatusSchema,
  reason: suppressionReasonSchema.nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  lease_until: isoDateTime.nullable(),
  provider_id: z.string().nullable(),
  /** The audit record it announces; null for a reply to an inbound message. */
  audit_id: z.string().nullable(),
  request_id: idSchema.nullable(),
  task_id: idSchema.nullable(),
  sent_at: isoDateTime.nullable(),
  delivered_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type OutboundMessage = z.infer<typeof outboundMessageSchema>;

export const outboundQuerySchemaFields = {
  channel: outboundChannelSchema.optional(),
  status: outboundStatusSchema.optional(),
  request_id: idSchema.optional(),
  to: z.string().max(200).optional().describe('A phone number in E.164 (+...) or a device id.'),
};

/** Twilio's status callback, as Twilio posts it (form fields; others ignored). */
export const twilioStatusSchema = z
  .object({
    MessageSid: z.string().min(1).max(64),
    MessageStatus: z.string().min(1).max(32),
    ErrorCode: z.string().max(16).optional(),
  })
  .passthrough();
