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
// First: a feature module that defines its own collection may be loaded while this one still is.
import { NotFoundError } from '../errors.js';
import { toDocument, zodConverter } from './converter.js';
import { db } from './firestore.js';
import { paginate, type Order } from './paginate.js';
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
import type { Page, PageQuery } from '../shared/schemas.js';

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

/**
 * Where a field lies in a document: a top-level field, or a path into it (`history.by` for the
 * `by` of every entry of the array `history`). In a subcollection of `users`, PARENT_UID stands for
 * the parent document's id, the uid whose documents they all are.
 */
export type PersonFieldPath<T> = (keyof T & string) | `${keyof T & string}.${string}` | typeof PARENT_UID;

/** In a subcollection's person fields: the parent document's id is the person's uid (`users/{uid}/...`). */
export const PARENT_UID = '{parent uid}';

/**
 * The fields of a collection that hold data about a person, by category. Erasure (users/erasure/)
 * must rewrite, clear or delete each one, or say why it is kept; `test/person-fields.test.ts`
 * fails otherwise. What is not here is operational: written in a role about the work (a task's
 * instructions, a disaster's description), not about a person.
 */
export interface PersonFields<T> {
  /** A uid: who owns it, sent it, was assigned it, decided it. */
  uid?: readonly PersonFieldPath<T>[];
  /** A way to reach the person: a phone number, a push token, a link to a provider's record of their number. */
  contact?: readonly PersonFieldPath<T>[];
  /** A person's name, as others see it. */
  name?: readonly PersonFieldPath<T>[];
  /** Free text a person wrote, or that was written to or about them: their words may identify them. */
  text?: readonly PersonFieldPath<T>[];
  /** A person's exact point, and the geohash derived from it. */
  location?: readonly PersonFieldPath<T>[];
  /** Copies of other documents' fields, any of the categories above (an audit record's before and after). */
  copies?: readonly PersonFieldPath<T>[];
}

export type PersonFieldCategory = keyof PersonFields<unknown>;

/** The person fields of any collection, as plain paths. */
export type AnyPersonFields = { readonly [C in PersonFieldCategory]?: readonly string[] };

export interface CollectionOptions<T> {
  /**
   * Stored-only fields computed from an entity's fields (on creation and on every change that
   * carries their inputs), so that no call site computes them by hand. `sort_key` is always derived.
   */
  derived?: (fields: Changes<T>) => Record<string, unknown>;
  /** The fields that hold data about a person (see PersonFields). */
  personFields?: PersonFields<T>;
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
  readonly personFields: PersonFields<T>;
}

export interface Subcollection<T extends Entity> {
  /** The path pattern, e.g. `disasters/{disaster_id}/messages`. */
  readonly pattern: string;
  readonly schema: z.ZodType<T>;
  readonly personFields: PersonFields<T>;
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
    personFields: options.personFields ?? {},
    ...documents(() => db().collection(path).withConverter(converter), options.derived ?? (() => ({}))),
  };
}

