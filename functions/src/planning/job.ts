// The planning job of one request, as a state machine on the request's `planning` field:
//   pending → planning (run_id, lease) → planned | failed;  pending → skipped (likely duplicate).
// Safe under at-least-once delivery: a finished job returns at once; a live lease makes a second
// delivery fail (so the platform retries it later); an expired lease (a run that died) is taken
// over; only the run holding the lease writes its result; the output is `create()`d once.
import { randomUUID } from 'node:crypto';
import { type Changes } from '../data/collections.js';
import { disasterStore } from '../disasters/store.js';
import { requestStore } from '../requests/store.js';
import { workflowOutputStore } from '../workflow/store.js';
import { db } from '../data/firestore.js';
import { geminiBudget, GEMINI_USES } from '../config.js';
import { withGeminiFallback } from '../data/gemini-budget.js';
import { logs } from '../logs.js';
import type { HelpRequest, Planning, PotentialMatches } from '../requests/model.js';
import type { DuplicateInput, PossibleDuplicate } from '../duplicates/score.js';
import { possibleDuplicatesOf } from '../duplicates/search.js';
import { withSecondOpinion, type JudgedDuplicates } from '../duplicates/second-opinion.js';
import { PLANNING_LEASE_MS, planningDueAt } from '../requests/planning-state.js';
import type { WorkflowOutput } from '../workflow/model.js';
import {
  deterministicPlan,
  MAX_SUGGESTED_RESOURCES,
  NEED_PLANS,
  type Plan,
  type PlanningContext,
} from './deterministic.js';
import { geminiPlan, type GeminiSettings } from './gemini.js';
import { findNearby, MAX_MATCHES, type Nearby } from './nearby.js';

export { PLANNING_LEASE_MS, planningDueAt };
/** Runs started before the job is marked failed for good. */
export const MAX_PLANNING_ATTEMPTS = 5;
/** Gemini calls per minute across all instances (a shared Firestore counter). */
export const GEMINI_PLANS_PER_MINUTE = GEMINI_USES.planner.budget[0].limit;

/** Another run holds a live lease: thrown so that the platform delivers the event again later. */
export class LeaseHeldError extends Error {
  constructor(requestId: string, until: string) {
    super(`planning of request ${requestId} is in progress elsewhere (lease until ${until}); retry later`);
    this.name = 'LeaseHeldError';
  }
}

export type Outcome =
  'planned' | 'skipped' | 'failed' | 'already_done' | 'missing' | 'superseded' | 'awaiting_location';

export interface PlanningOptions {
  /** Null: deterministic planner only (no Gemini API key configured). */
  gemini: GeminiSettings | null;
  /** Gemini's second opinion on uncertain likely duplicates (duplicates/second-opinion.ts); null or absent: the scorer alone. */
  duplicatesGemini?: GeminiSettings | null;
  now?: () => number;
  /** Test hook: runs after the lease is taken, before planning (e.g. to simulate a crash). */
  afterLeaseTaken?: () => Promise<void>;
}

/** A change of the planning state (requests/store.ts derives `planning_due_at` from it). */
function planningUpdate(planning: Planning, extra: Changes<HelpRequest> = {}): Changes<HelpRequest> {
  return { planning, ...extra, updated_at: planning.updated_at };
}

type LeaseAttempt = { outcome: Outcome } | { request: HelpRequest; attempts: number };

async function takeLease(requestId: string, runId: string, now: number): Promise<LeaseAttempt> {
  return db().runTransaction(async (tx) => {
    const request = await requestStore.get(requestId, tx);
    if (!request) return { outcome: 'missing' as const };
    const { planning } = request;
    if (planning.state === 'planned' || planning.state === 'failed' || planning.state === 'skipped') {
      return { outcome: 'already_done' as const };
    }
    // Planned once its point is set (requests/placement.ts locateRequest), not before.
    if (planning.state === 'awaiting_location') return { outcome: 'awaiting_location' as const };
    if (
      planning.state === 'planning' &&
      planning.lease_expires_at !== null &&
      Date.parse(planning.lease_expires_at) > now
    ) {
      throw new LeaseHeldError(requestId, planning.lease_expires_at);
    }
    const at = new Date(now).toISOString();
    const base = { ...planning, lease_expires_at: null, run_id: null, updated_at: at };
    if (request.duplicate_of !== null) {
      const skipped: Planning = {
        ...base,
        state: 'skipped',
        last_error: `likely duplicate of request ${request.duplicate_of}; not planned again`,
      };
      requestStore.updateIn(tx, requestId, planningUpdate(skipped));
      return { outcome: 'skipped' as const };
    }
    if (planning.attempts >= MAX_PLANNING_ATTEMPTS) {
      const failed: Planning = {
        ...base,
        state: 'failed',
        last_error: planning.last_error ?? `gave up after ${planning.attempts} attempts`,
      };
      requestStore.updateIn(tx, requestId, planningUpdate(failed));
      return { outcome: 'failed' as const };
    }
    const taken: Planning = {
      ...planning,
      state: 'planning',
      attempts: planning.attempts + 1,
      run_id: runId,
      lease_expires_at: new Date(now + PLANNING_LEASE_MS).toISOString(),
      updated_at: at,
    };
    requestStore.updateIn(tx, requestId, planningUpdate(taken));
    return { request, attempts: taken.attempts };
  });
}

