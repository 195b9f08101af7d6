// Converts between API-shaped entities (ISO timestamps) and Firestore documents (Timestamps),
// and validates every document read against its schema, so no blind casts reach the services.
import {
  Timestamp,
  type DocumentData,
  type FirestoreDataConverter,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import type { z } from 'zod';
import { UnreadableDocumentError } from '../errors.js';
import { logs } from '../logs.js';

/** Fields whose names end in `_at` hold times: stored as Timestamps (sortable, usable by TTL policies). */
const TIME_FIELD = /_at$/;

function toStored(value: unknown, key: string): unknown {
  if (typeof value === 'string' && TIME_FIELD.test(key)) {
    const millis = Date.parse(value);
    return Number.isNaN(millis) ? value : Timestamp.fromMillis(millis);
  }
  if (Array.isArray(value)) return value.map((item) => toStored(item, ''));
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toStored(v, k)]));
  }
  return value;
}

export function fromStored(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (Array.isArray(value)) return value.map(fromStored);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromStored(v)]));
  }
  return value;
}

/**
 * Lists page by a range filter on `sort_key` (creation time, then id): unlike cursors and offsets
 * it works on every Firestore emulator and costs no extra reads. Derived, so never sent to clients.
 */
export function sortKeyOf(entity: { created_at: string; id: string }): string {
  return `${entity.created_at}~${entity.id}`;
}

function withSortKey(entity: Record<string, unknown>): Record<string, unknown> {
  const { created_at: createdAt, id } = entity;
  return typeof createdAt === 'string' && typeof id === 'string'
    ? { ...entity, sort_key: sortKeyOf({ created_at: createdAt, id }) }
    : entity;
}

/** The document form of an entity, for writes that bypass a converter (updates, transactions). */
export function toDocument(entity: Record<string, unknown>): DocumentData {
  return toStored(entity, '') as DocumentData;
}

export function zodConverter<T extends { id: string }>(
  collection: string,
  schema: z.ZodType<T>,
  /** Stored-only fields computed from a whole entity (see CollectionOptions in collections.ts). */
  derive?: (entity: T) => Record<string, unknown>,
): FirestoreDataConverter<T> {
  return {
    toFirestore(entity) {
      if (derive === undefined) return toDocument(withSortKey(entity));
      // Typed writes (create, set) give whole entities; the parse gives derive its typed input.
      const parsed = schema.safeParse(entity);
      return toDocument(withSortKey(parsed.success ? { ...entity, ...derive(parsed.data) } : entity));
    },
    fromFirestore(snapshot: QueryDocumentSnapshot): T {
      const parsed = schema.safeParse({ ...(fromStored(snapshot.data()) as object), id: snapshot.id });
      if (!parsed.success) {
        logs.corruptDocument(`${collection}/${snapshot.id}`, parsed.error.issues);
        throw new UnreadableDocumentError(`${collection}/${snapshot.id}`);
      }
      return parsed.data;
    },
  };
}
