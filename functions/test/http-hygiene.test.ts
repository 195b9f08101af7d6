// HTTP hygiene: security headers on every kind of answer, a strict CORS allowlist from
// CORS_ALLOWED_ORIGINS, nothing internal in error answers (the app's own answer to the bodies
// the Functions runtime refuses first, and to an unexpected error carrying a stack and paths).
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { buildApp } from '../src/app.js';
import { defineEndpoint, type Endpoint } from '../src/http/endpoint.js';
import { apiFetch, call, expectProblem, expectStatus, registeredUser } from './helpers/api.js';
import { disasterBody } from './helpers/disasters.js';
import { tokenFor } from './helpers/emulators.js';
import { leakIn } from './hostile/runner.js';

async function withServer<T>(
  endpoints: readonly Endpoint[] | undefined,
  env: Record<string, string>,
  run: (base: string) => Promise<T>,
): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  const server = (endpoints ? buildApp(endpoints) : buildApp()).listen(0, '127.0.0.1');
  try {
    await once(server, 'listening');
    return await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.close();
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

function assertSecurityHeaders(headers: Headers, what: string): void {
  assert.equal(headers.get('x-content-type-options'), 'nosniff', what);
  // The service's own time, apart from any queueing in front of it (http/middleware.ts).
  assert.match(headers.get('server-timing') ?? '', /^app;dur=\d+\.\d$/, what);
  assert.equal(headers.get('cache-control'), 'no-store', what);
  assert.equal(headers.get('referrer-policy'), 'no-referrer', what);
  assert.match(headers.get('content-security-policy') ?? '', /default-src 'none'/, what);
  assert.match(headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/, what);
}

describe('HTTP hygiene', () => {
  it('sends the security headers on successes, problems, unknown routes and wrong methods', async () => {
    const token = await tokenFor({ role: 'volunteer' });
    const answers = {
      success: await call('GET', '/health'),
      unauthenticated: await call('GET', '/users/me'),
      notFound: await call('GET', '/users/me', { token }),
      validation: await call('PATCH', '/users/me/location', {
        token,
        body: { location: 'x' },
        invalidRequest: 'a location that is not a point',
      }),
      unknownRoute: await call('GET', '/nope', { invalidRequest: 'an unknown route' }),
      wrongMethod: await call('DELETE', '/health', { invalidRequest: 'a method /health does not take' }),
    };
    for (const [what, response] of Object.entries(answers)) assertSecurityHeaders(response.headers, what);
    expectProblem(answers.notFound, 404, 'not_found');
  });

  it('allows no browser origin when CORS_ALLOWED_ORIGINS is empty', async () => {
    // In process: the Functions emulator wraps every onRequest function in a reflecting CORS
    // middleware of its own (its debug feature enableCors), which production does not do.
    await withServer(undefined, { CORS_ALLOWED_ORIGINS: '' }, async (base) => {
      const response = await apiFetch(`${base}/health`, { headers: { origin: 'https://evil.example' } }, { base });
      assert.equal(response.headers.get('access-control-allow-origin'), null);
      // Preflights: plain fetch, as OPTIONS is answered by the CORS middleware, not by an operation.
      const preflight = await fetch(`${base}/users/me`, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
      });
      assert.equal(preflight.status, 403);
      assert.equal(preflight.headers.get('access-control-allow-origin'), null);
    });
  });

  it('answers CORS only for the configured origins, exactly, never with a wildcard', async () => {
    await withServer(undefined, { CORS_ALLOWED_ORIGINS: 'https://app.example, https://ops.example' }, async (base) => {
      const allowed = await apiFetch(`${base}/health`, { headers: { origin: 'https://app.example' } }, { base });
      assert.equal(allowed.headers.get('access-control-allow-origin'), 'https://app.example');
      assert.match(allowed.headers.get('vary') ?? '', /Origin/);
      for (const origin of ['https://evil.example', 'https://app.example.evil.example', 'http://app.example', 'null']) {
        const refused = await apiFetch(`${base}/health`, { headers: { origin } }, { base });
        assert.equal(refused.headers.get('access-control-allow-origin'), null, origin);
        const preflight = await fetch(`${base}/users/me`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'GET' },
        });
        assert.equal(preflight.status, 403, origin);
      }
      const preflight = await fetch(`${base}/users/me`, {
        method: 'OPTIONS',
        headers: { origin: 'https://ops.example', 'access-control-request-method': 'PATCH' },
      });
      assert.equal(preflight.status, 204);
      assert.equal(preflight.headers.get('access-control-allow-origin'), 'https://ops.example');
    });
  });

  it('answers bodies the Functions runtime would refuse first (not JSON, top-level scalars) with a 400 problem and no internals', async () => {
    const token = await tokenFor({ role: 'volunteer' });
    await withServer(undefined, {}, async (base) => {
      for (const text of ['-1', '"x"', 'null', 'true', '{bad', '{"x":NaN}', '{"a":1', '\u0000']) {
        const response = await apiFetch(
          `${base}/users/me/location`,
          {
            method: 'PATCH',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: text,
          },
          { base, invalidRequest: 'a body that is not a JSON object, on purpose' },
        );
        const body = await response.text();
        assert.equal(response.status, 400, `${JSON.stringify(text)}: ${body}`);
        assert.match(response.headers.get('content-type') ?? '', /^application\/problem\+json/);
        assert.equal(leakIn(body), undefined, body);
      }
    });
  });

  it('answers an unexpected error with a 500 problem that carries neither its message nor its stack', async () => {
    const boom = defineEndpoint({
      method: 'get',
      path: '/boom',
      tag: 'test',
      summary: 'Throws an internal error.',
      access: 'public',
      response: z.object({}),
      handler: () => Promise.reject(new TypeError('secret at /work/functions/src/x.ts:12 (db password hunter2)')),
    });
    await withServer([boom], {}, async (base) => {
      // Plain fetch: /boom is a test-only endpoint, in no document.
      const response = await fetch(`${base}/boom`);
      const text = await response.text();
      assert.equal(response.status, 500);
      assert.match(response.headers.get('content-type') ?? '', /^application\/problem\+json/);
      assert.equal(leakIn(text), undefined, text);
      assert.doesNotMatch(text, /secret|hunter2|TypeError/);
    });
  });

  it('gives created objects ids that cannot be guessed: Firestore auto ids, not sequential', async () => {
    const admin = await registeredUser('admin');
    const user = await registeredUser('affected_individual');
    const ids: Record<string, string[]> = { disasters: [], observations: [], messages: [], requests: [] };
    for (let i = 0; i < 2; i++) {
      const disaster = expectStatus(
        await call('POST', '/disasters', { token: admin.token, body: disasterBody({ name: `Flood ${i}` }) }),
        201,
      );
      ids.disasters!.push(disaster.id);
      const observation = {
        type: 'flooding',
        description: 'Water over the road',
        location: { lat: 14.6, lng: 121 },
        severity: 3,
        disaster_id: null,
      };
      ids.observations!.push(
        expectStatus(await call('POST', '/observations', { token: user.token, body: observation }), 201).id,
      );
      ids.messages!.push(
        expectStatus(
          await call('POST', `/disasters/${disaster.id}/chat/messages`, {
            token: admin.token,
            body: { text: `hello ${i}` },
          }),
          200,
        ).id,
      );
      const request = {
        disaster_id: disaster.id,
        type_of_need: 'water',
        description: `Water for ${i + 3} people`,
        location: { lat: 14.6, lng: 121 },
      };
      ids.requests!.push(expectStatus(await call('POST', '/requests', { token: user.token, body: request }), 201).id);
    }
    for (const [kind, [first, second]] of Object.entries(ids)) {
      assert.match(first!, /^[A-Za-z0-9]{20}$/, `${kind} id ${first}`);
      assert.match(second!, /^[A-Za-z0-9]{20}$/, `${kind} id ${second}`);
      assert.notEqual(first!.slice(0, 6), second!.slice(0, 6), `${kind} ids share a prefix: ${first}, ${second}`);
    }
  });
});
