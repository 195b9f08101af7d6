// The baseline of the request-overhead benchmark (bench/request-overhead.ts, figure 2): a bare
// Express app that verifies the same ID token with the Admin SDK and performs the same Firestore
// operations as the API's endpoints, with none of the framework (no declarations, validation,
// response checks, problem+json, logging, rate limits, converters). Served by the `benchBaseline`
// function, which index.ts exports only under the Functions emulator, so it is
// never deployed.
import express, { type Request, type Response } from 'express';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

let firestore: Firestore | undefined;
const app = () => getApps()[0] ?? initializeApp();
const db = () => (firestore ??= getFirestore(app()));

async function verify(req: Request, res: Response): Promise<string | null> {
  const token = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
  if (!token) {
    res.status(401).json({ error: 'unauthenticated' });
    return null;
  }
  try {
    return (await getAuth(app()).verifyIdToken(token)).uid;
  } catch {
    res.status(401).json({ error: 'unauthenticated' });
    return null;
  }
}

function json(res: Response, status: number, body: unknown): void {
  res.status(status).json(body);
}

/** Firestore Timestamps as ISO strings, as the API answers. */
function plain(data: FirebaseFirestore.DocumentData | undefined): Record<string, unknown> | undefined {
  if (!data) return undefined;
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v instanceof Object && 'toDate' in v && typeof v.toDate === 'function' ? (v.toDate() as Date).toISOString() : v]));
}

export function buildBaselineApp(): express.Express {
  const server = express();
  server.disable('x-powered-by');
  server.disable('etag');
  server.use(express.json());

  // GET /users/me: one document read.
  server.get('/users/me', async (req, res) => {
    const uid = await verify(req, res);
    if (uid === null) return;
    const snapshot = await db().collection('users').doc(uid).get();
    if (!snapshot.exists) return json(res, 404, { error: 'not_found' });
    json(res, 200, plain(snapshot.data()));
  });

  return server;
}
