// `npm start` seeds demo data (dev/seed.ts): users of every role who can sign in with their
// password, a confirmed disaster the demo volunteer has joined, resources. The seed runs against
// whatever the stack already holds, so it must be idempotent, and what it writes must keep the
// same invariants as the API (a membership is the member document and the user's list entry).
import assert from 'node:assert/strict';
import { memberStore, membershipStore } from '../src/disasters/store.js';
import { resourceStore } from '../src/resources/store.js';
import { DEMO_DISASTER_ID, DEMO_PASSWORD, demoUsers, seed } from '../dev/seed.js';
import { call, expectStatus } from './helpers/api.js';
import { authRest } from './helpers/emulators.js';

const volunteer = demoUsers.find((u) => u.role === 'volunteer')!;

async function signIn(email: string): Promise<string> {
  return (
    await authRest<{ idToken: string }>('signInWithPassword', {
      email,
      password: DEMO_PASSWORD,
      returnSecureToken: true,
    })
  ).idToken;
}

describe('demo seed (npm start)', () => {
  before(async () => {
    await seed(() => undefined);
  });

  it('lets every demo user sign in with the demo password and read their profile, with their role', async () => {
    for (const user of demoUsers) {
      const profile = expectStatus(await call('GET', '/users/me', { token: await signIn(user.email) }), 200);
      assert.equal(profile.role, user.role, user.email);
    }
  });

  it('has the demo volunteer joined to the demo disaster, on both sides of the membership, and the assistant knows it', async () => {
    const token = await signIn(volunteer.email);
    const joined = expectStatus(await call('GET', `/disasters/${DEMO_DISASTER_ID}/joined`, { token }), 200);
    assert.equal(joined.joined, true);
    assert.equal(
      (await membershipStore.doc(volunteer.uid, DEMO_DISASTER_ID).get()).exists,
      true,
      "the volunteer's own list",
    );
    const answer = expectStatus(
      await call('POST', '/chatbot/ask', { token, body: { message: 'Tell me about the disaster' } }),
      200,
    );
    assert.match(answer.reply, /You joined it/);
    // Vetted, so the demo shows what verified volunteers see (coarse areas) and can be assigned.
    assert.equal(expectStatus(await call('GET', '/users/me', { token }), 200).verified, true);
  });

  it('is idempotent: a second run changes no membership date and adds no resource', async () => {
    const before = (await memberStore.doc(DEMO_DISASTER_ID, volunteer.uid).get()).data();
    const resources = (await resourceStore.ref().count().get()).data().count;
    await seed(() => undefined);
    const after = (await memberStore.doc(DEMO_DISASTER_ID, volunteer.uid).get()).data();
    assert.equal(after?.created_at, before?.created_at);
    assert.equal((await resourceStore.ref().count().get()).data().count, resources);
  });
});
