// Rate limits hold across function instances: the emulator-served function and a second
// instance of the same app, served in this process by buildApp() against the same emulators,
// count in the same Firestore counter documents. Over the limit: 429 problem+json with
// Retry-After. Limits scale with RATE_LIMIT_SCALE (read by both instances from the environment).
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app.js';
import { allEndpoints } from '../src/endpoints.js';
import { consumeRateLimit } from '../src/data/window-count.js';
import {
  DEFAULT_READ_LIMIT,
  LocalRateLimiter,
  readLimitCredit,
  readLimitOf,
  type SharedCount,
} from '../src/http/read-limit.js';
import { RateLimitedError } from '../src/errors.js';
import { apiFetch, baseUrl, expectProblem, registeredUser, type ApiResponse } from './helpers/api.js';
import { testDb } from './helpers/emulators.js';

async function callAt(
  base: string,
  method: string,
  path: string,
  token: string | null,
  body: unknown,
  headers: Record<string, string> = {},
  invalidRequest?: string,
): Promise<ApiResponse> {
  const response = await apiFetch(
    base + path,
    {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    { base, invalidRequest },
  );
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : text,
  };
}

/** Waits for a fresh fixed window when the current one is nearly over, so the count is not cut in two. */
async function atWindowStart(windowSeconds: number): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < 20_000) await new Promise((r) => setTimeout(r, left + 50));
}

