// What the benchmarks call, endpoint by endpoint: the arranged data, the call, and (figure 3)
// the fewest Firestore reads and writes the endpoint could do its job with. A new endpoint
// gets its entry here; the cost figure lists every endpoint of allEndpoints that has none.
import { collections } from '../src/data/collections.js';
import { randomBytes } from 'node:crypto';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';
import { LOCAL_TWILIO_AUTH_TOKEN } from '../src/config.js';
import type { Observation } from '../src/observations/model.js';
import type { OutboundMessage } from '../src/outbound/model.js';
import type { HelpRequest } from '../src/requests/model.js';
import { geohashOf } from '../src/shared/geo.js';
import type { Role } from '../src/shared/schemas.js';
import type { WorkflowOutput } from '../src/workflow/model.js';
import { call, expectStatus, registeredUser, type TestUser } from '../test/helpers/api.js';
import { tokenFor } from '../test/helpers/emulators.js';
import { newResource, newTask, readyTask } from '../test/helpers/tasks-fixtures.js';
import {
  disaster,
  join,
  quietRequest,
  requestValue,
  resource,
  spot,
  waitFor,
} from '../test/helpers/planning-fixtures.js';
import { verify } from '../test/helpers/trust.js';
import { storeDelivery, storeWebhook } from '../test/helpers/webhooks.js';
import { db } from '../src/data/firestore.js';
import type { HttpCall } from './load.js';
import type { Session } from './session.js';

// --- Figure 2: the endpoints under load, each with its bare twin --------------------------------

export interface OverheadScenario {
  name: string;
  expect: number;
  /** Fewer calls than the run's default (a slow endpoint), as a fraction of it. */
  share?: number;
  /** `calls`: at most this many calls per side (for scenarios that use up their data). */
  prepare(
    session: Session,
    calls: number,
  ): Promise<{ ours: (i: number) => HttpCall; baseline: (i: number) => HttpCall; settle?: () => Promise<void> }>;
}

/**
 * `count` copies of a task that is assigned to `assignee` and authorized, ready to go on_route:
 * one made through the API, cloned in batches (raw documents, new ids and sort keys).
 */
async function readyTasks(assignee: TestUser, count: number): Promise<string[]> {
  const admin = await registeredUser('admin');
  const d = await disaster();
  const model = (await readyTask(admin, assignee, d.id)) as { id: string };
  const raw = (await db().collection(collections.tasks.path).doc(model.id).get()).data() ?? {};
  const ids: string[] = [];
  for (let start = 0; start < count; start += 400) {
    const batch = db().batch();
    for (let i = start; i < Math.min(count, start + 400); i++) {
      const id = `${model.id}-${i}`;
      ids.push(id);
      batch.set(db().collection(collections.tasks.path).doc(id), {
        ...raw,
        id,
        sort_key: `${String(raw.sort_key).split('~')[0]}~${id}`,
      });
    }
    await batch.commit();
  }
  return ids;
}

/** `count` stored requests that the planning trigger skips at once (marked as duplicates). */
async function seedRequests(owner: string, disasterId: string, count: number): Promise<void> {
  const batch = db().batch();
  for (let i = 0; i < count; i++) {
    const value = { ...requestValue({ owner, disasterId, at: spot() }), duplicate_of: 'bench-original' };
    batch.set(collections.requests.doc(value.id), value);
  }
  await batch.commit();
}

const both = (session: Session, method: string, path: string, token: string, body?: unknown) => ({
  ours: () => ({ method, url: `${session.apiUrl}${path}`, token, body }),
  baseline: () => ({ method, url: `${session.baselineUrl}${path}`, token, body }),
});

/**
 * `count` phone numbers that have written before (their contact stored), so that a STATUS message
 * takes the path of a known number: no Auth user is created while measuring.
 */
async function knownNumbers(count: number): Promise<string[]> {
  const now = new Date().toISOString();
  const numbers: string[] = [];
  const batch = db().batch();
  for (let i = 0; i < count; i++) {
    const number = `+1555${String(process.pid % 1000).padStart(3, '0')}${String(i).padStart(4, '0')}`;
    numbers.push(number);
    batch.set(collections.phoneContacts.doc(number), {
      id: number,
      uid: `bench-sms-${i}`,
      language: 'en',
      channel: 'sms',
      opted_out: false,
      opted_out_at: null,
      created_at: now,
      updated_at: now,
    });
  }
  await batch.commit();
  return numbers;
}

/** A STATUS message as Twilio posts it to `url`, signed with the local auth token. */
export function twilioStatusMessage(url: string, from: string): { form: Record<string, string>; signature: string } {
  const form = {
    MessageSid: `SM${randomBytes(16).toString('hex')}`,
    AccountSid: 'AC00000000000000000000000000000000',
    From: from,
    To: '+15005550006',
    Body: 'STATUS',
    NumMedia: '0',
  };
  return { form, signature: getExpectedTwilioSignature(LOCAL_TWILIO_AUTH_TOKEN, url, form) };
}

export const overheadScenarios: OverheadScenario[] = [
  {
    name: 'POST /channels/twilio/inbound (STATUS, to the TwiML reply)',
    expect: 200,
    async prepare(session) {
      const numbers = await knownNumbers(20);
      const twilioCall = (base: string) => (i: number) => {
        const url = `${base}/channels/twilio/inbound`;
        const { form, signature } = twilioStatusMessage(url, numbers[i % numbers.length]!);
        return { method: 'POST', url, token: '', form, headers: { 'x-twilio-signature': signature } };
      };
      return { ours: twilioCall(session.apiUrl), baseline: twilioCall(session.baselineUrl) };
    },
  },
  {
    name: 'GET /users/me',
    expect: 200,
    async prepare(session) {
      const user = await registeredUser('volunteer');
      return both(session, 'GET', '/users/me', user.token);
    },
  },
  {
    name: 'GET /requests/{id}',
    expect: 200,
    async prepare(session) {
      const owner = await registeredUser('affected_individual');
      const req = await request(owner);
      return both(session, 'GET', `/requests/${req.id}`, owner.token);
    },
  },
  {
    name: 'GET /requests?limit=50',
    expect: 200,
    async prepare(session) {
      const responder = await registeredUser('responder');
      const d = await disaster();
      await seedRequests('bench-owner', d.id, 60);
      await waitFor(
        'the relay to skip the seeded requests',
        async () => {
          const seeded = await collections.requests.ref().where('disaster_id', '==', d.id).get();
          return seeded.docs.every((doc) => doc.data().planning.state === 'skipped') ? true : undefined;
        },
        30_000,
      );
      return both(session, 'GET', '/requests?limit=50', responder.token);
    },
  },
  {
    name: 'POST /requests',
    expect: 201,
    share: 0.5,
    async prepare(session) {
      // One owner at one place: after the first, every request is a likely duplicate, which the
      // planning trigger skips at once, so the load measures the call rather than the planner.
      const owner = await registeredUser('affected_individual');
      const d = await disaster();
      const body = {
        disaster_id: d.id,
        type_of_need: 'water',
        description: 'Bench: drinking water for 5',
        location: d.location,
      };
      return {
        ...both(session, 'POST', '/requests', owner.token, body),
        // The trigger relay works through every creation after the load: let it finish first.
        settle: async () => {
          await waitFor(
            'the relay to handle every request of the load',
            async () => {
              const made = await collections.requests.ref().where('owner_id', '==', owner.uid).get();
              return made.docs.every((doc) => doc.data().planning.state !== 'pending') ? true : undefined;
            },
            300_000,
          );
        },
      };
    },
  },
  {
    name: 'PATCH /tasks/{id}/status',
    expect: 200,
    // pending → on_route by the assignee: each call moves a task of its own, ready in advance.
    async prepare(session, calls) {
      const assignee = await registeredUser('responder');
      const ours = await readyTasks(assignee, calls);
      const theirs = await readyTasks(assignee, calls);
      const body = { status: 'on_route' };
      return {
        ours: (i) => ({
          method: 'PATCH',
          url: `${session.apiUrl}/tasks/${ours[i]}/status`,
          token: assignee.token,
          body,
        }),
        baseline: (i) => ({
          method: 'PATCH',
          url: `${session.baselineUrl}/tasks/${theirs[i]}/status`,
          token: assignee.token,
          body,
        }),
      };
    },
  },
];

