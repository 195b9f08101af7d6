// Only the exported functions. Everything they run lives in the modules they import, loaded on
// first use so that every function's cold start stays close to that of an empty one.
import type { Express } from 'express';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import { geminiApiKey } from './config.js';

let app: Promise<Express> | undefined;

export const api = onRequest(
  { region: 'us-central1', secrets: [geminiApiKey], memory: '512MiB', timeoutSeconds: 60, concurrency: 80 },
  async (req, res) => {
    app ??= import('./app.js').then((module) => module.buildApp());
    (await app)(req, res);
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
