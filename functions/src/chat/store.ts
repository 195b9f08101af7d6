// The disaster chat.
import { defineSubcollection } from '../data/collections.js';
import { messageSchema } from './model.js';

/** `disasters/{disaster_id}/messages`: the disaster chat, delivered to clients by listeners. */
export const chatMessageStore = defineSubcollection('disasters', 'messages', messageSchema, {
  personFields: { uid: ['sender_id'], name: ['sender_name'], text: ['text'] },
});
