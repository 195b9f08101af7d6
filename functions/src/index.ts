// Only the exported functions. Everything they run lives in the modules they import, loaded on
// first use so that every function's cold start stays close to that of an empty one.
import type { Express } from 'express';
import type * as FirestoreTriggers from 'firebase-functions/v2/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { setGlobalOptions } from 'firebase-functions/v2/options';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import {
  ALLOCATION_MAX_ATTEMPTS,
  geminiApiKey,
  REGION,
  twilioAuthToken,
  WEBHOOK_RETRY,
  webhookSealingKey,
} from './config.js';

// Before any function is defined: each takes the global options when it is defined.
setGlobalOptions({ region: REGION });

let app: Promise<Express> | undefined;

/**
 * Defines the Firestore trigger `name` in the instances that can run it. Importing
 * firebase-functions/v2/firestore loads the Firestore client and its protobufs (about 70 ms of a
 * cold start), and an instance serves one function: the runtime and each emulator worker set
 * FUNCTION_TARGET to its name and read that export alone. An instance serving another function
 * (the API) leaves the export undefined and never imports the module; deploy discovery and the
 * tests, with no FUNCTION_TARGET, get every function. test/cold-start.test.ts checks both.
 */
function firestoreTrigger<T>(name: string, define: (triggers: typeof FirestoreTriggers) => T): T | undefined {
  // Deploy discovery (FUNCTIONS_CONTROL_API) sees every function whatever else is set: a function
  // it missed would be deleted by the deploy.
  const target = process.env.FUNCTIONS_CONTROL_API === 'true' ? undefined : process.env.FUNCTION_TARGET;
  if (target && target !== name) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- synchronous: the runtime reads the exports at load
  return define(require('firebase-functions/v2/firestore') as typeof FirestoreTriggers);
}

/**
 * maxInstances bounds the slack of the shared read limits (http/read-limit.ts): a caller's reads
 * in a window are at most the limit plus a small credit per instance that served them.
 */
