// /requests/... (spec 4.2).
import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { idSchema, pageOf, pageQuerySchema, ROLES } from '../shared/schemas.js';
import { helpRequestSchema, needSchema, newRequestSchema, requestStatusSchema, requestViewSchema } from './model.js';
import * as requests from './service.js';

const TAG = 'requests';

const filters = {
  status: requestStatusSchema.optional(),
  type_of_need: needSchema.optional(),
};

/**
 * Ten requests per user per ten minutes: far above what one person in trouble raises (likely
 * duplicates are flagged anyway), low enough that a flood is not planned hundreds of times.
 */
export const CREATE_REQUEST_LIMIT = { bucket: 'requests:create', limit: 10, windowSeconds: 600 } as const;

export const requestEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/requests',
    tag: TAG,
    summary: 'All help requests, newest first.',
    access: ['admin', 'responder'],
    query: pageQuerySchema.extend({ ...filters, disaster_id: idSchema.optional() }),
    response: pageOf(helpRequestSchema),
    handler: async ({ query }) => {
      const { limit, cursor, ...rest } = query;
      return requests.listRequests(rest, { limit, cursor });
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/requests',
    tag: TAG,
    summary: 'Raise a help request; planning runs in the background.',
    description:
      'Answers 201 at once with the stored request (status open, planning.state pending). A request by the same owner for the same need within 0.5 km and 12 hours of an open one is stored with duplicate_of set and is not planned again (planning.state skipped). Rate limit: 10 per user per 10 minutes.',
    access: ROLES,
    ownership: 'The disaster must exist (404) and be confirmed (409 for an unapproved suggestion). The caller becomes the owner.',
    body: newRequestSchema,
    response: helpRequestSchema,
    status: 201,
    errors: [404, 409],
    rateLimit: CREATE_REQUEST_LIMIT,
    handler: ({ caller, body }) => requests.createRequest(caller, body),
  }),
  defineEndpoint({
    method: 'get',
    path: '/requests/me',
    tag: TAG,
    summary: 'Requests raised by the caller, newest first.',
    access: 'authenticated',
    query: pageQuerySchema.extend({ ...filters, disaster_id: idSchema.optional() }),
    response: pageOf(helpRequestSchema),
    handler: async ({ caller, query }) => {
      const { limit, cursor, ...rest } = query;
      return requests.listOwnRequests(caller, rest, { limit, cursor });
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/requests/{req_id}',
    tag: TAG,
    summary: 'One help request.',
    access: 'authenticated',
    ownership:
      'Its owner, admins and responders see it all; volunteers who joined its disaster see it without owner_id and potential_matches; anyone else gets 404.',
    params: z.strictObject({ req_id: idSchema }),
    response: requestViewSchema,
    errors: [404],
    handler: ({ caller, params }) => requests.getRequest(caller, params.req_id),
  }),
  defineEndpoint({
    method: 'patch',
    path: '/requests/{req_id}/status',
    tag: TAG,
    summary: 'Change the status of a request.',
    description:
      'Transitions: open → in_progress | fulfilled | closed; in_progress → open | fulfilled | closed; fulfilled and closed are final (409 invalid_transition otherwise). closed takes a closed_reason (withdrawn, unfulfilled, duplicate; default unfulfilled for staff, withdrawn for the owner).',
    access: 'authenticated',
    ownership:
      'Admins and responders make any allowed transition; the owner may only withdraw (closed, withdrawn). Others: 404 if they cannot see the request, 403 if they can.',
    params: z.strictObject({ req_id: idSchema }),
    body: z.strictObject({
      status: requestStatusSchema,
      closed_reason: z.enum(['withdrawn', 'unfulfilled', 'duplicate']).optional(),
    }),
    response: helpRequestSchema,
    errors: [404, 409],
    rateLimit: { bucket: 'requests:status', limit: 60, windowSeconds: 60 },
    handler: ({ caller, params, body }) => requests.changeStatus(caller, params.req_id, body),
  }),
  defineEndpoint({
    method: 'get',
    path: '/requests/disaster/{disaster_id}',
    tag: TAG,
    summary: 'Help requests of one disaster, newest first.',
    access: 'authenticated',
    ownership:
      'Admins and responders see all; volunteers who joined the disaster see all without owner_id and potential_matches; anyone else sees only their own. 404 for an unknown disaster.',
    params: z.strictObject({ disaster_id: idSchema }),
    query: pageQuerySchema.extend(filters),
    response: pageOf(requestViewSchema),
    errors: [404],
    handler: async ({ caller, params, query }) => {
      const { limit, cursor, ...rest } = query;
      return requests.listDisasterRequests(caller, params.disaster_id, rest, { limit, cursor });
    },
  }),
];
