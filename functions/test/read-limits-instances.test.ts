// stack-env: READ_RATE_LIMIT_PER_USER=40 READ_RATE_LIMIT_PER_IP=40
// Read limits hold across instances: a burst of concurrent GETs makes the Functions emulator start
// a worker process per request in flight (each an instance with its own memory, as on Cloud Run),
// and the reads admitted over all of them stay within the limit plus the documented slack
// (read-limit.ts: the credit of each instance, the reads it admits before its first lease), then 429 with Retry-After. Small limits for this file's own stack (the line above;
// dev/run-tests.ts).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { readLimitCredit } from '../src/http/read-limit.js';
import { call, expectProblem, registeredUser, type ApiResponse } from './helpers/api.js';
import { testDb } from './helpers/emulators.js';

const LIMIT = 40;
const BURST = 10 * LIMIT;
const IN_FLIGHT = 16;

/** The pids of this stack's function workers (processes of the emulator's runtime bound to our Firestore). */
function workerPids(): Set<number> {
  const ours = `FIRESTORE_EMULATOR_HOST=${process.env.FIRESTORE_EMULATOR_HOST}`;
  const pids = new Set<number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('functionsEmulatorRuntime')) continue;
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(ours)) pids.add(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return pids;
}

/** Waits for a fresh fixed window when the current one has less than `needMs` left. */
async function atWindowStart(needMs: number): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needMs) await new Promise((r) => setTimeout(r, left + 100));
}

interface Burst {
  statuses: number[];
  refused: ApiResponse | undefined;
  workers: number;
  peakInFlight: number;
}

/** `BURST` calls, `IN_FLIGHT` at a time, noting the workers that served them. */
async function burst(send: (i: number) => Promise<ApiResponse>): Promise<Burst> {
  const statuses: number[] = [];
  let refused: ApiResponse | undefined;
  const workers = new Set<number>();
  const sample = setInterval(() => workerPids().forEach((pid) => workers.add(pid)), 100);
  let next = 0;
  let inFlight = 0;
  let peakInFlight = 0;
  const lane = async () => {
    while (next < BURST) {
      const i = next++;
      inFlight++;
      peakInFlight = Math.max(peakInFlight, inFlight);
      const response = await send(i);
      inFlight--;
      statuses.push(response.status);
      if (response.status === 429) refused ??= response;
    }
  };
  try {
    await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  } finally {
    clearInterval(sample);
  }
  workerPids().forEach((pid) => workers.add(pid));
  return { statuses, refused, workers: workers.size, peakInFlight };
}

/** The documented slack: each instance's credit. */
const slackFor = (instances: number) => instances * readLimitCredit(LIMIT);

function assertHeld(what: string, result: Burst): void {
  const admitted = result.statuses.filter((s) => s === 200).length;
  const summary = `${what}: ${admitted} of ${BURST} admitted (${result.statuses.filter((s) => s === 503).length} 503) over ${result.workers} workers (${result.peakInFlight} in flight at most), limit ${LIMIT}`;
  console.log(`      ${summary}`);
  assert.equal(result.peakInFlight, IN_FLIGHT, 'the burst was concurrent');
  assert.ok(result.workers >= 2, `the burst was served by several instances: ${summary}`);
  // 503: a request past its deadline (REQUEST_DEADLINE_MS) while a new worker starts on a loaded
  // machine; never anything else.
  const others = result.statuses.filter((s) => s !== 200 && s !== 429);
  assert.ok(
    others.every((s) => s === 503) && others.length <= BURST / 20,
    `only 200 and 429 (and a few 503): ${result.statuses.join(',')}`,
  );
  // Leases other instances hold unused may refuse a few reads early.
  assert.ok(admitted >= LIMIT * 0.75, `the limit was nearly reached (${summary})`);
  assert.ok(
    admitted <= LIMIT + slackFor(result.workers),
    `at most the limit plus the credit of each instance (${LIMIT} + ${slackFor(result.workers)}): ${summary}`,
  );
  const problem = expectProblem(result.refused!, 429, 'rate_limited');
  const retryAfter = Number(result.refused!.headers.get('retry-after'));
  assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
  assert.equal(problem.retry_after, retryAfter);
}

describe('read limits across instances (a burst over several function workers)', function () {
  this.timeout(180_000);

  it('a user: the reads admitted over every worker stay within the limit plus the credit of each, then 429', async () => {
    const user = await registeredUser('volunteer');
    await atWindowStart(40_000);
    const result = await burst(() => call('GET', '/users/me', { token: user.token }));
    assertHeld('per user', result);
    // Past the burst, on whichever worker: refused.
    for (let i = 0; i < 4; i++)
      expectProblem(await call('GET', '/users/me', { token: user.token }), 429, 'rate_limited');
    // The count was shared through Firestore (sharded counter documents of the window), in leases:
    // far fewer writes than reads.
    const shards = (await testDb().collection('rate_limits').get()).docs.filter((d) =>
      d.id.startsWith(`reads:uid:${user.uid}:`),
    );
    assert.ok(shards.length >= 1, 'a shared read counter');
    const shared = shards.reduce((sum, d) => sum + Number(d.get('count')), 0);
    assert.ok(shared >= LIMIT, `shared count ${shared}`);
    // Another user is counted apart.
    const other = await registeredUser('volunteer');
    assert.equal((await call('GET', '/users/me', { token: other.token })).status, 200);
  });

  it('an anonymous client rotating the leftmost X-Forwarded-For entry is still one client (M5), across workers', async () => {
    await atWindowStart(40_000);
    // What Google's front end passes on: whatever the client wrote, then the client's address as
    // it connected, then the front end's own. Only the first part changes from call to call.
    const result = await burst((i) =>
      call('GET', '/disasters', {
        headers: { 'x-forwarded-for': `198.18.${i >> 8}.${i & 255}, 203.0.113.50, 10.1.2.3` },
      }),
    );
    assertHeld('per IP', result);
    // Another client address is counted apart.
    assert.equal(
      (await call('GET', '/disasters', { headers: { 'x-forwarded-for': '203.0.113.51, 10.1.2.3' } })).status,
      200,
    );
  });
});
