// The baseline of the request-overhead benchmark (bench/request-overhead.ts, figure 2): a bare
// Express app that verifies the same ID token with the Admin SDK and performs the same Firestore
// operations as the API's endpoints (audit records included), with none of the framework (no declarations, validation,
// response checks, problem+json, logging, rate limits, converters). Served by the `benchBaseline`
// function, which index.ts exports only under the Functions emulator, so it is
// never deployed.
import express, { type Request, type Response } from 'express';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { geohashForLocation } from 'geofire-common';
import { validateRequest } from 'twilio/lib/webhooks/webhooks.js';

let firestore: Firestore | undefined;
const app = () => getApps()[0] ?? initializeApp();
const db = () => (firestore ??= getFirestore(app()));

interface Verified {
  uid: string;
  role: unknown;
}

async function verify(req: Request, res: Response): Promise<Verified | null> {
  const token = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
  if (!token) {
    res.status(401).json({ error: 'unauthenticated' });
    return null;
  }
  try {
    const decoded = await getAuth(app()).verifyIdToken(token);
    return { uid: decoded.uid, role: decoded.role };
  } catch {
    res.status(401).json({ error: 'unauthenticated' });
    return null;
  }
}

/** An audit record as events/record.ts writes it with each change (a plain object here). */
function auditRecord(
  entity: string,
  entityId: string,
  action: string,
  caller: Verified,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
  context: { disaster_id: unknown; request_id: unknown },
  at: string,
) {
  const ref = db().collection('audit_log').doc();
  const people = [before, after].flatMap((fields) =>
    ['assigned_to', 'owner_id'].map((f) => fields?.[f]).filter((v): v is string => typeof v === 'string'),
  );
  const record = {
    id: ref.id,
    type: `${entity}.${action}`,
    entity,
    entity_id: entityId,
    action,
    actor_id: caller.uid,
    actor_role: caller.role ?? null,
    before,
    after,
    people_ids: [...new Set(people)],
    disaster_id: context.disaster_id ?? null,
    request_id: context.request_id ?? null,
    created_at: at,
  };
  return { ref, record };
}

/**
 * The same fixed-window counter operations as data/window-count.ts: one write, one read; for a
 * count spread over `shards` documents, the write to one of them and a read of all.
 */
async function rateLimit(bucket: string, uid: string, shards = 1): Promise<void> {
  const windowMs = 600_000;
  const windowStart = Math.floor(Date.now() / windowMs) * windowMs;
  const id = `baseline-${bucket}:uid:${uid}:${windowStart}`;
  const refs = Array.from({ length: shards }, (_, k) =>
    db()
      .collection('rate_limits')
      .doc(k === 0 ? id : `${id}:${k}`),
  );
  await refs[Math.floor(Math.random() * shards)]!.set(
    { count: FieldValue.increment(1), expires_at: Timestamp.fromMillis(windowStart + 2 * windowMs) },
    { merge: true },
  );
  await db().getAll(...refs);
}

function json(res: Response, status: number, body: unknown): void {
  res.status(status).json(body);
}

/** Firestore Timestamps as ISO strings, as the API answers. */
function plain(data: FirebaseFirestore.DocumentData | undefined): Record<string, unknown> | undefined {
  if (!data) return undefined;
  return Object.fromEntries(
    Object.entries(data as Record<string, unknown>).map(([k, v]) => [
      k,
      v instanceof Timestamp ? v.toDate().toISOString() : v,
    ]),
  );
}

