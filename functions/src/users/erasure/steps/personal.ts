import { PARENT_UID } from '../../../data/collections.js';
import { notificationStore } from '../../../notifications/store.js';
import { deviceStore, outboundMessageStore, preferenceStore } from '../../../outbound/store.js';
import { clientRefStore } from '../../../requests/store.js';
import { phoneVerificationStore } from '../../store.js';
import { erased, inBatches, type ErasureRun, type ErasureStep } from '../run.js';

/** Subcollections of `users/{uid}` that hold only the person's own data and are deleted as they are. */
const PERSONAL_SUBCOLLECTIONS = [notificationStore, deviceStore, preferenceStore] as const;

/**
 * Their notifications, devices and preferences, the outbound messages sent to them, a code pending
 * for their number and their requests' client references: deleted.
 */
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
    () => outboundMessageStore.ref().where('recipient_uid', '==', run.uid),
    (page) => inBatches(page, 1, (batch, message) => batch.delete(outboundMessageStore.doc(message.id))),
  );
  // A code pending for their number, and the client references of the requests they made: a
  // reference travelled in an SMS, so the provider's log ties it to the number.
  await phoneVerificationStore.doc(run.uid).delete();
  await run.sweep(
    'personal',
    () => clientRefStore.ref().where('owner_id', '==', run.uid),
    (page) => inBatches(page, 1, (batch, ref) => batch.delete(clientRefStore.doc(ref.id))),
  );
}

export const personalErasure: ErasureStep = {
  name: 'personal',
  erases: [
    erased(notificationStore, [PARENT_UID, 'user_id', 'text']),
    erased(deviceStore, [PARENT_UID, 'token']),
    erased(preferenceStore, [PARENT_UID]),
    erased(outboundMessageStore, ['recipient_uid', 'to', 'body']),
    erased(phoneVerificationStore, ['id', 'phone']),
    erased(clientRefStore, ['owner_id', 'request_id']),
  ],
  erase: erasePersonalSubcollections,
};
