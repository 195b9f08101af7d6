// The one registry of Firestore collections: every path the service reads or writes, each with
// the schema its documents are validated against on the way out. Client developers listening to
// Firestore directly use these same paths (see README).
import {
  FieldValue,
  WriteBatch,
  type CollectionReference,
  type DocumentReference,
  type Query,
  type Transaction,
} from 'firebase-admin/firestore';
import type { z } from 'zod';
import { auditRecordSchema } from '../audit/model.js';
import { inboundMessageSchema, phoneContactSchema } from '../channels/model.js';
import { messageSchema } from '../chat/model.js';
import { conversationSchema } from '../chatbot/model.js';
import { capMessageSchema, disasterSchema, joinedDisasterSchema, memberSchema } from '../disasters/model.js';
import { notificationSchema } from '../notifications/model.js';
import { observationSchema } from '../observations/model.js';
import { deviceSchema, notificationPreferencesSchema, outboundMessageSchema } from '../outbound/model.js';
import { helpRequestSchema, type HelpRequest } from '../requests/model.js';
import { planningDueAt } from '../requests/planning-state.js';
import { resourceSchema } from '../resources/model.js';
import { taskSchema } from '../tasks/model.js';
import { userRecordSchema } from '../users/model.js';
import { deliverySchema, webhookSchema } from '../webhooks/model.js';
import { allocationJobSchema } from '../planning/model.js';
import { workflowOutputSchema } from '../workflow/model.js';
import { NotFoundError } from '../errors.js';
import type { Page, PageQuery } from '../shared/schemas.js';
import { toDocument, zodConverter } from './converter.js';
import { db } from './firestore.js';
import { paginate, type Order } from './paginate.js';

/** What every stored entity carries: its id and its creation time (which orders lists). */
export interface Entity {
  id: string;
  created_at: string;
}

/** Equality filters on a collection's fields; a filter left undefined is not applied. */
export type Filters<T> = { readonly [K in keyof T & string]?: T[K] | undefined };

/** A field-level change: the fields given (a FieldValue such as `arrayUnion` where useful), nothing else. */
export type Changes<T> = { readonly [K in Exclude<keyof T, 'id'>]?: T[K] | FieldValue };

/** What stages writes for one commit. */
export type Writer = Transaction | WriteBatch;

export interface CollectionOptions<T> {
  /**
   * Stored-only fields computed from an entity's fields (on creation and on every change that
   * carries their inputs), so that no call site computes them by hand. `sort_key` is always derived.
   */
  derived?: (fields: Changes<T>) => Record<string, unknown>;
}

/** The reads and writes of one collection (or one parent's subcollection), in one idiom everywhere. */
export interface Documents<T extends Entity> {
  ref(): CollectionReference<T>;
  doc(id: string): DocumentReference<T>;
  /** The document, or undefined; read in `tx` when given. */
  get(id: string, tx?: Transaction): Promise<T | undefined>;
  /** The documents of `ids` in one round trip, in order (undefined where missing). */
  getAll(ids: readonly string[], tx?: Transaction): Promise<(T | undefined)[]>;
  /** The document, or a NotFoundError naming it as `what`. */
  require(id: string, what: string, tx?: Transaction): Promise<T>;
  /**
   * A field-level change, staged in `writer`: never a whole-document set that could undo a
   * concurrent change, and fields stored outside the schema (derived ones) are kept or recomputed.
   */
  updateIn(writer: Writer, id: string, changes: Changes<T>): void;
  /** The same change, written at once. */
  update(id: string, changes: Changes<T>): Promise<void>;
  /** One page of the documents matching every filter given, newest first unless told otherwise. */
  list(filters: Filters<T>, page: PageQuery, order?: Order): Promise<Page<T>>;
}

export interface Collection<T extends Entity> extends Documents<T> {
  /** The collection path, e.g. `users`. */
  readonly path: string;
  readonly schema: z.ZodType<T>;
}

export interface Subcollection<T extends Entity> {
  /** The path pattern, e.g. `disasters/{disaster_id}/messages`. */
  readonly pattern: string;
  readonly schema: z.ZodType<T>;
  ref(parentId: string): CollectionReference<T>;
  doc(parentId: string, id: string): DocumentReference<T>;
  /** The documents under one parent, with the same idiom as a top-level collection. */
  of(parentId: string): Documents<T>;
}

