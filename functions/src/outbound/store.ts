// What reaches people outside the app: their devices, their preferences, and every message sent.
import { defineCollection, defineSubcollection, PARENT_UID } from '../data/collections.js';
import { deviceSchema, notificationPreferencesSchema, outboundMessageSchema } from './model.js';

/** `users/{uid}/devices/{device_id}`: FCM registration tokens of the user's devices. */
export const deviceStore = defineSubcollection('users', 'devices', deviceSchema, {
  personFields: { uid: [PARENT_UID], contact: ['token'] },
});

/** `users/{uid}/preferences/notifications`: what reaches the user outside the app, and when. */
export const preferenceStore = defineSubcollection('users', 'preferences', notificationPreferencesSchema, {
  personFields: { uid: [PARENT_UID] },
});

/** `outbound_messages/{id}`: every push, SMS and WhatsApp message, its status and attempts. */
export const outboundMessageStore = defineCollection('outbound_messages', outboundMessageSchema, {
  personFields: { uid: ['recipient_uid'], contact: ['to'], text: ['body'] },
});
