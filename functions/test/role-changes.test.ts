// Role changes as a defence (security review 3, F4, L3, L5): a demotion takes the role away at
// once rather than when the token expires, an admin cannot grant itself a role, a stale token
// cannot write its old role back through registration, and a grant by e-mail needs the address
// to be verified.
import assert from 'node:assert/strict';
import { auditStore } from '../src/audit/store.js';
import { userStore } from '../src/users/store.js';
import { grantRole } from '../src/users/roles.js';
import { call, expectProblem, expectStatus, registeredUser, uniqueId } from './helpers/api.js';
import { testAuth, tokenFor } from './helpers/emulators.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const claimOf = async (uid: string) => (await testAuth().getUser(uid)).customClaims?.role;
const roleRecords = async (uid: string) =>
  (await auditStore.ref().where('entity_id', '==', uid).get()).docs.filter((d) => d.data().entity === 'role').length;

describe('role changes', () => {
  it("a demoted admin's old token is refused at once, so it cannot grant itself admin again (the review's sequence)", async () => {
    const admin = await registeredUser('admin');
    const evil = await registeredUser('affected_individual');
    expectStatus(await call('PUT', `/users/${evil.uid}/role`, { token: admin.token, body: { role: 'admin' } }), 200);
    const evilAdmin = await tokenFor({ uid: evil.uid }); // signs in again, as the promotion asks
    expectStatus(await call('GET', '/requests?limit=1', { token: evilAdmin }), 200);
    await sleep(1100); // revocation has a one-second resolution: the token must predate it
    expectStatus(
      await call('PUT', `/users/${evil.uid}/role`, { token: admin.token, body: { role: 'affected_individual' } }),
      200,
    );
    expectProblem(await call('GET', '/requests?limit=1', { token: evilAdmin }), 401, 'unauthenticated');
    expectProblem(
      await call('PUT', `/users/${evil.uid}/role`, { token: evilAdmin, body: { role: 'admin' } }),
      401,
      'unauthenticated',
    );
    assert.equal(await claimOf(evil.uid), 'affected_individual');
    const fresh = await tokenFor({ uid: evil.uid });
    assert.equal(expectStatus(await call('GET', '/users/me', { token: fresh }), 200).role, 'affected_individual');
    expectProblem(await call('GET', '/requests?limit=1', { token: fresh }), 403, 'forbidden');
  });

  it('an admin cannot change its own role (403), and nothing is written', async () => {
    const admin = await registeredUser('admin');
    const records = await roleRecords(admin.uid);
    for (const role of ['admin', 'responder'] as const) {
      const refused = expectProblem(
        await call('PUT', `/users/${admin.uid}/role`, { token: admin.token, body: { role } }),
        403,
        'forbidden',
      );
      assert.match(refused.detail, /your own role/);
    }
    assert.equal(await claimOf(admin.uid), 'admin');
    assert.equal((await userStore.get(admin.uid))?.role, 'admin');
    assert.equal(await roleRecords(admin.uid), records);
    expectStatus(await call('GET', '/requests?limit=1', { token: admin.token }), 200); // still signed in
  });

  it('granting the role a user already has signs nobody out', async () => {
    const admin = await registeredUser('admin');
    const responder = await registeredUser('responder');
    await sleep(1100);
    expectStatus(
      await call('PUT', `/users/${responder.uid}/role`, { token: admin.token, body: { role: 'responder' } }),
      200,
    );
    expectStatus(await call('GET', '/requests?limit=1', { token: responder.token }), 200);
  });

  it('registering with a token older than a demotion cannot write the old role back (L3)', async () => {
    const admin = await registeredUser('admin');
    // A responder whose token has its claim but, demoted meanwhile, the document says otherwise;
    // the token itself is stale, not revoked (say an instance that has not seen the change yet).
    const uid = uniqueId('stale');
    const stale = await tokenFor({ uid, role: 'responder' });
    expectStatus(await call('POST', '/users/register', { token: stale, body: { display_name: 'Stale' } }), 200);
    await testAuth().setCustomUserClaims(uid, { role: 'affected_individual' });
    await userStore.update(uid, { role: 'affected_individual' });
    const answer = await call('POST', '/users/register', { token: stale, body: {} });
    expectStatus(answer, 200);
    assert.equal((await userStore.get(uid))?.role, 'affected_individual', 'the document keeps the new role');
    assert.equal(await claimOf(uid), 'affected_individual', 'the claim keeps the new role');
    assert.equal(answer.body.role, 'affected_individual');
    void admin;
  });

  it('a role is granted by e-mail only to a verified address (L5)', async () => {
    const email = `${uniqueId('boss')}@example.org`;
    const impostor = uniqueId('impostor');
    await tokenFor({ uid: impostor, email }); // signed up first with someone else's address
    await assert.rejects(grantRole(email, 'admin', 'system'), { code: 'forbidden' });
    assert.equal(await claimOf(impostor), undefined);
    await testAuth().updateUser(impostor, { emailVerified: true });
    assert.equal((await grantRole(email, 'responder', 'system')).role, 'responder');
    assert.equal(await claimOf(impostor), 'responder');
  });
});
