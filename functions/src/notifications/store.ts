// The in-app notifications, under their user.
import { defineSubcollection, PARENT_UID } from '../data/collections.js';
import { notificationSchema } from './model.js';

/** `users/{uid}/notifications`: what a user's client listens to (task assigned, ...). */
export const notificationStore = defineSubcollection('users', 'notifications', notificationSchema, {
  personFields: { uid: [PARENT_UID, 'user_id'], text: ['text'] },
});
