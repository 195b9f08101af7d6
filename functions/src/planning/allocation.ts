// Resource allocation proposals for a disaster (POST /resources/suggest/{disaster_id}): a job
// document, a Cloud Tasks task-queue function (`allocateResources`, index.ts) that fills it in.
// The proposal never offers one resource unit to two requests. Proposals only: nothing is claimed;
// a dispatcher turns them into workflow suggestions or tasks.
import { randomUUID } from 'node:crypto';
import { ALLOCATION_MAX_ATTEMPTS, REGION } from '../config.js';
import { allocationJobStore } from './store.js';
import { requestStore } from '../requests/store.js';
import { adminApp, db } from '../data/firestore.js';
import { UnavailableError } from '../errors.js';
import { requireConfirmedDisaster } from '../disasters/service.js';
import type { Caller } from '../shared/caller.js';
import { logs } from '../logs.js';
import type { HelpRequest } from '../requests/model.js';
import type { AllocationJob } from './model.js';
import { fittingResources, MAX_SUGGESTED_RESOURCES, NEED_PLANS } from './deterministic.js';
import { nearbyResources } from './nearby.js';

/** The task-queue function's name (index.ts). */
export const ALLOCATION_QUEUE = 'allocateResources';
/** Resources proposed per request. */
export const RESOURCES_PER_REQUEST = 3;
/** Open requests considered per job, most urgent first. */
export const MAX_REQUESTS_PER_JOB = 200;
/** How long a run of an allocation job holds it (the task-queue handler's time-out is shorter). */
const ALLOCATION_LEASE_MS = 300_000;

/** Needs served first when units are scarce: life first. */
const URGENCY: Record<HelpRequest['type_of_need'], number> = {
  rescue: 1,
  medical: 1,
  evacuation: 1,
  water: 2,
  shelter: 2,
  food: 3,
  sanitation: 3,
  other: 4,
};

export interface QueuedJob {
  job_id: string;
  status: 'queued';
  result: string;
}

async function enqueue(jobId: string): Promise<void> {
  const { getFunctions } = await import('firebase-admin/functions');
  await getFunctions(adminApp())
    .taskQueue(`locations/${REGION}/functions/${ALLOCATION_QUEUE}`)
    .enqueue({ job_id: jobId }, { id: jobId });
}

/** Stores a queued job and enqueues it; a job that cannot be enqueued is not left behind. */
export async function requestAllocation(caller: Caller, disasterId: string): Promise<QueuedJob> {
  await requireConfirmedDisaster(disasterId, caller);
  const at = new Date().toISOString();
  const job: AllocationJob = {
    id: randomUUID().replace(/-/g, ''),
    disaster_id: disasterId,
    status: 'queued',
    requested_by: caller.uid,
    proposals: [],
    requests_considered: 0,
    attempts: 0,
    last_error: null,
    lease_expires_at: null,
    created_at: at,
    updated_at: at,
    finished_at: null,
  };
  const ref = allocationJobStore.doc(job.id);
  await ref.create(job);
  try {
    await enqueue(job.id);
  } catch (error) {
    await ref.delete();
    logs.allocationNotQueued(job.id, error);
    throw new UnavailableError('The allocation job could not be queued; try again shortly.');
  }
  return { job_id: job.id, status: 'queued', result: `/allocation-jobs/${job.id}` };
}

export async function getJob(jobId: string): Promise<AllocationJob> {
  const job = await allocationJobStore.require(jobId, 'Allocation job');
  return job;
}

/** Pure: most urgent (then oldest) request first takes its nearest fitting units not yet taken. */
export function allocate(
  requests: readonly HelpRequest[],
  candidates: ReadonlyMap<string, Awaited<ReturnType<typeof nearbyResources>>['resources']>,
): AllocationJob['proposals'] {
  const taken = new Set<string>();
  const ordered = [...requests].sort(
    (a, b) => URGENCY[a.type_of_need] - URGENCY[b.type_of_need] || a.created_at.localeCompare(b.created_at),
  );
  return ordered.map((request) => {
    const units = fittingResources(request.type_of_need, candidates.get(request.id) ?? [])
      .filter((resource) => !taken.has(resource.id))
      .slice(0, RESOURCES_PER_REQUEST);
    for (const unit of units) taken.add(unit.id);
    return {
      request_id: request.id,
      type_of_need: request.type_of_need,
      resources: units.map(({ id, name, category, distance_km }) => ({ resource_id: id, name, category, distance_km })),
    };
  });
}

/** The task-queue handler; idempotent (a finished job returns at once, a live lease is left alone). */
export async function runAllocation(
  jobId: string,
  now = Date.now,
): Promise<AllocationJob['status'] | 'missing' | 'busy'> {
  const leased = await db().runTransaction(async (tx) => {
    const job = await allocationJobStore.get(jobId, tx);
    if (!job) return 'missing' as const;
    if (job.status === 'done' || job.status === 'failed') return job.status;
    if (job.status === 'running' && job.lease_expires_at !== null && Date.parse(job.lease_expires_at) > now())
      return 'busy' as const;
    const at = new Date(now()).toISOString();
    allocationJobStore.updateIn(tx, jobId, {
      status: 'running',
      attempts: job.attempts + 1,
      lease_expires_at: new Date(now() + ALLOCATION_LEASE_MS).toISOString(),
      updated_at: at,
    });
    return job;
  });
  if (typeof leased === 'string') return leased;
  try {
    const snapshot = await requestStore
      .ref()
      .where('disaster_id', '==', leased.disaster_id)
      .where('status', '==', 'open')
      .orderBy('sort_key', 'desc')
      .limit(MAX_REQUESTS_PER_JOB)
      .get();
    const requests = snapshot.docs.map((doc) => doc.data()).filter((request) => request.duplicate_of === null);
    const candidates = new Map(
      await Promise.all(
        requests.map(async (request) => {
          const categories = NEED_PLANS[request.type_of_need].categories;
          const { resources } = await nearbyResources(
            request.location,
            request.disaster_id,
            categories,
            MAX_SUGGESTED_RESOURCES,
          );
          return [request.id, resources] as const;
        }),
      ),
    );
    const proposals = allocate(requests, candidates);
    const at = new Date(now()).toISOString();
    await allocationJobStore.update(jobId, {
      status: 'done',
      proposals,
      requests_considered: requests.length,
      lease_expires_at: null,
      last_error: null,
      updated_at: at,
      finished_at: at,
    });
    return 'done';
  } catch (error) {
    const message = error instanceof Error ? error.message.slice(0, 500) : String(error);
    const final = leased.attempts + 1 >= ALLOCATION_MAX_ATTEMPTS;
    await allocationJobStore.update(jobId, {
      status: final ? 'failed' : 'queued',
      last_error: message,
      lease_expires_at: null,
      updated_at: new Date(now()).toISOString(),
      finished_at: final ? new Date(now()).toISOString() : null,
    });
    if (final) return 'failed';
    throw error;
  }
}
