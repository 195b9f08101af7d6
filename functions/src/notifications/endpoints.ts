// /notifications/... : the caller's own notifications (spec 6.3: "the responder receives a
// notification"). Clients may also listen to users/{uid}/notifications in Firestore directly.
import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { idSchema, pageSchema as pageOf, pageQuerySchema } from '../shared/schemas.js';
import { notificationSchema } from './model.js';
import * as notifications from './service.js';

const TAG = 'notifications';

export const notificationEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/notifications/me',
    tag: TAG,
    summary: "The caller's notifications, newest first; ?read=false for the unread ones.",
    access: 'authenticated',
    ownership: 'Only the caller’s own notifications.',
    query: pageQuerySchema.extend({
      read: z
        .enum(['true', 'false'])
        .transform((value) => value === 'true')
        .optional(),
    }),
    response: pageOf(notificationSchema),
    handler: ({ caller, query: { limit, cursor, read } }) =>
      notifications.listOwnNotifications(caller, { read }, { limit, cursor }),
  }),
  defineEndpoint({
    method: 'patch',
    path: '/notifications/{id}',
    tag: TAG,
    summary: 'Mark one of your notifications read (or unread again).',
    access: 'authenticated',
    ownership: 'Only the caller’s own notifications; another user’s is 404.',
    params: z.strictObject({ id: idSchema }),
    body: z.strictObject({ read: z.boolean() }),
    response: notificationSchema,
    errors: [404],
    rateLimit: { bucket: 'notifications:write', limit: 120, windowSeconds: 60 },
    handler: ({ caller, params, body }) => notifications.markNotification(caller, params.id, body.read),
  }),
];
