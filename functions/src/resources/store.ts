// The resources: `resources/{id}`.
import { defineCollection, PLACE } from '../data/collections.js';
import { resourceSchema } from './model.js';

export const resourceStore = defineCollection('resources', resourceSchema, {
  personFields: { uid: ['owner_id'], text: ['description'], location: PLACE },
});
