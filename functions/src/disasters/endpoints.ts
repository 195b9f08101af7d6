// /disasters/... (spec 3.4, 4.5): disasters, agent suggestions and membership.
import { z } from 'zod';
import { defineEndpoint, Reply } from '../http/endpoint.js';
import { idSchema, pageOf, pageQuerySchema } from '../shared/schemas.js';
import {
  disasterInputSchema,
  disasterTypeSchema,
  disasterViewSchema,
  membershipSchema,
  toDisasterView,
  volunteerSchema,
} from './model.js';
import * as disasters from './service.js';

const TAG = 'disasters';
const params = z.strictObject({ id: idSchema });

export const disasterEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/disasters',
    tag: TAG,
    summary: 'Confirmed disasters, newest first (public).',
    description: 'Agent suggestions are not listed here; admins see them under GET /disasters/agent-suggested.',
    access: 'public',
    query: pageQuerySchema.extend({ type: disasterTypeSchema.optional() }),
    response: pageOf(disasterViewSchema),
    handler: async ({ query }) => {
      const page = await disasters.listConfirmed(query);
      return { items: page.items.map(toDisasterView), next_cursor: page.next_cursor };
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/disasters',
    tag: TAG,
    summary: 'Create a confirmed disaster.',
    access: ['admin'],
    body: disasterInputSchema,
    response: disasterViewSchema,
    status: 201,
    rateLimit: { bucket: 'disasters:write', limit: 30, windowSeconds: 60 },
    handler: async ({ caller, body }) => toDisasterView(await disasters.createDisaster(caller, body)),
  }),
  defineEndpoint({
    method: 'get',
    path: '/disasters/agent-suggested',
    tag: TAG,
    summary: 'Disasters suggested by the agent and not yet approved, newest first.',
    access: ['admin'],
    query: pageQuerySchema,
    response: pageOf(disasterViewSchema),
    handler: async ({ query }) => {
      const page = await disasters.listSuggested(query);
      return { items: page.items.map(toDisasterView), next_cursor: page.next_cursor };
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/disasters/{id}',
    tag: TAG,
    summary: 'Disaster details (public).',
    access: 'public',
    ownership: 'A suggested disaster is visible to admins only; anyone else gets 404.',
    params,
    response: disasterViewSchema,
    errors: [404],
    handler: async ({ caller, params }) => toDisasterView(await disasters.getVisibleDisaster(caller, params.id)),
  }),
  defineEndpoint({
    method: 'post',
    path: '/disasters/{id}/join',
    tag: TAG,
    summary: 'Join a confirmed disaster (idempotent).',
    description: 'Answers 201 when the caller joins, 200 with the same membership when they had already joined. The caller must be registered (403 otherwise).',
    access: 'authenticated',
    ownership: 'Adds the caller only. Unknown and suggested disasters cannot be joined (404).',
    params,
    response: membershipSchema,
    status: 201,
    errors: [404],
    rateLimit: { bucket: 'disasters:membership', limit: 60, windowSeconds: 60 },
    handler: async ({ caller, params }) => {
      const { membership, created } = await disasters.join(caller, params.id);
      return created ? membership : new Reply(200, membership);
    },
  }),
  defineEndpoint({
    method: 'delete',
    path: '/disasters/{id}/leave',
    tag: TAG,
    summary: 'Leave a disaster (idempotent: 204 whether or not the caller was a member).',
    access: 'authenticated',
    ownership: 'Removes the caller only.',
    params,
    response: null,
    errors: [404],
    rateLimit: { bucket: 'disasters:membership', limit: 60, windowSeconds: 60 },
    handler: async ({ caller, params }) => {
      await disasters.leave(caller, params.id);
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/disasters/{id}/joined',
    tag: TAG,
    summary: 'Whether the caller has joined the disaster.',
    access: 'authenticated',
    ownership: "Answers for the caller's own membership only.",
    params,
    response: membershipSchema,
    errors: [404],
    handler: async ({ caller, params }) => disasters.joined(caller, params.id),
  }),
  defineEndpoint({
    method: 'get',
    path: '/disasters/{id}/volunteers',
    tag: TAG,
    summary: 'Volunteers who joined the disaster, with availability and location; newest members first.',
    description: 'A member counts as a volunteer by the role they had when they joined.',
    access: ['admin'],
    params,
    query: pageQuerySchema,
    response: pageOf(volunteerSchema),
    errors: [404],
    handler: async ({ caller, params, query }) => disasters.listVolunteers(caller, params.id, query),
  }),
  defineEndpoint({
    method: 'post',
    path: '/disasters/{id}/approve',
    tag: TAG,
    summary: 'Approve an agent suggestion: it becomes a confirmed, publicly listed disaster.',
    access: ['admin'],
    params,
    response: disasterViewSchema,
    errors: [404, 409],
    handler: async ({ caller, params }) => toDisasterView(await disasters.approve(caller, params.id)),
  }),
  defineEndpoint({
    method: 'delete',
    path: '/disasters/{id}/discard',
    tag: TAG,
    summary: 'Discard an agent suggestion; the agent will not suggest it again from the same observations.',
    access: ['admin'],
    params,
    response: null,
    errors: [404, 409],
    handler: async ({ caller, params }) => {
      await disasters.discard(caller, params.id);
    },
  }),
];
