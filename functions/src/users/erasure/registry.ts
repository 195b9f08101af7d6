// The erasure steps, in the order they run, and the person fields (data/collections.ts) that
// erasure keeps on purpose. test/person-fields.test.ts holds the two against the declarations: a
// person field that no step erases and that is not listed here as kept fails it.
import type { CollectionName } from '../../data/collections.js';
import type { ErasedFields, ErasureStep } from './run.js';
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

/** Person fields that erasure leaves as they are, and why. */
export const KEPT_PERSON_FIELDS: { readonly [C in CollectionName]?: Readonly<Partial<Record<string, string>>> } = {
  users: {
    'verification.by':
      "the admin who verified another person stays named on that person's profile, which only admins read",
  },
  webhooks: { created_by: 'the admin who subscribed a webhook stays named on it, which only admins read' },
  webhookDeliveries: { body: 'the events as sent to a subscriber; deleted by their TTL policy' },
};

/** Which steps erase what, by collection: every step's `erases`, the last one's included. */
export const ERASURES_BY_COLLECTION: ReadonlyMap<
  CollectionName,
  readonly { step: string; fields: readonly string[] }[]
> = (() => {
  const byCollection = new Map<CollectionName, { step: string; fields: readonly string[] }[]>();
  for (const step of [...ERASURE_STEPS, FINAL_ERASURE_STEP]) {
    for (const [name, fields] of Object.entries(step.erases) as [CollectionName, ErasedFields[CollectionName]][]) {
      byCollection.set(name, [...(byCollection.get(name) ?? []), { step: step.name, fields: fields ?? [] }]);
    }
  }
  return byCollection;
})();
