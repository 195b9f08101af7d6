// Only the exported functions. Everything they run lives in the modules they import, loaded on
// first use so that every function's cold start stays close to that of an empty one.
import type { Express } from 'express';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { geminiApiKey } from './config.js';

let app: Promise<Express> | undefined;

export const api = onRequest(
  { region: 'us-central1', secrets: [geminiApiKey], memory: '512MiB', timeoutSeconds: 60, concurrency: 80 },
  async (req, res) => {
    app ??= import('./app.js').then((module) => module.buildApp());
    (await app)(req, res);
  },
);

/**
 * Plans every new help request (planning/job.ts). retry: a failed or overlapping delivery is
 * delivered again; the job is idempotent. maxInstances bounds parallel Gemini calls, together
 * with the shared per-minute Gemini budget.
 */
export const planRequest = onDocumentCreated(
  { document: 'requests/{requestId}', region: 'us-central1', retry: true, secrets: [geminiApiKey], memory: '512MiB', timeoutSeconds: 120, maxInstances: 20 },
  async (event) => {
    const { handleRequestCreated } = await import('./planning/trigger.js');
    await handleRequestCreated(event.params.requestId);
  },
);

/** Safety net: plans requests whose every trigger delivery was lost or failed (planning/job.ts). */
export const sweepPlanning = onSchedule(
  { schedule: 'every 5 minutes', region: 'us-central1', secrets: [geminiApiKey], timeoutSeconds: 300, maxInstances: 1 },
  async () => {
    const { sweepStaleRequests } = await import('./planning/trigger.js');
    await sweepStaleRequests();
  },
);

/** Allocation jobs of POST /resources/suggest/{disaster_id} (planning/allocation.ts), rate-limited by Cloud Tasks. */
export const allocateResources = onTaskDispatched(
  {
    region: 'us-central1',
    retryConfig: { maxAttempts: 5, minBackoffSeconds: 10 },
    rateLimits: { maxConcurrentDispatches: 2, maxDispatchesPerSecond: 1 },
    timeoutSeconds: 300,
    memory: '512MiB',
  },
  async (req) => {
    const jobId = (req.data as { job_id?: unknown } | null)?.job_id;
    if (typeof jobId !== 'string') return;
    const { runAllocation } = await import('./planning/allocation.js');
    const outcome = await runAllocation(jobId);
    // A live lease elsewhere: fail this dispatch so Cloud Tasks tries again after the back-off.
    if (outcome === 'busy') throw new Error(`allocation job ${jobId} is running elsewhere`);
  },
);

/** The agent: clusters new observations into suggested disasters (agent/suggest.ts). Idempotent. */
export const suggestDisasters = onDocumentCreated(
  { document: 'observations/{observation_id}', region: 'us-central1', retry: true, secrets: [geminiApiKey], memory: '512MiB' },
  async (event) => {
    const { onObservationCreated } = await import('./agent/trigger.js');
    await onObservationCreated(event);
  },
);

// Benchmark baseline (bench/request-overhead.ts): exported only under the Functions emulator
// (whose discovery sets FUNCTIONS_EMULATOR, but passes no other variable), so never deployed;
// its code loads on its first request only.
let baseline: Promise<Express> | undefined;
export const benchBaseline =
  process.env.FUNCTIONS_EMULATOR === 'true'
    ? onRequest({ region: 'us-central1', concurrency: 80 }, async (req, res) => {
        baseline ??= import('./bench/baseline.js').then((module) => module.buildBaselineApp());
        (await baseline)(req, res);
      })
    : undefined;