// --- Figure 3: one call of every endpoint, and the minimum it needs -------------------------------

export interface CostCall {
  method: string;
  /** Path under the API, with the query. */
  path: string;
  token?: string;
  body?: unknown;
  /** A body sent as is (a form), with its content type and extra headers (a webhook's signature). */
  /** A body sent as is (a webhook's form), with its content type and headers (its signature). */
  rawBody?: string;
  contentType?: string;
  headers?: Record<string, string>;
  expect: number;
  /** Waits, after the call was counted, for background work it set off that outlasts a quiet spell. */
  settle?: () => Promise<void>;
}

/** Every queued allocation job has run: the Cloud Tasks emulator may start one seconds later. */
async function allocationJobsFinished(): Promise<void> {
  await waitFor(
    'the queued allocation jobs to finish',
    async () => {
      for (const status of ['queued', 'running']) {
        if (
          !(await db().collection(collections.allocationJobs.path).where('status', '==', status).limit(1).get()).empty
        )
          return undefined;
      }
      return true;
    },
    60_000,
  );
}

export interface CostScenario {
  /** The fewest document reads and writes this call needs, and why. */
  minimum: { reads: number; writes: number; why: string };
  /** A list: one document more than the page is read to know whether a next page exists. */
  page?: true;
  arrange(ctx: CostContext): Promise<CostCall>;
}

export interface CostContext {
  user(role: Role, profile?: Record<string, unknown>): Promise<TestUser>;
}

export const costContext: CostContext = {
  user: (role, profile) => registeredUser(role, profile),
};

const here = { lat: 14.6, lng: 121.0 };

/** An outbound SMS already sent (the worker leaves a final message alone), written directly. */
async function sentMessage(): Promise<OutboundMessage> {
  const now = new Date().toISOString();
  const id = `bench${Date.now().toString(36)}${Math.floor(Math.random() * 1e9).toString(36)}`;
  const message: OutboundMessage = {
    id,
    channel: 'sms',
    to: '+639170000000',
    recipient_uid: 'bench-recipient',
    template: 'request_on_route',
    language: 'en',
    body: 'Request ABC123: a responder is on the way.',
    urgent: false,
    status: 'sent',
    reason: null,
    error: null,
    attempts: 1,
    lease_until: null,
    provider_id: `SM${id}`,
    audit_id: 'bench',
    request_id: null,
    task_id: null,
    sent_at: now,
    delivered_at: null,
    created_at: now,
    updated_at: now,
  };
  await collections.outboundMessages.doc(id).create(message);
  return message;
}

/** A pending request of `owner` that no planner touches while it is measured (see quietRequest). */
async function request(owner: TestUser, disasterId?: string): Promise<HelpRequest> {
  const disasterOf = disasterId ?? (await disaster()).id;
  return quietRequest({ owner: owner.uid, disasterId: disasterOf, at: spot() });
}

/** A workflow output for `req`, with one planner task and one suggestion, written directly. */
async function output(req: HelpRequest): Promise<WorkflowOutput> {
  const now = new Date().toISOString();
  const unit = await resource(req.location);
  const value: WorkflowOutput = {
    id: req.id,
    request_id: req.id,
    disaster_id: req.disaster_id,
    planner: 'deterministic',
    model: null,
    duration_ms: 1,
    rationale: 'Bench plan',
    fallback_reason: null,
    fallback_code: null,
    tasks: [
      {
        id: 'wt-1',
        instructions: 'Bring the boat',
        role_required: 'volunteer',
        priority: 1,
        approval_status: 'pending',
        source: 'planner',
        suggested_assignee_id: null,
        task_id: null,
        created_at: now,
        updated_at: now,
      },
    ],
    resources: [
      {
        id: 'wr-1',
        resource_id: unit.id,
        name: unit.name,
        category: unit.category,
        distance_km: 0,
        reason: 'nearby',
        approval_status: 'pending',
        source: 'planner',
        created_at: now,
        updated_at: now,
      },
    ],
    created_at: now,
    updated_at: now,
  };
  await collections.workflowOutputs.doc(req.id).set(value);
  return value;
}

async function planned(ctx: CostContext): Promise<{ admin: TestUser; req: HelpRequest }> {
  const [admin, owner] = [await ctx.user('admin'), await ctx.user('affected_individual')];
  const req = await request(owner);
  await output(req);
  return { admin, req };
}

const PAGE = 5;

