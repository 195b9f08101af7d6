// The handler behind the `planRequest` trigger (index.ts): onDocumentCreated('requests/{requestId}').
// Loaded lazily by the trigger, so the API's cold start never pays for the planner or the Gemini SDK.
import { configuredGeminiKey } from '../config.js';
import { geminiSettings } from './gemini.js';
import { runPlanning, type Outcome } from './job.js';

/**
 * At-least-once: the same event may arrive several times and concurrently. Throws (so the event
 * is delivered again) only when the job is unfinished: a live lease elsewhere or a failed run.
 */
export async function handleRequestCreated(requestId: string): Promise<Outcome> {
  const key = configuredGeminiKey();
  return runPlanning(requestId, { gemini: key ? geminiSettings(key) : null });
}

/** The handler behind the `sweepPlanning` schedule (index.ts). */
export async function sweepStaleRequests(): Promise<number> {
  const { sweepStalePlanning } = await import('./job.js');
  const key = configuredGeminiKey();
  const results = await sweepStalePlanning({ gemini: key ? geminiSettings(key) : null });
  return Object.keys(results).length;
}
