// Erasure (DELETE /users/me, or POST /users/{uid}/erasure by an admin on the person's behalf): the
// person's profile, contact details (every phone number linked to them), exact locations, devices,
// memberships, assistant conversations and notifications go; their Firebase Auth account goes
// last. Operational records (requests, tasks, resources, observations, chat messages, the audit
// trail) stay, anonymised under one random pseudonym, so that coordination figures (requests per
// person, tasks done, messages sent) stay right. What is kept and why: docs/security.md,
// "Erasure: what is kept and why".
//
// Resumable and idempotent: the pseudonym is chosen once and kept in `erasures/{uid}` until the
// Auth account is gone; every step selects the documents that still carry the uid, so a step that
// was interrupted simply finds what is left, and a step that finished finds nothing. Each step
// commits in transactions or batches of at most 500 writes. A call stops between pages once its
// time budget is spent and answers 202: calling again continues where it stopped.
import { randomBytes } from 'node:crypto';
import { Timestamp, type Query, type Transaction, type WriteBatch } from 'firebase-admin/firestore';
import { geohashForLocation } from 'geofire-common';
import { recordAudit } from '../audit/record.js';
import type { AuditRecord } from '../audit/model.js';
import { collections, internalCollections, type Changes } from '../data/collections.js';
import { auth, db, isAlreadyExists } from '../data/firestore.js';
import { ForbiddenError, NotFoundError } from '../errors.js';
import type { Caller } from '../shared/caller.js';
import { logs } from '../logs.js';
import type { HelpRequest } from '../requests/model.js';
import { claimForOwner } from '../resources/claims.js';
import type { Resource } from '../resources/model.js';
import { withinRadius } from '../data/nearby.js';
import { PER_RANGE_LIMIT, SEARCH_RADIUS_KM } from '../requests/model.js';
import { coarseArea, COARSE_PRECISION, GEOHASH_PRECISION } from '../shared/geo.js';
import type { Location } from '../shared/schemas.js';
import type { Task } from '../tasks/model.js';

/** What replaces the free text of a request or observation of an erased person. */
export const ERASED_TEXT = '[erased at the request of the person who wrote it]';
/** What replaces the name on the chat messages of an erased person. */
export const FORMER_MEMBER_NAME = 'Former member';
/**
 * Exact points become the centre of their geohash cell of this precision (about 4.9 km × 4.9 km
 * at the equator, narrower towards the poles): still right for per-area figures and maps.
 */
export const ERASED_LOCATION_PRECISION = COARSE_PRECISION;
/** Documents read per query page; each is changed in one transaction (at most 3 writes each). */
export const ERASURE_PAGE_SIZE = 100;
/** Values of one Firestore `in` filter. */
const IN_QUERY_MAX = 30;
/** Firestore's limit on the writes of one commit. */
const MAX_WRITES_PER_COMMIT = 500;
/**
 * Work per call: past this a call stops between two pages and answers 202, well inside the
 * request deadline (REQUEST_DEADLINE_MS, 8 s), so no erasure is left running unanswered.
 */
export const ERASURE_TIME_BUDGET_MS = 5_000;
/** A marker left behind by a run that never finished is deleted by a TTL policy after this. */
export const ERASURE_MARKER_TTL_DAYS = 30;
/** `in` filters take at most 30 values. */
const IN_LIMIT = 30;

/**
 * Subcollections of `users/{uid}` that hold only the person's own data and are deleted as they
 * are. Issue 15 adds `users/{uid}/devices` (push tokens): add its registry entry here.
 */
const PERSONAL_SUBCOLLECTIONS = [collections.notifications, collections.devices, collections.preferences] as const;

export type ErasureStep =
  | 'requests'
  | 'matches'
  | 'tasks'
  | 'resources'
  | 'observations'
  | 'messages'
  | 'disasters'
  | 'audit'
  | 'conversations'
  | 'personal'
  | 'memberships'
  | 'profile';

