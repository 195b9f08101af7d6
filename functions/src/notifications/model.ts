import { z } from 'zod';
import { idSchema, isoDateTime } from '../shared/schemas.js';

/** `users/{uid}/notifications/{id}`: rules let only that user read them. */
export const notificationSchema = z.object({
  id: idSchema,
  user_id: idSchema,
  kind: z.enum(['task_assigned', 'task_authorized', 'task_cancelled', 'request_updated']),
  text: z.string(),
  task_id: idSchema.nullable(),
  request_id: idSchema.nullable(),
  read: z.boolean(),
  created_at: isoDateTime,
});
export type Notification = z.infer<typeof notificationSchema>;
