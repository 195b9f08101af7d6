// The handler behind the `planRequest` trigger (index.ts): onDocumentCreated('requests/{requestId}').
// Loaded lazily by the trigger, so the API's cold start never pays for the planner or the Gemini SDK.
import { configuredGemini } from '../config.js';
import { logs } from '../logs.js';
import { UnreadableDocumentError } from '../errors.js';
import { runPlanning, type Outcome, type PlanningOptions } from './job.js';

/** Gemini for the plan and for the second opinion on likely duplicates, where a key is configured. */
const configuredPlanning = (): PlanningOptions => ({
  gemini: configuredGemini('planner'),
  duplicatesGemini: configuredGemini('duplicates'),
});

/**
 * At-least-once: the same event may arrive several times and concurrently. Throws (so the event
 * is delivered again) only when the job is unfinished: a live lease elsewhere or a failed run.
 */
export async function handleRequestCreated(requestId: string | undefined): Promise<Outcome> {
  // Not a Firestore event of requests/{requestId}: retrying it would never succeed.
  if (!requestId) {
    logs.planningSkipped('(none)', 'missing');
    return 'missing';
  }
  try {
    return await runPlanning(requestId, configuredPlanning());
  } catch (error) {
    // The request itself unreadable stays so however often the event is retried (another
    // document read on the way, a neighbour, is not this event's to drop).
    if (!(error instanceof UnreadableDocumentError) || error.path !== `requests/${requestId}`) throw error;
    logs.planningSkipped(requestId, 'unreadable');
    return 'missing';
  }
}

/** The handler behind the `sweepPlanning` schedule (index.ts). */
export async function sweepStaleRequests(): Promise<number> {
  const { sweepStalePlanning } = await import('./job.js');
  const results = await sweepStalePlanning(configuredPlanning());
  return Object.keys(results).length;
}