export interface ErasureOptions {
  /** Overrides ERASURE_TIME_BUDGET_MS (tests). */
  budgetMs?: number;
  /** Throws after this step has finished: a crash half-way, for the resumption test. */
  failAfter?: ErasureStep;
}

/** pseudonym is null when there was nothing left to erase (the account is gone already). */
export type ErasureOutcome = { done: true; pseudonym: string | null } | { done: false; pseudonym: string };

type Stage = 'data' | 'auth';
interface Marker {
  pseudonym: string;
  stage: Stage;
}

/** `erased-` and 20 random characters: valid as an id, unrelated to the uid. */
export function newPseudonym(): string {
  return `erased-${randomBytes(15).toString('base64url')}`;
}

/** The centre of the coarse cell that holds `location`: the same cell the need-to-know views show. */
export function cellCentre(location: Location): Location {
  return coarseArea(location).center;
}

/** A coarse point and its geohash, for every stored place of an erased person. */
function coarsened(location: Location): { location: Location; geohash: string } {
  const centre = cellCentre(location);
  return { location: centre, geohash: geohashForLocation([centre.lat, centre.lng], GEOHASH_PRECISION) };
}

function isLocation(value: unknown): value is Location {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { lat?: unknown }).lat === 'number' &&
    typeof (value as { lng?: unknown }).lng === 'number'
  );
}

/**
 * A copy of `value` with every occurrence of the uid replaced by the pseudonym. With `personal`
 * (records about the person or their own things) the personal fields go too: free text, notes,
 * contact details, names, exact points.
 */
export function scrubbed(value: unknown, uid: string, pseudonym: string, personal: boolean, key = ''): unknown {
  if (typeof value === 'string') {
    if (personal && (key === 'description' || key === 'text')) return ERASED_TEXT;
    if (personal && key === 'display_name') return FORMER_MEMBER_NAME;
    if (personal && key === 'geohash') return value.slice(0, ERASED_LOCATION_PRECISION);
    if (personal && (key === 'phone' || key === 'email' || key === 'note')) return null;
    return value.split(uid).join(pseudonym);
  }
  if (Array.isArray(value)) return value.map((item) => scrubbed(item, uid, pseudonym, personal));
  if (personal && key === 'location' && isLocation(value)) return cellCentre(value);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubbed(v, uid, pseudonym, personal, k)]));
  }
  return value;
}

/** `scrubbed` over the fields of an audit record's before or after. */
function scrubbedFields(
  fields: Record<string, unknown> | null,
  uid: string,
  pseudonym: string,
  personal: boolean,
): Record<string, unknown> | null {
  return fields === null
    ? null
    : Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, scrubbed(v, uid, pseudonym, personal, k)]));
}

/** Thrown between pages when the call's time budget is spent; the next call continues. */
class BudgetSpent extends Error {}

class Run {
  readonly started = Date.now();
  /** Documents changed or deleted, by step, for the log line. */
  readonly counts: Partial<Record<ErasureStep, number>> = {};
  /** Milliseconds per finished step, for the log line. */
  readonly timings: Partial<Record<ErasureStep, number>> = {};

  constructor(
    readonly uid: string,
    readonly pseudonym: string,
    /** Their stored location (read before the profile goes): where the planner matched them. */
    readonly home: Location | null,
    private readonly budgetMs: number,
  ) {}

  checkBudget(): void {
    if (Date.now() - this.started > this.budgetMs) throw new BudgetSpent();
  }

  count(step: ErasureStep, n: number): void {
    this.counts[step] = (this.counts[step] ?? 0) + n;
  }

  /**
   * Pages through `query` (documents that still carry the uid) until it comes back empty, handing
   * each page to `change`, which must make every document of the page leave the query.
   */
  async sweep<T>(step: ErasureStep, query: () => Query<T>, change: (docs: T[]) => Promise<void>): Promise<void> {
    for (;;) {
      this.checkBudget();
      const docs = (await query().limit(ERASURE_PAGE_SIZE).get()).docs.map((doc) => doc.data());
      if (docs.length === 0) return;
      await change(docs);
      this.count(step, docs.length);
    }
  }
}

