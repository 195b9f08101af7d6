// The embedded Firestore emulator (@firestore-emulator/server, gRPC, in Node), run as a child
// process of the local stack: `node --import tsx dev/embedded-firestore.ts <port> [host]`.
//
// One TCP port serves two protocols, as the official emulator does:
// - gRPC (HTTP/2, what firebase-admin speaks) goes to the emulator's grpc-js server through a
//   connection injector;
// - HTTP/1.1 answers the official emulator's REST reset call
//   `DELETE /emulator/v1/projects/{project}/databases/(default)/documents`, so tests reset both
//   kinds the same way, plus `GET /` (a liveness answer, "Ok" like the official one), and the
//   benchmark's operation counters: `GET /emulator/v1/metrics` (documents read and written since
//   the last reset, in total and per collection), `DELETE /emulator/v1/metrics` (reset), and
//   `POST /emulator/v1/listeners:pause|resume` for bulk loads and `:hold|release` for the cost
//   figure (see below).
// The first bytes of each connection decide: an HTTP/2 client starts with "PRI * HTTP/2.0".
//
// Test hook (fault tests): `POST /emulator/test/outage?seconds=N` makes the database unreachable
// for N seconds (at most 120; every gRPC connection is cut and new ones are refused, the data is
// kept), `DELETE /emulator/test/outage` ends it early. HTTP/1.1 keeps answering meanwhile.
import { createRequire } from 'node:module';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type Socket } from 'node:net';
import { Duplex } from 'node:stream';
import {
  FirestoreServer,
  FirestoreState,
  FirestoreStateCollection,
  FirestoreStateDocument,
} from '@firestore-emulator/server';
import type * as grpc from '@grpc/grpc-js';
import type * as Proto from '@firestore-emulator/proto/dist/google/firestore/v1/firestore';
import type * as QueryProto from '@firestore-emulator/proto/dist/google/firestore/v1/query';

// grpc-js of the emulator package itself (the same copy its Server class comes from).
const requireFromEmulator = createRequire(require.resolve('@firestore-emulator/server'));
const { ServerCredentials } = requireFromEmulator('@grpc/grpc-js') as typeof grpc;

interface GrpcServerInternals {
  handlers: Map<string, { func: (call: GrpcCall, callback?: (error: unknown, value?: unknown) => void) => void }>;
  createConnectionInjector(credentials: unknown): {
    injectConnection(socket: Duplex): void;
    drain(graceTimeMs: number): void;
    destroy(): void;
  };
}

const port = Number(process.argv[2] ?? process.env.FIRESTORE_PORT ?? 8080);
const host = process.argv[3] ?? '127.0.0.1';
const HTTP2_PREFACE = Buffer.from('PRI * HTTP/2.0');

const emulator = new FirestoreServer();
const grpcServer = (emulator as unknown as { server: GrpcServerInternals }).server;
const injector = grpcServer.createConnectionInjector(ServerCredentials.createInsecure());

// --- Operation counters (for bench/: Firestore cost per call) ------------------------------------
// Counted as Firestore bills them: one read per document returned by a lookup or a query (a
// lookup of a missing document and a query that returns nothing are counted apart), one per
// aggregation query, one write per
// write of a commit. The gRPC handlers are wrapped where grpc-js registered them.
interface GrpcCall {
  request: Record<string, unknown>;
  write?: (message: unknown, ...rest: unknown[]) => boolean;
}

const metrics = {
  reads: 0,
  missing_reads: 0,
  empty_queries: 0,
  aggregation_queries: 0,
  writes: 0,
  queries: 0,
  lookups: 0,
  commits: 0,
  by_collection: {} as Record<string, { reads: number; writes: number }>,
};

function resetMetrics(): void {
  Object.assign(metrics, {
    reads: 0,
    missing_reads: 0,
    empty_queries: 0,
    aggregation_queries: 0,
    writes: 0,
    queries: 0,
    lookups: 0,
    commits: 0,
    by_collection: {},
  });
}

