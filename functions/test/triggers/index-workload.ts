// The workload of the index check (firestore-indexes.test.ts): the service's own code runs every
// query it can build, against this phase's embedded Firestore, while a QueryRecorder listens.
//
// - Every GET endpoint of src/endpoints.ts, through its declared handler, for every caller the
//   declaration admits (each role, plus a verified volunteer member of the disaster) and for every
//   combination of the query parameters its zod schema accepts (each one absent or given, a
//   cursor included): the lists, the exports (streamed to the end) and the reads by id.
// - The queries no GET reaches (triggers, task-queue jobs, writes that read first, SMS intake,
//   erasure), each called once with data that takes it down every branch that builds a query.
// The data is small: what matters is the queries, not their results. The check then fails on any
// line of src/ that builds or runs a query and was not reached (query-recorder.ts), so a new query
// site needs a step here.
import { nothingInCommit } from '../../src/data/staged.js';
import { z } from 'zod';
import { recordEvent } from '../../src/events/record.js';
import { gatherContext, ALL_PARTS } from '../../src/chatbot/context.js';
import { receiveMessage } from '../../src/channels/inbound.js';
import { taskMove } from '../../src/channels/conversation.js';
import { sweepRecycledNumbers } from '../../src/channels/recycle.js';
import { backfillRequests } from '../../src/requests/backfill.js';
import { processObservation } from '../../src/agent/suggest.js';
import { readChanges } from '../../src/data/changes.js';
import { internalCollections } from '../../src/data/collections.js';
import { phoneContactStore } from '../../src/channels/store.js';
import { memberStore } from '../../src/disasters/store.js';
import { notificationStore } from '../../src/notifications/store.js';
import { observationStore } from '../../src/observations/store.js';
import { allocationJobStore } from '../../src/planning/store.js';
import { requestStore } from '../../src/requests/store.js';
import { taskStore } from '../../src/tasks/store.js';
import { userStore } from '../../src/users/store.js';
import { db } from '../../src/data/firestore.js';
import { encodeCursor, pagesOf } from '../../src/data/paginate.js';
import type { Disaster } from '../../src/disasters/model.js';
import { allEndpoints } from '../../src/endpoints.js';
import { AppError } from '../../src/errors.js';
import { Streamed, type Endpoint } from '../../src/http/endpoint.js';
import type { Caller } from '../../src/shared/caller.js';
import type { Observation } from '../../src/observations/model.js';
import { registerDevice } from '../../src/outbound/devices.js';
import { recordTwilioStatus } from '../../src/outbound/service.js';
import { runAllocation } from '../../src/planning/allocation.js';
import { runPlanning, sweepStalePlanning } from '../../src/planning/job.js';
import { possibleDuplicatesOf } from '../../src/duplicates/search.js';
import { sweepConfirmations } from '../../src/requests/confirmation.js';
import type { HelpRequest } from '../../src/requests/model.js';
import { confirmedDisasters, createRequest } from '../../src/requests/creation.js';
import type { Resource } from '../../src/resources/model.js';
import { ROLES, type Location, type Role } from '../../src/shared/schemas.js';
import type { Task } from '../../src/tasks/model.js';
import { activeTasksOf, readRequestFollowing } from '../../src/tasks/request-status.js';
import { eraseUser, newPseudonym } from '../../src/users/erasure.js';
import type { UserRecord } from '../../src/users/model.js';
import { onAuditRecordCreated, type AuditCreatedEvent } from '../../src/webhooks/events.js';
import { deriveOutbound } from '../../src/outbound/derive.js';
import { geohashOf } from '../../src/shared/geo.js';
import { uniqueId } from '../helpers/api.js';
import { sentMessage } from '../helpers/outbound-message.js';
import {
  east,
  MANILA,
  seedDisaster,
  seedPlan,
  seedRequest,
  seedResource,
  seedTask,
} from '../helpers/chatbot-fixtures.js';
import { observationValue, suggestedDisaster } from '../helpers/disasters.js';
import { storeDelivery, storeWebhook } from '../helpers/webhooks.js';
import type { QueryRecorder } from './query-recorder.js';

const now = () => new Date().toISOString();

