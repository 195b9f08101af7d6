// What the messaging channels (SMS and WhatsApp through Twilio, push through FCM) share: the
// languages people are answered in, and one record per phone number that has written to us.
import { z } from 'zod';
import { isoDateTime } from '../shared/schemas.js';

/** Languages replies and updates are written in: English, Spanish, Filipino. */
export const LANGUAGES = ['en', 'es', 'fil'] as const;
export const languageSchema = z.enum(LANGUAGES).describe('Language of replies and updates: en, es or fil.');
export type Language = z.infer<typeof languageSchema>;

/** The messaging channels a phone number reaches us through. */
export const phoneChannelSchema = z.enum(['sms', 'whatsapp']);
export type PhoneChannel = z.infer<typeof phoneChannelSchema>;

/**
 * `phone_contacts/{e164}`: a phone number that has written to the service (id: the number in
 * E.164, `+` included), the `affected_individual` user it is tied to, the language it last wrote
 * in, the channel it last used, and whether it opted out (STOP): nothing is sent to an opted-out
 * number. Written by the inbound webhook; read by every outbound SMS/WhatsApp sender.
 */
export const phoneContactSchema = z.object({
  id: z.string(),
  uid: z.string(),
  language: languageSchema,
  channel: phoneChannelSchema,
  opted_out: z.boolean(),
  opted_out_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type PhoneContact = z.infer<typeof phoneContactSchema>;

/** A number's contact as first stored (opted out only when its first word was STOP). */
export function newPhoneContact(contact: {
  number: string;
  uid: string;
  language: PhoneContact['language'];
  channel: PhoneContact['channel'];
  at: string;
  optedOut?: boolean;
}): PhoneContact {
  const optedOut = contact.optedOut ?? false;
  return {
    id: contact.number,
    uid: contact.uid,
    language: contact.language,
    channel: contact.channel,
    opted_out: optedOut,
    opted_out_at: optedOut ? contact.at : null,
    created_at: contact.at,
    updated_at: contact.at,
  };
}

/** A Twilio message sid (SM…/MM…), used as the id of the document that claims it. */
const messageSidSchema = z.string().regex(/^[A-Z]{2}[0-9a-fA-F]{32}$/, 'must be a Twilio message sid');

const coordinate = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d{1,3}(\.\d+)?$/, 'must be a decimal number')
    .transform(Number)
    .pipe(z.number().min(min).max(max));

/**
 * The fields of Twilio's inbound message webhook this service reads (SMS and WhatsApp); Twilio
 * sends more (AccountSid, NumSegments, FromCity, ...), which the signature covers and the
 * service ignores. `From` is E.164, `whatsapp:`-prefixed for WhatsApp.
 */
export const twilioInboundSchema = z
  .object({
    MessageSid: messageSidSchema,
    From: z
      .string()
      .regex(/^(whatsapp:)?\+[1-9][0-9]{6,14}$/, 'must be an E.164 number, optionally prefixed with whatsapp:'),
    To: z.string().min(1).max(64),
    Body: z.string().max(1600).default(''),
    Latitude: coordinate(-90, 90).optional(),
    Longitude: coordinate(-180, 180).optional(),
  })
  .refine((form) => (form.Latitude === undefined) === (form.Longitude === undefined), {
    message: 'Latitude and Longitude come together',
    path: ['Latitude'],
  })
  .describe("Twilio's inbound message webhook (application/x-www-form-urlencoded).");
export type TwilioInbound = z.infer<typeof twilioInboundSchema>;

/**
 * `inbound_messages/{MessageSid}` (internal): one per message processed, created with `create()`
 * in the same commit as what the message changed, so that a retried delivery changes nothing and
 * is answered with nothing. No body and no number: what it led to.
 */
export const inboundMessageSchema = z.object({
  id: z.string(),
  channel: phoneChannelSchema,
  outcome: z.string(),
  request_id: z.string().nullable(),
  created_at: isoDateTime,
});
export type InboundMessage = z.infer<typeof inboundMessageSchema>;
