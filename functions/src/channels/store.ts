// The numbers that write to us by SMS or WhatsApp, and the messages they sent.
import { defineCollection } from '../data/collections.js';
import { inboundMessageSchema, phoneContactSchema } from './model.js';

/** `phone_contacts/{e164}`: a number that wrote to us, its user, language and opt-out (channels/model.ts). */
export const phoneContactStore = defineCollection('phone_contacts', phoneContactSchema, {
  personFields: { uid: ['uid'], contact: ['id'] },
});

/** `inbound_messages/{MessageSid}`: one per SMS/WhatsApp message processed, claimed with create() (channels/inbound.ts). */
export const inboundMessageStore = defineCollection('inbound_messages', inboundMessageSchema, {
  // Twilio's log maps the MessageSid to the number: the link to a request re-identifies it.
  personFields: { contact: ['request_id'] },
});
