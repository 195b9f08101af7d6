// The handler behind the `planRequest` trigger (index.ts): onDocumentCreated('requests/{requestId}').
// Loaded lazily by the trigger, so the API's cold start never pays for the planner or the Gemini SDK.
import { geminiApiKey } from '../config.js';
import { geminiSettings } from './gemini.js';
import { runPlanning, type Outcome } from './job.js';

/** The Gemini key when one is configured; empty means the deterministic planner. */
function configuredKey(): string {
  // Unset under the emulators and in tests: no need to ask the params layer (it warns).
  if (!process.env.GEMINI_API_KEY) return '';
  try {
    return geminiApiKey.value();
  } catch {
    return process.env.GEMINI_API_KEY ?? '';
  }
}

/**
 * At-least-once: the same event may arrive several times and concurrently. Throws (so the event
 * is delivered again) only when the job is unfinished: a live lease elsewhere or a failed run.
 */
export async function handleRequestCreated(requestId: string): Promise<Outcome> {
  const key = configuredKey();
  return runPlanning(requestId, { gemini: key ? geminiSettings(key) : null });
}

/** The handler behind the `sweepPlanning` schedule (index.ts). */
export async function sweepStaleRequests(): Promise<number> {
  const { sweepStalePlanning } = await import('./job.js');
  const key = configuredKey();
  const results = await sweepStalePlanning({ gemini: key ? geminiSettings(key) : null });
  return Object.keys(results).length;
}