/** Far from MANILA (and from every disaster here): where the agent's observation is. */
const ELSEWHERE: Location = { lat: -33.9, lng: 18.4 };
const PHONE = '+15550104242';
const TWILIO_SID = `SM${'0'.repeat(31)}1`;

interface World {
  callers: { name: string; caller: Caller }[];
  admin: Caller;
  member: Caller;
  owner: Caller;
  disaster: Disaster;
  request: HelpRequest;
  task: Task;
  resource: Resource;
  observation: Observation;
  notificationId: string;
  webhookId: string;
  jobId: string;
  assignmentAuditId: string;
  requestAuditId: string;
  erasedUid: string;
}

async function storeUser(uid: string, role: Role, overrides: Partial<UserRecord> = {}): Promise<Caller> {
  const user: UserRecord = {
    id: uid,
    display_name: uid,
    role,
    phone: null,
    location: null,
    geohash: null,
    availability: role === 'volunteer' ? 'available' : null,
    skills: [],
    verified: false,
    verification: null,
    created_at: now(),
    updated_at: now(),
    ...overrides,
  };
  await userStore.doc(uid).set(user);
  return { uid, role, email: null };
}

/** A little of everything, so that every read path has something to read. */
async function arrange(): Promise<World> {
  const callers: World['callers'] = [];
  for (const role of ROLES) callers.push({ name: role, caller: await storeUser(`idx-${role}`, role) });
  const member = await storeUser('idx-member', 'volunteer', {
    verified: true,
    location: MANILA,
    geohash: geohashOf(MANILA),
  });
  callers.push({ name: 'verified volunteer member', caller: member });
  // A caller whose token has no role claim yet (not registered).
  callers.push({ name: 'no role', caller: { uid: 'idx-unregistered', role: null, email: null } });
  const byRole = (role: Role) => callers.find((c) => c.name === role)!.caller;
  const admin = byRole('admin');
  const owner = byRole('affected_individual');
  await userStore.doc(owner.uid).update({ location: MANILA, geohash: geohashOf(MANILA), phone: PHONE });

  const disaster = await seedDisaster();
  await suggestedDisaster(ELSEWHERE);
  for (const uid of [member.uid, owner.uid]) {
    await memberStore.doc(disaster.id, uid).set({
      id: uid,
      disaster_id: disaster.id,
      role: uid === member.uid ? 'volunteer' : 'affected_individual',
      display_name: uid,
      created_at: now(),
    });
  }
  const request = await seedRequest(owner.uid, disaster.id);
  await seedPlan(request);
  const task = await seedTask(member.uid, disaster.id, { request_id: request.id, status: 'pending' });
  const resource = await seedResource('boat', east(MANILA, 1), { disaster_id: disaster.id });
  const observation = observationValue(ELSEWHERE);
  await observationStore.doc(observation.id).create(observation);

  const notificationId = uniqueId('note');
  await notificationStore.doc(owner.uid, notificationId).set({
    id: notificationId,
    user_id: owner.uid,
    kind: 'request_updated',
    text: 'Your request is in progress',
    task_id: null,
    request_id: request.id,
    read: false,
    created_at: now(),
  });
  const webhook = await storeWebhook(['request.created']);
  await storeDelivery(webhook.id);
  const jobId = uniqueId('job');
  await allocationJobStore.doc(jobId).create({
    id: jobId,
    disaster_id: disaster.id,
    status: 'queued',
    requested_by: admin.uid,
    proposals: [],
    requests_considered: 0,
    attempts: 0,
    last_error: null,
    lease_expires_at: null,
    created_at: now(),
    updated_at: now(),
    finished_at: null,
  });
  await phoneContactStore.doc(PHONE).set({
    id: PHONE,
    uid: owner.uid,
    language: 'en',
    channel: 'sms',
    opted_out: false,
    opted_out_at: null,
    created_at: now(),
    updated_at: now(),
  });
  await sentMessage({
    recipient_uid: owner.uid,
    to: PHONE,
    provider_id: TWILIO_SID,
    audit_id: 'audit-x',
    request_id: request.id,
  });

  const batch = db().batch();
  const assignment = recordEvent(
    batch,
    admin,
    {
      type: 'task.assigned',
      entity_id: task.id,
      before: { assigned_to: null, assigned_at: null },
      after: { assigned_to: member.uid, assigned_at: now() },
      disaster_id: disaster.id,
      request_id: request.id,
    },
    now(),
    {}, // the record only: the workload's notifications are stored above
  );
  const created = recordEvent(batch, owner, {
    type: 'request.created',
    entity_id: request.id,
    before: null,
    after: { status: 'open', duplicate_of: null, channel: 'app' },
    disaster_id: disaster.id,
    request_id: request.id,
  });
  await batch.commit();

  // The person erased last: a home (the planner's matches are searched around it), a request of
  // their own (the audit records about it), a task, a resource.
  const erased = await storeUser('idx-erased', 'volunteer', { location: MANILA, geohash: geohashOf(MANILA) });
  // Texted in: erasure then also looks up the messages that named it.
  await seedRequest(erased.uid, disaster.id, { channel: 'sms' });
  await seedTask(erased.uid, disaster.id);
  await seedResource('boat', MANILA, { owner_id: erased.uid, owner_role: 'volunteer' });
  // The erasure in progress already (its marker): the check has no Auth emulator to ask.
  await db().collection(internalCollections.erasures).doc(erased.uid).set({ pseudonym: newPseudonym(), stage: 'data' });

  return {
    callers,
    admin,
    member,
    owner,
    disaster,
    request,
    task,
    resource,
    observation,
    notificationId,
    webhookId: webhook.id,
    jobId,
    assignmentAuditId: assignment.id,
    requestAuditId: created.id,
    erasedUid: erased.uid,
  };
}

