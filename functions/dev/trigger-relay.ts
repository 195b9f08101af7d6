// Firestore trigger relay, for the embedded Firestore emulator, which sends no events: loads the
// built functions (lib/index.js, the very code that runs in production) in this process, with the
// environment the function runtime gets, finds every exported `onDocumentCreated` trigger, listens
// to the collection its document pattern names, and calls the exported function with a CloudEvent
// shaped like Firestore's for every document created, at least once, as Firestore does.
//
// Run by dev/stack.ts as `node --import tsx dev/trigger-relay.ts [path/to/module.js]` with the
// runtime environment set; prints `ready ...` once listening and one `delivered ...` line per
// delivery (they land in the stack log).
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { getApps, initializeApp } from 'firebase-admin/app';
import {
  DocumentReference,
  GeoPoint,
  Timestamp,
  getFirestore,
  type DocumentSnapshot,
  type Firestore,
} from 'firebase-admin/firestore';

export const CREATED = 'google.cloud.firestore.document.v1.created';
const CREATED_WITH_AUTH = 'google.cloud.firestore.document.v1.created.withAuthContext';

interface EventTrigger {
  eventType?: string;
  eventFilters?: Record<string, string>;
  eventFilterPathPatterns?: Record<string, string>;
  retry?: boolean;
}
type TriggerFunction = ((event: unknown) => unknown) & { __endpoint?: { eventTrigger?: EventTrigger } };

export interface CreateTrigger {
  name: string;
  run: TriggerFunction;
  eventType: string;
  pattern: string;
  collection: string;
  /** The document id when the pattern names one document, undefined for a wildcard. */
  documentId: string | undefined;
  retry: boolean;
}

/** The create triggers among a module's exports; warns about the ones it cannot relay. */
export function findCreateTriggers(
  exports: Record<string, unknown>,
  warn: (m: string) => void = console.warn,
): CreateTrigger[] {
  const triggers: CreateTrigger[] = [];
  for (const [name, value] of Object.entries(exports)) {
    if (typeof value !== 'function') continue;
    const trigger = (value as TriggerFunction).__endpoint?.eventTrigger;
    const eventType = trigger?.eventType;
    if (!eventType?.startsWith('google.cloud.firestore.document.')) continue;
    if (eventType !== CREATED && eventType !== CREATED_WITH_AUTH) {
      warn(`${name}: ${eventType} triggers are not delivered by the local relay (only document creations are)`);
      continue;
    }
    const pattern = trigger?.eventFilterPathPatterns?.document ?? trigger?.eventFilters?.document;
    const database = trigger?.eventFilters?.database ?? '(default)';
    if (!pattern) {
      warn(`${name}: no document pattern in its trigger, skipped`);
      continue;
    }
    if (database !== '(default)') {
      warn(`${name}: database ${database} is not emulated locally, skipped`);
      continue;
    }
    const segments = pattern.replace(/^\/+|\/+$/g, '').split('/');
    const [collection, document] = segments;
    if (segments.length !== 2 || !collection || !document || collection.includes('{')) {
      warn(
        `${name}: nested or unusual document pattern "${pattern}" is not relayed locally (top-level collections only), skipped`,
      );
      continue;
    }
    triggers.push({
      name,
      run: value as TriggerFunction,
      eventType,
      pattern,
      collection,
      documentId: document.startsWith('{') ? undefined : document,
      retry: trigger?.retry === true,
    });
  }
  return triggers;
}

// --- Firestore REST value encoding (what createSnapshotFromJson decodes) ----------------------

type RestValue = Record<string, unknown>;

function timestampString(ts: Timestamp): string {
  const iso = ts.toDate().toISOString(); // millisecond precision
  return `${iso.slice(0, 19)}.${String(ts.nanoseconds).padStart(9, '0')}Z`;
}

export function encodeValue(value: unknown, projectId: string): RestValue {
  if (value === null || value === undefined) return { nullValue: null };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number')
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  if (typeof value === 'bigint') return { integerValue: value.toString() };
  if (typeof value === 'string') return { stringValue: value };
  if (value instanceof Timestamp) return { timestampValue: timestampString(value) };
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (value instanceof GeoPoint) return { geoPointValue: { latitude: value.latitude, longitude: value.longitude } };
  if (value instanceof DocumentReference)
    return { referenceValue: `projects/${projectId}/databases/(default)/documents/${value.path}` };
  if (value instanceof Uint8Array) return { bytesValue: Buffer.from(value).toString('base64') };
  if (Array.isArray(value)) return { arrayValue: { values: value.map((v) => encodeValue(v, projectId)) } };
  if (typeof value === 'object')
    return { mapValue: { fields: encodeFields(value as Record<string, unknown>, projectId) } };
  throw new Error(`cannot encode a ${typeof value} for a Firestore event`);
}

export function encodeFields(data: Record<string, unknown>, projectId: string): Record<string, RestValue> {
  return Object.fromEntries(Object.entries(data).map(([key, v]) => [key, encodeValue(v, projectId)]));
}

/** The CloudEvent Firestore sends for the creation of `snapshot`, JSON-encoded. */
export function createdEvent(trigger: Pick<CreateTrigger, 'eventType'>, snapshot: DocumentSnapshot, projectId: string) {
  const createTime = snapshot.createTime ?? snapshot.readTime;
  const updateTime = snapshot.updateTime ?? createTime;
  const document = snapshot.ref.path;
  const name = `projects/${projectId}/databases/(default)/documents/${document}`;
  return {
    specversion: '1.0',
    // Stable for one creation of one document: redeliveries carry the same id, as Firestore's do.
    id: createHash('sha256')
      .update(`${name}@${createTime.seconds}.${createTime.nanoseconds}`)
      .digest('hex')
      .slice(0, 32),
    source: `//firestore.googleapis.com/projects/${projectId}/databases/(default)`,
    type: trigger.eventType,
    subject: `documents/${document}`,
    time: timestampString(createTime),
    datacontenttype: 'application/json',
    location: process.env.FIRESTORE_LOCATION ?? 'nam5',
    project: projectId,
    database: '(default)',
    namespace: '(default)',
    document,
    data: {
      value: {
        name,
        fields: encodeFields(snapshot.data() ?? {}, projectId),
        createTime: timestampString(createTime),
        updateTime: timestampString(updateTime),
      },
    },
  };
}