function documents<T extends Entity>(
  ref: () => CollectionReference<T>,
  derive: (fields: Changes<T>) => Record<string, unknown>,
): Documents<T> {
  const doc = (id: string) => ref().doc(id);
  const stored = (changes: Changes<T>) => toDocument({ ...changes, ...derive(changes) });
  const get = async (id: string, tx?: Transaction) => (tx ? await tx.get(doc(id)) : await doc(id).get()).data();
  return {
    ref,
    doc,
    get,
    async getAll(ids, tx) {
      if (ids.length === 0) return [];
      const refs = ids.map(doc);
      const snapshots = tx ? await tx.getAll(...refs) : await Promise.all(refs.map((ref) => ref.get()));
      return snapshots.map((snapshot) => snapshot.data());
    },
    async require(id, what, tx) {
      const found = await get(id, tx);
      if (!found) throw new NotFoundError(what, id);
      return found;
    },
    updateIn(writer, id, changes) {
      // Without the converter: it writes whole entities, and an update is a part of one.
      if (writer instanceof WriteBatch) writer.update(doc(id).withConverter(null), stored(changes));
      else writer.update(doc(id).withConverter(null), stored(changes));
    },
    async update(id, changes) {
      await doc(id).withConverter(null).update(stored(changes));
    },
    list(filters, page, order) {
      let query: Query<T> = ref();
      for (const [field, value] of Object.entries(filters)) {
        if (value !== undefined) query = query.where(field, '==', value);
      }
      return paginate(query, page, order);
    },
  };
}

export function defineCollection<T extends Entity>(
  path: string,
  schema: z.ZodType<T>,
  options: CollectionOptions<T> = {},
): Collection<T> {
  const converter = zodConverter(path, schema, options.derived);
  return {
    path,
    schema,
    ...documents(() => db().collection(path).withConverter(converter), options.derived ?? (() => ({}))),
  };
}

/** A collection under a document of a top-level collection: `<parent>/{id}/<name>`. */
export function defineSubcollection<T extends Entity>(
  parent: string,
  name: string,
  schema: z.ZodType<T>,
): Subcollection<T> {
  const converter = zodConverter(`${parent}/*/${name}`, schema);
  const ref = (parentId: string) => db().collection(parent).doc(parentId).collection(name).withConverter(converter);
  const of = (parentId: string) =>
    documents(
      () => ref(parentId),
      () => ({}),
    );
  return { pattern: `${parent}/{id}/${name}`, schema, ref, doc: (parentId, id) => ref(parentId).doc(id), of };
}

/**
 * The requests' stored-only `planning_due_at`, for the planning sweeper (requests/planning-state.ts),
 * `awaiting_location`, for the dispatchers' filter, and `requester_phone`, for staff's lookup by
 * number (top level: the embedded emulator does not filter on nested fields).
 */
function requestDerived(fields: Changes<HelpRequest>): Record<string, unknown> {
  const { planning, requester_contact: contact } = fields;
  return {
    ...(planning === undefined || planning instanceof FieldValue
      ? {}
      : { planning_due_at: planningDueAt(planning), awaiting_location: planning.state === 'awaiting_location' }),
    ...(contact === undefined || contact instanceof FieldValue ? {} : { requester_phone: contact?.phone ?? null }),
  };
}