// --- GET endpoints ------------------------------------------------------------------------------

/** The object a path parameter names, in this world. */
function paramValue(path: string, name: string, world: World): string {
  switch (name) {
    case 'id':
      return path.startsWith('/notifications/') ? world.notificationId : world.disaster.id;
    case 'disaster_id':
      return world.disaster.id;
    case 'req_id':
    case 'request_id':
      return world.request.id;
    case 'task_id':
      return world.task.id;
    case 'rid':
    case 'res_id':
      return world.resource.id;
    case 'obs_id':
      return world.observation.id;
    case 'webhook_id':
      return world.webhookId;
    case 'job_id':
      return world.jobId;
    case 'uid':
      return world.owner.uid;
    default:
      throw new Error(
        `the index check has no object for {${name}} of ${path}: add one to paramValue (index-workload.ts)`,
      );
  }
}

interface JsonProperty {
  enum?: unknown[];
  format?: string;
  default?: unknown;
}

/** The values a query parameter is given (besides being left out, when optional). */
function queryValues(path: string, key: string, property: JsonProperty, world: World): string[] {
  if (key === 'limit') return [];
  if (key === 'cursor') return [encodeCursor(`2999-01-01T00:00:00.000Z~${world.request.id}`)];
  if (property.enum) {
    const options = property.enum.map(String);
    // A flag can switch the query: every value. Another enum filters one field whatever its value,
    // so one value; one with a default (an export's format or personal_data) is left at it, as it
    // changes what is written, not what is read. A value that led to a query of its own would
    // leave that query's line unreached, which the check reports.
    if (options.every((o) => o === 'true' || o === 'false')) return options;
    return property.default === undefined ? [options[0]!] : [];
  }
  if (property.format === 'date-time')
    return [key.endsWith('before') ? '2999-01-01T00:00:00Z' : '2000-01-01T00:00:00Z'];
  switch (key) {
    case 'disaster_id':
      return [world.disaster.id];
    case 'request_id':
      return [world.request.id];
    case 'assigned_to':
      return [world.member.uid];
    case 'owner_id':
      return [world.owner.uid];
    case 'to':
    case 'phone':
      return [PHONE];
    case 'reference':
      // The world's ids are not the API's (letters and digits only): any reference runs the query.
      return ['ABC123'];
    default:
      throw new Error(
        `the index check has no value for query parameter ${key} of GET ${path}: add one to queryValues (index-workload.ts)`,
      );
  }
}

/** Every combination of the query parameters: each optional one absent or given each of its values. */
function queryCombinations(endpoint: Endpoint, world: World): Record<string, string>[] {
  if (!endpoint.query) return [{}];
  const schema = z.toJSONSchema(endpoint.query, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, JsonProperty>;
    required?: string[];
  };
  let combinations: Record<string, string>[] = [{}];
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const values = queryValues(endpoint.path, key, property, world);
    const optional = !(schema.required ?? []).includes(key);
    const options: (string | undefined)[] = [...(optional ? [undefined] : []), ...values];
    if (options.length === 0) throw new Error(`GET ${endpoint.path}: no value for its required ${key}`);
    combinations = combinations.flatMap((combination) =>
      options.map((value) => (value === undefined ? combination : { ...combination, [key]: value })),
    );
  }
  return combinations;
}

