// Revoked tokens and disabled or deleted accounts are refused on every protected call, in
// production as under the emulator. The Admin SDK checks revocation by itself only under the
// emulator (or when asked with checkRevoked): http/auth.ts asks for it on every call, from a
// short per-uid cache of the account's state, so these tests count the lookups it makes.
import assert from 'node:assert/strict';
import {
  AccountCache,
  accountCache,
  ACCOUNT_CACHE_TTL_MS,
  forgetCachedUser,
  identifyCaller,
  type AccountLookup,
} from '../src/http/auth.js';
import { UnauthenticatedError } from '../src/errors.js';
import { call, expectProblem, expectStatus, registeredUser } from './helpers/api.js';
import { testAuth, tokenFor } from './helpers/emulators.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The Auth emulator's getUser, counted. */
function countedLookup(): { lookup: AccountLookup; count: () => number } {
  let count = 0;
  return {
    lookup: async (uid) => {
      count++;
      return testAuth().getUser(uid);
    },
    count: () => count,
  };
}

/** auth_time of a token (seconds), as verifyIdToken would decode it. */
const authTimeOf = (token: string): number =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { auth_time: number }).auth_time;

describe('revocation and disabled accounts', () => {
  describe('the account check (in process, against the Auth emulator)', () => {
    it('looks an account up once per TTL however many calls it serves', async () => {
      const uid = `cache-${Date.now()}`;
      const token = await tokenFor({ uid, role: 'volunteer' });
      const { lookup, count } = countedLookup();
      const cache = new AccountCache(lookup);
      const t0 = Date.now();
      for (let i = 0; i < 50; i++) await cache.assertActive(uid, authTimeOf(token), t0 + i * 100);
      assert.equal(count(), 1, '50 calls within the TTL: one lookup');
      await cache.assertActive(uid, authTimeOf(token), t0 + ACCOUNT_CACHE_TTL_MS);
      assert.equal(count(), 2, 'looked up again once the TTL is over');
      assert.equal(ACCOUNT_CACHE_TTL_MS, 30_000);
    });

    it('refuses a token issued before its revocation, a disabled account and a deleted one, once looked up again', async () => {
      const uid = `revoked-${Date.now()}`;
      const token = await tokenFor({ uid, role: 'admin' });
      const { lookup, count } = countedLookup();
      const cache = new AccountCache(lookup);
      await cache.assertActive(uid, authTimeOf(token));
      await sleep(1100); // the revocation instant has a one-second resolution
      await testAuth().revokeRefreshTokens(uid);
      await cache.assertActive(uid, authTimeOf(token)); // still cached: accepted within the TTL
      cache.forget(uid);
      await assert.rejects(cache.assertActive(uid, authTimeOf(token)), { code: 'auth/id-token-revoked' });
      const fresh = await tokenFor({ uid, role: 'admin' }); // signing in again works
      cache.forget(uid);
      await cache.assertActive(uid, authTimeOf(fresh));

      await testAuth().updateUser(uid, { disabled: true });
      await assert.rejects(cache.assertActive(uid, authTimeOf(fresh), Date.now() + ACCOUNT_CACHE_TTL_MS), {
        code: 'auth/user-disabled',
      });
      await testAuth().updateUser(uid, { disabled: false });
      await testAuth().deleteUser(uid);
      await assert.rejects(cache.assertActive(uid, authTimeOf(fresh), Date.now() + 2 * ACCOUNT_CACHE_TTL_MS), {
        code: 'auth/user-not-found',
      });
      assert.equal(count(), 5);
    });

    it('keeps a bounded number of accounts', async () => {
      const cache = new AccountCache(
        () => Promise.resolve({ disabled: false, tokensValidAfterTime: undefined }),
        30_000,
        10,
      );
      for (let i = 0; i < 100; i++) await cache.assertActive(`u${i}`, 0);
      assert.equal(cache.size, 10);
    });

    it('identifyCaller asks the account check on every protected call (no emulator branch), and forgetCachedUser drops a uid', async () => {
      const uid = `caller-${Date.now()}`;
      const token = await tokenFor({ uid, role: 'responder' });
      const before = accountCache.lookups;
      const caller = await identifyCaller(`Bearer ${token}`, 'test-request-1');
      assert.equal(caller?.uid, uid);
      assert.equal(accountCache.lookups, before + 1, 'the first call looked the account up');
      await identifyCaller(`Bearer ${token}`, 'test-request-2');
      assert.equal(accountCache.lookups, before + 1, 'the second was served from the cache');

      await testAuth().updateUser(uid, { disabled: true });
      // Within the TTL this instance still admits it; erasure and revocations made here forget it.
      forgetCachedUser(uid);
      await assert.rejects(identifyCaller(`Bearer ${token}`, 'test-request-3'), UnauthenticatedError);
    });
  });

  describe('over the wire', () => {
    it('a revoked token gets 401 on its next call; signing in again works', async () => {
      const user = await registeredUser('volunteer');
      await sleep(1100);
      await testAuth().revokeRefreshTokens(user.uid);
      const refused = expectProblem(await call('GET', '/users/me', { token: user.token }), 401, 'unauthenticated');
      assert.match(refused.detail, /no longer valid/);
      const fresh = await tokenFor({ uid: user.uid, role: 'volunteer' });
      assert.equal(expectStatus(await call('GET', '/users/me', { token: fresh }), 200).id, user.uid);
    });

    it('a disabled account gets 401, and nothing it sends is written', async () => {
      const user = await registeredUser('volunteer');
      await testAuth().updateUser(user.uid, { disabled: true });
      expectProblem(await call('GET', '/users/me', { token: user.token }), 401, 'unauthenticated');
      expectProblem(
        await call('PATCH', '/users/me/availability', { token: user.token, body: { availability: 'available' } }),
        401,
        'unauthenticated',
      );
      await testAuth().updateUser(user.uid, { disabled: false });
      const profile = expectStatus(
        await call('GET', '/users/me', { token: await tokenFor({ uid: user.uid, role: 'volunteer' }) }),
        200,
      );
      assert.equal(profile.availability, 'unavailable');
    });
  });
});