export const collections = {
  users: defineCollection('users', userRecordSchema),
  /** `users/{uid}/notifications`: what a user's client listens to (task assigned, ...). */
  notifications: defineSubcollection('users', 'notifications', notificationSchema),
  disasters: defineCollection('disasters', disasterSchema),
  /** `disasters/{disaster_id}/members/{uid}`: membership; the chat rules read it. */
  members: defineSubcollection('disasters', 'members', memberSchema),
  /** `users/{uid}/memberships/{disaster_id}`: the same memberships by user, written together with members. */
  memberships: defineSubcollection('users', 'memberships', joinedDisasterSchema),
  /** `disasters/{disaster_id}/messages`: the disaster chat, delivered to clients by listeners. */
  messages: defineSubcollection('disasters', 'messages', messageSchema),
  requests: defineCollection('requests', helpRequestSchema, { derived: requestDerived }),
  /** `workflow_outputs/{request_id}`: the plan of one request. */
  workflowOutputs: defineCollection('workflow_outputs', workflowOutputSchema),
  /** `allocation_jobs/{id}`: resource allocation proposals for a disaster (POST /resources/suggest/{disaster_id}). */
  allocationJobs: defineCollection('allocation_jobs', allocationJobSchema),
  tasks: defineCollection('tasks', taskSchema),
  resources: defineCollection('resources', resourceSchema),
  observations: defineCollection('observations', observationSchema),
  /** `conversations/{id}`: one user's history with the assistant; `expires_at` carries a TTL policy. */
  conversations: defineCollection('conversations', conversationSchema),
  /** `audit_log/{id}`: append-only record of every state change (audit/record.ts). */
  audit: defineCollection('audit_log', auditRecordSchema),
  /** `cap_messages/{identifier}`: every CAP 1.2 message issued for a disaster (disasters/cap.ts). */
  capMessages: defineCollection('cap_messages', capMessageSchema),
  /** `phone_contacts/{e164}`: a number that wrote to us, its user, language and opt-out (channels/model.ts). */
  phoneContacts: defineCollection('phone_contacts', phoneContactSchema),
  /** `inbound_messages/{MessageSid}`: one per SMS/WhatsApp message processed, claimed with create() (channels/inbound.ts). */
  inboundMessages: defineCollection('inbound_messages', inboundMessageSchema),
  /** `webhooks/{id}`: outbound webhook subscribers, with their signing secrets sealed (webhooks/sealing.ts; never returned). */
  webhooks: defineCollection('webhooks', webhookSchema),
  /** `webhooks/{webhook_id}/deliveries/{event_id}`: the delivery log; `expires_at` carries a TTL policy. */
  webhookDeliveries: defineSubcollection('webhooks', 'deliveries', deliverySchema),
  /** `users/{uid}/devices/{device_id}`: FCM registration tokens of the user's devices (outbound/). */
  devices: defineSubcollection('users', 'devices', deviceSchema),
  /** `users/{uid}/preferences/notifications`: what reaches the user outside the app, and when (outbound/). */
  preferences: defineSubcollection('users', 'preferences', notificationPreferencesSchema),
  /** `outbound_messages/{id}`: every push, SMS and WhatsApp message, its status and attempts (outbound/). */
  outboundMessages: defineCollection('outbound_messages', outboundMessageSchema),
};

/** Collections written without a schema: infrastructure, never returned to clients. */
export const internalCollections = {
  /** Fixed-window counters of data/window-count.ts; `expires_at` carries a TTL policy. */
  rateLimits: 'rate_limits',
  /** One document per processed trigger event id: the de-duplication key of at-least-once delivery. */
  processedEvents: 'processed_events',
  /** `agent_evidence/{observation_id}`: the suggestion an observation backs; `discarded` is the tombstone. */
  agentEvidence: 'agent_evidence',
  /**
   * `resource_claims/{resource_id}`: exists exactly while the resource is not available (held by a
   * task, or by its owner); created with `create()`, so only one holder can win. See resources/claims.ts.
   */
  resourceClaims: 'resource_claims',
  /** `task_transitions/{task_id}_{from}`: one per status a task leaves, so each move happens once. */
  taskTransitions: 'task_transitions',
  /**
   * `erasures/{uid}`: the pseudonym of an erasure in progress (users/erasure.ts), so that a resumed
   * run uses the same one; deleted when the erasure ends, `expires_at` carries a TTL policy.
   */
  erasures: 'erasures',
  /**
   * SMS sent per day, for the spend limits (outbound/spend.ts): `outbound_spend/{day}` and
   * `{day}:1` ... `{day}:9` (all numbers, sharded), `outbound_spend/{day}_{e164}` (one number;
   * `expires_at` carries a TTL policy, as its id names the number).
   */
  outboundSpend: 'outbound_spend',
} as const;