/** `projects/p/databases/d/documents/users/u1/notifications/n1` → `users/notifications`. */
function collectionOf(name: unknown): string {
  const path = (typeof name === 'string' ? name : '').split('/documents/')[1] ?? '';
  return (
    path
      .split('/')
      .filter((_, i) => i % 2 === 0)
      .join('/') || '?'
  );
}

function count(kind: 'reads' | 'writes', name: unknown): void {
  metrics[kind] += 1;
  const key = collectionOf(name);
  const entry = (metrics.by_collection[key] ??= { reads: 0, writes: 0 });
  entry[kind] += 1;
}

function instrument(
  method: string,
  counter: (call: GrpcCall, message: Record<string, unknown>) => void,
  before?: (call: GrpcCall) => void,
): void {
  const handler = [...grpcServer.handlers.entries()].find(([path]) => path.endsWith(`/${method}`))?.[1];
  if (!handler) throw new Error(`the embedded emulator has no gRPC handler ${method}`);
  const original = handler.func;
  handler.func = (call, callback) => {
    before?.(call);
    const write = call.write?.bind(call);
    if (write) {
      call.write = (message: unknown, ...rest: unknown[]) => {
        counter(call, message as Record<string, unknown>);
        return write(message, ...rest);
      };
    }
    original(call, callback);
  };
}

instrument(
  'BatchGetDocuments',
  (_call, message) => {
    if (message.has_found) count('reads', (message.found as { name?: string } | undefined)?.name);
    else if (message.has_missing) {
      count('reads', message.missing); // billed like a read, counted apart in the total
      metrics.reads -= 1;
      metrics.missing_reads += 1;
    }
  },
  () => (metrics.lookups += 1),
);
instrument(
  'RunQuery',
  (call, message) => {
    const state = call as GrpcCall & { returned?: number };
    if (message.has_document) {
      count('reads', (message.document as { name?: string } | undefined)?.name);
      state.returned = (state.returned ?? 0) + 1;
    } else if (message.done === true && !state.returned) {
      metrics.empty_queries += 1; // a query that returns nothing bills one read
    }
  },
  () => (metrics.queries += 1),
);
instrument('RunAggregationQuery', () => {
  metrics.aggregation_queries += 1;
  metrics.reads += 1;
});
instrument(
  'Commit',
  () => undefined,
  (call) => {
    metrics.commits += 1;
    for (const write of (call.request.writes as
      { update?: { name?: string }; delete?: string; has_update?: boolean; has_delete?: boolean }[] | undefined) ??
      []) {
      // A transform-only write of a field (increment) is still one billed write.
      count(
        'writes',
        write.has_update
          ? write.update?.name
          : write.has_delete
            ? write.delete
            : (write as { transform?: { document?: string } }).transform?.document,
      );
    }
  },
);

// --- Bulk loads (bench/planning.ts seeds 200,000 documents) ----------------------------------------
// The emulator adds a document to its collection with an Immer `produce` that copies the whole
// collection map: O(n) per new document, hours for 100,000. Same behaviour in O(1): a new entry
// in a private (unfrozen) copy of the map.
type CollectionInternals = { documents: Record<string, FirestoreStateDocument>; emitter: unknown; database: unknown };
FirestoreStateCollection.prototype.getDocument = function (this: FirestoreStateCollection, documentName: string) {
  const self = this as unknown as CollectionInternals;
  const existing = Object.hasOwn(self.documents, documentName) ? self.documents[documentName] : undefined;
  if (existing) return existing;
  if (Object.isFrozen(self.documents)) self.documents = { ...self.documents };
  const Document = FirestoreStateDocument as unknown as new (...args: unknown[]) => FirestoreStateDocument;
  const document = new Document(self.emitter, self.database, this, documentName, {}, {});
  self.documents[documentName] = document;
  return document;
};