/** Commits writes in batches of at most MAX_WRITES_PER_COMMIT. */
async function inBatches<T>(
  items: readonly T[],
  writesPerItem: number,
  write: (batch: WriteBatch, item: T) => void,
): Promise<void> {
  const perBatch = Math.max(1, Math.floor(MAX_WRITES_PER_COMMIT / writesPerItem));
  for (let i = 0; i < items.length; i += perBatch) {
    const batch = db().batch();
    for (const item of items.slice(i, i + perBatch)) write(batch, item);
    await batch.commit();
  }
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

// --- The steps ------------------------------------------------------------------------------------

/**
 * Requests they own: anonymised (owner, free text, exact point), and withdrawn while still open or
 * in progress, so that nobody is sent to a person who is gone. Linked tasks are left to the
 * dispatcher, as when an owner withdraws a request (PATCH /requests/{req_id}/status).
 */
async function eraseRequests(run: Run): Promise<void> {
  await run.sweep(
    'requests',
    () => collections.requests.ref().where('owner_id', '==', run.uid),
    async (page) => {
      // The messages that raised or placed them (Twilio's log maps a MessageSid to the number):
      // SMS and WhatsApp requests only. Read before the transaction: a message's request_id is
      // written once, when the message is claimed.
      const texted = page.filter((request) => request.channel !== 'app').map((request) => request.id);
      const messages = (
        await Promise.all(
          chunks(texted, IN_QUERY_MAX).map((ids) =>
            collections.inboundMessages.ref().where('request_id', 'in', ids).get(),
          ),
        )
      ).flatMap((snapshot) => snapshot.docs);
      await db().runTransaction(async (tx) => {
        const refs = page.map((request) => collections.requests.doc(request.id));
        const fresh = (await tx.getAll(...refs))
          .map((snapshot) => snapshot.data())
          .filter((r): r is HelpRequest => r?.owner_id === run.uid);
        const plans =
          fresh.length === 0
            ? []
            : await tx.getAll(...fresh.map((request) => collections.workflowOutputs.doc(request.id)));
        const now = new Date().toISOString();
        for (const message of messages) collections.inboundMessages.updateIn(tx, message.id, { request_id: null });
        fresh.forEach((request, i) => {
          const withdrawn = request.status === 'open' || request.status === 'in_progress';
          const changes: Changes<HelpRequest> = {
            owner_id: run.pseudonym,
            description: ERASED_TEXT,
            // Where they said they are, in their words; how to reach them.
            location_text: null,
            requester_contact: null,
            ...coarsened(request.location),
            updated_at: now,
            ...(withdrawn
              ? { status: 'closed' as const, closed_reason: 'withdrawn' as const, status_changed_at: now }
              : {}),
          };
          collections.requests.updateIn(tx, request.id, changes);
          // A Gemini rationale may quote the description.
          if (plans[i]?.exists) collections.workflowOutputs.updateIn(tx, request.id, { rationale: ERASED_TEXT });
          if (withdrawn) {
            recordAudit(
              tx,
              {
                entity: 'request',
                entity_id: request.id,
                action: 'status_changed',
                actor: 'system',
                before: { status: request.status },
                after: { status: 'closed', closed_reason: 'withdrawn', reason: 'owner_erased' },
                disaster_id: request.disaster_id,
                request_id: request.id,
              },
              now,
            );
          }
        });
      });
    },
  );
}

/**
 * The planner's matches on other people's requests: a helper who is gone is no longer offered. The
 * planner matched them within SEARCH_RADIUS_KM of their stored location, so the requests there
 * are searched (at most PER_RANGE_LIMIT per geohash range, as the planner reads).
 */
async function eraseFromMatches(run: Run): Promise<void> {
  if (run.home === null) return;
  run.checkBudget();
  const { uid } = run;
  const { found } = await withinRadius(collections.requests.ref(), run.home, SEARCH_RADIUS_KM, PER_RANGE_LIMIT);
  const named = found
    .map(({ item }) => item)
    .filter((request) => request.potential_matches?.responders.some((match) => match.id === uid));
  for (const page of chunks(named, ERASURE_PAGE_SIZE)) {
    run.checkBudget();
    await db().runTransaction(async (tx) => {
      const requests = (await tx.getAll(...page.map((request) => collections.requests.doc(request.id)))).map(
        (snapshot) => snapshot.data(),
      );
      const plans = (await tx.getAll(...page.map((request) => collections.workflowOutputs.doc(request.id)))).map(
        (snapshot) => snapshot.data(),
      );
      const now = new Date().toISOString();
      requests.forEach((request) => {
        const matches = request?.potential_matches;
        if (!request || !matches) return;
        const responders = matches.responders.filter((match) => match.id !== uid);
        // updated_at too: the staff view shows the matches, and live views read changes by it.
        collections.requests.updateIn(tx, request.id, {
          potential_matches: { ...matches, responders },
          updated_at: now,
        });
      });
      for (const plan of plans) {
        if (!plan || !JSON.stringify(plan).includes(uid)) continue;
        const tasks = plan.tasks.map((task) =>
          task.suggested_assignee_id === uid ? { ...task, suggested_assignee_id: null } : task,
        );
        collections.workflowOutputs.updateIn(tx, plan.id, {
          tasks,
          rationale: plan.rationale.split(uid).join(run.pseudonym),
        });
      }
    });
    run.count('matches', page.length);
  }
}

/**
 * Tasks: active ones assigned to them go back to the dispatcher (pending, unassigned, no longer
 * authorized); finished ones keep the pseudonym. The uid leaves every field and history entry.
 */
async function eraseTasks(run: Run): Promise<void> {
  const { uid, pseudonym } = run;
  const rewrite = (tx: Transaction, task: Task, now: string): void => {
    const history = scrubbed(task.history, uid, pseudonym, false) as Task['history'];
    const ids = {
      assigned_to: task.assigned_to === uid ? pseudonym : task.assigned_to,
      created_by: task.created_by === uid ? pseudonym : task.created_by,
      authorized_by: task.authorized_by === uid ? pseudonym : task.authorized_by,
    };
    const active = task.status === 'pending' || task.status === 'on_route';
    if (!(active && task.assigned_to === uid)) {
      collections.tasks.updateIn(tx, task.id, { ...ids, history, updated_at: now });
      return;
    }
    history.push({ at: now, by: 'system', action: 'assigned', from: pseudonym, to: null });
    if (task.status === 'on_route') {
      history.push({ at: now, by: 'system', action: 'status_changed', from: 'on_route', to: 'pending' });
      // The record that the task left pending (tasks/service.ts): without it, it can leave again.
      tx.delete(db().collection(internalCollections.taskTransitions).doc(`${task.id}_pending`));
    }
    const reset = {
      status: 'pending' as const,
      assigned_to: null,
      assigned_at: null,
      authorized: false,
      authorized_by: null,
      authorized_at: null,
    };
    collections.tasks.updateIn(tx, task.id, { ...ids, ...reset, history, updated_at: now });
    recordAudit(
      tx,
      {
        entity: 'task',
        entity_id: task.id,
        action: 'unassigned',
        actor: 'system',
        before: { status: task.status, assigned_to: pseudonym, authorized: task.authorized },
        after: { status: 'pending', assigned_to: null, authorized: false, reason: 'assignee_erased' },
        disaster_id: task.disaster_id,
        request_id: task.request_id,
      },
      now,
    );
  };
  /** Rewrites, in one transaction, those of the tasks that still name them. */
  const rewriteAll = (taskIds: readonly string[]) =>
    db().runTransaction(async (tx) => {
      const snapshots = await tx.getAll(...taskIds.map((id) => collections.tasks.doc(id)));
      const tasks = snapshots
        .map((snapshot) => snapshot.data())
        .filter((task): task is Task => task !== undefined && JSON.stringify(task).includes(uid));
      const now = new Date().toISOString();
      for (const task of tasks) rewrite(tx, task, now);
    });
  for (const field of ['assigned_to', 'created_by', 'authorized_by'] as const) {
    await run.sweep(
      'tasks',
      () => collections.tasks.ref().where(field, '==', uid),
      (page) => rewriteAll(page.map((task) => task.id)),
    );
  }
  // Tasks whose history names them although they no longer hold them (reassigned, or moved by
  // them): found through the moves they made and the notifications they received.
  const transitions = db().collection(internalCollections.taskTransitions);
  const touched = new Set<string>();
  for (;;) {
    run.checkBudget();
    const moves = (await transitions.where('by', '==', uid).limit(ERASURE_PAGE_SIZE).get()).docs;
    if (moves.length === 0) break;
    for (const move of moves) touched.add(String(move.get('task_id')));
    await inBatches(moves, 1, (batch, move) => batch.update(move.ref, { by: pseudonym }));
  }
  for (const notification of (await collections.notifications.ref(uid).get()).docs) {
    const taskId = notification.data().task_id;
    if (taskId !== null) touched.add(taskId);
  }
  for (const ids of chunks([...touched], ERASURE_PAGE_SIZE)) {
    run.checkBudget();
    await rewriteAll(ids);
  }
}

/**
 * Resources they own: anonymised and coarsened; available ones become not_available (claimed by
 * their owner, see resources/claims.ts) so that no plan offers them; in-use ones stay with their
 * task, which releases them as usual.
 */
async function eraseResources(run: Run): Promise<void> {
  const page = (resources: Resource[]) =>
    db().runTransaction(async (tx) => {
      const refs = resources.map((resource) => collections.resources.doc(resource.id));
      const fresh = (await tx.getAll(...refs))
        .map((snapshot) => snapshot.data())
        .filter((r): r is Resource => r?.owner_id === run.uid);
      const now = new Date().toISOString();
      // Claims first in the commit (claims.ts): a task that took a resource meanwhile fails it.
      const withdrawn = fresh.filter((resource) => resource.status === 'available');
      for (const resource of withdrawn) claimForOwner(tx, resource.id, now);
      for (const resource of fresh) {
        const available = resource.status === 'available';
        collections.resources.updateIn(tx, resource.id, {
          owner_id: run.pseudonym,
          description: '',
          ...coarsened(resource.location),
          ...(available ? { status: 'not_available' } : {}),
          updated_at: now,
        });
        if (available) {
          recordAudit(
            tx,
            {
              entity: 'resource',
              entity_id: resource.id,
              action: 'status_changed',
              actor: 'system',
              before: { status: 'available' },
              after: { status: 'not_available', reason: 'owner_erased' },
              disaster_id: resource.disaster_id,
            },
            now,
          );
        }
      }
    });
  await run.sweep(
    'resources',
    () => collections.resources.ref().where('owner_id', '==', run.uid),
    async (resources) => {
      try {
        await page(resources);
      } catch (error) {
        // A task claimed one of them at the same moment: the next page reads it as in use.
        if (!isAlreadyExists(error)) throw error;
      }
    },
  );
}

async function eraseObservations(run: Run): Promise<void> {
  await run.sweep(
    'observations',
    () => collections.observations.ref().where('reporter_id', '==', run.uid),
    (page) =>
      inBatches(page, 1, (batch, observation) =>
        collections.observations.updateIn(batch, observation.id, {
          reporter_id: run.pseudonym,
          description: ERASED_TEXT,
          ...coarsened(observation.location),
        }),
      ),
  );
}

/**
 * Chat messages: found per disaster (no collection-group queries on the embedded emulator, and a
 * member who left has no membership to follow), over every disaster: one query each, and
 * disasters are few.
 */
async function eraseMessages(run: Run): Promise<void> {
  let last: string | null = null;
  for (;;) {
    run.checkBudget();
    let query = collections.disasters.ref().orderBy('sort_key').limit(MAX_WRITES_PER_COMMIT);
    if (last !== null) query = query.where('sort_key', '>', last);
    const disasters = (await query.get()).docs;
    if (disasters.length === 0) return;
    for (const disaster of disasters) {
      await run.sweep(
        'messages',
        () => collections.messages.ref(disaster.id).where('sender_id', '==', run.uid),
        (page) =>
          inBatches(page, 1, (batch, message) =>
            collections.messages.of(disaster.id).updateIn(batch, message.id, {
              sender_id: run.pseudonym,
              sender_name: FORMER_MEMBER_NAME,
              text: ERASED_TEXT,
            }),
          ),
      );
    }
    last = String(disasters.at(-1)!.get('sort_key'));
  }
}

/** An admin's name on the disasters they created, confirmed or closed and the allocation runs they asked for. */
async function eraseAdminTraces(run: Run): Promise<void> {
  for (const field of ['created_by', 'confirmed_by', 'closed_by'] as const) {
    await run.sweep(
      'disasters',
      () => collections.disasters.ref().where(field, '==', run.uid),
      (page) =>
        inBatches(page, 1, (batch, disaster) =>
          collections.disasters.updateIn(batch, disaster.id, { [field]: run.pseudonym }),
        ),
    );
  }
  await run.sweep(
    'disasters',
    () => collections.allocationJobs.ref().where('requested_by', '==', run.uid),
    (page) =>
      inBatches(page, 1, (batch, job) =>
        collections.allocationJobs.updateIn(batch, job.id, { requested_by: run.pseudonym }),
      ),
  );
}

/**
 * The audit trail: the uid leaves every record that names them, and the records about them or
 * their own requests and resources lose the personal fields of their before/after. Rewriting a
 * record twice gives the same record, so a resumed run changes only what is left.
 */
async function eraseAudit(run: Run): Promise<void> {
  const { uid, pseudonym } = run;
  const rewrite = (record: AuditRecord, personal: boolean) => ({
    actor_id: record.actor_id === uid ? pseudonym : record.actor_id,
    // Membership records are keyed `<disaster_id>:<uid>` (audit/record.ts callers in disasters/service.ts).
    entity_id:
      record.entity_id === uid
        ? pseudonym
        : record.entity_id.endsWith(`:${uid}`)
          ? `${record.entity_id.slice(0, -uid.length)}${pseudonym}`
          : record.entity_id,
    before: scrubbedFields(record.before, uid, pseudonym, personal),
    after: scrubbedFields(record.after, uid, pseudonym, personal),
    people_ids: record.people_ids.map((id) => (id === uid ? pseudonym : id)),
  });
  const update = async (records: AuditRecord[], personal: (record: AuditRecord) => boolean) => {
    const changed = records
      .map((record) => ({ record, next: rewrite(record, personal(record)) }))
      .filter(
        ({ record, next }) =>
          JSON.stringify(next) !==
          JSON.stringify({
            actor_id: record.actor_id,
            entity_id: record.entity_id,
            before: record.before,
            after: record.after,
            people_ids: record.people_ids,
          }),
      );
    await inBatches(changed, 1, (batch, { record, next }) => collections.audit.updateIn(batch, record.id, next));
    return changed.length;
  };
  await run.sweep(
    'audit',
    () => collections.audit.ref().where('entity_id', '==', uid),
    (page) => update(page, () => true).then(() => undefined),
  );
  // Both ids: an interrupted run may have anonymised some of their requests and resources already.
  const owned = async (registry: typeof collections.requests | typeof collections.resources) =>
    (await registry.ref().where('owner_id', 'in', [uid, pseudonym]).get()).docs.map((doc) => doc.id);
  const ownedIds = new Set([...(await owned(collections.requests)), ...(await owned(collections.resources))]);
  await run.sweep(
    'audit',
    () => collections.audit.ref().where('actor_id', '==', uid),
    (page) =>
      update(
        page,
        (record) => ownedIds.has(record.entity_id) || (record.request_id !== null && ownedIds.has(record.request_id)),
      ).then(() => undefined),
  );
  // Others' records that name them only in a changed field: tasks assigned to them, or away from them.
  await run.sweep(
    'audit',
    () => collections.audit.ref().where('people_ids', 'array-contains', uid),
    (page) => update(page, () => false).then(() => undefined),
  );
  for (const ids of chunks([...ownedIds], IN_LIMIT)) {
    run.checkBudget();
    for (const field of ['entity_id', 'request_id'] as const) {
      const records = (await collections.audit.ref().where(field, 'in', ids).get()).docs.map((doc) => doc.data());
      run.count('audit', await update(records, () => true));
    }
  }
}

async function eraseConversations(run: Run): Promise<void> {
  await run.sweep(
    'conversations',
    () => collections.conversations.ref().where('owner_id', '==', run.uid),
    (page) => inBatches(page, 1, (batch, conversation) => batch.delete(collections.conversations.doc(conversation.id))),
  );
}

async function erasePersonalSubcollections(run: Run): Promise<void> {
  for (const sub of PERSONAL_SUBCOLLECTIONS) {
    await run.sweep(
      'personal',
      () => sub.ref(run.uid),
      (page) => inBatches(page, 1, (batch, doc) => batch.delete(sub.doc(run.uid, doc.id))),
    );
  }
  // The outbound messages sent to the person hold their phone number and the text they received.
  await run.sweep(
    'personal',
    () => collections.outboundMessages.ref().where('recipient_uid', '==', run.uid),
    (page) => inBatches(page, 1, (batch, message) => batch.delete(collections.outboundMessages.doc(message.id))),
  );
}

/** Both sides of each membership, in one batch per page. */
async function eraseMemberships(run: Run): Promise<void> {
  await run.sweep(
    'memberships',
    () => collections.memberships.ref(run.uid),
    (page) =>
      inBatches(page, 2, (batch, membership) => {
        batch.delete(collections.members.doc(membership.disaster_id, run.uid));
        batch.delete(collections.memberships.doc(run.uid, membership.id));
      }),
  );
}

// --- The run --------------------------------------------------------------------------------------

function markerRef(uid: string) {
  return db().collection(internalCollections.erasures).doc(uid);
}

function readMarker(data: Record<string, unknown> | undefined): Marker | null {
  if (!data || typeof data.pseudonym !== 'string' || (data.stage !== 'data' && data.stage !== 'auth')) return null;
  return { pseudonym: data.pseudonym, stage: data.stage };
}

async function accountExists(uid: string): Promise<boolean> {
  try {
    await auth().getUser(uid);
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'auth/user-not-found') return false;
    throw error;
  }
}