export const api = onRequest(
  {
    // TWILIO_AUTH_TOKEN: the signatures of Twilio's webhooks (POST /channels/twilio/status).
    // WEBHOOK_SEALING_KEY: seals the signing secret of each new webhook subscriber.
    secrets: [geminiApiKey, twilioAuthToken, webhookSealingKey],
    memory: '512MiB',
    timeoutSeconds: 60,
    concurrency: 80,
    maxInstances: 20,
  },
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
export const planRequest = firestoreTrigger('planRequest', ({ onDocumentCreated }) =>
  onDocumentCreated(
    {
      document: 'requests/{requestId}',
      retry: true,
      secrets: [geminiApiKey],
      memory: '512MiB',
      timeoutSeconds: 120,
      maxInstances: 20,
    },
    async (event) => {
      const { handleRequestCreated } = await import('./planning/trigger.js');
      await handleRequestCreated(event.params.requestId);
    },
  ),
);

/** Safety net: plans requests whose every trigger delivery was lost or failed (planning/job.ts). */
export const sweepPlanning = onSchedule(
  { schedule: 'every 5 minutes', secrets: [geminiApiKey], timeoutSeconds: 300, maxInstances: 1 },
  async () => {
    const { sweepStaleRequests } = await import('./planning/trigger.js');
    await sweepStaleRequests();
  },
);

/**
 * Recycled phone numbers (channels/recycle.ts): detaches from its person every number silent for
 * PHONE_CONTACT_RECYCLE_DAYS, since its carrier may have given it to someone else.
 */
export const sweepRecycledNumbers = onSchedule(
  { schedule: 'every day 03:00', timeZone: 'UTC', timeoutSeconds: 540, maxInstances: 1 },
  async () => {
    const { sweepRecycledNumbers: sweep } = await import('./channels/recycle.js');
    await sweep();
  },
);

/**
 * Re-confirmation (requests/confirmation.ts): asks the person of each open request not confirmed
 * within its need's interval whether they still need help, and marks unanswered questions
 * unconfirmed. At most CONFIRMATION_SWEEP_BATCH requests a run; idempotent, so a missed or
 * doubled run asks nobody twice.
 */
export const sweepConfirmations = onSchedule(
  { schedule: 'every 10 minutes', timeoutSeconds: 300, maxInstances: 1 },
  async (event) => {
    const { sweepConfirmations: sweep } = await import('./requests/confirmation.js');
    await sweep(Date.parse(event.scheduleTime) || Date.now());
  },
);

/** Allocation jobs of POST /resources/suggest/{disaster_id} (planning/allocation.ts), rate-limited by Cloud Tasks. */
export const allocateResources = onTaskDispatched(
  {
    retryConfig: { maxAttempts: ALLOCATION_MAX_ATTEMPTS, minBackoffSeconds: 10 },
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

/**
 * The agent: clusters new observations into suggested disasters (agent/suggest.ts). Idempotent,
 * so retried. maxInstances bounds a burst of reports (each event reads at most
 * AGENT_MAX_CANDIDATES observations), together with the agent's shared Gemini budget.
 */
export const suggestDisasters = firestoreTrigger('suggestDisasters', ({ onDocumentCreated }) =>
  onDocumentCreated(
    {
      document: 'observations/{observation_id}',
      retry: true,
      secrets: [geminiApiKey],
      memory: '512MiB',
      maxInstances: 10,
    },
    async (event) => {
      const { onObservationCreated } = await import('./agent/trigger.js');
      await onObservationCreated(event);
    },
  ),
);

/**
 * Outbound webhooks, first half: maps each new audit record to a webhook event and queues one
 * delivery per subscriber (webhooks/events.ts). Idempotent per audit id, so retried.
 */
export const fanOutWebhooks = firestoreTrigger('fanOutWebhooks', ({ onDocumentCreated }) =>
  onDocumentCreated(
    { document: 'audit_log/{audit_id}', retry: true, memory: '256MiB', maxInstances: 10 },
    async (event) => {
      const { onAuditRecordCreated } = await import('./webhooks/events.js');
      await onAuditRecordCreated(event);
    },
  ),
);

/**
 * Outbound messages (outbound/derive.ts): every audit record is a committed state change; the ones
 * someone must hear of (their request got a task, a responder is on the way, a task assigned to
 * them...) become outbound_messages documents, created once per record whatever the deliveries.
 */
export const outboundFromAudit = firestoreTrigger('outboundFromAudit', ({ onDocumentCreated }) =>
  onDocumentCreated({ document: 'audit_log/{auditId}', retry: true, maxInstances: 10 }, async (event) => {
    const { deriveOutbound } = await import('./outbound/derive.js');
    await deriveOutbound(event.params.auditId);
  }),
);

/**
 * Outbound webhooks, second half: one signed attempt per dispatch (webhooks/deliver.ts); a failed
 * attempt fails the dispatch, and Cloud Tasks tries again with the back-off of WEBHOOK_RETRY.
 */
export const deliverWebhook = onTaskDispatched(
  {
    retryConfig: {
      maxAttempts: WEBHOOK_RETRY.maxAttempts,
      maxRetrySeconds: WEBHOOK_RETRY.maxRetrySeconds,
      minBackoffSeconds: WEBHOOK_RETRY.minBackoffSeconds,
      maxBackoffSeconds: WEBHOOK_RETRY.maxBackoffSeconds,
      maxDoublings: WEBHOOK_RETRY.maxDoublings,
    },
    rateLimits: { maxConcurrentDispatches: 20, maxDispatchesPerSecond: 20 },
    timeoutSeconds: 30,
    memory: '256MiB',
    // Opens the subscriber's sealed signing secret.
    secrets: [webhookSealingKey],
  },
  async (req) => {
    const data = req.data as { webhook_id?: unknown; delivery_id?: unknown } | null;
    const webhookId = data?.webhook_id;
    const deliveryId = data?.delivery_id;
    if (typeof webhookId !== 'string' || typeof deliveryId !== 'string') return;
    const { runDelivery } = await import('./webhooks/deliver.js');
    const outcome = await runDelivery(webhookId, deliveryId);
    if (outcome === 'retry')
      throw new Error(`webhook delivery ${webhookId}/${deliveryId} failed; Cloud Tasks retries it`);
  },
);

/**
 * The delivery worker (outbound/worker.ts): sends one message by push, SMS or WhatsApp. retry: a
 * transient failure throws and the platform delivers the event again with its back-off; the worker
 * is idempotent. maxInstances bounds concurrent sends to Twilio and FCM.
 */
export const deliverOutbound = firestoreTrigger('deliverOutbound', ({ onDocumentCreated }) =>
  onDocumentCreated(
    {
      document: 'outbound_messages/{messageId}',
      retry: true,
      secrets: [twilioAuthToken],
      timeoutSeconds: 60,
      maxInstances: 10,
    },
    async (event) => {
      // A reply to an inbound message is created already sent (its TwiML carried it) or
      // suppressed: nothing to send, so not even the worker's read.
      const status: unknown = event.data?.get('status');
      if (status !== undefined && status !== 'queued') return;
      const { deliverMessage } = await import('./outbound/worker.js');
      await deliverMessage(event.params.messageId);
    },
  ),
);

// Benchmark baseline (bench/request-overhead.ts): exported only under the Functions emulator
// (whose discovery sets FUNCTIONS_EMULATOR, but passes no other variable), so never deployed;
// its code loads on its first request only.
let baseline: Promise<Express> | undefined;
export const benchBaseline =
  process.env.FUNCTIONS_EMULATOR === 'true'
    ? onRequest({ concurrency: 80 }, async (req, res) => {
        baseline ??= import('./bench/baseline.js').then((module) => module.buildBaselineApp());
        (await baseline)(req, res);
      })
    : undefined;
