// firestore.rules, exercised with @firebase/rules-unit-testing against the official Firestore
// emulator (the one npm test runs wherever the Debian package google-cloud-cli-firestore-emulator
// is installed): for each listened path and each role, joined or not, the reads that must be
// allowed and those that must be refused, and every client write refused. The embedded emulator,
// the fallback elsewhere, evaluates no rules: there this file prints NOT RUN with the reason and
// marks its tests pending; it never passes silently.
//
// Against an emulator started by hand: FIRESTORE_RULES_EMULATOR_HOST=127.0.0.1:8080.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ClientQuery {
  orderBy(field: string, direction: 'asc' | 'desc'): ClientQuery;
  limit(count: number): ClientQuery;
  get(): Promise<unknown>;
}
interface ClientDb {
  collection(path: string): ClientQuery & { add(data: object): Promise<unknown> };
  doc(path: string): { get(): Promise<unknown>; set(data: object): Promise<unknown> };
}
interface Context {
  firestore(): ClientDb;
}
interface RulesTestEnvironment {
  authenticatedContext(uid: string, claims?: Record<string, unknown>): Context;
  unauthenticatedContext(): Context;
  withSecurityRulesDisabled(callback: (context: Context) => Promise<void>): Promise<void>;
  clearFirestore(): Promise<void>;
  cleanup(): Promise<void>;
}
interface RulesUnitTesting {
  initializeTestEnvironment(config: {
    projectId: string;
    firestore: { rules: string; host: string; port: number };
  }): Promise<RulesTestEnvironment>;
  assertSucceeds<T>(promise: Promise<T>): Promise<T>;
  assertFails(promise: Promise<unknown>): Promise<unknown>;
}

const RULES_PATH = join(__dirname, '..', '..', 'firestore.rules');

interface Persona {
  name: string;
  /** null: a client with no token. */
  uid: string | null;
  /** The verified custom claims of the token (the rules read `role`). */
  claims?: Record<string, unknown>;
  /** Joined disaster d1 (its member document exists). */
  member: boolean;
  /** The role its user document holds, when the API changed it after the token was issued. */
  storedRole?: string;
}

/**
 * Every role, joined and not: admins read every chat by their claim; a member of any role reads
 * its disaster's chat; verification is no claim (the API decides what a verified volunteer sees),
 * so verified and unverified volunteers are the same to the rules, both checked.
 */
const PERSONAS: Persona[] = [
  { name: 'an admin who has not joined', uid: 'boss', claims: { role: 'admin' }, member: false },
  {
    name: 'an admin demoted after its token was issued (the token still says admin)',
    uid: 'demoted',
    claims: { role: 'admin' },
    storedRole: 'affected_individual',
    member: false,
  },
  { name: 'a responder who joined', uid: 'responder-member', claims: { role: 'responder' }, member: true },
  { name: 'a responder who has not joined', uid: 'responder-outsider', claims: { role: 'responder' }, member: false },
  { name: 'a verified volunteer who joined', uid: 'member', claims: { role: 'volunteer' }, member: true },
  { name: 'an unverified volunteer who joined', uid: 'new-volunteer', claims: { role: 'volunteer' }, member: true },
  { name: 'a volunteer who has not joined', uid: 'outsider', claims: { role: 'volunteer' }, member: false },
  {
    name: 'an affected individual who joined',
    uid: 'affected-member',
    claims: { role: 'affected_individual' },
    member: true,
  },
  {
    name: 'an affected individual who has not joined',
    uid: 'affected',
    claims: { role: 'affected_individual' },
    member: false,
  },
  { name: 'a signed-in user with no role yet', uid: 'unregistered', member: false },
  { name: 'a client with no token', uid: null, member: false },
];

