import assert from 'node:assert/strict';
import type { QuerySnapshot } from 'firebase-admin/firestore';
import { call, expectProblem, expectStatus, registeredUser, type TestUser } from './helpers/api.js';
import { confirmedDisaster, eventually, join, suggestedDisaster } from './helpers/disasters.js';
import { projectId, testDb, tokenFor } from './helpers/emulators.js';

const messages = (disasterId: string) => testDb().collection('disasters').doc(disasterId).collection('messages');
const messageCount = async (disasterId: string) => (await messages(disasterId).count().get()).data().count;

describe('disaster chat', () => {
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let disaster: { id: string };

  before(async () => {
    admin = await registeredUser('admin');
    member = await registeredUser('volunteer');
    outsider = await registeredUser('volunteer');
    disaster = await confirmedDisaster(admin);
    await join(member, disaster.id);
  });

  it('a member posts a message: 200 with the stored message, stored under disasters/{id}/messages', async () => {
    const sent = expectStatus(
      await call('POST', `/disasters/${disaster.id}/chat/messages`, {
        token: member.token,
        body: { text: '  Boats needed at the bridge  ' },
      }),
      200,
    );
    assert.equal(sent.text, 'Boats needed at the bridge', 'text is trimmed');
    assert.equal(sent.sender_id, member.uid);
    assert.equal(sent.sender_role, 'volunteer');
    assert.equal(sent.disaster_id, disaster.id);
    assert.match(sent.sender_name, /volunteer/);
    const stored = (await messages(disaster.id).doc(sent.id).get()).data();
    assert.equal(stored?.text, 'Boats needed at the bridge');
    assert.equal(stored?.sender_id, member.uid);
  });

  it("names messages by the sender's current display name: a rename through registration reaches later messages", async () => {
    const room = await confirmedDisaster(admin);
    const renamed = await registeredUser('volunteer');
    await join(renamed, room.id);
    const before = expectStatus(
      await call('POST', `/disasters/${room.id}/chat/messages`, { token: renamed.token, body: { text: 'first' } }),
      200,
    );
    expectStatus(
      await call('POST', '/users/register', { token: renamed.token, body: { display_name: 'Kim Renamed' } }),
      200,
    );
    const after = expectStatus(
      await call('POST', `/disasters/${room.id}/chat/messages`, { token: renamed.token, body: { text: 'second' } }),
      200,
    );
    assert.notEqual(before.sender_name, 'Kim Renamed');
    assert.equal(after.sender_name, 'Kim Renamed');
    assert.equal(
      (await messages(room.id).doc(before.id).get()).data()?.sender_name,
      before.sender_name,
      'earlier messages keep the name they were sent with',
    );
  });

  it('returns the history newest first, paginated, to members and admins', async () => {
    const room = await confirmedDisaster(admin);
    await join(member, room.id);
    for (const text of ['one', 'two', 'three']) {
      expectStatus(
        await call('POST', `/disasters/${room.id}/chat/messages`, { token: member.token, body: { text } }),
        200,
      );
    }
    const page = expectStatus(
      await call('GET', `/disasters/${room.id}/chat/messages?limit=2`, { token: member.token }),
      200,
    );
    assert.deepEqual(
      page.items.map((m: { text: string }) => m.text),
      ['three', 'two'],
    );
    const rest = expectStatus(
      await call('GET', `/disasters/${room.id}/chat/messages?limit=2&cursor=${page.next_cursor}`, {
        token: admin.token,
      }),
      200,
    );
    assert.deepEqual(
      rest.items.map((m: { text: string }) => m.text),
      ['one'],
    );
    assert.equal(rest.next_cursor, null);
  });

  it("an admin without a profile posts as a dispatcher, never under their e-mail's local part (L6)", async () => {
    const token = await tokenFor({ role: 'admin', email: 'maria.santos.private@example.org' });
    const sent = expectStatus(
      await call('POST', `/disasters/${disaster.id}/chat/messages`, { token, body: { text: 'Roads closed north' } }),
      200,
    );
    assert.equal(sent.sender_role, 'admin');
    assert.equal(sent.sender_name, 'Dispatcher');
    assert.ok(!JSON.stringify(sent).includes('maria'));
  });

  it('an admin who has not joined may read and post', async () => {
    const sent = expectStatus(
      await call('POST', `/disasters/${disaster.id}/chat/messages`, {
        token: admin.token,
        body: { text: 'Coordinators here' },
      }),
      200,
    );
    assert.equal(sent.sender_role, 'admin');
    const page = expectStatus(
      await call('GET', `/disasters/${disaster.id}/chat/messages`, { token: admin.token }),
      200,
    );
    assert.ok(page.items.some((m: { id: string }) => m.id === sent.id));
  });

  it('someone who has not joined can neither post (403, nothing written) nor read (403)', async () => {
    const before = await messageCount(disaster.id);
    expectProblem(
      await call('POST', `/disasters/${disaster.id}/chat/messages`, {
        token: outsider.token,
        body: { text: 'let me in' },
      }),
      403,
      'forbidden',
    );
    expectProblem(
      await call('GET', `/disasters/${disaster.id}/chat/messages`, { token: outsider.token }),
      403,
      'forbidden',
    );
    assert.equal(await messageCount(disaster.id), before);
  });

  it('a member who left loses access', async () => {
    const leaver = await registeredUser('volunteer');
    await join(leaver, disaster.id);
    expectStatus(await call('DELETE', `/disasters/${disaster.id}/leave`, { token: leaver.token }), 204);
    const before = await messageCount(disaster.id);
    expectProblem(
      await call('POST', `/disasters/${disaster.id}/chat/messages`, {
        token: leaver.token,
        body: { text: 'still here?' },
      }),
      403,
      'forbidden',
    );
    assert.equal(await messageCount(disaster.id), before, 'nothing was stored');
  });

  it('answers 404 for an unknown disaster, and for a suggested one to non-admins', async () => {
    const suggestion = await suggestedDisaster();
    expectProblem(
      await call('POST', '/disasters/unknown-disaster/chat/messages', { token: member.token, body: { text: 'hi' } }),
      404,
      'not_found',
    );
    expectProblem(
      await call('GET', '/disasters/unknown-disaster/chat/messages', { token: admin.token }),
      404,
      'not_found',
    );
    expectProblem(
      await call('GET', `/disasters/${suggestion.id}/chat/messages`, { token: member.token }),
      404,
      'not_found',
    );
    expectProblem(
      await call('POST', `/disasters/${suggestion.id}/chat/messages`, { token: admin.token, body: { text: 'hi' } }),
      409,
      'conflict',
    );
    assert.equal(await messageCount(suggestion.id), 0);
  });

  it('refuses anonymous callers (401)', async () => {
    expectProblem(
      await call('POST', `/disasters/${disaster.id}/chat/messages`, { body: { text: 'hi' } }),
      401,
      'unauthenticated',
    );
    expectProblem(await call('GET', `/disasters/${disaster.id}/chat/messages`), 401, 'unauthenticated');
  });

  const invalid: [string, unknown][] = [
    ['an empty message', { text: '' }],
    ['a message of only spaces', { text: '   \n ' }],
    ['a message over 2000 characters', { text: 'x'.repeat(2001) }],
    ['a message with control characters', { text: 'bell\u0007' }],
    ['a text that is not a string', { text: 12 }],
    ['no text', {}],
    ['an unknown field', { text: 'hi', sender_id: 'someone-else' }],
  ];
  for (const [what, body] of invalid) {
    it(`rejects ${what} with 400, writing nothing`, async () => {
      const before = await messageCount(disaster.id);
      expectProblem(
        await call('POST', `/disasters/${disaster.id}/chat/messages`, {
          token: member.token,
          body,
          invalidRequest: what,
        }),
        400,
        'validation_failed',
      );
      assert.equal(await messageCount(disaster.id), before);
    });
  }

  it('accepts a message of exactly 2000 characters', async () => {
    const sent = expectStatus(
      await call('POST', `/disasters/${disaster.id}/chat/messages`, {
        token: member.token,
        body: { text: 'y'.repeat(2000) },
      }),
      200,
    );
    assert.equal(sent.text.length, 2000);
  });

  describe('real-time delivery through Firestore listeners', () => {
    it('a listener on disasters/{id}/messages (Admin SDK) receives a message posted through the API', async () => {
      const room = await confirmedDisaster(admin);
      await join(member, room.id);
      const received: string[] = [];
      let initialised = false;
      const unsubscribe = messages(room.id)
        .orderBy('created_at')
        .onSnapshot((snapshot: QuerySnapshot) => {
          initialised = true;
          for (const change of snapshot.docChanges())
            if (change.type === 'added') received.push(String(change.doc.data().text));
        });
      try {
        await eventually('the listener to start', () => (initialised ? true : undefined));
        expectStatus(
          await call('POST', `/disasters/${room.id}/chat/messages`, {
            token: member.token,
            body: { text: 'live from the API' },
          }),
          200,
        );
        await eventually('the message to reach the listener', () =>
          received.includes('live from the API') ? true : undefined,
        );
        assert.deepEqual(received, ['live from the API']);
      } finally {
        unsubscribe();
      }
    });

    // The console's own path: the Firebase JS SDK, signed in through the Auth emulator, listening
    // over WebChannel; where the stack runs the official emulator, firestore.rules decide.
    interface Sdk {
      initializeApp: (options: object, name: string) => unknown;
      deleteApp: (app: unknown) => Promise<void>;
      getFirestore: (app: unknown) => unknown;
      connectFirestoreEmulator: (db: unknown, host: string, port: number) => void;
      getAuth: (app: unknown) => unknown;
      connectAuthEmulator: (auth: unknown, url: string, options: object) => void;
      signInWithCustomToken: (auth: unknown, token: string) => Promise<unknown>;
      collection: (db: unknown, path: string) => unknown;
      query: (ref: unknown, ...constraints: unknown[]) => unknown;
      orderBy: (field: string) => unknown;
      onSnapshot: (
        query: unknown,
        next: (snapshot: { docChanges(): { type: string; doc: { data(): Record<string, unknown> } }[] }) => void,
        error: (error: { code: string }) => void,
      ) => () => void;
    }

    /** A JS SDK client signed in as `user` (unsigned custom token: the Auth emulator takes JSON). */
    async function clientOf(sdk: Sdk, user: TestUser) {
      const app = sdk.initializeApp(
        { projectId: projectId(), apiKey: 'fake-api-key' },
        `chat-${user.uid}-${Date.now()}`,
      );
      const auth = sdk.getAuth(app);
      sdk.connectAuthEmulator(auth, `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`, { disableWarnings: true });
      await sdk.signInWithCustomToken(auth, JSON.stringify({ uid: user.uid }));
      const db = sdk.getFirestore(app);
      const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '').split(':');
      sdk.connectFirestoreEmulator(db, host ?? '127.0.0.1', Number(port));
      const received: string[] = [];
      let refused: string | undefined;
      const listen = (disasterId: string) =>
        sdk.onSnapshot(
          sdk.query(sdk.collection(db, `disasters/${disasterId}/messages`), sdk.orderBy('created_at')),
          (snapshot) => {
            for (const change of snapshot.docChanges())
              if (change.type === 'added') received.push(String(change.doc.data().text));
          },
          (error) => {
            refused = error.code;
          },
        );
      return { app, received, refused: () => refused, listen };
    }

    async function loadSdk(context: Mocha.Context): Promise<Sdk> {
      try {
        const names = ['firebase/app', 'firebase/auth', 'firebase/firestore'];
        const [app, auth, firestore] = (await Promise.all(names.map((name) => import(name)))) as [Sdk, Sdk, Sdk];
        return { ...firestore, ...auth, initializeApp: app.initializeApp, deleteApp: app.deleteApp };
      } catch (error) {
        console.log(
          `      NOT RUN: the Firebase JS SDK ('firebase' package) is not installed in functions/ (${(error as Error).message.split('\n')[0]}).`,
        );
        context.skip();
      }
    }

    it('a member listening with the Firebase JS SDK, signed in, receives a message posted through the API', async function (this: Mocha.Context) {
      const sdk = await loadSdk(this);
      const room = await confirmedDisaster(admin);
      await join(member, room.id);
      const client = await clientOf(sdk, member);
      const unsubscribe = client.listen(room.id);
      try {
        expectStatus(
          await call('POST', `/disasters/${room.id}/chat/messages`, {
            token: member.token,
            body: { text: 'hello JS SDK' },
          }),
          200,
        );
        await eventually('the message to reach the JS SDK listener', () =>
          client.received.includes('hello JS SDK') ? true : undefined,
        );
        assert.equal(client.refused(), undefined);
      } finally {
        unsubscribe();
        await sdk.deleteApp(client.app);
      }
    });

    it('a non-member listening with the Firebase JS SDK is refused by firestore.rules and receives nothing', async function (this: Mocha.Context) {
      if (process.env.STACK_FIRESTORE_KIND !== 'official') {
        console.log(
          "      NOT RUN: the embedded Firestore emulator evaluates no security rules (see the stack's first line).",
        );
        this.skip();
      }
      const sdk = await loadSdk(this);
      const room = await confirmedDisaster(admin);
      await join(member, room.id);
      const stranger = await registeredUser('volunteer');
      const client = await clientOf(sdk, stranger);
      const unsubscribe = client.listen(room.id);
      try {
        await eventually('the subscription to be refused', () => client.refused());
        assert.equal(client.refused(), 'permission-denied');
        expectStatus(
          await call('POST', `/disasters/${room.id}/chat/messages`, {
            token: member.token,
            body: { text: 'members only' },
          }),
          200,
        );
        // The member's own listener proves the message was delivered to listeners; the stranger's got none.
        const own = await clientOf(sdk, member);
        const ownUnsubscribe = own.listen(room.id);
        await eventually('the member to receive it', () => (own.received.includes('members only') ? true : undefined));
        ownUnsubscribe();
        await sdk.deleteApp(own.app);
        assert.deepEqual(client.received, []);
      } finally {
        unsubscribe();
        await sdk.deleteApp(client.app);
      }
    });
  });
});