// A query sorts the whole collection before filtering it (a second per query at 20,000
// documents). Same result, faster: first the filter alone (no order, no limit), then the
// original query over the documents that passed.
type Query = Parameters<FirestoreState['v1Query']>[1];
// eslint-disable-next-line @typescript-eslint/unbound-method -- called with .call(this) below
const runQuery = FirestoreState.prototype.v1Query;
// eslint-disable-next-line @typescript-eslint/unbound-method -- called with .call(this) below
const allDocuments = FirestoreStateCollection.prototype.getAllDocuments;
let prefiltered: FirestoreStateDocument[] | null = null;
FirestoreStateCollection.prototype.getAllDocuments = function (this: FirestoreStateCollection) {
  return prefiltered ?? allDocuments.call(this);
};
FirestoreState.prototype.v1Query = function (this: FirestoreState, parent: string, query: Query) {
  if (!query.has_where || prefiltered !== null) return runQuery.call(this, parent, query);
  const tests = stringTestsOf(query);
  const filterOnly = Object.create(query, { order_by: { value: [] }, has_limit: { value: false } }) as Query;
  try {
    if (tests.length > 0) {
      const collection = this.getCollection(`${parent}/${query.from[0]?.collection_id ?? ''}`);
      prefiltered = allDocuments.call(collection).filter((document) => passesStringTests(document, tests));
    }
    prefiltered = runQuery.call(this, parent, filterOnly);
    return runQuery.call(this, parent, query);
  } finally {
    prefiltered = null;
  }
};

// The emulator tests each filter of a query on each document through protobuf getters, converting
// the filter's value again for every document: with a few thousand documents, most of the
// duplicate benchmark's time went there, where Firestore reads an index. Filters that compare a
// top-level field with strings (==, in, <, <=, >, >=: ids, statuses, geohash ranges, sort keys)
// are read from the query once and tested on the stored strings first. Only a document whose
// string field fails one of them, or without the field, is left out: the emulator matches a string
// only against a string field (its eq, lt, ... compare values of one type), so none it would
// return is lost. Its own filters then run, exactly, on the documents left, and its sort and limit
// on those that pass (its sort cannot order values of mixed types).
type StringTest = { field: string; passes: (value: string) => boolean };
type FieldFilter = Query['where']['field_filter'];
const { StructuredQueryFieldFilterOperator: Op, StructuredQueryCompositeFilterOperator: CompositeOp } =
  requireFromEmulator('@firestore-emulator/proto/dist/google/firestore/v1/query') as typeof QueryProto;

