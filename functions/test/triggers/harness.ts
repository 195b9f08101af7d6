// Harness of the trigger unit tests (test/triggers/): firebase-functions-test wraps the functions
// that src/index.ts exports, and the tests hand them events built here. Firestore is real: the
// embedded emulator `npm test` starts for this phase alone (no Functions emulator, no trigger
// relay), so a handler runs only when a test delivers an event, and the emulator's operation
// counters say exactly what a delivery wrote.
import functionsTest from 'firebase-functions-test';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { db } from '../../src/data/firestore.js';
import { resetFirestore } from '../helpers/emulators.js';

export const PROJECT_ID = 'demo-disaster-response';

if (!process.env.FIRESTORE_EMULATOR_HOST) {
  throw new Error(
    'FIRESTORE_EMULATOR_HOST is not set: run the trigger tests through `npm test` (it starts a Firestore emulator for them).',
  );
}
// No Gemini key: the planner and the agent take their deterministic paths.
delete process.env.GEMINI_API_KEY;

/**
 * Online mode, with the emulators' project: the SDK sets FIREBASE_CONFIG and GCLOUD_PROJECT to it,
 * so the Admin SDK app of the code under test and the one the SDK keeps for snapshots both reach
 * the emulator (offline mode would point them at a made-up project).
 */
export const functionsTestSdk = functionsTest({ projectId: PROJECT_ID });

/**
 * A Firestore trigger as src/index.ts exports it: defined in any process without FUNCTION_TARGET,
 * as this one (only an instance serving another function leaves it undefined).
 */
export function firestoreTriggerOf<T>(exported: T | undefined): T {
  if (exported === undefined) throw new Error('src/index.ts exported no function: is FUNCTION_TARGET set?');
  return exported;
}

/** Empties the emulator; each file calls it in its `before`. */
export async function emptyFirestore(): Promise<void> {
  await resetFirestore();
}

/**
 * A Firestore create event as the platform sends it for `collection/id`: the document as stored
 * now (or `created`, for a document deleted before the delivery) and the params of the trigger's
 * path pattern. The params are what the handlers act on; without them the wrapper fills in
 * nothing useful (its default document is the pattern with "undefined" for every wildcard).
 */
export async function documentCreated(
  collection: string,
  param: string,
  id: string,
  options: { eventId?: string; created?: DocumentSnapshot } = {},
): Promise<{ id: string; type: string; document: string; params: Record<string, string>; data: DocumentSnapshot }> {
  const data = options.created ?? (await db().collection(collection).doc(id).get());
  if (!data.exists) throw new Error(`${collection}/${id} does not exist: pass the snapshot it was created with`);
  return {
    id: options.eventId ?? `event-${collection}-${id}`,
    type: 'google.cloud.firestore.document.v1.created',
    document: `${collection}/${id}`,
    params: { [param]: id },
    data,
  };
}

/** A snapshot of a document as it was created, for an event whose document is gone meanwhile. */
export function createdSnapshot(path: string, fields: Record<string, unknown>): DocumentSnapshot {
  return functionsTestSdk.firestore.makeDocumentSnapshot(fields, path) as DocumentSnapshot;
}

interface Metrics {
  reads: number;
  missing_reads: number;
  empty_queries: number;
  writes: number;
  by_collection: Record<string, { reads: number; writes: number }>;
}

async function metrics(method: 'GET' | 'DELETE'): Promise<Metrics> {
  const response = await fetch(`http://${process.env.FIRESTORE_EMULATOR_HOST}/emulator/v1/metrics`, { method });
  if (!response.ok) throw new Error(`the embedded emulator's metrics: ${response.status} ${await response.text()}`);
  return (await response.json()) as Metrics;
}

/** Runs `deliver` and returns the documents written meanwhile, per collection (`{}`: nothing). */
export async function writesDuring(deliver: () => Promise<unknown>): Promise<Record<string, number>> {
  await metrics('DELETE');
  await deliver();
  const { by_collection: byCollection } = await metrics('GET');
  return Object.fromEntries(
    Object.entries(byCollection)
      .filter(([, counts]) => counts.writes > 0)
      .map(([name, counts]) => [name, counts.writes]),
  );
}

/**
 * Runs `act` and returns the reads Firestore bills for it: in all (a document missing and a query
 * that finds nothing bill one each), the documents read per collection (`{}`: none), and the
 * queries that returned none.
 */
export async function readsDuring(
  act: () => Promise<unknown>,
): Promise<{ billed: number; byCollection: Record<string, number>; emptyQueries: number }> {
  await metrics('DELETE');
  await act();
  const counted = await metrics('GET');
  return {
    billed: counted.reads + counted.missing_reads + counted.empty_queries,
    byCollection: Object.fromEntries(
      Object.entries(counted.by_collection)
        .filter(([, counts]) => counts.reads > 0)
        .map(([name, counts]) => [name, counts.reads]),
    ),
    emptyQueries: counted.empty_queries,
  };
}

/** The raw stored fields of a document (Timestamps and all), to compare before and after a delivery. */
export async function rawDocument(path: string): Promise<Record<string, unknown> | undefined> {
  return (await db().doc(path).get()).data();
}
