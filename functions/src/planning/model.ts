// `allocation_jobs/{id}`: the jobs of POST /resources/suggest/{disaster_id} (planning/allocation.ts).
import { z } from 'zod';
import { idSchema, isoDateTime } from '../shared/schemas.js';

export const ALLOCATION_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** `allocation_jobs/{id}`: one run of POST /resources/suggest/{disaster_id} and its proposals. */
export const allocationJobSchema = z.object({
  id: idSchema,
  disaster_id: idSchema,
  status: z.enum(ALLOCATION_JOB_STATUSES),
  requested_by: idSchema,
  /** One entry per open request considered, most urgent first; a resource appears at most once overall. */
  proposals: z.array(
    z.object({
      request_id: idSchema,
      type_of_need: z.string(),
      resources: z.array(
        z.object({ resource_id: idSchema, name: z.string(), category: z.string(), distance_km: z.number() }),
      ),
    }),
  ),
  requests_considered: z.number().int().min(0),
  attempts: z.number().int().min(0),
  last_error: z.string().nullable(),
  lease_expires_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  finished_at: isoDateTime.nullable(),
});
export type AllocationJob = z.infer<typeof allocationJobSchema>;
