// The plans of the requests.
import { defineCollection } from '../data/collections.js';
import { workflowOutputSchema } from './model.js';

/** `workflow_outputs/{request_id}`: the plan of one request. */
export const workflowOutputStore = defineCollection('workflow_outputs', workflowOutputSchema, {
  // The rationale may quote the request's description, and names the suggested helpers.
  personFields: { uid: ['tasks.suggested_assignee_id'], text: ['rationale'] },
});