/** An observation written directly (its creation reaches the agent trigger, which is let settle). */
async function observation(reporter: TestUser): Promise<Observation> {
  const now = new Date().toISOString();
  const at = spot();
  const value: Observation = {
    id: `obs-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    type: 'flooding',
    description: 'Water rising on the main road',
    location: at,
    geohash: geohashOf(at),
    severity: 3,
    disaster_id: null,
    reporter_id: reporter.uid,
    day: now.slice(0, 10),
    created_at: now,
    updated_at: now,
  };
  await collections.observations.doc(value.id).set(value);
  await new Promise((resolve) => setTimeout(resolve, 500));
  return value;
}

export const costScenarios: Record<string, CostScenario> = {
  'POST /channels/twilio/inbound': {
    minimum: {
      reads: 25,
      writes: 7,
      why: "a STATUS message of a known number: the MessageSid claim, the contact, its requests (a page: one read even when empty); the claim and the contact written, two inbound limit counters (one write each; one read for the number, 10 for all numbers: its shards); the reply's log record written and its spend (the number's count and the day's 10 shards read, one write each)",
    },
    arrange: async () => {
      const [number] = await knownNumbers(1);
      const url = `${process.env.PUBLIC_API_BASE_URL ?? ''}/channels/twilio/inbound`;
      const { form, signature } = twilioStatusMessage(url, number!);
      return {
        method: 'POST',
        path: '/channels/twilio/inbound',
        rawBody: new URLSearchParams(form).toString(),
        contentType: 'application/x-www-form-urlencoded',
        headers: { 'x-twilio-signature': signature },
        expect: 200,
      };
    },
  },
  'GET /health': {
    minimum: { reads: 0, writes: 0, why: 'no data' },
    arrange: () => Promise.resolve({ method: 'GET', path: '/health', expect: 200 }),
  },
  'GET /openapi.json': {
    minimum: { reads: 0, writes: 0, why: 'generated from the declarations' },
    arrange: () => Promise.resolve({ method: 'GET', path: '/openapi.json', expect: 200 }),
  },
  'GET /docs': {
    minimum: { reads: 0, writes: 0, why: 'static page' },
    arrange: () => Promise.resolve({ method: 'GET', path: '/docs', expect: 200 }),
  },
  'POST /users/register': {
    minimum: { reads: 1, writes: 2, why: 'read the profile (upsert), write it; the audit record of the role it sets' },
    arrange: async () => ({
      method: 'POST',
      path: '/users/register',
      token: await tokenFor({}),
      body: { display_name: 'Bench user' },
      expect: 200,
    }),
  },
  'GET /users/me': {
    minimum: { reads: 1, writes: 0, why: 'the profile' },
    arrange: async (ctx) => ({
      method: 'GET',
      path: '/users/me',
      token: (await ctx.user('affected_individual')).token,
      expect: 200,
    }),
  },
  'GET /users/me/availability': {
    minimum: { reads: 1, writes: 0, why: 'the profile' },
    arrange: async (ctx) => ({
      method: 'GET',
      path: '/users/me/availability',
      token: (await ctx.user('volunteer')).token,
      expect: 200,
    }),
  },
  'PATCH /users/me/availability': {
    minimum: { reads: 1, writes: 1, why: 'read the profile (must exist), write it' },
    arrange: async (ctx) => ({
      method: 'PATCH',
      path: '/users/me/availability',
      token: (await ctx.user('volunteer')).token,
      body: { availability: 'available' },
      expect: 200,
    }),
  },
  'PATCH /users/me/location': {
    minimum: { reads: 1, writes: 1, why: 'read the profile (must exist), write it' },
    arrange: async (ctx) => ({
      method: 'PATCH',
      path: '/users/me/location',
      token: (await ctx.user('volunteer')).token,
      body: { location: here },
      expect: 200,
    }),
  },
  'GET /users/{uid}/display_name': {
    minimum: { reads: 1, writes: 0, why: 'the profile' },
    async arrange(ctx) {
      const [caller, other] = [await ctx.user('volunteer'), await ctx.user('affected_individual')];
      return { method: 'GET', path: `/users/${other.uid}/display_name`, token: caller.token, expect: 200 };
    },
  },
  'PUT /users/{uid}/role': {
    minimum: { reads: 1, writes: 2, why: 'read the profile (must exist), write the role into it; its audit record' },
    async arrange(ctx) {
      const [admin, other] = [await ctx.user('admin'), await ctx.user('affected_individual')];
      return {
        method: 'PUT',
        path: `/users/${other.uid}/role`,
        token: admin.token,
        body: { role: 'responder' },
        expect: 200,
      };
    },
  },

  'DELETE /users/me': {
    minimum: {
      reads: 23,
      writes: 6,
      why: "a person with nothing but a profile: the erasure marker (read; create, next stage, delete), the profile (read, delete), their registration's role record rewritten, the erasure record; one query for each place a person can appear (20, empty here, each billed one read)",
    },
    async arrange(ctx) {
      const person = await ctx.user('volunteer');
      return { method: 'DELETE', path: '/users/me', token: person.token, expect: 204 };
    },
  },
  'PUT /users/{uid}/verification': {
    minimum: {
      reads: 1,
      writes: 2,
      why: 'read the profile (must exist), write the decision into it; its audit record',
    },
    async arrange(ctx) {
      const [admin, volunteer] = [await ctx.user('admin'), await ctx.user('volunteer')];
      return {
        method: 'PUT',
        path: `/users/${volunteer.uid}/verification`,
        token: admin.token,
        body: { verified: true, note: 'ID checked' },
        expect: 200,
      };
    },
  },

  // --- disasters, membership, chat ---
  'GET /disasters': {
    page: true,
    minimum: { reads: 2, writes: 0, why: 'a page of 2' },
    async arrange(ctx) {
      await Promise.all([disaster(), disaster(), disaster()]);
      return { method: 'GET', path: '/disasters?limit=2', token: (await ctx.user('volunteer')).token, expect: 200 };
    },
  },
  'POST /disasters': {
    minimum: { reads: 0, writes: 3, why: 'the disaster, its audit record, its CAP Alert' },
    arrange: async (ctx) => ({
      method: 'POST',
      path: '/disasters',
      token: (await ctx.user('admin')).token,
      body: {
        name: 'Bench flood',
        type: 'flood',
        description: 'River over its banks',
        location: spot(),
        radius_km: 20,
        severity: 3,
      },
      expect: 201,
    }),
  },
  'PATCH /disasters/{id}': {
    minimum: {
      reads: 1,
      writes: 3,
      why: 'read the disaster (in the transaction), write the changed fields; its audit record; its CAP message (an Alert here: the seeded disaster has none yet)',
    },
    async arrange(ctx) {
      const d = await disaster();
      return {
        method: 'PATCH',
        path: `/disasters/${d.id}`,
        token: (await ctx.user('admin')).token,
        body: { severity: 5 },
        expect: 200,
      };
    },
  },
  'GET /disasters/agent-suggested': {
    minimum: { reads: 1, writes: 0, why: 'a page of 1 suggestion' },
    async arrange(ctx) {
      await disaster('suggested');
      return {
        method: 'GET',
        path: '/disasters/agent-suggested?limit=1',
        token: (await ctx.user('admin')).token,
        expect: 200,
      };
    },
  },
  'GET /disasters/{id}': {
    minimum: { reads: 1, writes: 0, why: 'the disaster' },
    arrange: async (ctx) => ({
      method: 'GET',
      path: `/disasters/${(await disaster()).id}`,
      token: (await ctx.user('volunteer')).token,
      expect: 200,
    }),
  },
  'POST /disasters/{id}/join': {
    minimum: {
      reads: 3,
      writes: 3,
      why: "the disaster (confirmed?), the caller (display name, role), the membership (201 or 200: idempotent); the membership, the caller's list entry, the audit record",
    },
    arrange: async (ctx) => ({
      method: 'POST',
      path: `/disasters/${(await disaster()).id}/join`,
      token: (await ctx.user('volunteer')).token,
      expect: 201,
    }),
  },
  'DELETE /disasters/{id}/leave': {
    minimum: {
      reads: 2,
      writes: 3,
      why: "the disaster (404 when unknown), the membership (only a real departure is audited); the membership and the caller's list entry deleted (idempotent), the audit record",
    },
    async arrange(ctx) {
      const [member, d] = [await ctx.user('volunteer'), await disaster()];
      await join(d.id, member);
      return { method: 'DELETE', path: `/disasters/${d.id}/leave`, token: member.token, expect: 204 };
    },
  },
  'GET /disasters/{id}/joined': {
    minimum: { reads: 2, writes: 0, why: 'the disaster (404 when unknown), the membership' },
    async arrange(ctx) {
      const [member, d] = [await ctx.user('volunteer'), await disaster()];
      await join(d.id, member);
      return { method: 'GET', path: `/disasters/${d.id}/joined`, token: member.token, expect: 200 };
    },
  },
  'GET /disasters/{id}/volunteers': {
    minimum: { reads: 5, writes: 0, why: 'the disaster, its 2 members, their 2 profiles (availability, location)' },
    async arrange(ctx) {
      const [admin, a, b, d] = [
        await ctx.user('admin'),
        await ctx.user('volunteer'),
        await ctx.user('volunteer'),
        await disaster(),
      ];
      await Promise.all([join(d.id, a), join(d.id, b)]);
      return { method: 'GET', path: `/disasters/${d.id}/volunteers`, token: admin.token, expect: 200 };
    },
  },
  'POST /disasters/{id}/approve': {
    minimum: { reads: 1, writes: 3, why: 'the suggestion; the confirmed disaster, its audit record, its CAP Alert' },
    arrange: async (ctx) => ({
      method: 'POST',
      path: `/disasters/${(await disaster('suggested')).id}/approve`,
      token: (await ctx.user('admin')).token,
      expect: 200,
    }),
  },
  'POST /disasters/{id}/close': {
    minimum: {
      reads: 1,
      writes: 4,
      why: 'the disaster (its CAP references); the closed disaster, its audit record, its CAP Cancel, its Alert marked superseded',
    },
    async arrange(ctx) {
      const admin = await ctx.user('admin');
      const created = await createdDisaster(admin);
      return {
        method: 'POST',
        path: `/disasters/${created.id}/close`,
        token: admin.token,
        body: { reason: 'Over' },
        expect: 200,
      };
    },
  },
  'GET /disasters/{id}/cap': {
    minimum: { reads: 2, writes: 0, why: 'the disaster (its latest CAP reference), the message as sent' },
    async arrange(ctx) {
      const created = await createdDisaster(await ctx.user('admin'));
      return { method: 'GET', path: `/disasters/${created.id}/cap`, expect: 200 };
    },
  },
  'GET /feeds/cap': {
    minimum: { reads: 2, writes: 0, why: 'the live alerts, the recent Cancels (a query each; 1 read when empty)' },
    async arrange(ctx) {
      await createdDisaster(await ctx.user('admin'));
      return { method: 'GET', path: '/feeds/cap', expect: 200 };
    },
  },
  'DELETE /disasters/{id}/discard': {
    minimum: {
      reads: 1,
      writes: 2,
      why: 'the suggestion; its deletion (+ marks on its observations, none here), its audit record',
    },
    arrange: async (ctx) => ({
      method: 'DELETE',
      path: `/disasters/${(await disaster('suggested')).id}/discard`,
      token: (await ctx.user('admin')).token,
      expect: 204,
    }),
  },
  'GET /disasters/{id}/chat/messages': {
    page: true,
    minimum: {
      reads: 3,
      writes: 0,
      why: 'the disaster (404 when unknown), the membership (members only), a page of 1 message',
    },
    async arrange(ctx) {
      const [member, d] = [await ctx.user('volunteer'), await disaster()];
      await join(d.id, member);
      for (const text of ['first', 'second'])
        expectStatus(
          await call('POST', `/disasters/${d.id}/chat/messages`, { token: member.token, body: { text } }),
          200,
        );
      return { method: 'GET', path: `/disasters/${d.id}/chat/messages?limit=1`, token: member.token, expect: 200 };
    },
  },
  'POST /disasters/{id}/chat/messages': {
    minimum: {
      reads: 2,
      writes: 1,
      why: "the disaster (404 when unknown), the membership (members only; the sender's name); the message",
    },
    async arrange(ctx) {
      const [member, d] = [await ctx.user('volunteer'), await disaster()];
      await join(d.id, member);
      return {
        method: 'POST',
        path: `/disasters/${d.id}/chat/messages`,
        token: member.token,
        body: { text: 'Boat available at the bridge' },
        expect: 200,
      };
    },
  },

  // --- observations ---
  'GET /observations': {
    page: true,
    minimum: { reads: 2, writes: 0, why: 'a page of 2' },
    async arrange(ctx) {
      const reporter = await ctx.user('volunteer');
      await Promise.all([observation(reporter), observation(reporter), observation(reporter)]);
      return { method: 'GET', path: '/observations?limit=2', token: reporter.token, expect: 200 };
    },
  },
  'POST /observations': {
    minimum: { reads: 0, writes: 1, why: 'the observation (the agent trigger it sets off is not counted)' },
    arrange: async (ctx) => ({
      method: 'POST',
      path: '/observations',
      token: (await ctx.user('volunteer')).token,
      body: { type: 'flooding', description: 'Water over the road', location: spot(), severity: 3 },
      expect: 201,
    }),
  },
  'GET /observations/{obs_id}': {
    minimum: { reads: 1, writes: 0, why: 'the observation' },
    async arrange(ctx) {
      const reporter = await ctx.user('volunteer');
      return {
        method: 'GET',
        path: `/observations/${(await observation(reporter)).id}`,
        token: reporter.token,
        expect: 200,
      };
    },
  },
  'DELETE /observations/{obs_id}': {
    minimum: { reads: 1, writes: 1, why: 'the observation (reporter?); its deletion' },
    async arrange(ctx) {
      const reporter = await ctx.user('volunteer');
      return {
        method: 'DELETE',
        path: `/observations/${(await observation(reporter)).id}`,
        token: reporter.token,
        expect: 204,
      };
    },
  },

  // --- tasks, resources, notifications ---
  'GET /tasks': {
    page: true,
    minimum: { reads: 2, writes: 0, why: 'a page of 2' },
    async arrange(ctx) {
      const [admin, d] = [await ctx.user('admin'), await disaster()];
      await Promise.all([newTask(admin, d.id), newTask(admin, d.id), newTask(admin, d.id)]);
      return { method: 'GET', path: '/tasks?limit=2', token: admin.token, expect: 200 };
    },
  },
  'POST /tasks': {
    minimum: {
      reads: 3,
      writes: 6,
      why: 'the disaster, the resource and its claim (all or none); the task, the claim, the resource, a history entry in the task; audit records of the task and of the resource',
    },
    async arrange(ctx) {
      const [admin, owner, d] = [await ctx.user('admin'), await ctx.user('volunteer'), await disaster()];
      const unit = (await newResource(owner)) as { id: string };
      return {
        method: 'POST',
        path: '/tasks',
        token: admin.token,
        body: {
          disaster_id: d.id,
          priority: 2,
          instructions: 'Bring the boat to the school',
          role_required: 'volunteer',
          resource_ids: [unit.id],
        },
        expect: 201,
      };
    },
  },
  'GET /tasks/me': {
    minimum: { reads: 1, writes: 0, why: "the caller's 1 task" },
    async arrange(ctx) {
      const [admin, responder, d] = [await ctx.user('admin'), await ctx.user('responder'), await disaster()];
      await readyTask(admin, responder, d.id);
      return { method: 'GET', path: '/tasks/me', token: responder.token, expect: 200 };
    },
  },
  'GET /tasks/{task_id}': {
    minimum: { reads: 1, writes: 0, why: 'the task' },
    async arrange(ctx) {
      const [admin, responder, d] = [await ctx.user('admin'), await ctx.user('responder'), await disaster()];
      const task = (await readyTask(admin, responder, d.id)) as { id: string };
      return { method: 'GET', path: `/tasks/${task.id}`, token: responder.token, expect: 200 };
    },
  },
  'GET /tasks/{task_id}/history': {
    page: true,
    minimum: { reads: 2, writes: 0, why: 'the task (404 check), a page of 1 record' },
    async arrange(ctx) {
      const [admin, responder, d] = [await ctx.user('admin'), await ctx.user('responder'), await disaster()];
      const task = (await readyTask(admin, responder, d.id)) as { id: string };
      return { method: 'GET', path: `/tasks/${task.id}/history?limit=1`, token: responder.token, expect: 200 };
    },
  },
  'PATCH /tasks/{task_id}/status': {
    minimum: { reads: 1, writes: 3, why: 'the task; the task, the once-only transition marker, the audit record' },
    async arrange(ctx) {
      const [admin, responder, d] = [await ctx.user('admin'), await ctx.user('responder'), await disaster()];
      const task = (await readyTask(admin, responder, d.id)) as { id: string };
      return {
        method: 'PATCH',
        path: `/tasks/${task.id}/status`,
        token: responder.token,
        body: { status: 'on_route' },
        expect: 200,
      };
    },
  },
  'PATCH /tasks/{task_id}/assign': {
    minimum: {
      reads: 2,
      writes: 3,
      why: "the task, the assignee (role fits?); the task, the assignee's notification, the audit record",
    },
    async arrange(ctx) {
      const [admin, responder, d] = [await ctx.user('admin'), await ctx.user('responder'), await disaster()];
      const task = (await newTask(admin, d.id)) as { id: string };
      return {
        method: 'PATCH',
        path: `/tasks/${task.id}/assign`,
        token: admin.token,
        body: { user_id: responder.uid },
        expect: 200,
      };
    },
  },
  'PATCH /tasks/{task_id}/authorize': {
    minimum: { reads: 1, writes: 3, why: "the task; the task, the assignee's notification, the audit record" },
    async arrange(ctx) {
      const [admin, responder, d] = [await ctx.user('admin'), await ctx.user('responder'), await disaster()];
      const task = (await newTask(admin, d.id)) as { id: string };
      expectStatus(
        await call('PATCH', `/tasks/${task.id}/assign`, { token: admin.token, body: { user_id: responder.uid } }),
        200,
      );
      return { method: 'PATCH', path: `/tasks/${task.id}/authorize`, token: admin.token, expect: 200 };
    },
  },
  'GET /resources': {
    page: true,
    minimum: { reads: 2, writes: 0, why: 'a page of 2' },
    async arrange(ctx) {
      const owner = await ctx.user('volunteer');
      await Promise.all([newResource(owner), newResource(owner), newResource(owner)]);
      return { method: 'GET', path: '/resources?limit=2', token: owner.token, expect: 200 };
    },
  },
  'POST /resources': {
    minimum: { reads: 0, writes: 2, why: 'the resource, its audit record' },
    arrange: async (ctx) => ({
      method: 'POST',
      path: '/resources',
      token: (await ctx.user('volunteer')).token,
      body: { name: 'Pickup truck', category: 'vehicle', quantity: 1, unit: 'units', location: spot() },
      expect: 201,
    }),
  },
  'GET /resources/available': {
    page: true,
    minimum: { reads: 2, writes: 0, why: 'a page of 2' },
    async arrange(ctx) {
      const owner = await ctx.user('volunteer');
      await Promise.all([newResource(owner), newResource(owner), newResource(owner)]);
      return { method: 'GET', path: '/resources/available?limit=2', token: owner.token, expect: 200 };
    },
  },
  'GET /resources/locations': {
    page: true,
    minimum: { reads: 2, writes: 0, why: 'a page of 2 points' },
    async arrange(ctx) {
      const owner = await ctx.user('volunteer');
      await Promise.all([newResource(owner), newResource(owner), newResource(owner)]);
      return { method: 'GET', path: '/resources/locations?limit=2', token: owner.token, expect: 200 };
    },
  },
  'GET /resources/{rid}': {
    minimum: { reads: 1, writes: 0, why: 'the resource' },
    async arrange(ctx) {
      const owner = await ctx.user('volunteer');
      const unit = (await newResource(owner)) as { id: string };
      return { method: 'GET', path: `/resources/${unit.id}`, token: owner.token, expect: 200 };
    },
  },
  'PATCH /resources/{rid}': {
    minimum: { reads: 1, writes: 1, why: 'the resource (owner?); the resource' },
    async arrange(ctx) {
      const owner = await ctx.user('volunteer');
      const unit = (await newResource(owner)) as { id: string };
      return {
        method: 'PATCH',
        path: `/resources/${unit.id}`,
        token: owner.token,
        body: { description: 'Fuelled, keys at the gate' },
        expect: 200,
      };
    },
  },
  'PUT /resources/{rid}/status': {
    minimum: {
      reads: 1,
      writes: 3,
      why: 'the resource (owner? in use?); the resource, its claim (not_available holds the unit against tasks), the audit record',
    },
    async arrange(ctx) {
      const owner = await ctx.user('volunteer');
      const unit = (await newResource(owner)) as { id: string };
      return {
        method: 'PUT',
        path: `/resources/${unit.id}/status`,
        token: owner.token,
        body: { status: 'not_available' },
        expect: 200,
      };
    },
  },
  'GET /notifications/me': {
    page: true,
    minimum: { reads: 2, writes: 0, why: "the caller's 2 notifications (assigned, authorized)" },
    async arrange(ctx) {
      const [admin, responder, d] = [await ctx.user('admin'), await ctx.user('responder'), await disaster()];
      await readyTask(admin, responder, d.id);
      return { method: 'GET', path: '/notifications/me', token: responder.token, expect: 200 };
    },
  },
  'PATCH /notifications/{id}': {
    minimum: { reads: 1, writes: 1, why: 'the notification; the notification' },
    async arrange(ctx) {
      const [admin, responder, d] = [await ctx.user('admin'), await ctx.user('responder'), await disaster()];
      await readyTask(admin, responder, d.id);
      const page = expectStatus<{ items: { id: string }[] }>(
        await call('GET', '/notifications/me', { token: responder.token }),
        200,
      );
      return {
        method: 'PATCH',
        path: `/notifications/${page.items[0]?.id ?? 'none'}`,
        token: responder.token,
        body: { read: true },
        expect: 200,
      };
    },
  },

  // --- outbound delivery: devices, preferences, the message log, Twilio's status callback ---
  'POST /users/me/devices': {
    minimum: { reads: 1, writes: 1, why: "the caller's devices (an empty query bills one read); the device" },
    async arrange(ctx) {
      const user = await ctx.user('volunteer');
      const body = { token: `bench-token-${user.uid}-0123456789`, platform: 'android' };
      return { method: 'POST', path: '/users/me/devices', token: user.token, body, expect: 201 };
    },
  },
  'DELETE /users/me/devices/{device_id}': {
    minimum: { reads: 1, writes: 1, why: 'the device; its deletion' },
    async arrange(ctx) {
      const user = await ctx.user('volunteer');
      const device = expectStatus<{ id: string }>(
        await call('POST', '/users/me/devices', {
          token: user.token,
          body: { token: `bench-token-${user.uid}-0123456789`, platform: 'ios' },
        }),
        201,
      );
      return { method: 'DELETE', path: `/users/me/devices/${device.id}`, token: user.token, expect: 204 };
    },
  },
  'GET /users/me/notification-preferences': {
    minimum: { reads: 1, writes: 0, why: 'the preferences document (a missing one bills one read)' },
    async arrange(ctx) {
      const user = await ctx.user('responder');
      return { method: 'GET', path: '/users/me/notification-preferences', token: user.token, expect: 200 };
    },
  },
  'PATCH /users/me/notification-preferences': {
    minimum: { reads: 1, writes: 1, why: 'the preferences; the preferences' },
    async arrange(ctx) {
      const user = await ctx.user('responder');
      const body = { language: 'es', quiet_hours: { start: '22:00', end: '06:00', time_zone: 'Asia/Manila' } };
      return { method: 'PATCH', path: '/users/me/notification-preferences', token: user.token, body, expect: 200 };
    },
  },
  'GET /outbound-messages': {
    page: true,
    minimum: { reads: PAGE, writes: 0, why: `a page of ${PAGE}` },
    async arrange(ctx) {
      const admin = await ctx.user('admin');
      await Promise.all(Array.from({ length: PAGE + 1 }, () => sentMessage()));
      return { method: 'GET', path: `/outbound-messages?limit=${PAGE}`, token: admin.token, expect: 200 };
    },
  },
  'POST /channels/twilio/status': {
    minimum: { reads: 1, writes: 1, why: 'the message by its Twilio sid; its status' },
    async arrange() {
      const message = await sentMessage();
      const fields = { MessageSid: message.provider_id ?? '', MessageStatus: 'delivered' };
      const url = `${process.env.PUBLIC_API_BASE_URL ?? ''}/channels/twilio/status`;
      const { default: twilio } = await import('twilio');
      return {
        method: 'POST',
        path: '/channels/twilio/status',
        rawBody: new URLSearchParams(fields).toString(),
        contentType: 'application/x-www-form-urlencoded',
        headers: { 'x-twilio-signature': twilio.getExpectedTwilioSignature('local-twilio-auth-token', url, fields) },
        expect: 204,
      };
    },
  },

  // --- requests ---
  'GET /requests': {
    page: true,
    minimum: { reads: PAGE, writes: 0, why: `a page of ${PAGE}` },
    async arrange(ctx) {
      const [responder, owner] = [await ctx.user('responder'), await ctx.user('affected_individual')];
      const d = await disaster();
      await Promise.all(Array.from({ length: PAGE + 2 }, () => request(owner, d.id)));
      return { method: 'GET', path: `/requests?limit=${PAGE}`, token: responder.token, expect: 200 };
    },
  },
  'POST /requests': {
    minimum: {
      reads: 2,
      writes: 2,
      why: 'the disaster, the duplicate check (an empty query bills one read); the request, its audit record',
    },
    async arrange(ctx) {
      const [owner, d] = [await ctx.user('affected_individual'), await disaster()];
      return {
        method: 'POST',
        path: '/requests',
        token: owner.token,
        body: {
          disaster_id: d.id,
          type_of_need: 'rescue',
          description: 'Bench: two people on a roof',
          location: d.location,
        },
        expect: 201,
      };
    },
  },
  'GET /requests/me': {
    minimum: { reads: 2, writes: 0, why: "the caller's 2 requests" },
    async arrange(ctx) {
      const owner = await ctx.user('affected_individual');
      await Promise.all([request(owner), request(owner)]);
      return { method: 'GET', path: '/requests/me', token: owner.token, expect: 200 };
    },
  },
  'GET /requests/{req_id}': {
    minimum: {
      reads: 4,
      writes: 0,
      why: 'a verified volunteer of the disaster, the costliest view: the request, their active tasks for it (an empty query bills one read), their profile (verified?) and membership. Staff and the owner: the request alone (1)',
    },
    async arrange(ctx) {
      const [owner, volunteer] = [await ctx.user('affected_individual'), await verify(await ctx.user('volunteer'))];
      const req = await request(owner);
      await join(req.disaster_id, volunteer);
      return { method: 'GET', path: `/requests/${req.id}`, token: volunteer.token, expect: 200 };
    },
  },
  'PATCH /requests/{req_id}/status': {
    minimum: { reads: 1, writes: 2, why: 'read the request (state check), write it; the audit record' },
    async arrange(ctx) {
      const [responder, owner] = [await ctx.user('responder'), await ctx.user('affected_individual')];
      const req = await request(owner);
      return {
        method: 'PATCH',
        path: `/requests/${req.id}/status`,
        token: responder.token,
        body: { status: 'in_progress' },
        expect: 200,
      };
    },
  },
  'GET /requests/{req_id}/history': {
    page: true,
    minimum: { reads: 2, writes: 0, why: 'the request (404 check), a page of 1 record' },
    async arrange(ctx) {
      const [responder, owner] = [await ctx.user('responder'), await ctx.user('affected_individual')];
      const req = await request(owner);
      for (const status of ['in_progress', 'open'])
        expectStatus(
          await call('PATCH', `/requests/${req.id}/status`, { token: responder.token, body: { status } }),
          200,
        );
      return { method: 'GET', path: `/requests/${req.id}/history?limit=1`, token: responder.token, expect: 200 };
    },
  },
  'GET /requests/disaster/{disaster_id}': {
    minimum: {
      reads: 6,
      writes: 0,
      why: 'a verified volunteer of the disaster, the costliest view: the disaster (404 check), their profile and membership, their active tasks in it (an empty query bills one read), its 2 requests. Staff: the disaster and the page (3)',
    },
    async arrange(ctx) {
      const [volunteer, owner] = [await verify(await ctx.user('volunteer')), await ctx.user('affected_individual')];
      const d = await disaster();
      await join(d.id, volunteer);
      await Promise.all([request(owner, d.id), request(owner, d.id)]);
      return { method: 'GET', path: `/requests/disaster/${d.id}`, token: volunteer.token, expect: 200 };
    },
  },

  // --- workflow outputs ---
  'GET /workflow-outputs': {
    page: true,
    minimum: { reads: 2, writes: 0, why: 'a page of 2' },
    async arrange(ctx) {
      const { admin } = await planned(ctx);
      await planned(ctx);
      await planned(ctx);
      return { method: 'GET', path: '/workflow-outputs?limit=2', token: admin.token, expect: 200 };
    },
  },
  'POST /workflow-outputs': {
    minimum: { reads: 2, writes: 1, why: 'the request, the output (create or append); the output' },
    async arrange(ctx) {
      const [admin, owner] = [await ctx.user('admin'), await ctx.user('affected_individual')];
      const req = await request(owner);
      return {
        method: 'POST',
        path: '/workflow-outputs',
        token: admin.token,
        body: {
          request_id: req.id,
          rationale: 'Dispatcher plan',
          tasks: [{ instructions: 'Check on the family', role_required: 'responder', priority: 2 }],
        },
        expect: 201,
      };
    },
  },
  'GET /workflow-outputs/{request_id}': {
    minimum: { reads: 1, writes: 0, why: 'the output' },
    arrange: async (ctx) => {
      const { admin, req } = await planned(ctx);
      return { method: 'GET', path: `/workflow-outputs/${req.id}`, token: admin.token, expect: 200 };
    },
  },
  'DELETE /workflow-outputs/{request_id}': {
    minimum: { reads: 1, writes: 1, why: 'the output (404 check); its deletion' },
    arrange: async (ctx) => {
      const { admin, req } = await planned(ctx);
      return { method: 'DELETE', path: `/workflow-outputs/${req.id}`, token: admin.token, expect: 204 };
    },
  },
  'GET /workflow-outputs/{request_id}/tasks': {
    minimum: { reads: 1, writes: 0, why: 'the output (tasks are embedded)' },
    arrange: async (ctx) => {
      const { admin, req } = await planned(ctx);
      return { method: 'GET', path: `/workflow-outputs/${req.id}/tasks`, token: admin.token, expect: 200 };
    },
  },
  'POST /workflow-outputs/{request_id}/tasks': {
    minimum: { reads: 1, writes: 1, why: 'the output; the output' },
    arrange: async (ctx) => {
      const { admin, req } = await planned(ctx);
      return {
        method: 'POST',
        path: `/workflow-outputs/${req.id}/tasks`,
        token: admin.token,
        body: { instructions: 'Bring water', role_required: 'volunteer', priority: 3 },
        expect: 201,
      };
    },
  },
  'PATCH /workflow-outputs/{request_id}/tasks/{task_id}': {
    minimum: { reads: 1, writes: 1, why: 'the output; the output' },
    arrange: async (ctx) => {
      const { admin, req } = await planned(ctx);
      return {
        method: 'PATCH',
        path: `/workflow-outputs/${req.id}/tasks/wt-1`,
        token: admin.token,
        body: { approval_status: 'approved' },
        expect: 200,
      };
    },
  },
  'DELETE /workflow-outputs/{request_id}/tasks/{task_id}': {
    minimum: { reads: 1, writes: 1, why: 'the output; the output' },
    arrange: async (ctx) => {
      const { admin, req } = await planned(ctx);
      return { method: 'DELETE', path: `/workflow-outputs/${req.id}/tasks/wt-1`, token: admin.token, expect: 204 };
    },
  },
  'POST /workflow-outputs/{request_id}/tasks/{task_id}/create-task': {
    minimum: {
      reads: 3,
      writes: 6,
      why: 'the output, the request, the disaster; the task, the output (task_id), the request (in_progress), the assignee notification if any; audit records of the task and of the request',
    },
    arrange: async (ctx) => {
      const { admin, req } = await planned(ctx);
      expectStatus(
        await call('PATCH', `/workflow-outputs/${req.id}/tasks/wt-1`, {
          token: admin.token,
          body: { approval_status: 'approved' },
        }),
        200,
      );
      return {
        method: 'POST',
        path: `/workflow-outputs/${req.id}/tasks/wt-1/create-task`,
        token: admin.token,
        expect: 201,
      };
    },
  },
  'GET /workflow-outputs/{request_id}/resources': {
    minimum: { reads: 1, writes: 0, why: 'the output (suggestions are embedded)' },
    arrange: async (ctx) => {
      const { admin, req } = await planned(ctx);
      return { method: 'GET', path: `/workflow-outputs/${req.id}/resources`, token: admin.token, expect: 200 };
    },
  },
  'POST /workflow-outputs/{request_id}/resources': {
    minimum: { reads: 2, writes: 1, why: 'the output, the resource (exists, available); the output' },
    arrange: async (ctx) => {
      const { admin, req } = await planned(ctx);
      const unit = await resource(req.location, { category: 'water' });
      return {
        method: 'POST',
        path: `/workflow-outputs/${req.id}/resources`,
        token: admin.token,
        body: { resource_id: unit.id, reason: 'close by' },
        expect: 201,
      };
    },
  },
  'PATCH /workflow-outputs/{request_id}/resources/{res_id}': {
    minimum: { reads: 1, writes: 1, why: 'the output; the output' },
    arrange: async (ctx) => {
      const { admin, req } = await planned(ctx);
      return {
        method: 'PATCH',
        path: `/workflow-outputs/${req.id}/resources/wr-1`,
        token: admin.token,
        body: { approval_status: 'approved' },
        expect: 200,
      };
    },
  },
  'DELETE /workflow-outputs/{request_id}/resources/{res_id}': {
    minimum: { reads: 1, writes: 1, why: 'the output; the output' },
    arrange: async (ctx) => {
      const { admin, req } = await planned(ctx);
      return { method: 'DELETE', path: `/workflow-outputs/${req.id}/resources/wr-1`, token: admin.token, expect: 204 };
    },
  },

  // --- allocation ---
  'POST /resources/suggest/{disaster_id}': {
    minimum: { reads: 1, writes: 1, why: 'the disaster; the job (the queued job itself runs later, not counted)' },
    arrange: async (ctx) => {
      const [admin, d] = [await ctx.user('admin'), await disaster()];
      return {
        method: 'POST',
        path: `/resources/suggest/${d.id}`,
        token: admin.token,
        expect: 202,
        settle: allocationJobsFinished,
      };
    },
  },
  'GET /allocation-jobs/{job_id}': {
    minimum: { reads: 1, writes: 0, why: 'the job' },
    arrange: async (ctx) => {
      const [admin, d] = [await ctx.user('admin'), await disaster()];
      const queued = expectStatus<{ job_id: string }>(
        await call('POST', `/resources/suggest/${d.id}`, { token: admin.token }),
        202,
      );
      return {
        method: 'GET',
        path: `/allocation-jobs/${queued.job_id}`,
        token: admin.token,
        expect: 200,
        settle: allocationJobsFinished,
      };
    },
  },

  // --- exports ---
  'GET /exports/requests': {
    minimum: {
      reads: 4,
      writes: 0,
      why: 'the disaster (404 check and its name), the count (one aggregation read per 1,000 rows), its 2 requests',
    },
    async arrange(ctx) {
      const [admin, owner] = [await ctx.user('admin'), await ctx.user('affected_individual')];
      const d = await disaster();
      await Promise.all([request(owner, d.id), request(owner, d.id)]);
      return { method: 'GET', path: `/exports/requests?disaster_id=${d.id}`, token: admin.token, expect: 200 };
    },
  },
  'GET /exports/resources': {
    minimum: { reads: 4, writes: 0, why: 'the count, 2 resources, the name of their disaster (read once)' },
    async arrange(ctx) {
      const admin = await ctx.user('admin');
      const d = await disaster();
      await Promise.all([resource(spot(), { disaster_id: d.id }), resource(spot(), { disaster_id: d.id })]);
      return { method: 'GET', path: `/exports/resources?disaster_id=${d.id}`, token: admin.token, expect: 200 };
    },
  },
  'GET /exports/3w': {
    minimum: {
      reads: 5,
      writes: 0,
      why: 'the disaster, the count, its 2 tasks, the request they serve (read once)',
    },
    async arrange(ctx) {
      const [admin, owner] = [await ctx.user('admin'), await ctx.user('affected_individual')];
      const d = await disaster();
      const req = await request(owner, d.id);
      await newTask(admin, d.id, { request_id: req.id });
      await newTask(admin, d.id, { request_id: req.id });
      return { method: 'GET', path: `/exports/3w?disaster_id=${d.id}`, token: admin.token, expect: 200 };
    },
  },

  // --- webhooks ---
  'POST /webhooks': {
    minimum: { reads: 0, writes: 2, why: 'the subscriber, its audit record (the URL is an IP literal: no DNS lookup)' },
    async arrange(ctx) {
      return {
        method: 'POST',
        path: '/webhooks',
        token: (await ctx.user('admin')).token,
        // An event the other scenarios rarely set off, so the unreachable receiver stays quiet.
        body: { url: 'http://127.0.0.1:9/bench', events: ['disaster.closed'] },
        expect: 201,
      };
    },
  },
  'GET /webhooks': {
    page: true,
    minimum: { reads: 2, writes: 0, why: 'a page of 2' },
    async arrange(ctx) {
      for (let i = 0; i < 3; i++) await storeWebhook(['disaster.closed'], { status: 'disabled' });
      return { method: 'GET', path: '/webhooks?limit=2', token: (await ctx.user('admin')).token, expect: 200 };
    },
  },
  'GET /webhooks/{webhook_id}': {
    minimum: { reads: 1, writes: 0, why: 'the subscriber' },
    async arrange(ctx) {
      const webhook = await storeWebhook(['disaster.closed'], { status: 'disabled' });
      return { method: 'GET', path: `/webhooks/${webhook.id}`, token: (await ctx.user('admin')).token, expect: 200 };
    },
  },
  'PATCH /webhooks/{webhook_id}': {
    minimum: { reads: 1, writes: 2, why: 'the subscriber; the subscriber, its audit record' },
    async arrange(ctx) {
      const webhook = await storeWebhook(['disaster.closed'], { status: 'disabled', disabled_reason: 'admin' });
      return {
        method: 'PATCH',
        path: `/webhooks/${webhook.id}`,
        token: (await ctx.user('admin')).token,
        body: { events: ['disaster.closed', 'disaster.updated'] },
        expect: 200,
      };
    },
  },
  'DELETE /webhooks/{webhook_id}': {
    minimum: { reads: 1, writes: 2, why: 'the subscriber; its deletion, its audit record' },
    async arrange(ctx) {
      const webhook = await storeWebhook(['disaster.closed'], { status: 'disabled' });
      return { method: 'DELETE', path: `/webhooks/${webhook.id}`, token: (await ctx.user('admin')).token, expect: 204 };
    },
  },
  'GET /webhooks/{webhook_id}/deliveries': {
    page: true,
    minimum: { reads: 3, writes: 0, why: 'the subscriber; a page of 2' },
    async arrange(ctx) {
      const webhook = await storeWebhook(['disaster.updated'], { status: 'disabled' });
      for (let i = 0; i < 3; i++) await storeDelivery(webhook.id, { status: 'delivered' });
      return {
        method: 'GET',
        path: `/webhooks/${webhook.id}/deliveries?limit=2`,
        token: (await ctx.user('admin')).token,
        expect: 200,
      };
    },
  },

  // --- assistant ---
  'POST /chatbot/ask': {
    minimum: {
      reads: 8,
      writes: 1,
      why: "a disaster question (deterministic assistant): the profile, the caller's requests and tasks (none: an empty query bills one read each), the 3 most recent confirmed disasters, the caller's 2 memberships (both among those 3); the conversation",
    },
    async arrange(ctx) {
      const member = await ctx.user('volunteer');
      for (const d of [await disaster(), await disaster()]) await join(d.id, member);
      await disaster(); // a third recent one the caller did not join
      return {
        method: 'POST',
        path: '/chatbot/ask',
        token: member.token,
        body: { message: 'What is the situation in the disasters I joined?' },
        expect: 200,
      };
    },
  },
};

/** A disaster created through the API, so that it has its CAP Alert (the seeded ones have none). */
async function createdDisaster(admin: TestUser): Promise<{ id: string }> {
  const body = { name: 'Bench CAP flood', type: 'flood', location: spot(), radius_km: 10, severity: 4 };
  return expectStatus(await call<{ id: string }>('POST', '/disasters', { token: admin.token, body }), 201);
}