async function choosePlan(context: PlanningContext, gemini: GeminiSettings | null): Promise<Plan> {
  if (!gemini) return deterministicPlan(context);
  const { value, fallback } = await withGeminiFallback(
    geminiBudget('planner'),
    () => geminiPlan(context, gemini),
    (fallen) => logs.plannerFallback(context.request.id, fallen.reason),
  );
  return fallback ? deterministicPlan(context, fallback) : value;
}

export function potentialMatchesOf(nearby: Nearby, at: string): PotentialMatches {
  return {
    responders: nearby.users.slice(0, MAX_MATCHES).map(({ id, display_name, role, distance_km, area_distance_km }) => ({
      id,
      display_name,
      role,
      distance_km,
      area_distance_km,
    })),
    resources: nearby.resources.slice(0, MAX_MATCHES).map(({ id, name, category, distance_km, area_distance_km }) => ({
      id,
      name,
      category,
      distance_km,
      area_distance_km,
    })),
    computed_at: at,
  };
}

export function outputOf(request: HelpRequest, plan: Plan, durationMs: number, at: string): WorkflowOutput {
  return {
    id: request.id,
    request_id: request.id,
    disaster_id: request.disaster_id,
    planner: plan.planner,
    model: plan.model,
    duration_ms: durationMs,
    rationale: plan.rationale,
    fallback_reason: plan.fallback?.reason ?? null,
    fallback_code: plan.fallback?.code ?? null,
    tasks: plan.tasks.map((task, i) => ({
      id: `t${i + 1}`,
      ...task,
      approval_status: 'pending',
      source: 'planner',
      task_id: null,
      created_at: at,
      updated_at: at,
    })),
    resources: plan.resources.map((resource, i) => ({
      id: `r${i + 1}`,
      ...resource,
      approval_status: 'pending',
      source: 'planner',
      created_at: at,
      updated_at: at,
    })),
    created_at: at,
    updated_at: at,
  };
}

interface Scored {
  docsRead: number;
  /** The scorer's list and the candidates on it; absent when the search failed. */
  found?: { duplicates: PossibleDuplicate[]; suggested: DuplicateInput[] };
}

/**
 * The likely duplicates of a request, read beside its nearby search: a failed read leaves the
 * ones stored before (undefined) rather than failing the plan, which matters more.
 */
async function scoreDuplicates(request: HelpRequest): Promise<Scored> {
  try {
    const { docsRead, ...found } = await possibleDuplicatesOf(request);
    return { docsRead, found };
  } catch (error) {
    logs.duplicatesNotScored(request.id, error);
    return { docsRead: 0 };
  }
}

/** The scored duplicates with Gemini's second opinion where they are uncertain (it never throws). */
async function judgeDuplicates(
  request: HelpRequest,
  scored: Scored,
  gemini: GeminiSettings | null,
): Promise<JudgedDuplicates | undefined> {
  if (scored.found === undefined) return undefined;
  return withSecondOpinion(request, scored.found.duplicates, scored.found.suggested, gemini);
}

async function finish(
  requestId: string,
  runId: string,
  output: WorkflowOutput,
  matches: PotentialMatches,
  planner: Plan['planner'],
  duplicates: JudgedDuplicates | undefined,
): Promise<Outcome> {
  return db().runTransaction(async (tx) => {
    const outputRef = workflowOutputStore.doc(requestId);
    const [requestSnap, outputSnap] = await Promise.all([tx.get(requestStore.doc(requestId)), tx.get(outputRef)]);
    const request = requestSnap.data();
    if (!request) return 'missing' as const;
    if (request.planning.state !== 'planning' || request.planning.run_id !== runId) return 'superseded' as const;
    // A dispatcher may have written one already (POST /workflow-outputs): it is kept.
    if (!outputSnap.exists) tx.create(outputRef, output);
    const planned: Planning = {
      ...request.planning,
      state: 'planned',
      planner,
      last_error: null,
      lease_expires_at: null,
      run_id: null,
      updated_at: output.updated_at,
    };
    const found =
      duplicates === undefined
        ? {}
        : { possible_duplicates: duplicates.duplicates, possible_duplicates_judge: duplicates.judge };
    requestStore.updateIn(tx, requestId, planningUpdate(planned, { potential_matches: matches, ...found }));
    return 'planned' as const;
  });
}

