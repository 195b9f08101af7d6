// The disasters, their members (by disaster and by user, written together: disasters/membership.ts)
// and the CAP messages issued for them.
import { defineCollection, defineSubcollection, PARENT_UID } from '../data/collections.js';
import { capMessageSchema, disasterSchema, joinedDisasterSchema, memberSchema } from './model.js';

export const disasterStore = defineCollection('disasters', disasterSchema, {
  personFields: { uid: ['created_by', 'confirmed_by', 'closed_by'] },
});

/** `disasters/{disaster_id}/members/{uid}`: membership; the chat rules read it. */
export const memberStore = defineSubcollection('disasters', 'members', memberSchema, {
  personFields: { uid: ['id'], name: ['display_name'] },
});

/** `users/{uid}/memberships/{disaster_id}`: the same memberships by user, written together with members. */
export const membershipStore = defineSubcollection('users', 'memberships', joinedDisasterSchema, {
  personFields: { uid: [PARENT_UID] },
});

/** `cap_messages/{identifier}`: every CAP 1.2 message issued for a disaster (disasters/cap.ts). */
export const capMessageStore = defineCollection('cap_messages', capMessageSchema);