function stringTestOf(filter: FieldFilter): StringTest | null {
  const field = filter.field.field_path;
  if (!field || /[.`]/.test(field)) return null;
  if (filter.op === Op.IN && filter.value.has_array_value) {
    const values = filter.value.array_value.values;
    if (!values.every((value) => value.has_string_value)) return null;
    const allowed = new Set(values.map((value) => value.string_value));
    return { field, passes: (value) => allowed.has(value) };
  }
  if (!filter.value.has_string_value) return null;
  const bound = filter.value.string_value;
  switch (filter.op) {
    case Op.EQUAL:
      return { field, passes: (value) => value === bound };
    case Op.LESS_THAN:
      return { field, passes: (value) => value < bound };
    case Op.LESS_THAN_OR_EQUAL:
      return { field, passes: (value) => value <= bound };
    case Op.GREATER_THAN:
      return { field, passes: (value) => value > bound };
    case Op.GREATER_THAN_OR_EQUAL:
      return { field, passes: (value) => value >= bound };
    default:
      return null;
  }
}

/** The string tests of a query's filters joined by AND (none for an OR). */
function stringTestsOf(query: Query): StringTest[] {
  const { where } = query;
  const filters: FieldFilter[] = where.has_field_filter
    ? [where.field_filter]
    : where.has_composite_filter && where.composite_filter.op === CompositeOp.AND
      ? where.composite_filter.filters.filter((f) => f.has_field_filter).map((f) => f.field_filter)
      : [];
  return filters.map(stringTestOf).filter((test): test is StringTest => test !== null);
}

function passesStringTests(document: FirestoreStateDocument, tests: readonly StringTest[]): boolean {
  if (!document.metadata.hasExist) return false;
  const { fields } = document as unknown as { fields: Record<string, { type: string; value: unknown } | undefined> };
  for (const { field, passes } of tests) {
    const stored = fields[field];
    // A missing field matches no comparison in the emulator either.
    if (stored === undefined || (stored.type === 'string_value' && !passes(stored.value as string))) return false;
  }
  return true;
}

// `POST /emulator/v1/listeners:pause` stops delivering document events to listeners (while a
// bench seeds collections nobody listens to, so that not even the scope checks below run),
// `:resume` restarts them. `:hold` keeps them back instead, and `:release` delivers them in order:
// the cost figure counts what a call itself reads and writes, then lets the triggers its writes
// set off (heard through listeners by the trigger relay) run, uncounted.
let listenersPaused = false;
let heldEvents: [string, unknown[]][] | null = null;
const emitter = emulator.state.emitter as unknown as { emit(event: string, ...args: unknown[]): boolean };
const emit = emitter.emit.bind(emitter);
emitter.emit = (event: string, ...args: unknown[]) => {
  if (event.endsWith('-document')) {
    if (listenersPaused) return false;
    if (heldEvents !== null) {
      heldEvents.push([event, args]);
      return true;
    }
  }
  return emit(event, ...args);
};

function holdListeners(hold: boolean): void {
  if (hold) {
    heldEvents ??= [];
    return;
  }
  const events = heldEvents ?? [];
  heldEvents = null;
  for (const [event, args] of events) emit(event, ...args);
}

// Query listeners, rewritten. The emulator's own re-runs the query on every document event of
// any collection, compares the old and new results with nested array scans (O(n²)) and resends
// the whole result after a RESET: with a few thousand requests, the trigger relay's listener on
// `requests` kept both processes busy for minutes. Here a query listener hears only its own
// collection, coalesces the events of one turn of the event loop into one re-run, and sends what
// changed: documents that entered the result or were written since (events name them, so two
// writes within one millisecond are not missed), and removals; then the global snapshot marker
// (NO_CHANGE without targets), as Firestore's Watch protocol does. Document listeners keep the
// emulator's implementation, scoped to their documents.
type ListenRequest = Parameters<FirestoreState['v1Listen']>[0];
type ListenCallback = Parameters<FirestoreState['v1Listen']>[1];
type ListenEnd = Parameters<FirestoreState['v1Listen']>[2];
type QueryTarget = ListenRequest['add_target'];
type DocumentEvent = { document?: { getPath(): string } };
type Handler = (payload: DocumentEvent) => unknown;
const { ListenResponse, TargetChangeTargetChangeType } = requireFromEmulator(
  '@firestore-emulator/proto/dist/google/firestore/v1/firestore',
) as typeof Proto;
const DOCUMENT_EVENTS = ['create-document', 'update-document', 'delete-document'] as const;

function timestampNow() {
  const ms = Date.now();
  return { seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1e6 };
}

function listenToQuery(state: FirestoreState, target: QueryTarget, callback: ListenCallback, onEnd: ListenEnd): void {
  const targetIds = [target.target_id];
  const { parent, structured_query: query } = target.query;
  const prefix = `${parent}/${query.from[0]?.collection_id ?? ''}/`;
  const inScope = (path: string) => path.startsWith(prefix) && !path.slice(prefix.length).includes('/');
  const send = (response: Parameters<typeof ListenResponse.fromObject>[0]) =>
    callback(ListenResponse.fromObject(response));
  const snapshotMarker = () =>
    send({
      target_change: {
        read_time: timestampNow(),
        target_change_type: TargetChangeTargetChangeType.NO_CHANGE,
        target_ids: [],
      },
    });

  send({ target_change: { target_change_type: TargetChangeTargetChangeType.ADD, target_ids: targetIds } });
  let current = new Set<string>();
  for (const doc of state.v1Query(parent, query)) {
    current.add(doc.getPath());
    send({ document_change: { document: doc.toV1DocumentObject(), target_ids: targetIds } });
  }
  send({
    target_change: {
      read_time: timestampNow(),
      target_change_type: TargetChangeTargetChangeType.CURRENT,
      target_ids: targetIds,
    },
  });
  snapshotMarker();

  const written = new Set<string>();
  let scheduled = false;
  let ended = false;
  const stop = () => {
    ended = true;
    for (const event of DOCUMENT_EVENTS) state.emitter.off(event, onDocument);
  };
  const flush = () => {
    scheduled = false;
    if (ended) return;
    let results: FirestoreStateDocument[];
    try {
      results = state.v1Query(parent, query);
    } catch (error) {
      console.error(`[firestore] listener query failed: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    const next = new Set<string>();
    let changed = false;
    try {
      for (const doc of results) {
        const path = doc.getPath();
        next.add(path);
        if (current.has(path) && !written.has(path)) continue;
        send({ document_change: { document: doc.toV1DocumentObject(), target_ids: targetIds } });
        changed = true;
      }
      for (const path of current) {
        if (next.has(path)) continue;
        const stillThere = state.getDocument(path).metadata.hasExist;
        send(
          stillThere
            ? { document_remove: { document: path, removed_target_ids: targetIds } }
            : { document_delete: { document: path, removed_target_ids: targetIds } },
        );
        changed = true;
      }
      if (changed) snapshotMarker();
    } catch {
      // The stream is gone without an 'end' (a cut connection): this listener is done.
      stop();
      return;
    }
    written.clear();
    current = next;
  };
  const onDocument: Handler = ({ document }) => {
    const path = document?.getPath();
    if (path === undefined || !inScope(path)) return;
    written.add(path);
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  for (const event of DOCUMENT_EVENTS) state.emitter.on(event, onDocument);
  onEnd(stop);
}

// eslint-disable-next-line @typescript-eslint/unbound-method -- called with .call(this) below
const listen = FirestoreState.prototype.v1Listen;
let listenerScope: ((path: string) => boolean) | null = null;
FirestoreState.prototype.v1Listen = function (
  this: FirestoreState,
  request: ListenRequest,
  callback: ListenCallback,
  onEnd: ListenEnd,
) {
  const target = request.has_add_target ? request.add_target : null;
  if (target?.has_query) return listenToQuery(this, target, callback, onEnd);
  if (target?.has_documents) {
    const names = new Set(target.documents.documents);
    listenerScope = (path) => names.has(path);
  }
  try {
    return listen.call(this, request, callback, onEnd);
  } finally {
    listenerScope = null;
  }
};
const scoped = new WeakMap<Handler, Handler>();
const events = emulator.state.emitter as unknown as {
  on(event: string, handler: Handler): unknown;
  off(event: string, handler: Handler): unknown;
};
const on = events.on.bind(events);
const off = events.off.bind(events);
events.on = (event, handler) => {
  const scope = listenerScope;
  if (scope === null || !event.endsWith('-document')) return on(event, handler);
  const wrapped: Handler = (payload) => {
    const path = payload.document?.getPath();
    return path === undefined || scope(path) ? handler(payload) : undefined;
  };
  scoped.set(handler, wrapped);
  return on(event, wrapped);
};
events.off = (event, handler) => off(event, scoped.get(handler) ?? handler);

const METRICS_PATH = '/emulator/v1/metrics';
const OUTAGE_PATH = '/emulator/test/outage';
/** Until when gRPC is refused (ms since the epoch); 0 when the database is reachable. */
let outageUntil = 0;
const grpcConnections = new Set<Duplex>();
const inOutage = () => Date.now() < outageUntil;

const RESET_PATH = /^\/emulator\/v1\/projects\/[^/]+\/databases\/[^/]+\/documents\/?$/;

function handleHttp(req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  if (req.method === 'DELETE' && RESET_PATH.test(path)) {
    // The embedded emulator keeps one state for all projects; a reset clears it all.
    emulator.state.clear();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    return;
  }
  if (path === METRICS_PATH && (req.method === 'GET' || req.method === 'DELETE')) {
    const body = JSON.stringify(metrics);
    if (req.method === 'DELETE') resetMetrics();
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    return;
  }
  if (req.method === 'POST' && (path === '/emulator/v1/listeners:pause' || path === '/emulator/v1/listeners:resume')) {
    listenersPaused = path.endsWith(':pause');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ paused: listenersPaused }));
    return;
  }
  if (req.method === 'POST' && (path === '/emulator/v1/listeners:hold' || path === '/emulator/v1/listeners:release')) {
    holdListeners(path.endsWith(':hold'));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ held: heldEvents !== null }));
    return;
  }
  if (path === OUTAGE_PATH && (req.method === 'POST' || req.method === 'DELETE')) {
    const seconds = Math.min(
      120,
      Math.max(0, Number(new URL(req.url ?? '/', 'http://x').searchParams.get('seconds') ?? '30') || 0),
    );
    outageUntil = req.method === 'POST' ? Date.now() + seconds * 1000 : 0;
    if (inOutage()) for (const connection of grpcConnections) connection.destroy();
    console.log(`[firestore] test hook: ${inOutage() ? `outage for ${seconds} s` : 'outage over'}`);
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ outage_until: inOutage() ? new Date(outageUntil).toISOString() : null }));
    return;
  }
  if (req.method === 'GET' && path === '/') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('Ok');
    return;
  }
  res
    .writeHead(404, { 'content-type': 'application/json' })
    .end(JSON.stringify({ error: `not supported by the embedded emulator: ${req.method} ${path}` }));
}

