import type { WriteBatch } from 'firebase-admin/firestore';
import { phoneContactStore } from '../../../channels/store.js';
import { userStore } from '../../store.js';
import { erased, type ErasedFields, type ErasureStepName } from '../run.js';

/** The last step, staged in the commit that records the erasure (users/erasure.ts). */
export interface FinalErasureStep {
  readonly name: ErasureStepName;
  readonly erases: readonly ErasedFields[];
  stage(batch: WriteBatch, uid: string): Promise<void>;
}

export const profileErasure: FinalErasureStep = {
  name: 'profile',
  erases: [
    erased(userStore, ['id', 'display_name', 'phone', 'location', 'geohash', 'verification.note']),
    erased(phoneContactStore, ['uid', 'id']),
  ],
  async stage(batch, uid) {
    batch.delete(userStore.doc(uid));
    // Every number linked to this person (SMS/WhatsApp intake), whatever the profile's phone says
    // now: a later message from one starts afresh instead of reaching the erased uid.
    const contacts = await phoneContactStore.ref().where('uid', '==', uid).get();
    for (const contact of contacts.docs) batch.delete(contact.ref);
  },
};