function callersOf(endpoint: Endpoint, world: World): { name: string; caller: Caller | null }[] {
  const { access } = endpoint;
  if (access === 'public') return [{ name: 'anonymous', caller: null }, ...world.callers];
  if (access === 'authenticated') return world.callers;
  return world.callers.filter(({ caller }) => caller.role !== null && access.includes(caller.role));
}

/** Runs a step; the refusals of errors.ts (404, 403, 409, ...) end it as they end a request. */
async function attempt(recorder: QueryRecorder, label: string, step: () => Promise<unknown>): Promise<void> {
  recorder.label = label;
  try {
    const result = await step();
    if (result instanceof Streamed) await result.produce({ write: () => Promise.resolve() });
  } catch (error) {
    if (!(error instanceof AppError)) throw new Error(`${label}: ${String(error)}`, { cause: error });
  }
}

async function everyGetEndpoint(world: World, recorder: QueryRecorder): Promise<number> {
  let calls = 0;
  for (const endpoint of allEndpoints.filter((e) => e.method === 'get')) {
    const params = Object.fromEntries(
      [...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, paramValue(endpoint.path, name!, world)]),
    );
    for (const raw of queryCombinations(endpoint, world)) {
      const parsed = endpoint.query?.safeParse(raw);
      if (parsed && !parsed.success)
        throw new Error(`GET ${endpoint.path}?${new URLSearchParams(raw).toString()}: ${parsed.error.message}`);
      for (const { name, caller } of callersOf(endpoint, world)) {
        const given = Object.keys(raw).join('&');
        await attempt(recorder, `GET ${endpoint.path}${given ? `?${given}` : ''} as ${name}`, () =>
          endpoint.handler({
            caller,
            params,
            query: parsed?.data,
            body: undefined,
            requestId: 'index-check',
            ip: '127.0.0.1',
            answerInCommit: () => nothingInCommit,
          }),
        );
        calls += 1;
      }
    }
  }
  return calls;
}

// --- The other query sites ----------------------------------------------------------------------

