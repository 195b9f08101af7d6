// The one registry of Firestore collections: every path the service reads or writes, each with
// the schema its documents are validated against on the way out. Client developers listening to
// Firestore directly use these same paths (see README).
import type { CollectionReference, DocumentReference } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { messageSchema } from '../chat/model.js';
import { conversationSchema } from '../chatbot/model.js';
import { disasterSchema, joinedDisasterSchema, memberSchema } from '../disasters/model.js';
import { notificationSchema } from '../notifications/model.js';
import { observationSchema } from '../observations/model.js';
import { helpRequestSchema } from '../requests/model.js';
import { resourceSchema } from '../resources/model.js';
import { taskSchema } from '../tasks/model.js';
import { userRecordSchema } from '../users/model.js';
import { allocationJobSchema, workflowOutputSchema } from '../workflow/model.js';
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
  /** `users/{uid}/notifications`: what a user's client listens to (task assigned, ...). */
  notifications: defineSubcollection('users', 'notifications', notificationSchema),
  disasters: defineCollection('disasters', disasterSchema),
  /** `disasters/{disaster_id}/members/{uid}`: membership; the chat rules read it. */
  members: defineSubcollection('disasters', 'members', memberSchema),
  /** `users/{uid}/memberships/{disaster_id}`: the same memberships by user, written together with members. */
  memberships: defineSubcollection('users', 'memberships', joinedDisasterSchema),
  /** `disasters/{disaster_id}/messages`: the disaster chat, delivered to clients by listeners. */
  messages: defineSubcollection('disasters', 'messages', messageSchema),
  requests: defineCollection('requests', helpRequestSchema),
  /** `workflow_outputs/{request_id}`: the plan of one request. */
  workflowOutputs: defineCollection('workflow_outputs', workflowOutputSchema),
  /** `allocation_jobs/{id}`: resource allocation proposals for a disaster (POST /resources/suggest/{disaster_id}). */
  allocationJobs: defineCollection('allocation_jobs', allocationJobSchema),
  tasks: defineCollection('tasks', taskSchema),
  resources: defineCollection('resources', resourceSchema),
  observations: defineCollection('observations', observationSchema),
  /** `conversations/{id}`: one user's history with the assistant; `expires_at` carries a TTL policy. */
  conversations: defineCollection('conversations', conversationSchema),
};

/** Collections written without a schema: infrastructure, never returned to clients. */
export const internalCollections = {
  /** Fixed-window counters of http/rate-limit.ts; `expires_at` carries a TTL policy. */
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
} as const;
