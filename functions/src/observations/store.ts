// The field observations: `observations/{id}`.
import { defineCollection, PLACE } from '../data/collections.js';
import { observationSchema } from './model.js';

export const observationStore = defineCollection('observations', observationSchema, {
  personFields: { uid: ['reporter_id'], text: ['description'], location: PLACE },
});
