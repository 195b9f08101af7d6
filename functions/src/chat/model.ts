import { z } from 'zod';
import { boundedText, clientTimeField, idSchema, isoDateTime, roleSchema } from '../shared/schemas.js';

export const MESSAGE_MAX_LENGTH = 2000;

/** `disasters/{disaster_id}/messages/{message_id}`: clients listen to this collection. */
export const messageSchema = z.object({
  id: idSchema,
  disaster_id: idSchema,
  sender_id: idSchema,
  sender_name: z.string(),
  sender_role: roleSchema,
  text: boundedText(1, MESSAGE_MAX_LENGTH),
  /** When the sender wrote it by their device's clock, if sent (a message queued offline); `created_at` orders. */
  client_time: isoDateTime.optional(),
  created_at: isoDateTime,
});
export type Message = z.infer<typeof messageSchema>;

/** What a member sends: 1 to 2000 characters after trimming, no control characters. */
export const messageInputSchema = z.strictObject({
  text: boundedText(1, MESSAGE_MAX_LENGTH).describe(
    `The message, 1 to ${MESSAGE_MAX_LENGTH} characters after trimming.`,
  ),
  ...clientTimeField,
});
export type MessageInput = z.infer<typeof messageInputSchema>;