describe('firestore.rules (official Firestore emulator only)', function () {
  let env: RulesTestEnvironment;
  let rut: RulesUnitTesting;

  before(async function (this: Mocha.Context) {
    const notRun = (reason: string) => {
      console.log(`\n      NOT RUN: the firestore.rules tests did not run: ${reason}\n`);
      this.skip();
    };
    const moduleName = '@firebase/rules-unit-testing';
    try {
      rut = (await import(moduleName)) as RulesUnitTesting;
    } catch (error) {
      return notRun(`${moduleName} is not installed in functions/ (${(error as Error).message.split('\n')[0]}).`);
    }
    const hostPort = process.env.FIRESTORE_RULES_EMULATOR_HOST ?? process.env.FIRESTORE_EMULATOR_HOST;
    if (!hostPort) return notRun('no Firestore emulator: set FIRESTORE_RULES_EMULATOR_HOST or run through npm test.');
    // Every refusal below would otherwise print a PERMISSION_DENIED warning of the client SDK.
    ((await import('firebase/firestore')) as { setLogLevel(level: string): void }).setLogLevel('silent');
    const [host, port] = hostPort.split(':');
    try {
      env = await rut.initializeTestEnvironment({
        projectId: `demo-rules-${process.pid}`,
        firestore: { rules: readFileSync(RULES_PATH, 'utf8'), host: host ?? '127.0.0.1', port: Number(port) },
      });
    } catch (error) {
      return notRun(
        `the Firestore emulator at ${hostPort} did not accept security rules, so it is not the official emulator ` +
          `(the embedded one does not evaluate rules; the official one needs Java 21). ${(error as Error).message.split('\n')[0]}`,
      );
    }
    await env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore();
      await db.doc('disasters/d1').set({ name: 'Flood', status: 'confirmed' });
      for (const persona of PERSONAS.filter((p) => p.member))
        await db.doc(`disasters/d1/members/${persona.uid}`).set({ role: persona.claims?.role ?? null });
      await db.doc('disasters/d1/messages/m1').set({ text: 'hello', sender_id: 'someone', created_at: new Date() });
      for (const persona of PERSONAS.filter((p) => p.uid !== null)) {
        await db.doc(`users/${persona.uid}`).set({ role: persona.storedRole ?? persona.claims?.role ?? null });
        await db.doc(`users/${persona.uid}/notifications/n1`).set({ text: 'task assigned', created_at: new Date() });
      }
      await db.doc('users/alice').set({ display_name: 'Alice' });
      await db.doc('observations/o1').set({ type: 'damage' });
    });
  });

  after(async () => {
    if (env) await env.cleanup();
  });

  const clientOf = (persona: Persona) =>
    persona.uid === null
      ? env.unauthenticatedContext().firestore()
      : env.authenticatedContext(persona.uid, persona.claims).firestore();
  /** The console's listener queries (web/src/live.ts, chat.tsx, notifications.tsx), as it sends them. */
  const chatQuery = (db: ClientDb) => db.collection('disasters/d1/messages').orderBy('created_at', 'desc').limit(100);
  const notificationsQuery = (db: ClientDb, uid: string) =>
    db.collection(`users/${uid}/notifications`).orderBy('created_at', 'desc').limit(50);

  for (const persona of PERSONAS) {
    describe(persona.name, () => {
      const isAdmin = persona.claims?.role === 'admin' && (persona.storedRole ?? 'admin') === 'admin';
      const mayReadChat = isAdmin || persona.member;
      it(`${mayReadChat ? 'may' : 'may not'} listen to the disaster chat, or read a message of it`, async () => {
        const db = clientOf(persona);
        const expect = mayReadChat ? rut.assertSucceeds.bind(rut) : rut.assertFails.bind(rut);
        await expect(chatQuery(db).get());
        await expect(db.doc('disasters/d1/messages/m1').get());
      });

      if (persona.uid !== null) {
        it('may read its own notifications (the console query) and no one else’s', async () => {
          const db = clientOf(persona);
          await rut.assertSucceeds(notificationsQuery(db, persona.uid!).get());
          await rut.assertSucceeds(db.doc(`users/${persona.uid}/notifications/n1`).get());
          const other = PERSONAS.find((p) => p.uid !== null && p.uid !== persona.uid)!.uid!;
          await rut.assertFails(notificationsQuery(db, other).get());
          await rut.assertFails(db.doc(`users/${other}/notifications/n1`).get());
        });
      } else {
        it('may read no one’s notifications', async () => {
          const db = clientOf(persona);
          for (const other of PERSONAS.filter((p) => p.uid !== null))
            await rut.assertFails(notificationsQuery(db, other.uid!).get());
        });
      }

      it('may write nothing: no chat message, no notification, no membership, nothing else', async () => {
        const db = clientOf(persona);
        const own = persona.uid ?? 'nobody';
        await rut.assertFails(db.collection('disasters/d1/messages').add({ text: 'bypassing the API' }));
        await rut.assertFails(db.doc('disasters/d1/messages/m1').set({ text: 'rewritten' }));
        await rut.assertFails(db.doc(`users/${own}/notifications/n1`).set({ text: 'forged', read: true }));
        await rut.assertFails(db.doc(`users/${own}/notifications/n2`).set({ text: 'forged' }));
        await rut.assertFails(db.doc(`disasters/d1/members/${own}`).set({ role: 'admin' }));
        for (const path of [
          'disasters/d1',
          'users/alice',
          `users/${own}`,
          'observations/o1',
          'requests/r1',
          'audit_log/a1',
        ])
          await rut.assertFails(db.doc(path).set({ forged: true }));
      });

      it('may read nothing else: disasters, members, users, observations, requests, tasks, the audit log', async () => {
        const db = clientOf(persona);
        for (const path of [
          'disasters/d1',
          'disasters/d1/members/member',
          'users/alice',
          `users/${persona.uid ?? 'alice'}`,
          'observations/o1',
          'requests/r1',
          'tasks/t1',
          'audit_log/a1',
        ])
          await rut.assertFails(db.doc(path).get());
      });
    });
  }
});
