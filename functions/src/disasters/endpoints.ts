// /disasters/... (spec 3.4, 4.5): disasters, agent suggestions and membership.
import { z } from 'zod';
import { defineEndpoint, Reply } from '../http/endpoint.js';
import { idSchema, pageSchema, pageQuerySchema } from '../shared/schemas.js';
import { CAP_MEDIA_TYPE, latestCapMessage } from './cap.js';
import {
  disasterCloseSchema,
  disasterInputSchema,
  disasterPatchSchema,
  disasterTypeSchema,
  disasterViewSchema,
  publicDisasterViewSchema,
  membershipSchema,
  toDisasterView,
  toPublicDisasterView,
  volunteerSchema,
} from './model.js';
import * as memberships from './membership.js';
import * as disasters from './service.js';

const TAG = 'disasters';
const params = z.strictObject({ id: idSchema });

export const disasterEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/disasters',
    tag: TAG,
    summary: 'Confirmed disasters, newest first (public); closed ones with ?status=closed.',
    description: 'Agent suggestions are not listed here; admins see them under GET /disasters/agent-suggested.',
    access: 'public',
    query: pageQuerySchema.extend({
      type: disasterTypeSchema.optional(),
      status: z.enum(['confirmed', 'closed']).optional().describe('confirmed (the default) or closed.'),
    }),
    response: pageSchema(publicDisasterViewSchema),
    handler: async ({ query }) => {
      const page = await disasters.listPublic(query);
      return { items: page.items.map(toPublicDisasterView), next_cursor: page.next_cursor };
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
    response: pageSchema(disasterViewSchema),
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
    description:
      "The public view for every caller, admins included: no agent suggestion, no admins' uids (admins read suggestions whole under GET /disasters/agent-suggested).",
    access: 'public',
    ownership: 'A suggested disaster is visible to admins only; anyone else gets 404.',
    params,
    response: publicDisasterViewSchema,
    errors: [404],
    handler: async ({ caller, params }) => toPublicDisasterView(await disasters.getVisibleDisaster(caller, params.id)),
  }),
  defineEndpoint({
    method: 'patch',
    path: '/disasters/{id}',
    tag: TAG,
    summary: "Edit a disaster's name, type, description, location, radius or severity.",
    description: [
      "For agent suggestions before approval (the agent's summary becomes the public description only as the admin leaves it) and for confirmed disasters.",
      'Send at least one field.',
      'Each change is audited; on a suggestion the agent never rewrites a field an admin edited.',
    ].join(' '),
    access: ['admin'],
    ownership: [
      'Any admin edits any suggested or confirmed disaster;',
      'a discarded or unknown one is a 404, a closed one a 409.',
    ].join(' '),
    params,
    body: disasterPatchSchema,
    response: disasterViewSchema,
    errors: [404, 409],
    handler: async ({ caller, params, body }) =>
      toDisasterView(await disasters.updateDisaster(caller, params.id, body)),
  }),
  defineEndpoint({
    method: 'post',
    path: '/disasters/{id}/join',
    tag: TAG,
    summary: 'Join a confirmed disaster (idempotent).',
    description: [
      'Answers 201 when the caller joins, 200 with the same membership when they had already joined.',
      'The caller must be registered (403 otherwise).',
      'A closed disaster takes no new members (409).',
    ].join(' '),
    access: 'authenticated',
    ownership: 'Adds the caller only. Unknown and suggested disasters cannot be joined (404).',
    params,
    response: membershipSchema,
    status: 201,
    otherStatuses: { 200: 'The caller had already joined: the same membership.' },
    errors: [403, 404, 409],
    rateLimit: { bucket: 'disasters:membership', limit: 60, windowSeconds: 60 },
    handler: async ({ caller, params }) => {
      const { membership, created } = await memberships.join(caller, params.id);
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
      await memberships.leave(caller, params.id);
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
    handler: async ({ caller, params }) => memberships.joined(caller, params.id),
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
    response: pageSchema(volunteerSchema),
    errors: [404],
    handler: async ({ caller, params, query }) => memberships.listVolunteers(caller, params.id, query),
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
    method: 'post',
    path: '/disasters/{id}/close',
    tag: TAG,
    summary: 'Close a confirmed disaster: it stays readable but takes no new requests, members or messages.',
    description: [
      'Issues the CAP Cancel of its alerts.',
      'Open requests and active tasks are left for staff to finish (docs/interop.md).',
      'Closing a closed disaster answers 200 with it unchanged; a suggestion cannot be closed (409).',
    ].join(' '),
    access: ['admin'],
    params,
    body: disasterCloseSchema,
    response: disasterViewSchema,
    errors: [404, 409],
    handler: async ({ caller, params, body }) => {
      const { disaster } = await disasters.closeDisaster(caller, params.id, body);
      return toDisasterView(disaster);
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/disasters/{id}/cap',
    tag: TAG,
    summary: 'The latest CAP 1.2 message of a confirmed or closed disaster (public, application/cap+xml).',
    description: [
      'Alert on confirmation, Update on each edit, Cancel on closing, each referencing the earlier ones.',
      'Suggestions never have one (404).',
      'Mapping: docs/interop.md.',
    ].join(' '),
    access: 'public',
    params,
    produces: [CAP_MEDIA_TYPE],
    response: z.string(),
    errors: [404],
    handler: async ({ params }) => {
      const message = await latestCapMessage(params.id);
      return new Reply(200, message.xml, { 'Cache-Control': 'public, max-age=60' });
    },
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
