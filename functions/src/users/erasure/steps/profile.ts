import type { WriteBatch } from 'firebase-admin/firestore';
import { collections } from '../../../data/collections.js';
import type { ErasedFields, ErasureStepName } from '../run.js';

/** The last step, staged in the commit that records the erasure (users/erasure.ts). */
export interface FinalErasureStep {
  readonly name: ErasureStepName;
  readonly erases: ErasedFields;
  stage(batch: WriteBatch, uid: string): Promise<void>;
}

export const profileErasure: FinalErasureStep = {
  name: 'profile',
  erases: {
    users: ['id', 'display_name', 'phone', 'location', 'geohash', 'verification.note'],
    phoneContacts: ['uid', 'id'],
  },
  async stage(batch, uid) {
    batch.delete(collections.users.doc(uid));
    // Every number linked to this person (SMS/WhatsApp intake), whatever the profile's phone says
    // now: a later message from one starts afresh instead of reaching the erased uid.
    const contacts = await collections.phoneContacts.ref().where('uid', '==', uid).get();
    for (const contact of contacts.docs) batch.delete(contact.ref);
  },
};