/** The erasure in progress for `uid`, or a new one (create() makes two concurrent first calls agree); null when there is nothing to erase. */
async function startOrResume(uid: string): Promise<Marker | null> {
  const ref = markerRef(uid);
  const existing = readMarker((await ref.get()).data());
  if (existing) return existing;
  // No marker and no account: an erasure finished already (a late call that another instance's
  // revocation cache still let through). Starting again would record a second erasure.
  if (!(await accountExists(uid))) return null;
  const marker: Marker = { pseudonym: newPseudonym(), stage: 'data' };
  try {
    await ref.create({
      ...marker,
      started_at: Timestamp.now(),
      expires_at: Timestamp.fromMillis(Date.now() + ERASURE_MARKER_TTL_DAYS * 86_400_000),
    });
    return marker;
  } catch (error) {
    if (!isAlreadyExists(error)) throw error;
    const winner = readMarker((await ref.get()).data());
    if (!winner) throw error;
    return winner;
  }
}

const STEPS: readonly [ErasureStep, (run: Run) => Promise<void>][] = [
  ['requests', eraseRequests],
  ['matches', eraseFromMatches],
  // Before notifications go: they name the tasks once assigned to them.
  ['tasks', eraseTasks],
  ['resources', eraseResources],
  ['observations', eraseObservations],
  ['messages', eraseMessages],
  ['disasters', eraseAdminTraces],
  ['audit', eraseAudit],
  ['conversations', eraseConversations],
  ['personal', erasePersonalSubcollections],
  ['memberships', eraseMemberships],
];

