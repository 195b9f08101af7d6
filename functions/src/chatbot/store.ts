// The assistant's conversations.
import { defineCollection } from '../data/collections.js';
import { conversationSchema } from './model.js';

/** `conversations/{id}`: one user's history with the assistant; `expires_at` carries a TTL policy. */
export const conversationStore = defineCollection('conversations', conversationSchema, {
  personFields: { uid: ['owner_id'], text: ['messages.text'] },
});
