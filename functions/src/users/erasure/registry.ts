// The erasure steps, in the order they run, and the person fields (each feature's store.ts) that
// erasure keeps on purpose. test/person-fields.test.ts holds the two against the declarations: a
// person field that no step erases and that is not listed here as kept fails it.
import type { AnyStore, Collection, Entity, PersonFieldPath, Subcollection } from '../../data/collections.js';
import { webhookDeliveryStore, webhookStore } from '../../webhooks/store.js';
import { userStore } from '../store.js';
import type { ErasureStep } from './run.js';
import { adminTracesErasure } from './steps/admin-traces.js';
import { auditErasure } from './steps/audit.js';
import { conversationsErasure } from './steps/conversations.js';
import { matchesErasure } from './steps/matches.js';
import { membershipsErasure } from './steps/memberships.js';
import { chatErasure } from './steps/messages.js';
import { observationsErasure } from './steps/observations.js';
import { personalErasure } from './steps/personal.js';
import { profileErasure, type FinalErasureStep } from './steps/profile.js';
import { requestsErasure } from './steps/requests.js';
import { resourcesErasure } from './steps/resources.js';
import { tasksErasure } from './steps/tasks.js';

/** Run in this order; the profile and the phone contacts go last (profileErasure), with the record of the erasure. */
export const ERASURE_STEPS: readonly ErasureStep[] = [
  requestsErasure,
  matchesErasure,
  // Before notifications go: they name the tasks once assigned to them.
  tasksErasure,
  resourcesErasure,
  observationsErasure,
  chatErasure,
  adminTracesErasure,
  auditErasure,
  conversationsErasure,
  personalErasure,
  membershipsErasure,
];

export const FINAL_ERASURE_STEP: FinalErasureStep = profileErasure;

/** Person fields of one collection that erasure leaves as they are, each with the reason. */
export interface KeptFields {
  readonly store: AnyStore;
  readonly reasons: Readonly<Partial<Record<string, string>>>;
}

function kept<T extends Entity>(
  store: Collection<T> | Subcollection<T>,
  reasons: Readonly<Partial<Record<PersonFieldPath<T>, string>>>,
): KeptFields {
  return { store, reasons };
}

/** Person fields that erasure leaves as they are, and why. */
export const KEPT_PERSON_FIELDS: readonly KeptFields[] = [
  kept(userStore, {
    'verification.by':
      "the admin who verified another person stays named on that person's profile, which only admins read",
  }),
  kept(webhookStore, { created_by: 'the admin who subscribed a webhook stays named on it, which only admins read' }),
  kept(webhookDeliveryStore, { body: 'the events as sent to a subscriber; deleted by their TTL policy' }),
];

/** Which steps erase what, by collection: every step's `erases`, the last one's included. */
export const ERASURES_BY_COLLECTION: ReadonlyMap<AnyStore, readonly { step: string; fields: readonly string[] }[]> =
  (() => {
    const byCollection = new Map<AnyStore, { step: string; fields: readonly string[] }[]>();
    for (const step of [...ERASURE_STEPS, FINAL_ERASURE_STEP]) {
      for (const { store, fields } of step.erases) {
        byCollection.set(store, [...(byCollection.get(store) ?? []), { step: step.name, fields }]);
      }
    }
    return byCollection;
  })();
