// /disasters/{id}/chat/... (spec 4.6, 6.2): the disaster chat over HTTP. Real-time delivery is
// through Firestore listeners on `disasters/{disaster_id}/messages` (see README).
import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { idSchema, pageSchema, pageQuerySchema } from '../shared/schemas.js';
import { messageInputSchema, messageSchema, type Message } from './model.js';
import * as chat from './service.js';

const TAG = 'chat';
const params = z.strictObject({ id: idSchema });
const OWNERSHIP = 'Members of the disaster and admins only (403 otherwise); unknown disasters 404.';

export const chatEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/disasters/{id}/chat/messages',
    tag: TAG,
    summary: 'Chat history of a disaster, newest first.',
    description:
      'For live updates, listen to the Firestore collection disasters/{id}/messages instead of polling (see README).',
    access: 'authenticated',
    ownership: OWNERSHIP,
    params,
    query: pageQuerySchema,
    response: pageSchema(messageSchema),
    errors: [403, 404, 409],
    handler: async ({ caller, params, query }) => chat.listMessages(caller, params.id, query),
  }),
  defineEndpoint({
    method: 'post',
    path: '/disasters/{id}/chat/messages',
    tag: TAG,
    summary: "Send a message to the disaster's chat; answers 200 with the stored message (spec).",
    access: 'authenticated',
    ownership: OWNERSHIP,
    params,
    body: messageInputSchema,
    response: messageSchema,
    status: 200,
    errors: [403, 404, 409],
    rateLimit: { bucket: 'chat:write', limit: 30, windowSeconds: 60 },
    idempotent: true,
    handler: async ({ caller, params, body, answerInCommit }) =>
      chat.postMessage(
        caller,
        params.id,
        body,
        answerInCommit((message: Message) => message),
      ),
  }),
];