/** A collection under a document of a top-level collection: `<parent>/{id}/<name>`. */
export function defineSubcollection<T extends Entity>(
  parent: string,
  name: string,
  schema: z.ZodType<T>,
  options: Pick<CollectionOptions<T>, 'personFields'> = {},
): Subcollection<T> {
  const converter = zodConverter(`${parent}/*/${name}`, schema);
  const ref = (parentId: string) => db().collection(parent).doc(parentId).collection(name).withConverter(converter);
  const of = (parentId: string) =>
    documents(
      () => ref(parentId),
      () => ({}),
    );
  return {
    pattern: `${parent}/{id}/${name}`,
    schema,
    personFields: options.personFields ?? {},
    ref,
    doc: (parentId, id) => ref(parentId).doc(id),
    of,
  };
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

/** A person's exact point and its geohash. */
const PLACE = ['location', 'geohash'] as const;

export const collections = {
  users: defineCollection('users', userRecordSchema, {
    personFields: {
      uid: ['id', 'verification.by'],
      contact: ['phone'],
      name: ['display_name'],
      text: ['verification.note'],
      location: PLACE,
    },
  }),
  /** `users/{uid}/notifications`: what a user's client listens to (task assigned, ...). */
  notifications: defineSubcollection('users', 'notifications', notificationSchema, {
    personFields: { uid: [PARENT_UID, 'user_id'], text: ['text'] },
  }),
  disasters: defineCollection('disasters', disasterSchema, {
    personFields: { uid: ['created_by', 'confirmed_by', 'closed_by'] },
  }),
  /** `disasters/{disaster_id}/members/{uid}`: membership; the chat rules read it. */
  members: defineSubcollection('disasters', 'members', memberSchema, {
    personFields: { uid: ['id'], name: ['display_name'] },
  }),
  /** `users/{uid}/memberships/{disaster_id}`: the same memberships by user, written together with members. */
  memberships: defineSubcollection('users', 'memberships', joinedDisasterSchema, {
    personFields: { uid: [PARENT_UID] },
  }),
  /** `disasters/{disaster_id}/messages`: the disaster chat, delivered to clients by listeners. */
  messages: defineSubcollection('disasters', 'messages', messageSchema, {
    personFields: { uid: ['sender_id'], name: ['sender_name'], text: ['text'] },
  }),
  requests: defineCollection('requests', helpRequestSchema, {
    derived: requestDerived,
    personFields: {
      uid: ['owner_id', 'potential_matches.responders.id'],
      contact: ['requester_contact'],
      text: ['description', 'location_text'],
      location: PLACE,
    },
  }),
  /** `workflow_outputs/{request_id}`: the plan of one request. */
  workflowOutputs: defineCollection('workflow_outputs', workflowOutputSchema, {
    // The rationale may quote the request's description, and names the suggested helpers.
    personFields: { uid: ['tasks.suggested_assignee_id'], text: ['rationale'] },
  }),
  /** `allocation_jobs/{id}`: resource allocation proposals for a disaster (POST /resources/suggest/{disaster_id}). */
  allocationJobs: defineCollection('allocation_jobs', allocationJobSchema, {
    personFields: { uid: ['requested_by'] },
  }),
  tasks: defineCollection('tasks', taskSchema, {
    personFields: { uid: ['assigned_to', 'created_by', 'authorized_by', 'history.by', 'history.from', 'history.to'] },
  }),
  resources: defineCollection('resources', resourceSchema, {
    personFields: { uid: ['owner_id'], text: ['description'], location: PLACE },
  }),
  observations: defineCollection('observations', observationSchema, {
    personFields: { uid: ['reporter_id'], text: ['description'], location: PLACE },
  }),
  /** `conversations/{id}`: one user's history with the assistant; `expires_at` carries a TTL policy. */
  conversations: defineCollection('conversations', conversationSchema, {
    personFields: { uid: ['owner_id'], text: ['messages.text'] },
  }),
  /** `audit_log/{id}`: append-only record of every state change, one typed domain event each (events/record.ts). */
  audit: defineCollection('audit_log', auditRecordSchema, {
    // entity_id is a uid for records about a user or a membership (`<disaster_id>:<uid>`).
    personFields: { uid: ['actor_id', 'entity_id', 'people_ids'], copies: ['before', 'after'] },
  }),
  /** `cap_messages/{identifier}`: every CAP 1.2 message issued for a disaster (disasters/cap.ts). */
  capMessages: defineCollection('cap_messages', capMessageSchema),
  /** `phone_contacts/{e164}`: a number that wrote to us, its user, language and opt-out (channels/model.ts). */
  phoneContacts: defineCollection('phone_contacts', phoneContactSchema, {
    personFields: { uid: ['uid'], contact: ['id'] },
  }),
  /** `inbound_messages/{MessageSid}`: one per SMS/WhatsApp message processed, claimed with create() (channels/inbound.ts). */
  inboundMessages: defineCollection('inbound_messages', inboundMessageSchema, {
    // Twilio's log maps the MessageSid to the number: the link to a request re-identifies it.
    personFields: { contact: ['request_id'] },
  }),
  /** `webhooks/{id}`: outbound webhook subscribers, with their signing secrets sealed (webhooks/sealing.ts; never returned). */
  webhooks: defineCollection('webhooks', webhookSchema, {
    personFields: { uid: ['created_by'] },
  }),
  /** `webhooks/{webhook_id}/deliveries/{event_id}`: the delivery log; `expires_at` carries a TTL policy. */
  webhookDeliveries: defineSubcollection('webhooks', 'deliveries', deliverySchema, {
    // The event as sent: an audit record's fields.
    personFields: { copies: ['body'] },
  }),
  /** `users/{uid}/devices/{device_id}`: FCM registration tokens of the user's devices (outbound/). */
  devices: defineSubcollection('users', 'devices', deviceSchema, {
    personFields: { uid: [PARENT_UID], contact: ['token'] },
  }),
  /** `users/{uid}/preferences/notifications`: what reaches the user outside the app, and when (outbound/). */
  preferences: defineSubcollection('users', 'preferences', notificationPreferencesSchema, {
    personFields: { uid: [PARENT_UID] },
  }),
  /** `outbound_messages/{id}`: every push, SMS and WhatsApp message, its status and attempts (outbound/). */
  outboundMessages: defineCollection('outbound_messages', outboundMessageSchema, {
    personFields: { uid: ['recipient_uid'], contact: ['to'], text: ['body'] },
  }),
};

export type CollectionName = keyof typeof collections;

/**
 * The names of the top-level fields that hold a uid in any collection but the audit log's own:
 * the fields of an audit record's before and after that name a person (events/record.ts,
 * `people_ids`, by which erasure finds the records).
 */
export const PERSON_UID_FIELDS: readonly string[] = [
  ...new Set(
    Object.entries(collections)
      .filter(([name]) => name !== 'audit')
      .flatMap(([, collection]) => (collection.personFields as AnyPersonFields).uid ?? [])
      .filter((path) => path !== 'id' && path !== PARENT_UID && !path.includes('.')),
  ),
];

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
