// /webhooks/... : outbound webhook subscribers and their delivery logs, admin only. How deliveries
// are signed, retried and disabled: docs/interop.md ("Webhooks").
import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { idSchema, pageSchema, pageQuerySchema } from '../shared/schemas.js';
import {
  createdWebhookSchema,
  deliveryViewSchema,
  newWebhookSchema,
  webhookPatchSchema,
  webhookViewSchema,
} from './model.js';
import * as webhooks from './service.js';

const TAG = 'webhooks';
const params = z.strictObject({ webhook_id: idSchema });

export const webhookEndpoints = [
  defineEndpoint({
    method: 'post',
    path: '/webhooks',
    tag: TAG,
    summary: [
      'Register a subscriber: an https URL resolving to public addresses, and its events.',
      'The answer carries the signing secret, shown once.',
    ].join(' '),
    access: ['admin'],
    body: newWebhookSchema,
    response: createdWebhookSchema,
    status: 201,
    // 503: the key that seals signing secrets is not configured (nothing is stored then).
    errors: [503],
    handler: ({ caller, body }) => webhooks.createWebhook(caller, body),
  }),
  defineEndpoint({
    method: 'get',
    path: '/webhooks',
    tag: TAG,
    summary: 'The subscribers, newest first (never their secrets).',
    access: ['admin'],
    query: pageQuerySchema,
    response: pageSchema(webhookViewSchema),
    handler: ({ query }) => webhooks.listWebhooks(query),
  }),
  defineEndpoint({
    method: 'get',
    path: '/webhooks/{webhook_id}',
    tag: TAG,
    summary: 'One subscriber: its events, status, and failure run (never its secret).',
    access: ['admin'],
    params,
    response: webhookViewSchema,
    errors: [404],
    handler: ({ params: { webhook_id: id } }) => webhooks.getWebhook(id),
  }),
  defineEndpoint({
    method: 'patch',
    path: '/webhooks/{webhook_id}',
    tag: TAG,
    summary: 'Re-enable (status active), pause (status disabled) or change the events of a subscriber.',
    access: ['admin'],
    params,
    body: webhookPatchSchema,
    response: webhookViewSchema,
    errors: [404],
    handler: ({ caller, params: { webhook_id: id }, body }) => webhooks.updateWebhook(caller, id, body),
  }),
  defineEndpoint({
    method: 'delete',
    path: '/webhooks/{webhook_id}',
    tag: TAG,
    summary: 'Remove a subscriber; deliveries still queued for it are dropped.',
    access: ['admin'],
    params,
    response: null,
    errors: [404],
    handler: async ({ caller, params: { webhook_id: id } }) => {
      await webhooks.deleteWebhook(caller, id);
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/webhooks/{webhook_id}/deliveries',
    tag: TAG,
    summary: "A subscriber's delivery log, newest first: each event's attempts, status codes and next attempt.",
    access: ['admin'],
    params,
    query: pageQuerySchema,
    response: pageSchema(deliveryViewSchema),
    errors: [404],
    handler: ({ params: { webhook_id: id }, query }) => webhooks.listDeliveries(id, query),
  }),
];
