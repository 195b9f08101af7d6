// The users' profiles, and the codes that confirm their numbers.
import { defineCollection, PLACE } from '../data/collections.js';
import { phoneVerificationSchema, userRecordSchema } from './model.js';

export const userStore = defineCollection('users', userRecordSchema, {
  personFields: {
    uid: ['id', 'verification.by'],
    contact: ['phone'],
    name: ['display_name'],
    text: ['verification.note'],
    location: PLACE,
  },
});

/** `phone_verifications/{uid}`: the one code pending for a user (users/phone-verification.ts); `expires_at` carries a TTL policy. */
export const phoneVerificationStore = defineCollection('phone_verifications', phoneVerificationSchema, {
  personFields: { uid: ['id'], contact: ['phone'] },
});