async function otherQuerySites(world: World, recorder: QueryRecorder): Promise<void> {
  const { admin, member, owner, disaster, request, task } = world;
  const step = (label: string, run: () => Promise<unknown>) => attempt(recorder, label, run);

  await step('POST /requests: the duplicate check', () =>
    createRequest(owner, {
      disaster_id: disaster.id,
      type_of_need: request.type_of_need,
      description: 'We still need drinking water.',
      location: request.location,
    }),
  );
  await step('request placement: the confirmed disasters', () => confirmedDisasters());
  await step('planning (runPlanning): nearby resources and helpers', () => runPlanning(request.id, { gemini: null }));
  await step('likely duplicates: open requests around, and by phone', () =>
    possibleDuplicatesOf({ ...request, requester_contact: { channel: 'sms', phone: '+639170000026' } }),
  );
  await step('planning sweeper', () => sweepStalePlanning({ gemini: null, now: () => Date.now() + 86_400_000 }));
  await step('allocation job', () => runAllocation(world.jobId));
  await step('agent: observation to suggestion', () => processObservation(world.observation.id));
  for (const categories of [['boat'], []] as Resource['category'][][]) {
    for (const anyNearby of [true, false]) {
      for (const disasterId of [disaster.id, undefined]) {
        await step(`assistant context (categories ${categories.join() || 'none'}, anyNearby ${anyNearby})`, () =>
          gatherContext(member, { disasterId, categories, anyNearby, parts: ALL_PARTS }),
        );
      }
    }
  }
  await step('task status change: the request follows its tasks', () =>
    db().runTransaction((tx) => readRequestFollowing(tx, admin, task, 'on_route', new Date().toISOString())),
  );
  await step('Twilio status callback', () =>
    recordTwilioStatus({ MessageSid: TWILIO_SID, MessageStatus: 'delivered' }),
  );
  const event: AuditCreatedEvent = { id: 'index-check', params: { audit_id: world.requestAuditId } };
  await step('webhook fan-out', () => onAuditRecordCreated(event, () => Promise.resolve()));
  await step('outbound messages of an audit record', () => deriveOutbound(world.assignmentAuditId));
  await step('push device registration', () =>
    registerDevice(member, { token: 'index-check-token', platform: 'android' }),
  );
  // SMS intake from a known number: STATUS, a follow-up without a need, then new requests until
  // the daily limit answers with the day's requests.
  let sent = 0;
  const sms = (body: string) => () => {
    sent += 1;
    const sid = `SM${String(sent).padStart(32, 'a')}`;
    return receiveMessage({ MessageSid: sid, From: PHONE, To: '+15550000000', Body: body });
  };
  await step('SMS: STATUS', sms('STATUS'));
  await step('SMS: a follow-up without a need', sms('near the church'));
  for (let i = 0; i < 4; i++) await step('SMS: a new request', sms('we need water'));
  // A responder's task command by SMS: the reference looked for among their own tasks.
  await step('SMS: a task command', () =>
    taskMove(
      {
        number: PHONE,
        channel: 'sms',
        contact: undefined,
        uid: member.uid,
        newUser: false,
        language: 'en',
        guard: null,
      },
      { to: 'completed', reference: 'ZZZZZZ', reason: null, language: 'en' },
    ),
  );
  // A YES with no question waiting reads the person's open requests, then is read as before.
  await step('SMS: YES', sms('YES'));
  await step('re-confirmation sweep', () => sweepConfirmations(Date.now() + 30 * 86_400_000));
  await step("a withdrawn request's active tasks (who hears of it)", () => activeTasksOf(request.id));
  // Nothing is stale here (no Auth emulator in this harness): the sweep runs its query only.
  await step('recycled numbers sweep', () => sweepRecycledNumbers());
  await step("backfill of the requests' stored fields", () => backfillRequests());
  // A change feed page that ends inside a millisecond reads the rest of that millisecond.
  await step('change feed: a page ending inside a millisecond', async () => {
    const twins = ['a', 'b'].map((suffix) => ({ ...request, id: `${request.id}-${suffix}`, disaster_id: 'twins' }));
    for (const twin of twins) await requestStore.doc(twin.id).set(twin);
    await readChanges(
      [requestStore.ref().where('disaster_id', '==', 'twins')],
      { after: request.updated_at, inclusive: true },
      1,
    );
    for (const twin of twins) await requestStore.doc(twin.id).delete();
  });
  // Pages after the first (exports read more than EXPORT_PAGE_SIZE rows only in production).
  await step('pagesOf, second page', async () => {
    for await (const page of pagesOf(taskStore.ref(), 1)) void page;
  });
  // Every step and the profile; then it stops, before the Auth account (no Auth emulator here).
  await step('erasure', () =>
    eraseUser(world.erasedUid, { budgetMs: 60_000, failAfter: 'profile' }).catch((error: unknown) => {
      if (!(error instanceof Error && error.message === 'erasure fault injected after profile')) throw error;
    }),
  );
}

/**
 * Runs `work` with stdout and stderr held back (the service logs every export, planning run and
 * message: thousands of lines here); they are written out only if it fails.
 */
async function quietly<T>(work: () => Promise<T>): Promise<T> {
  const held: string[] = [];
  const streams = [process.stdout, process.stderr];
  const writes = streams.map((stream) => stream.write.bind(stream));
  for (const stream of streams) {
    stream.write = (chunk: string | Uint8Array) => {
      held.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
      return true;
    };
  }
  const restore = () => streams.forEach((stream, i) => (stream.write = writes[i]!));
  try {
    const result = await work();
    restore();
    return result;
  } catch (error) {
    restore();
    process.stderr.write(held.slice(-200).join(''));
    throw error;
  }
}

/** Runs the whole workload; returns how many endpoint calls it made. */
export async function runWorkload(recorder: QueryRecorder): Promise<number> {
  const world = await arrange();
  recorder.start();
  try {
    return await quietly(async () => {
      const calls = await everyGetEndpoint(world, recorder);
      await otherQuerySites(world, recorder);
      return calls;
    });
  } finally {
    recorder.stop();
  }
}