// The bare twin of the API for figure 2 (bench/request-overhead.ts): written out in one piece on purpose.
// eslint-disable-next-line max-lines-per-function
export function buildBaselineApp(): express.Express {
  const server = express();
  server.disable('x-powered-by');
  server.disable('etag');
  server.use(express.json());

  // GET /users/me: one document read.
  server.get('/users/me', async (req, res) => {
    const caller = await verify(req, res);
    if (caller === null) return;
    const snapshot = await db().collection('users').doc(caller.uid).get();
    if (!snapshot.exists) return json(res, 404, { error: 'not_found' });
    json(res, 200, plain(snapshot.data()));
  });

  // GET /requests?limit=n: one query of n + 1 documents, newest first.
  server.get('/requests', async (req, res) => {
    const caller = await verify(req, res);
    if (caller === null) return;
    if (caller.role !== 'admin' && caller.role !== 'responder') return json(res, 403, { error: 'forbidden' });
    const limit = Math.min(100, Number(req.query.limit ?? 20) || 20);
    const snapshot = await db()
      .collection('requests')
      .orderBy('sort_key', 'desc')
      .limit(limit + 1)
      .get();
    const items = snapshot.docs.slice(0, limit).map((doc) => plain(doc.data()));
    json(res, 200, {
      items,
      next_cursor: snapshot.size > limit ? String(snapshot.docs[limit - 1]?.get('sort_key')) : null,
    });
  });

  // GET /requests/{id}: the request, seen by its owner or staff.
  server.get('/requests/:id', async (req, res) => {
    const caller = await verify(req, res);
    if (caller === null) return;
    const data = (await db().collection('requests').doc(req.params.id).get()).data();
    if (!data || (data.owner_id !== caller.uid && caller.role !== 'admin' && caller.role !== 'responder'))
      return json(res, 404, { error: 'not_found' });
    json(res, 200, plain(data));
  });

  // POST /channels/twilio/inbound (a STATUS message from a known number): the signature, the
  // two rate-limit counters, the MessageSid claim read, the contact, the person's requests, then
  // the claim created and the contact updated in one batch; a TwiML reply.
  server.post('/channels/twilio/inbound', express.urlencoded({ extended: false }), async (req, res) => {
    const form = req.body as Record<string, string>;
    const url = `${process.env.PUBLIC_API_BASE_URL?.replace(/\/api$/, '/benchBaseline') ?? ''}/channels/twilio/inbound`;
    if (!validateRequest('local-twilio-auth-token', req.get('x-twilio-signature') ?? '', url, form))
      return json(res, 403, { error: 'forbidden' });
    const number = (form.From ?? '').replace(/^whatsapp:/, '');
    await rateLimit('sms:inbound:all', 'all', 10); // INBOUND_GLOBAL's shards
    await rateLimit('sms:inbound:number', number);
    const claim = db()
      .collection('inbound_messages')
      .doc(form.MessageSid ?? '');
    if ((await claim.get()).exists) return void res.type('text/xml').send('<Response/>');
    const contactRef = db().collection('phone_contacts').doc(number);
    const contact = (await contactRef.get()).data();
    if (!contact) return json(res, 404, { error: 'not_found' });
    const own = await db()
      .collection('requests')
      .where('owner_id', '==', contact.uid)
      .orderBy('sort_key', 'desc')
      .limit(21)
      .get();
    const now = Timestamp.now();
    const batch = db().batch();
    batch.create(claim, { id: claim.id, channel: 'sms', outcome: 'status', request_id: null, created_at: now });
    batch.update(contactRef, { updated_at: now });
    await batch.commit();
    res
      .type('text/xml')
      .send(`<?xml version="1.0" encoding="UTF-8"?><Response><Message>Your requests: ${own.size}</Message></Response>`);
  });

  // POST /requests: rate limit, the disaster, the duplicate check, the creation.
  server.post('/requests', async (req, res) => {
    const caller = await verify(req, res);
    if (caller === null) return;
    const body = req.body as {
      disaster_id: string;
      type_of_need: string;
      description: string;
      location: { lat: number; lng: number };
    };
    await rateLimit('requests:create', caller.uid);
    const disaster = await db().collection('disasters').doc(body.disaster_id).get();
    if (!disaster.exists) return json(res, 404, { error: 'not_found' });
    const now = new Date();
    const since = new Date(now.getTime() - 12 * 3_600_000).toISOString();
    const earlier = await db()
      .collection('requests')
      .where('owner_id', '==', caller.uid)
      .where('type_of_need', '==', body.type_of_need)
      .where('sort_key', '>=', since)
      .orderBy('sort_key', 'desc')
      .limit(20)
      .get();
    const match = earlier.docs.find(
      (doc) => doc.get('disaster_id') === body.disaster_id && doc.get('status') === 'open',
    );
    const ref = db().collection('requests').doc();
    const at = now.toISOString();
    const request = {
      id: ref.id,
      ...body,
      geohash: geohashForLocation([body.location.lat, body.location.lng], 10),
      status: 'open',
      closed_reason: null,
      owner_id: caller.uid,
      duplicate_of: match ? ((match.get('duplicate_of') as string | null) ?? match.id) : null,
      planning: {
        state: 'pending',
        planner: null,
        attempts: 0,
        last_error: null,
        lease_expires_at: null,
        run_id: null,
        updated_at: at,
      },
      potential_matches: null,
      created_at: at,
      updated_at: at,
      status_changed_at: at,
      sort_key: `${at}~${ref.id}`,
    };
    const audit = auditRecord(
      'request',
      ref.id,
      'created',
      caller,
      null,
      { status: 'open', duplicate_of: request.duplicate_of },
      { disaster_id: body.disaster_id, request_id: ref.id },
      at,
    );
    await db().batch().create(ref, request).create(audit.ref, audit.record).commit();
    json(res, 201, request);
  });

  // PATCH /tasks/{id}/status (pending → on_route by the assignee): rate limit; in a transaction,
  // the task, checks, the once-only transition marker, the task with a history entry.
  server.patch('/tasks/:id/status', async (req, res) => {
    const caller = await verify(req, res);
    if (caller === null) return;
    const to = (req.body as { status?: string }).status;
    await rateLimit('tasks:write', caller.uid);
    const ref = db().collection('tasks').doc(req.params.id);
    const result = await db().runTransaction(async (tx) => {
      const task = (await tx.get(ref)).data();
      if (!task || task.assigned_to !== caller.uid) return null;
      if (task.status !== 'pending' || to !== 'on_route' || !task.authorized) return 'conflict';
      const at = new Date().toISOString();
      const from = String(task.status);
      tx.create(db().collection('task_transitions').doc(`${req.params.id}_${from}`), {
        task_id: req.params.id,
        from,
        to,
        by: caller.uid,
        at,
      });
      const entry = { at, by: caller.uid, action: 'status_changed', from, to };
      tx.update(ref, {
        status: to,
        updated_at: Timestamp.fromDate(new Date(at)),
        history: FieldValue.arrayUnion(entry),
      });
      const audit = auditRecord(
        'task',
        req.params.id,
        'status_changed',
        caller,
        { status: from },
        { status: to },
        { disaster_id: task.disaster_id, request_id: task.request_id },
        at,
      );
      tx.create(audit.ref, audit.record);
      return { ...plain(task), status: to, updated_at: at };
    });
    if (result === null) return json(res, 404, { error: 'not_found' });
    if (result === 'conflict') return json(res, 409, { error: 'invalid_transition' });
    json(res, 200, result);
  });

  return server;
}
