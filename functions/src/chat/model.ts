import { z } from 'zod';
import { idSchema, isoDateTime, roleSchema, text } from '../shared/schemas.js';

export const MESSAGE_MAX_LENGTH = 2000;

/** `disasters/{disaster_id}/messages/{message_id}`: clients listen to this collection. */
export const messageSchema = z.object({
  id: idSchema,
  disaster_id: idSchema,
  sender_id: idSchema,
  sender_name: z.string(),
  sender_role: roleSchema,
  text: text(1, MESSAGE_MAX_LENGTH),
  created_at: isoDateTime,
});
export type Message = z.infer<typeof messageSchema>;
