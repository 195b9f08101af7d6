// Only the exported functions. Everything they run lives in the modules they import, loaded on
// first use so that every function's cold start stays close to that of an empty one.
import type { Express } from 'express';
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