const http = createHttpServer(handleHttp);

/**
 * The socket, with the bytes already read put back in front. node:http and node:http2 read a
 * real socket through its native handle, which would skip data put back with `unshift`; a plain
 * Duplex is read through its JavaScript stream interface, which sees them.
 */
class Replayed extends Duplex {
  constructor(
    private readonly socket: Socket,
    head: Buffer,
  ) {
    super();
    this.push(head);
    socket.on('data', (chunk: Buffer) => {
      if (!this.push(chunk)) socket.pause();
    });
    socket.on('end', () => this.push(null));
    socket.on('close', () => this.destroy());
    socket.on('error', (error) => this.destroy(error));
  }
  get remoteAddress() {
    return this.socket.remoteAddress;
  }
  get remotePort() {
    return this.socket.remotePort;
  }
  override _read(): void {
    this.socket.resume();
  }
  override _write(chunk: Buffer, encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.socket.write(chunk, encoding, callback);
  }
  override _final(callback: (error?: Error | null) => void): void {
    this.socket.end(callback);
  }
  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.socket.destroy();
    callback(error);
  }
}

const server = createNetServer((socket) => {
  socket.setNoDelay(true);
  let buffered = Buffer.alloc(0);
  const onData = (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    const head = buffered.subarray(0, HTTP2_PREFACE.length);
    const isHttp2 = HTTP2_PREFACE.subarray(0, head.length).equals(head);
    if (isHttp2 && buffered.length < HTTP2_PREFACE.length) return; // need more bytes to decide
    socket.off('data', onData);
    socket.pause();
    if (isHttp2 && inOutage()) {
      socket.destroy();
      return;
    }
    const stream = new Replayed(socket, buffered);
    if (isHttp2) {
      grpcConnections.add(stream);
      stream.on('close', () => grpcConnections.delete(stream));
      injector.injectConnection(stream);
    } else http.emit('connection', stream);
  };
  socket.on('data', onData);
  socket.on('error', () => socket.destroy());
});

server.on('error', (error) => {
  console.error(`[firestore] cannot listen on ${host}:${port}: ${error.message}`);
  process.exit(1);
});

server.listen(port, host, () => {
  console.log(`[firestore] embedded Firestore emulator listening on ${host}:${port}`);
});

function shutdown(): void {
  server.close();
  injector.destroy();
  emulator.stop();
  process.exit(0);
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
// When the stack dies without a word, do not outlive it.
process.on('disconnect', shutdown);
