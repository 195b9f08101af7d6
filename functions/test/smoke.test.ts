// The smallest end-to-end check that the stack is wired: the API answers, authentication works
// with real Auth emulator tokens, and a registration lands in Firestore.
// Plain requests (apiFetch: fetch, with the exchange checked against /openapi.json).
import assert from 'node:assert/strict';
import { apiFetch as fetch, baseUrl } from './helpers/api.js';
import { testDb, tokenFor } from './helpers/emulators.js';

describe('smoke', () => {
  it('GET /health answers 200 {"status":"ok"}', async () => {
    const response = await fetch(`${baseUrl()}/health`);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { status: 'ok' });
  });

  it('GET /users/me without a token is a 401 problem with WWW-Authenticate: Bearer', async () => {
    const response = await fetch(`${baseUrl()}/users/me`);
    assert.equal(response.status, 401);
    assert.match(response.headers.get('content-type') ?? '', /^application\/problem\+json/);
    assert.match(response.headers.get('www-authenticate') ?? '', /^Bearer/);
    const body = (await response.json()) as { status: number };
    assert.equal(body.status, 401);
  });

  it('a fresh user gets 404 for /users/me, registers with 200, and the profile is in Firestore', async () => {
    const uid = `smoke-${Date.now().toString(36)}`;
    const token = await tokenFor({ uid });
    const headers = { authorization: `Bearer ${token}` };

    const before = await fetch(`${baseUrl()}/users/me`, { headers });
    assert.equal(before.status, 404, await before.clone().text());
    assert.match(before.headers.get('content-type') ?? '', /^application\/problem\+json/);

    const register = await fetch(`${baseUrl()}/users/register`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ display_name: 'Ada' }),
    });
    assert.equal(register.status, 200, await register.clone().text());

    const stored = await testDb().collection('users').doc(uid).get();
    assert.ok(stored.exists, `users/${uid} was not written`);
    assert.equal(stored.get('display_name'), 'Ada');
  });
});
