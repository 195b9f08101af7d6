import assert from 'node:assert/strict';
import { apiFetch, call, expectProblem, expectStatus } from './helpers/api.js';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app.js';
import { allEndpoints } from '../src/endpoints.js';

describe('API basics', () => {
  it('GET /health answers without a token', async () => {
    assert.deepEqual(expectStatus(await call('GET', '/health'), 200), { status: 'ok' });
  });

  it("answers under /api too, the path Firebase Hosting's rewrite hands the function", async () => {
    assert.deepEqual(expectStatus(await call('GET', '/api/health'), 200), { status: 'ok' });
    const problem = expectProblem(
      await call('GET', '/api/health?verbose=1', { invalidRequest: 'a query /health does not take' }),
      400,
      'validation_failed',
    );
    assert.deepEqual(problem.errors, [{ path: 'query', message: 'this endpoint takes no query' }]);
    expectProblem(await call('GET', '/api/no/such/route', { invalidRequest: 'an unknown route' }), 404, 'not_found');
    // Only the whole first segment is the prefix.
    expectProblem(await call('GET', '/apihealth', { invalidRequest: 'an unknown route' }), 404, 'not_found');
  });

  it('serves an OpenAPI 3.1 document that lists every declared endpoint', async () => {
    const doc = expectStatus(await call('GET', '/openapi.json'), 200);
    assert.equal(doc.openapi, '3.1.0');
    for (const endpoint of allEndpoints) {
      assert.ok(doc.paths[endpoint.path]?.[endpoint.method], `${endpoint.method} ${endpoint.path} is missing`);
    }
    const register = doc.paths['/users/register'].post;
    assert.equal(register.requestBody.content['application/json'].schema.properties.role.enum.length, 4);
    assert.ok(register.responses['401'] && register.responses['400']);
  });

  it('answers 400 to a query an endpoint does not take, as its OpenAPI document says of every operation', async () => {
    const doc = expectStatus(await call('GET', '/openapi.json'), 200);
    assert.ok(doc.paths['/health'].get.responses['400']);
    const problem = expectProblem(
      await call('GET', '/health?verbose=1', { invalidRequest: 'a query /health does not take' }),
      400,
      'validation_failed',
    );
    assert.deepEqual(problem.errors, [{ path: 'query', message: 'this endpoint takes no query' }]);
  });

  it('serves a docs page for people', async () => {
    const response = await call('GET', '/docs');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /text\/html/);
    assert.match(response.text, /\/users\/\{uid\}\/display_name/);
  });

  it('answers an unknown route with a 404 problem', async () => {
    expectProblem(await call('GET', '/no/such/route', { invalidRequest: 'an unknown route' }), 404, 'not_found');
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const response = await call('PUT', '/users/me', { invalidRequest: 'a method /users/me does not take' });
    expectProblem(response, 405, 'method_not_allowed');
    assert.equal(response.headers.get('allow'), 'GET, DELETE');
  });

  it('sends security headers', async () => {
    const response = await call('GET', '/health');
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.ok(response.headers.get('x-request-id'));
  });

  it('does not announce its framework (x-powered-by)', async () => {
    // Over the wire the Functions emulator's own proxy adds the header after the app answers, so
    // the app itself is served here, in process, exactly as onRequest serves it.
    const server = buildApp().listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const base = `http://127.0.0.1:${port}`;
      const response = await apiFetch(`${base}/health`, {}, { base });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('x-powered-by'), null);
    } finally {
      server.close();
    }
  });

  it('rejects unknown query parameters on endpoints that take none', async () => {
    const problem = expectProblem(
      await call('GET', '/health?debug=1', { invalidRequest: 'a query /health does not take' }),
      400,
      'validation_failed',
    );
    assert.equal(problem.errors[0].path, 'query');
  });
});