describe('rate limits across function instances', function () {
  this.timeout(120_000);
  let server: Server;
  let local: string;
  const scale = Number(process.env.RATE_LIMIT_SCALE ?? '1') > 0 ? Number(process.env.RATE_LIMIT_SCALE ?? '1') : 1;

  before(async () => {
    server = buildApp().listen(0, '127.0.0.1');
    await once(server, 'listening');
    local = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  it('every write endpoint open to non-admins carries a rate limit', () => {
    const unlimited = allEndpoints
      .filter(
        (e) =>
          e.method !== 'get' &&
          !e.rateLimit &&
          !e.handlerLimits?.length &&
          !(Array.isArray(e.access) && e.access.length === 1 && e.access[0] === 'admin'),
      )
      .map((e) => `${e.method.toUpperCase()} ${e.path}`);
    assert.deepEqual(unlimited, [], 'write endpoints open to non-admins without a rate limit');
  });

  it('PATCH /users/me/location allows the limit in total over two instances, then answers 429 with Retry-After on both', async () => {
    const endpoint = allEndpoints.find((e) => e.method === 'patch' && e.path === '/users/me/location')!;
    const rule = endpoint.rateLimit!;
    const limit = Math.ceil(rule.limit * scale);
    await atWindowStart(rule.windowSeconds);
    const user = await registeredUser('volunteer'); // registering counts once in the same bucket
    const bases = [baseUrl(), local];
    let allowed = 1;
    for (let i = 0; allowed < limit; i++) {
      const response = await callAt(bases[i % 2]!, 'PATCH', '/users/me/location', user.token, {
        location: { lat: 14.5, lng: 121 + i / 1000 },
      });
      assert.equal(
        response.status,
        200,
        `call ${i + 1} (instance ${i % 2}) was refused before the limit of ${limit}: ${response.text}`,
      );
      allowed++;
    }
    for (const base of bases) {
      const refused = await callAt(base, 'PATCH', '/users/me/location', user.token, { location: { lat: 1, lng: 1 } });
      const problem = expectProblem(refused, 429, 'rate_limited');
      const retryAfter = Number(refused.headers.get('retry-after'));
      assert.ok(
        Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= rule.windowSeconds,
        `Retry-After: ${refused.headers.get('retry-after')}`,
      );
      assert.equal(problem.retry_after, retryAfter);
    }
    // The refused calls changed nothing: the stored location is the last allowed one.
    const stored = (await testDb().collection('users').doc(user.uid).get()).data()!;
    assert.notDeepEqual(stored.location, { lat: 1, lng: 1 });
    // Another user is counted apart.
    const other = await registeredUser('volunteer');
    assert.equal(
      (await callAt(local, 'PATCH', '/users/me/location', other.token, { location: { lat: 1, lng: 1 } })).status,
      200,
    );
  });

  it("a rejected (invalid) request does not spend the caller's allowance", async () => {
    await atWindowStart(60);
    const user = await registeredUser('volunteer');
    for (let i = 0; i < 40; i++) {
      expectProblem(
        await callAt(
          i % 2 ? local : baseUrl(),
          'PATCH',
          '/users/me/location',
          user.token,
          { location: { lat: 'x' } },
          {},
          'an invalid location',
        ),
        400,
        'validation_failed',
      );
    }
    const counters = await testDb().collection('rate_limits').get();
    assert.equal(
      counters.docs
        .filter((d) => d.id.includes(user.uid))
        .map((d) => d.get('count'))
        .join(),
      '1',
    );
  });

  it('a sharded count (every inbound message bumps the one for all numbers) spreads its writes and still refuses past the limit in total', async () => {
    await atWindowStart(60);
    const limit = 40;
    const rule = { bucket: `test-sharded-${Date.now()}`, limit, windowSeconds: 60, shards: 5 };
    const scaled = Math.ceil(limit * scale);
    const outcome = (promise: Promise<void>) =>
      promise.then(
        () => 'allowed',
        (error: unknown) => {
          if (error instanceof RateLimitedError) return 'refused';
          throw error;
        },
      );
    // At once, as a surge sends them: never more than the limit in total (each call reads the sum
    // after its own bump, so calls that meet may all be refused a little early, never let through).
    const together = await Promise.all(
      Array.from({ length: scaled + 10 }, () => outcome(consumeRateLimit(rule, 'all'))),
    );
    const allowed = together.filter((o) => o === 'allowed').length;
    assert.ok(allowed <= scaled, `${allowed} allowed of ${scaled}`);
    assert.equal(await outcome(consumeRateLimit(rule, 'all')), 'refused');
    const counters = (await testDb().collection('rate_limits').get()).docs.filter((d) =>
      d.id.startsWith(`${rule.bucket}:`),
    );
    assert.ok(counters.length > 1 && counters.length <= 5, `${counters.length} counter documents`);
    assert.equal(
      counters.reduce((sum, d) => sum + Number(d.get('count')), 0),
      scaled + 11,
      'every call counted once',
    );
    // One after the other, in a fresh bucket: exactly the limit.
    const fresh = { ...rule, bucket: `${rule.bucket}-b` };
    for (let i = 0; i < scaled; i++)
      assert.equal(await outcome(consumeRateLimit(fresh, 'all')), 'allowed', `call ${i + 1}`);
    assert.equal(await outcome(consumeRateLimit(fresh, 'all')), 'refused');
  });

  describe('reads, counted in memory and shared in leases', () => {
    // Small limits on the in-process instance only (the emulator-served one has them lifted for
    // the rest of the suite): the limiter reads them on every call.
    const PER_USER = 5;
    const PER_IP = 4;
    before(() => {
      process.env.READ_RATE_LIMIT_PER_USER = String(PER_USER);
      process.env.READ_RATE_LIMIT_PER_IP = String(PER_IP);
    });
    after(() => {
      delete process.env.READ_RATE_LIMIT_PER_USER;
      delete process.env.READ_RATE_LIMIT_PER_IP;
    });
    const limitOf = (n: number) => Math.ceil(n * scale);

    it('every GET endpoint has a read limit, except the liveness check', () => {
      const unlimited = allEndpoints.filter((e) => e.method === 'get' && !readLimitOf(e)).map((e) => e.path);
      assert.deepEqual(unlimited, ['/health']);
      const disasters = allEndpoints.find((e) => e.method === 'get' && e.path === '/disasters')!;
      assert.deepEqual(readLimitOf(disasters), DEFAULT_READ_LIMIT);
      assert.deepEqual(
        [DEFAULT_READ_LIMIT.perUser, DEFAULT_READ_LIMIT.perIp, DEFAULT_READ_LIMIT.windowSeconds],
        [600, 1200, 60],
      );
    });

    it('an anonymous client over the limit on GET /disasters gets 429 with Retry-After; another IP does not', async () => {
      await atWindowStart(60);
      const ip = { 'x-forwarded-for': '203.0.113.7' };
      for (let i = 0; i < limitOf(PER_IP); i++) {
        const response = await callAt(local, 'GET', '/disasters', null, undefined, ip);
        assert.equal(response.status, 200, `call ${i + 1} refused before the limit: ${response.text}`);
      }
      const refused = await callAt(local, 'GET', '/disasters', null, undefined, ip);
      const problem = expectProblem(refused, 429, 'rate_limited');
      const retryAfter = Number(refused.headers.get('retry-after'));
      assert.ok(
        Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60,
        `Retry-After: ${refused.headers.get('retry-after')}`,
      );
      assert.equal(problem.retry_after, retryAfter);
      // The same IP is refused on another public read too (one budget per caller), another IP is not.
      expectProblem(await callAt(local, 'GET', '/users/nobody/display_name', null, undefined, ip), 429, 'rate_limited');
      assert.equal(
        (await callAt(local, 'GET', '/disasters', null, undefined, { 'x-forwarded-for': '198.51.100.9' })).status,
        200,
      );
      // The liveness check is never limited.
      assert.equal((await callAt(local, 'GET', '/health', null, undefined, ip)).status, 200);
    });

    it('a user over the limit on an authenticated GET gets 429; another user is unaffected', async () => {
      await atWindowStart(60);
      const [user, other] = await Promise.all([registeredUser('volunteer'), registeredUser('volunteer')]);
      for (let i = 0; i < limitOf(PER_USER); i++) {
        const response = await callAt(local, 'GET', '/users/me', user.token, undefined);
        assert.equal(response.status, 200, `call ${i + 1} refused before the limit: ${response.text}`);
      }
      const refused = await callAt(local, 'GET', '/users/me', user.token, undefined);
      expectProblem(refused, 429, 'rate_limited');
      assert.ok(Number(refused.headers.get('retry-after')) >= 1);
      expectProblem(await callAt(local, 'GET', '/observations', user.token, undefined), 429, 'rate_limited');
      assert.equal((await callAt(local, 'GET', '/users/me', other.token, undefined)).status, 200);
      // Writes are counted apart (in Firestore): the limited reader can still write.
      assert.equal(
        (await callAt(local, 'PATCH', '/users/me/availability', user.token, { availability: 'available' })).status,
        200,
      );
      // The reads were shared in leases (read-limit.ts): every admitted read is in the shared count,
      // with at most the one refused read whose lease came back empty.
      const shared = (await testDb().collection('rate_limits').get()).docs
        .filter((d) => d.id.startsWith(`reads:uid:${user.uid}:`))
        .reduce((sum, d) => sum + Number(d.get('count')), 0);
      assert.ok(shared >= limitOf(PER_USER) && shared <= limitOf(PER_USER) + 1, `shared count ${shared}`);
    });

    it('an anonymous client is the X-Forwarded-For entry the front end appended, not one it wrote (M5)', async () => {
      await atWindowStart(60);
      // Google's front end appends `<client>, <its own address>` to whatever the client sent.
      const hops = (written: string, client: string) => ({ 'x-forwarded-for': `${written}, ${client}, 10.1.2.3` });
      for (let i = 0; i < limitOf(PER_IP); i++) {
        const response = await callAt(
          local,
          'GET',
          '/disasters',
          null,
          undefined,
          hops(`198.18.0.${i}`, '203.0.113.60'),
        );
        assert.equal(response.status, 200, `call ${i + 1} refused before the limit: ${response.text}`);
      }
      // Another forged entry is still the same client: refused.
      expectProblem(
        await callAt(local, 'GET', '/disasters', null, undefined, hops('198.18.9.9, 198.18.9.8', '203.0.113.60')),
        429,
        'rate_limited',
      );
      // Another client behind the same front end is counted apart.
      assert.equal(
        (await callAt(local, 'GET', '/disasters', null, undefined, hops('198.18.0.1', '203.0.113.61'))).status,
        200,
      );
    });

    it('instances sharing a count in leases admit at most the limit plus the credit of each, even all at once', async () => {
      // A linearizable shared count (Firestore's increment), answering after a few milliseconds.
      const totals = new Map<string, number>();
      let claims = 0;
      const shared: SharedCount = async (key, windowStart, _windowMs, delta) => {
        claims++;
        await new Promise((r) => setTimeout(r, 2));
        const total = (totals.get(`${key}:${windowStart}`) ?? 0) + delta;
        totals.set(`${key}:${windowStart}`, total);
        await new Promise((r) => setTimeout(r, 2));
        return total;
      };
      const t0 = 1_800_000_000_000 - (1_800_000_000_000 % 60_000);
      for (const { instances, inFlight, limit } of [
        { instances: 1, inFlight: 1, limit: 600 },
        { instances: 20, inFlight: 80, limit: 600 },
        { instances: 5, inFlight: 16, limit: 40 },
      ]) {
        totals.clear();
        claims = 0;
        const limiters = Array.from({ length: instances }, () => new LocalRateLimiter(100, shared));
        const reads = 3 * limit;
        let next = 0;
        let admitted = 0;
        const lane = async () => {
          while (next < reads) {
            const limiter = limiters[next++ % instances]!;
            try {
              await limiter.consume('reads:uid:u', limit, 60, t0 + 1000);
              admitted++;
            } catch (error) {
              if (!(error instanceof RateLimitedError)) throw error;
            }
            await new Promise((r) => setImmediate(r));
          }
        };
        await Promise.all(Array.from({ length: inFlight }, lane));
        const what = `${instances} instances, ${inFlight} in flight, limit ${limit}: ${admitted} admitted, ${claims} leases`;
        assert.ok(admitted <= limit + readLimitCredit(limit) * instances, what);
        assert.ok(admitted >= limit * 0.75, what);
        // Under the default limit, far fewer Firestore writes than reads (small limits lease one by one).
        if (limit >= 600) assert.ok(claims <= admitted / 3, what);
      }
    });

    it('the limiter keeps a bounded number of counters, and a new window starts afresh', () => {
      const limiter = new LocalRateLimiter(100);
      const t0 = 1_700_000_000_000 - (1_700_000_000_000 % 60_000);
      // Counted in memory only (no shared count): never a promise.
      for (let i = 0; i < 1000; i++) void limiter.consume(`k${i}`, 10, 60, t0 + i);
      assert.ok(limiter.size <= 100, `size ${limiter.size}`);
      for (let i = 0; i < 3; i++) void limiter.consume('a', 3, 60, t0);
      assert.throws(
        () => limiter.consume('a', 3, 60, t0 + 59_000),
        (error: unknown) => error instanceof RateLimitedError && error.retryAfterSeconds === 1,
      );
      void limiter.consume('a', 3, 60, t0 + 60_000); // the next window
    });
  });
});
