// The resource allocation jobs.
import { defineCollection } from '../data/collections.js';
import { allocationJobSchema } from './model.js';

/** `allocation_jobs/{id}`: resource allocation proposals for a disaster (POST /resources/suggest/{disaster_id}). */
export const allocationJobStore = defineCollection('allocation_jobs', allocationJobSchema, {
  personFields: { uid: ['requested_by'] },
});