/**
 * Erases `uid` (see the file comment). `done: false` when the time budget ran out first: call
 * again (the same pseudonym is used). After `done: true` the Auth account no longer exists.
 */
export async function eraseUser(uid: string, options: ErasureOptions = {}): Promise<ErasureOutcome> {
  const marker = await startOrResume(uid);
  if (!marker) return { done: true, pseudonym: null };
  const profile = await collections.users.get(uid);
  const run = new Run(uid, marker.pseudonym, profile?.location ?? null, options.budgetMs ?? ERASURE_TIME_BUDGET_MS);
  if (marker.stage === 'data') {
    try {
      for (const [step, erase] of STEPS) {
        const stepStarted = Date.now();
        await erase(run);
        run.timings[step] = Date.now() - stepStarted;
        if (options.failAfter === step) throw new Error(`erasure fault injected after ${step}`);
      }
    } catch (error) {
      if (!(error instanceof BudgetSpent)) throw error;
      logs.erasurePaused(marker.pseudonym, run.counts, run.timings);
      return { done: false, pseudonym: marker.pseudonym };
    }
    // The profile and the record of the erasure together: the record holds no uid. Its fixed id
    // makes a concurrent call's commit fail whole (ALREADY_EXISTS, or NOT_FOUND once the other
    // call deleted the marker): that call finished the data, and the rest below is idempotent.
    const batch = db().batch();
    batch.delete(collections.users.doc(uid));
    // Every number linked to this person (SMS/WhatsApp intake), whatever the profile's phone says
    // now: a later message from one starts afresh instead of reaching the erased uid.
    const contacts = await collections.phoneContacts.ref().where('uid', '==', uid).get();
    for (const contact of contacts.docs) batch.delete(contact.ref);
    recordAudit(batch, {
      entity: 'user',
      entity_id: marker.pseudonym,
      action: 'erased',
      actor: 'system',
      before: null,
      after: null,
      record_id: marker.pseudonym,
    });
    batch.update(markerRef(uid), { stage: 'auth' });
    try {
      await batch.commit();
    } catch (error) {
      if (!isAlreadyExists(error) && (error as { code?: unknown }).code !== 5) throw error; // 5: gRPC NOT_FOUND
    }
    if (options.failAfter === 'profile') throw new Error('erasure fault injected after profile');
  }
  try {
    await auth().deleteUser(uid);
  } catch (error) {
    // A concurrent call, or an earlier run that stopped right after, deleted it already.
    if ((error as { code?: unknown }).code !== 'auth/user-not-found') throw error;
  }
  await markerRef(uid).delete();
  logs.userErased(marker.pseudonym, run.counts, run.timings, Date.now() - run.started);
  return { done: true, pseudonym: marker.pseudonym };
}

/**
 * POST /users/{uid}/erasure: an admin erases someone who asked another way, above all a person
 * known only by their number (SMS, WhatsApp), who has no session to call DELETE /users/me with;
 * GET /requests?phone= gives their uid (owner_id). The same erasure; who asked for it is recorded
 * once, under the pseudonym, when it is done.
 */
export async function eraseOnBehalf(admin: Caller, uid: string): Promise<ErasureOutcome> {
  if (admin.uid === uid) throw new ForbiddenError('Erase your own account with DELETE /users/me.');
  const outcome = await eraseUser(uid);
  if (outcome.done && outcome.pseudonym === null) throw new NotFoundError('User', uid);
  if (outcome.done && outcome.pseudonym !== null) {
    const batch = db().batch();
    recordAudit(batch, {
      entity: 'user',
      entity_id: outcome.pseudonym,
      action: 'erasure_requested',
      actor: admin,
      before: null,
      after: null,
      record_id: `${outcome.pseudonym}-requested`,
    });
    try {
      await batch.commit();
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
    }
  }
  return outcome;
}
