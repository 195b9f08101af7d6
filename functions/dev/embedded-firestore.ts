// The embedded Firestore emulator (@firestore-emulator/server, gRPC, in Node), run as a child
// process of the local stack: `node --import tsx dev/embedded-firestore.ts <port> [host]`.
//
// One TCP port serves two protocols, as the official emulator does:
// - gRPC (HTTP/2, what firebase-admin speaks) goes to the emulator's grpc-js server through a
//   connection injector;
// - HTTP/1.1 answers the official emulator's REST reset call
//   `DELETE /emulator/v1/projects/{project}/databases/(default)/documents`, so tests reset both
//   kinds the same way, plus `GET /` (a liveness answer, "Ok" like the official one).
// The first bytes of each connection decide: an HTTP/2 client starts with "PRI * HTTP/2.0".
//
// Test hook (fault tests): `POST /emulator/test/outage?seconds=N` makes the database unreachable
// for N seconds (at most 120; every gRPC connection is cut and new ones are refused, the data is
// kept), `DELETE /emulator/test/outage` ends it early. HTTP/1.1 keeps answering meanwhile.
import { createRequire } from 'node:module';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type Socket } from 'node:net';
import { Duplex } from 'node:stream';
import { FirestoreServer } from '@firestore-emulator/server';
import type * as grpc from '@grpc/grpc-js';

// grpc-js of the emulator package itself (the same copy its Server class comes from).
const requireFromEmulator = createRequire(require.resolve('@firestore-emulator/server'));
const { ServerCredentials } = requireFromEmulator('@grpc/grpc-js') as typeof grpc;

interface GrpcServerInternals {
  createConnectionInjector(credentials: unknown): { injectConnection(socket: Duplex): void; drain(graceTimeMs: number): void; destroy(): void };
}

const port = Number(process.argv[2] ?? process.env.FIRESTORE_PORT ?? 8080);
const host = process.argv[3] ?? '127.0.0.1';
const HTTP2_PREFACE = Buffer.from('PRI * HTTP/2.0');

const emulator = new FirestoreServer();
const grpcServer = (emulator as unknown as { server: GrpcServerInternals }).server;
const injector = grpcServer.createConnectionInjector(ServerCredentials.createInsecure());

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
  if (path === OUTAGE_PATH && (req.method === 'POST' || req.method === 'DELETE')) {
    const seconds = Math.min(120, Math.max(0, Number(new URL(req.url ?? '/', 'http://x').searchParams.get('seconds') ?? '30') || 0));
    outageUntil = req.method === 'POST' ? Date.now() + seconds * 1000 : 0;
    if (inOutage()) for (const connection of grpcConnections) connection.destroy();
    console.log(`[firestore] test hook: ${inOutage() ? `outage for ${seconds} s` : 'outage over'}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ outage_until: inOutage() ? new Date(outageUntil).toISOString() : null }));
    return;
  }
  if (req.method === 'GET' && path === '/') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('Ok');
    return;
  }
  res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `not supported by the embedded emulator: ${req.method} ${path}` }));
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
    }
    else http.emit('connection', stream);
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
