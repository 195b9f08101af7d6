// How a Firestore collection is defined: its path, the schema its documents are validated against
// on the way out, its derived fields and its person fields. Each feature defines its own
// collections in its store.ts with defineCollection and defineSubcollection; src/stores.ts lists
// them all, for what needs every one (erasure's checks, the bench, the test helpers). Client
// developers listening to Firestore directly use these same paths (see README).
import {
  WriteBatch,
  type FieldValue,
  type CollectionReference,
  type DocumentReference,
  type Query,
  type Transaction,
} from 'firebase-admin/firestore';
import type { z } from 'zod';
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

/** What erasure and its checks read of any collection or subcollection, whatever its entity. */
export type AnyStore = { readonly schema: z.ZodType; readonly personFields: AnyPersonFields } & (
  { readonly path: string } | { readonly pattern: string }
);

export interface CollectionOptions<T> {
  /**
   * Stored-only fields computed from an entity's fields (on creation and on every change that
   * carries their inputs), so that no call site computes them by hand. `sort_key` is always derived.
   * The id is given on creation only.
   */
  derived?: (fields: Changes<T> & { readonly id?: string }) => Record<string, unknown>;
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

/** A person's exact point and its geohash, as person fields (`location`). */
export const PLACE = ['location', 'geohash'] as const;

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
