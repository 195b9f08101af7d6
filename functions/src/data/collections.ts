// The one registry of Firestore collections: every path the service reads or writes, each with
// the schema its documents are validated against on the way out. Client developers listening to
// Firestore directly use these same paths (see README).
import type { CollectionReference, DocumentReference } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { userRecordSchema } from '../users/model.js';
import { zodConverter } from './converter.js';
import { db } from './firestore.js';

export interface Collection<T extends { id: string }> {
  /** The collection path, e.g. `users`. */
  readonly path: string;
  readonly schema: z.ZodType<T>;
  ref(): CollectionReference<T>;
  doc(id: string): DocumentReference<T>;
}

export interface Subcollection<T extends { id: string }> {
  /** The path pattern, e.g. `disasters/{disaster_id}/messages`. */
  readonly pattern: string;
  readonly schema: z.ZodType<T>;
  ref(parentId: string): CollectionReference<T>;
  doc(parentId: string, id: string): DocumentReference<T>;
}

export function defineCollection<T extends { id: string }>(path: string, schema: z.ZodType<T>): Collection<T> {
  const converter = zodConverter(path, schema);
  const ref = () => db().collection(path).withConverter(converter);
  return { path, schema, ref, doc: (id) => ref().doc(id) };
}

/** A collection under a document of a top-level collection: `<parent>/{id}/<name>`. */
export function defineSubcollection<T extends { id: string }>(
  parent: string,
  name: string,
  schema: z.ZodType<T>,
): Subcollection<T> {
  const converter = zodConverter(`${parent}/*/${name}`, schema);
  const ref = (parentId: string) => db().collection(parent).doc(parentId).collection(name).withConverter(converter);
  return { pattern: `${parent}/{id}/${name}`, schema, ref, doc: (parentId, id) => ref(parentId).doc(id) };
}

export const collections = {
  users: defineCollection('users', userRecordSchema),
};

/** Collections written without a schema: infrastructure, never returned to clients. */
export const internalCollections = {
  /** Fixed-window counters of http/rate-limit.ts; `expires_at` carries a TTL policy. */
  rateLimits: 'rate_limits',
  /** One document per processed trigger event id: the de-duplication key of at-least-once delivery. */
  processedEvents: 'processed_events',
} as const;
