import { collections, PARENT_UID } from '../../../data/collections.js';
import { inBatches, type ErasureRun, type ErasureStep } from '../run.js';

/** Subcollections of `users/{uid}` that hold only the person's own data and are deleted as they are. */
const PERSONAL_SUBCOLLECTIONS = [collections.notifications, collections.devices, collections.preferences] as const;

/** Their notifications, devices and preferences, and the outbound messages sent to them: deleted. */
async function erasePersonalSubcollections(run: ErasureRun): Promise<void> {
  for (const sub of PERSONAL_SUBCOLLECTIONS) {
    await run.sweep(
      'personal',
      () => sub.ref(run.uid),
      (page) => inBatches(page, 1, (batch, doc) => batch.delete(sub.doc(run.uid, doc.id))),
    );
  }
  // The outbound messages sent to the person hold their phone number and the text they received.
  await run.sweep(
    'personal',
    () => collections.outboundMessages.ref().where('recipient_uid', '==', run.uid),
    (page) => inBatches(page, 1, (batch, message) => batch.delete(collections.outboundMessages.doc(message.id))),
  );
}

export const personalErasure: ErasureStep = {
  name: 'personal',
  erases: {
    notifications: [PARENT_UID, 'user_id', 'text'],
    devices: [PARENT_UID, 'token'],
    preferences: [PARENT_UID],
    outboundMessages: ['recipient_uid', 'to', 'body'],
  },
  erase: erasePersonalSubcollections,
};