// --- Delivery -----------------------------------------------------------------------------------

/**
 * Eventarc retries a `retry: true` function's failed event with exponential back-off for up to a
 * day; locally the same shape, compressed: 8 attempts within about 30 s (also dev/trigger-events.ts).
 */
export const LOCAL_RETRY = { maxAttempts: 8, baseDelayMs: 250, maxDelayMs: 10_000 } as const;

/** The wait after failed attempt `attempt` (1-based). */
export function retryDelayMs(attempt: number, baseDelayMs: number = LOCAL_RETRY.baseDelayMs): number {
  return Math.min(baseDelayMs * 2 ** (attempt - 1), LOCAL_RETRY.maxDelayMs);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A small concurrency bound: deliveries run in parallel, at most `limit` at a time. */
function limiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((r) => waiting.push(r));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

export interface RelayOptions {
  db: Firestore;
  projectId: string;
  concurrency?: number;
  maxAttempts?: number;
  baseDelayMs?: number;
  log?: (line: string) => void;
}

/** Listens and delivers; returns a function that stops listening. */
export function relay(triggers: CreateTrigger[], options: RelayOptions): () => void {
  const log = options.log ?? ((line: string) => console.log(line));
  const run = limiter(options.concurrency ?? 4);
  const maxAttempts = options.maxAttempts ?? LOCAL_RETRY.maxAttempts;
  const baseDelay = options.baseDelayMs ?? LOCAL_RETRY.baseDelayMs;

  const deliver = async (trigger: CreateTrigger, snapshot: DocumentSnapshot) => {
    const event = createdEvent(trigger, snapshot, options.projectId);
    const attempts = trigger.retry ? maxAttempts : 1;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        await run(async () => {
          await trigger.run(event);
        });
        log(`delivered ${trigger.name} ${event.document} id=${event.id}${attempt > 1 ? ` attempt=${attempt}` : ''}`);
        return;
      } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        if (attempt < attempts) {
          const delay = retryDelayMs(attempt, baseDelay);
          log(
            `failed ${trigger.name} ${event.document} id=${event.id} attempt=${attempt}, retrying in ${delay} ms: ${message}`,
          );
          await sleep(delay);
        } else {
          log(
            `dropped ${trigger.name} ${event.document} id=${event.id} after ${attempt} attempt(s)${trigger.retry ? '' : ' (retry is off)'}: ${message}`,
          );
        }
      }
    }
  };

  const unsubscribes: (() => void)[] = [];
  for (const collection of new Set(triggers.map((t) => t.collection))) {
    const forCollection = triggers.filter((t) => t.collection === collection);
    // The creation each document was last delivered for: a document deleted and created again
    // (or the emulator reset under us) is a new creation, an update is not.
    const delivered = new Map<string, string>();
    const unsubscribe = options.db.collection(collection).onSnapshot(
      (snapshot) => {
        for (const change of snapshot.docChanges()) {
          const doc = change.doc;
          if (change.type === 'removed') {
            delivered.delete(doc.ref.path);
            continue;
          }
          const created = doc.createTime ? `${doc.createTime.seconds}.${doc.createTime.nanoseconds}` : '';
          if (delivered.get(doc.ref.path) === created) continue;
          delivered.set(doc.ref.path, created);
          for (const trigger of forCollection) {
            if (trigger.documentId !== undefined && trigger.documentId !== doc.id) continue;
            void deliver(trigger, doc);
          }
        }
      },
      (error) => {
        log(`listener on ${collection} failed: ${error.message}`);
        process.exitCode = 1;
      },
    );
    unsubscribes.push(unsubscribe);
  }
  return () => unsubscribes.forEach((u) => u());
}

function main(): void {
  const modulePath = resolve(process.argv[2] ?? join(__dirname, '..', 'lib', 'index.js'));
  const projectId = process.env.GCLOUD_PROJECT ?? 'demo-disaster-response';
  if (!process.env.FIRESTORE_EMULATOR_HOST)
    throw new Error('FIRESTORE_EMULATOR_HOST is not set: the relay only runs against an emulator');
  const app = getApps()[0] ?? initializeApp({ projectId });
  const db = getFirestore(app);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const exports = require(modulePath) as Record<string, unknown>;
  const triggers = findCreateTriggers(exports, (m) => console.log(`warning: ${m}`));
  if (triggers.length === 0) {
    console.log('ready: no Firestore create triggers exported, nothing to relay');
  } else {
    relay(triggers, { db, projectId });
    console.log(
      `ready: relaying document creations to ${triggers.map((t) => `${t.name} (${t.pattern}${t.retry ? ', retry' : ''})`).join(', ')}`,
    );
  }
  const exit = () => process.exit(0);
  process.on('SIGTERM', exit);
  process.on('SIGINT', exit);
  process.on('disconnect', exit);
  // Keep running even without listeners: the stack owns this process's lifetime.
  setInterval(() => undefined, 1 << 30);
}

if (require.main === module) {
  try {
    main();
  } catch (error) {
    console.error(`relay failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  }
}