/** Gives the lease back after a failed run: pending again (the retry plans), or failed for good. */
async function giveLeaseBack(
  requestId: string,
  runId: string,
  error: unknown,
  now: number,
): Promise<'pending' | 'failed' | 'superseded'> {
  const message = error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500);
  return db().runTransaction(async (tx) => {
    const request = await requestStore.get(requestId, tx);
    if (!request || request.planning.run_id !== runId) return 'superseded' as const;
    const state = request.planning.attempts >= MAX_PLANNING_ATTEMPTS ? 'failed' : 'pending';
    const next: Planning = {
      ...request.planning,
      state,
      last_error: message,
      lease_expires_at: null,
      run_id: null,
      updated_at: new Date(now).toISOString(),
    };
    requestStore.updateIn(tx, requestId, planningUpdate(next));
    return state;
  });
}

/**
 * What a plan is made from, read at once: the disaster and the help near the request (the
 * duplicate search runs beside them; bench/duplicates.ts times planning with it and without).
 */
export function planningReads(request: HelpRequest) {
  return [
    disasterStore.doc(request.disaster_id).get(),
    findNearby(
      request.location,
      request.disaster_id,
      request.owner_id,
      NEED_PLANS[request.type_of_need].categories,
      MAX_SUGGESTED_RESOURCES,
    ),
  ] as const;
}

/** Plans one request; idempotent. Throws when the delivery should be retried. */
export async function runPlanning(requestId: string, options: PlanningOptions): Promise<Outcome> {
  const now = options.now ?? Date.now;
  const runId = randomUUID();
  const started = now();
  const leased = await takeLease(requestId, runId, started);
  if ('outcome' in leased) {
    logs.planningSkipped(requestId, leased.outcome);
    return leased.outcome;
  }
  logs.planningStarted(requestId, leased.attempts);
  try {
    await options.afterLeaseTaken?.();
    const { request } = leased;
    const [disaster, nearby, scored] = await Promise.all([...planningReads(request), scoreDuplicates(request)]);
    const context: PlanningContext = { request, disasterName: disaster.data()?.name ?? 'an unknown disaster', nearby };
    // Gemini's second opinion on the duplicates, when it is asked, waits beside the planner's.
    const [plan, duplicates] = await Promise.all([
      choosePlan(context, options.gemini),
      judgeDuplicates(request, scored, options.duplicatesGemini ?? null),
    ]);
    const at = new Date(now()).toISOString();
    const outcome = await finish(
      requestId,
      runId,
      outputOf(request, plan, now() - started, at),
      potentialMatchesOf(nearby, at),
      plan.planner,
      duplicates,
    );
    logs.planningFinished(requestId, outcome, plan.planner, now() - started, nearby.docsRead + scored.docsRead);
    return outcome;
  } catch (error) {
    const state = await giveLeaseBack(requestId, runId, error, now());
    logs.planningFailed(requestId, leased.attempts, state, error);
    if (state === 'failed') return 'failed';
    throw error;
  }
}

/** Requests the sweeper looks at per run. */
export const SWEEP_BATCH = 50;

/**
 * The safety net behind the trigger's retries: plans requests left `pending` or `planning` with
 * no live run for longer than a lease (every delivery failed or was lost, or a run died after
 * its last retry). Returns how each was handled.
 */
export async function sweepStalePlanning(
  options: PlanningOptions,
): Promise<Record<string, Outcome | 'lease_held' | 'error'>> {
  const now = (options.now ?? Date.now)();
  const stale = await db()
    .collection(requestStore.path)
    .where('planning_due_at', '<', new Date(now))
    .orderBy('planning_due_at')
    .limit(SWEEP_BATCH)
    .get();
  const results: Record<string, Outcome | 'lease_held' | 'error'> = {};
  for (const doc of stale.docs) {
    try {
      results[doc.id] = await runPlanning(doc.id, options);
    } catch (error) {
      results[doc.id] = error instanceof LeaseHeldError ? 'lease_held' : 'error';
    }
  }
  return results;
}
