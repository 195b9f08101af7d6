// POST /resources/suggest/{disaster_id} (spec 4.5) and its result. Declared here, not in
// resources/endpoints.ts, because the allocation job is part of planning.
import { z } from 'zod';
import { defineEndpoint, Reply } from '../http/endpoint.js';
import { idSchema } from '../shared/schemas.js';
import { allocationJobSchema } from './model.js';
import * as allocation from './allocation.js';

const TAG = 'planning';

export const planningEndpoints = [
  defineEndpoint({
    method: 'post',
    path: '/resources/suggest/{disaster_id}',
    tag: TAG,
    summary: "Queue an allocation job proposing available resources for the disaster's open requests.",
    description: [
      'Answers 202 with the job id and the path of its result (also in the Location header): GET /allocation-jobs/{job_id}.',
      'The job (a Cloud Tasks task-queue function) proposes, most urgent request first, up to 3 nearby available units of fitting categories per open request, never one unit to two requests.',
      'Proposals only: nothing is claimed.',
      'Rate limit: 6 per admin per minute.',
    ].join(' '),
    access: ['admin'],
    params: z.strictObject({ disaster_id: idSchema }),
    response: z.object({ job_id: z.string(), status: z.literal('queued'), result: z.string() }),
    status: 202,
    errors: [404, 409, 503],
    rateLimit: { bucket: 'allocation:create', limit: 6, windowSeconds: 60 },
    handler: async ({ caller, params }) => {
      const queued = await allocation.requestAllocation(caller, params.disaster_id);
      return new Reply(202, queued, { Location: queued.result });
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/allocation-jobs/{job_id}',
    tag: TAG,
    summary: 'An allocation job: its status and, once done, its proposals.',
    access: ['admin'],
    params: z.strictObject({ job_id: idSchema }),
    response: allocationJobSchema,
    errors: [404],
    handler: ({ params }) => allocation.getJob(params.job_id),
  }),
];
