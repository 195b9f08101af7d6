// Faults: Firestore unreachable mid-run. The API runs in this process (buildApp, the app the `api`
// function serves), its Firestore client reaching the stack's emulator (official or embedded)
// through a TCP proxy of this file that cuts every connection and refuses new ones while the
// emulator keeps its data. Meanwhile the API answers 503 problem+json with Retry-After within a few
// seconds (the request deadline of http/reply.ts, nothing retried without end), and it recovers
// by itself once Firestore is back; a planning job interrupted by the outage completes afterwards.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { Server as HttpServer } from 'node:http';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { buildApp } from '../src/app.js';
import { requestStore } from '../src/requests/store.js';
import { workflowOutputStore } from '../src/workflow/store.js';
import { PLANNING_LEASE_MS, runPlanning, sweepStalePlanning } from '../src/planning/job.js';
import { call, expectProblem, expectStatus, registeredUser } from './helpers/api.js';
import { disaster, quietRequest, spot } from './helpers/planning-fixtures.js';

/** What a request may take while the database is unreachable. */
const FAIL_WITHIN_MS = 10_000;

/** A TCP proxy to `target` that can play an outage: open connections cut, new ones refused. */
class FlakyLink {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private downUntil = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<string> {
    this.server = createServer((client) => {
      if (Date.now() < this.downUntil) {
        client.destroy();
        return;
      }
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Down for `seconds` (0: up again now). */
  outage(seconds: number): void {
    this.downUntil = seconds > 0 ? Date.now() + seconds * 1000 : 0;
    if (seconds > 0) for (const socket of this.sockets) socket.destroy();
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    if (this.server) await new Promise((resolve) => this.server!.close(resolve));
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
}

let link: FlakyLink;
const outage = (seconds: number) => link.outage(seconds);

describe('faults: Firestore unreachable mid-run', function () {
  this.timeout(120_000);
  let api: HttpServer;
  before(async () => {
    // Before anything in this process opens Firestore: the data layer's client goes through the link.
    const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '').split(':');
    link = new FlakyLink({ host: host ?? '127.0.0.1', port: Number(port) });
    process.env.FIRESTORE_EMULATOR_HOST = await link.start();
    api = buildApp().listen(0, '127.0.0.1');
    await once(api, 'listening');
    process.env.API_BASE_URL = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise((resolve) => api?.close(resolve));
    await link?.stop();
  });
  afterEach(() => outage(0));

  it('answers 503 problem+json with Retry-After within a few seconds, then recovers by itself', async () => {
    const user = await registeredUser('volunteer');
    expectStatus(await call('GET', '/users/me', { token: user.token }), 200);

    outage(60);
    const read = await timed(() => call('GET', '/users/me', { token: user.token }));
    expectProblem(read.value, 503, 'unavailable');
    assert.ok(Number(read.value.headers.get('retry-after')) > 0);
    assert.ok(read.ms < FAIL_WITHIN_MS, `the read took ${read.ms} ms to fail`);
    const write = await timed(() =>
      call('PATCH', '/users/me/location', { token: user.token, body: { location: { lat: 10, lng: 10 } } }),
    );
    expectProblem(write.value, 503, 'unavailable');
    assert.ok(write.ms < FAIL_WITHIN_MS, `the write took ${write.ms} ms to fail`);
    assert.doesNotMatch(read.value.text + write.value.text, /grpc|ECONNREFUSED|UNAVAILABLE|at /);
    console.log(`      outage: read failed in ${read.ms} ms, write in ${write.ms} ms`);

    outage(0);
    const started = Date.now();
    let recovered = false;
    while (!recovered && Date.now() - started < 45_000) {
      const response = await call('GET', '/users/me', { token: user.token });
      assert.ok(
        response.status === 200 || response.status === 503,
        `during recovery: ${response.status} ${response.text}`,
      );
      recovered = response.status === 200;
      if (!recovered) await new Promise((r) => setTimeout(r, 250));
    }
    assert.ok(recovered, 'the API did not recover within 45 s of Firestore coming back');
    console.log(`      recovered ${Date.now() - started} ms after Firestore came back`);
    const moved = await call('PATCH', '/users/me/location', {
      token: user.token,
      body: { location: { lat: 11, lng: 11 } },
    });
    assert.deepEqual(expectStatus(moved, 200).location, { lat: 11, lng: 11 });
  });

  it('a planning job interrupted by the outage completes afterwards (its own retries, else the sweeper), exactly once', async () => {
    const owner = await registeredUser('affected_individual');
    // The relay's listener reconnects with the Firestore client's backoff (up to tens of seconds
    // after the previous test's outage): this test is about the planning run, so it waits for it.
    const request = await quietRequest({ owner: owner.uid, disasterId: (await disaster()).id, at: spot() }, 90_000);
    outage(6); // ends by itself
    const started = Date.now();
    const outcome = await runPlanning(request.id, { gemini: null }).then(
      (o) => String(o),
      (error: unknown) => `failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    console.log(`      planning run started in the outage: ${outcome} after ${Date.now() - started} ms`);
    if (outcome !== 'planned') {
      // The schedule runs the sweeper every 5 minutes; here it runs once, as if a lease later.
      const swept = await sweepStalePlanning({ gemini: null, now: () => Date.now() + PLANNING_LEASE_MS + 1_000 });
      console.log(`      sweeper: ${JSON.stringify(swept)}`);
    }
    const stored = (await requestStore.doc(request.id).get()).data();
    assert.equal(stored?.planning.state, 'planned', JSON.stringify(stored?.planning));
    const outputs = await workflowOutputStore.ref().where('request_id', '==', request.id).get();
    assert.equal(outputs.size, 1);
  });
});
