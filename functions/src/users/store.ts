// The users' profiles: `users/{uid}`.
import { defineCollection, PLACE } from '../data/collections.js';
import { userRecordSchema } from './model.js';

export const userStore = defineCollection('users', userRecordSchema, {
  personFields: {
    uid: ['id', 'verification.by'],
    contact: ['phone'],
    name: ['display_name'],
    text: ['verification.note'],
    location: PLACE,
  },
});
