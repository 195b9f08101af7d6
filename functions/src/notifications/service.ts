// Notifications: `users/{uid}/notifications/{id}`, written in the same transaction as the change
// they announce (a task assigned to you, authorized, cancelled). Clients listen to that
// subcollection directly (rules let only that user read it) or list it with GET /notifications/me.
import type { Transaction } from 'firebase-admin/firestore';
import { type Writer } from '../data/collections.js';
import { notificationStore } from './store.js';
import { db } from '../data/firestore.js';
import type { Caller } from '../shared/caller.js';
import type { Page, PageQuery } from '../shared/schemas.js';
import type { Notification } from './model.js';

export interface NotificationInput {
  kind: Notification['kind'];
  text: string;
  task_id?: string | null;
  request_id?: string | null;
}

/** Adds a notification for `userId` to the transaction; returns it. */
export function notify(writer: Writer, userId: string, input: NotificationInput, now: string): Notification {
  const ref = notificationStore.ref(userId).doc();
  const notification: Notification = {
    id: ref.id,
    user_id: userId,
    kind: input.kind,
    text: input.text,
    task_id: input.task_id ?? null,
    request_id: input.request_id ?? null,
    read: false,
    created_at: now,
  };
  // Transaction.create and WriteBatch.create take the same arguments.
  (writer as Transaction).create(ref, notification);
  return notification;
}

export function listOwnNotifications(
  caller: Caller,
  filters: { read?: boolean | undefined },
  page: PageQuery,
): Promise<Page<Notification>> {
  return notificationStore.of(caller.uid).list({ read: filters.read }, page);
}

/** Marks one of the caller's notifications read or unread; another user's is simply not found. */
export async function markNotification(caller: Caller, notificationId: string, read: boolean): Promise<Notification> {
  const own = notificationStore.of(caller.uid);
  return db().runTransaction(async (tx) => {
    const notification = await own.require(notificationId, 'Notification', tx);
    if (notification.read === read) return notification;
    own.updateIn(tx, notificationId, { read });
    return { ...notification, read };
  });
}
