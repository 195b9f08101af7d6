// Outbound delivery (issue 15): push devices and notification preferences (the caller's own), the
// outbound message log (admins) and Twilio's status callback (signed by Twilio).
import { z } from 'zod';
import { verifyTwilioSignature } from '../channels/signature.js';
import { defineEndpoint } from '../http/endpoint.js';
import { idSchema, pageSchema, pageQuerySchema } from '../shared/schemas.js';
import * as devices from './devices.js';
import {
  deviceViewSchema,
  newDeviceSchema,
  outboundMessageSchema,
  outboundQuerySchemaFields,
  preferencesPatchSchema,
  preferencesViewSchema,
  twilioStatusSchema,
} from './model.js';
import * as preferences from './preferences.js';
import * as outbound from './service.js';

export const outboundEndpoints = [
  defineEndpoint({
    method: 'post',
    path: '/users/me/devices',
    tag: 'notifications',
    summary: 'Register a device for push notifications ({ token, platform }); the same token again is the same device.',
    access: 'authenticated',
    ownership: 'The device is the caller’s own.',
    body: newDeviceSchema,
    response: deviceViewSchema,
    status: 201,
    rateLimit: { bucket: 'devices:write', limit: 30, windowSeconds: 3600 },
    handler: ({ caller, body }) => devices.registerDevice(caller, body),
  }),
  defineEndpoint({
    method: 'delete',
    path: '/users/me/devices/{device_id}',
    tag: 'notifications',
    summary: 'Stop push notifications to one of your devices.',
    access: 'authenticated',
    ownership: 'Only the caller’s own devices; another user’s is 404.',
    params: z.strictObject({ device_id: idSchema }),
    response: null,
    errors: [404],
    rateLimit: { bucket: 'devices:write', limit: 30, windowSeconds: 3600 },
    handler: async ({ caller, params }) => devices.removeDevice(caller, params.device_id),
  }),
  defineEndpoint({
    method: 'get',
    path: '/users/me/notification-preferences',
    tag: 'notifications',
    summary: 'Which events reach you by push, SMS or WhatsApp, quiet hours, and your language.',
    access: 'authenticated',
    ownership: 'The caller’s own preferences.',
    response: preferencesViewSchema,
    handler: ({ caller }) => preferences.getPreferences(caller),
  }),
  defineEndpoint({
    method: 'patch',
    path: '/users/me/notification-preferences',
    tag: 'notifications',
    summary:
      'Change your notification preferences: events, channels, quiet hours (priority-1 task assignments may override them), language.',
    access: 'authenticated',
    ownership: 'The caller’s own preferences.',
    body: preferencesPatchSchema,
    response: preferencesViewSchema,
    rateLimit: { bucket: 'preferences:write', limit: 60, windowSeconds: 3600 },
    handler: ({ caller, body }) => preferences.updatePreferences(caller, body),
  }),
  defineEndpoint({
    method: 'get',
    path: '/outbound-messages',
    tag: 'outbound',
    summary: 'The outbound message log (push, SMS, WhatsApp), newest first; filters channel, status, request_id, to.',
    access: ['admin'],
    query: pageQuerySchema.extend(outboundQuerySchemaFields),
    response: pageSchema(outboundMessageSchema),
    handler: ({ query: { limit, cursor, ...filters } }) => outbound.listOutboundMessages(filters, { limit, cursor }),
  }),
  defineEndpoint({
    method: 'post',
    path: '/channels/twilio/status',
    tag: 'outbound',
    summary:
      "Twilio's status callback: moves a sent SMS or WhatsApp message to delivered or failed (X-Twilio-Signature checked).",
    access: 'public',
    ownership: 'Only requests signed with the Twilio auth token (X-Twilio-Signature) are accepted; others are 403.',
    bodyFormat: 'form',
    verify: verifyTwilioSignature,
    body: twilioStatusSchema,
    response: null,
    // Twilio sends one or two reports per message: far below this, per source address.
    rateLimit: { bucket: 'twilio:status', limit: 1200, windowSeconds: 60 },
    handler: async ({ body }) => {
      const fields = Object.fromEntries(Object.entries(body).map(([key, value]) => [key, String(value)]));
      await outbound.recordTwilioStatus(fields);
    },
  }),
];
