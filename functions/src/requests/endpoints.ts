// /requests/... (spec 4.2).
import { z } from 'zod';
import { auditViewSchema } from '../audit/model.js';
import { requestHistory } from '../audit/service.js';
import { defineEndpoint, Reply } from '../http/endpoint.js';
import { isStaff, idSchema, pageSchema, pageQuerySchema, ROLES } from '../shared/schemas.js';
import { requestListFilters, requestViewSchema, mergeResultSchema, type HelpRequest } from './model.js';
import {
  newRequestSchema,
  requestListQuerySchema,
  staffRequestListQuerySchema,
  requestLocationSchema,
  statusChangeSchema,
  confirmationAnswerSchema,
  mergeRequestSchema,
} from './inputs.js';
import { answerConfirmation } from './confirmation.js';
import { mergeRequest, unmergeRequest } from './merges.js';
import { toRequestView } from './visibility.js';
import { createRequest } from './creation.js';
import { planPlacedRequest } from '../planning/placed.js';
import { locateRequest, staffViewNow } from './placement.js';
import * as requests from './service.js';

const TAG = 'requests';

/**
 * Ten requests per user per ten minutes: far above what one person in trouble raises (likely
 * duplicates are flagged anyway), low enough that a flood is not planned hundreds of times.
 */
export const CREATE_REQUEST_LIMIT = { bucket: 'requests:create', limit: 10, windowSeconds: 600 } as const;

/** Merges and unmerges, per staff member: a dispatcher clearing a queue of repeats, not a script. */
const MERGE_LIMIT = { bucket: 'requests:merge', limit: 60, windowSeconds: 60 } as const;

export const requestEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/requests',
    tag: TAG,
    summary: 'All help requests, newest first.',
    description: [
      '`awaiting_location=true` lists only the SMS/WhatsApp requests waiting for a dispatcher to set their point (planning.state awaiting_location);',
      'see PUT /requests/{req_id}/location.',
      '`updated_since` answers the changes instead (what a live view polls after loading the list once): the requests changed at or after that time, oldest change first, of every status;',
      'with disaster_id, those of that disaster and those moved out of it since (with their new disaster_id);',
      'status, type_of_need and awaiting_location do not combine with it (400).',
      '`phone` answers the requests of the person who wrote from that number or gave it in their profile (an exact match of the international number), each page recorded in the audit trail (entity contact).',
      '`reference` answers the requests with the short reference a person quotes (from an SMS reply or their list in the console).',
    ].join(' '),
    access: ['admin', 'responder'],
    query: staffRequestListQuerySchema,
    response: pageSchema(requestViewSchema),
    handler: async ({ caller, query }) => {
      const { limit, cursor, awaiting_location, ...rest } = query;
      return requests.listRequests(
        caller,
        { ...rest, awaiting_location: awaiting_location === 'true' },
        { limit, cursor },
      );
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/requests',
    tag: TAG,
    summary: 'Raise a help request; planning runs in the background.',
    description: [
      'Answers 201 at once with the stored request (status open, planning.state pending).',
      "The location must lie within the disaster's radius plus 5 km (400 otherwise).",
      'A request by the same owner for the same need within 0.5 km and 12 hours of an open one is stored with duplicate_of set and is not planned again (planning.state skipped).',
      'Rate limit: 10 per user per 10 minutes.',
    ].join(' '),
    access: ROLES,
    ownership: [
      'The disaster must exist (404) and be confirmed (409 for an unapproved suggestion).',
      'The caller becomes the owner.',
    ].join(' '),
    body: newRequestSchema,
    response: requestViewSchema,
    status: 201,
    otherStatuses: {
      200: "The caller's request its client_ref created already (by this call before, or by their SMS): nothing new is written.",
    },
    errors: [404, 409],
    rateLimit: CREATE_REQUEST_LIMIT,
    idempotent: true,
    handler: async ({ caller, body, answerInCommit }) => {
      const present = (request: HelpRequest) => toRequestView(request, isStaff(caller) ? 'staff' : 'owner');
      const { request, created } = await createRequest(caller, body, answerInCommit(present));
      // Found by its client_ref: nothing was written (the key is not kept, a repeat finds it again).
      return created ? present(request) : new Reply(200, present(request));
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/requests/me',
    tag: TAG,
    summary: 'Requests raised by the caller, newest first.',
    access: 'authenticated',
    query: requestListQuerySchema,
    response: pageSchema(requestViewSchema),
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
    ownership: [
      'Need to know (requests/visibility.ts): admins and responders see everything (view staff);',
      'the owner sees it with a summary of nearby help instead of the matches (view owner);',
      'the assignee of an active task for it sees need, description and location, not who asked (view assignee);',
      'verified volunteers who joined its disaster see need, status, times and a ~5 km cell (view area);',
      'anyone else gets 404.',
    ].join(' '),
    params: z.strictObject({ req_id: idSchema }),
    response: requestViewSchema,
    errors: [404],
    handler: ({ caller, params }) => requests.getRequest(caller, params.req_id),
  }),
  defineEndpoint({
    method: 'get',
    path: '/requests/{req_id}/history',
    tag: TAG,
    summary: "The request's audit trail, oldest first: its status changes, and for staff those of its tasks.",
    description: [
      'Each item is one change, recorded in the same commit as the change: entity, action, actor_id and actor_role, the changed fields before and after, created_at.',
      'Records are append-only.',
      "The owner's view holds the request's own records only, with actor_id null for anyone but admins, responders, the owner and the system.",
    ].join(' '),
    access: 'authenticated',
    ownership: [
      "Admins and responders see the request's records and those of its tasks;",
      "the owner sees the request's status history without volunteers' ids;",
      'anyone else gets 404.',
    ].join(' '),
    params: z.strictObject({ req_id: idSchema }),
    query: pageQuerySchema,
    response: pageSchema(auditViewSchema),
    errors: [404],
    handler: ({ caller, params, query }) => requestHistory(caller, params.req_id, query),
  }),
  defineEndpoint({
    method: 'patch',
    path: '/requests/{req_id}/status',
    tag: TAG,
    summary: 'Change the status of a request.',
    description: [
      'Transitions: open → in_progress | fulfilled | closed;',
      'in_progress → open | fulfilled | closed;',
      'fulfilled and closed are final (409 invalid_transition otherwise). closed takes a closed_reason (withdrawn, unfulfilled, duplicate;',
      'default unfulfilled for staff, withdrawn for the owner).',
    ].join(' '),
    access: 'authenticated',
    ownership: [
      'Admins and responders make any allowed transition; the owner may only withdraw (closed, withdrawn).',
      'Others: 404 if they cannot see the request, 403 if they can.',
    ].join(' '),
    params: z.strictObject({ req_id: idSchema }),
    body: statusChangeSchema,
    response: requestViewSchema,
    errors: [403, 404, 409],
    rateLimit: { bucket: 'requests:status', limit: 60, windowSeconds: 60 },
    handler: ({ caller, params, body }) => requests.changeStatus(caller, params.req_id, body),
  }),
  defineEndpoint({
    method: 'post',
    path: '/requests/{req_id}/confirm',
    tag: TAG,
    summary: 'Answer "do you still need help?" for your request.',
    description: [
      "The service asks each open request's person, once per interval of its need (rescue 2 h, medical 4 h, others 24 h), whether they still need help (confirmation asked).",
      'still_needed true refreshes last_confirmed_at and clears the question (also without one asked);',
      'false closes the request (closed, closed_reason withdrawn), as withdrawing it by PATCH /requests/{req_id}/status does; false again changes nothing.',
      '409 request_not_open for a request fulfilled or closed otherwise.',
    ].join(' '),
    access: 'authenticated',
    ownership: 'Only the owner answers. Others: 404 if they cannot see the request, 403 if they can.',
    params: z.strictObject({ req_id: idSchema }),
    body: confirmationAnswerSchema,
    response: requestViewSchema,
    errors: [403, 404, 409],
    rateLimit: { bucket: 'requests:confirm', limit: 30, windowSeconds: 600 },
    // No Idempotency-Key: a repeated false changes nothing, a repeated true only confirms again,
    // and the console answers online (not through its outbox).
    handler: ({ caller, params, body }) => answerConfirmation(caller, params.req_id, body.still_needed),
  }),
  defineEndpoint({
    method: 'put',
    path: '/requests/{req_id}/location',
    tag: TAG,
    summary: 'Set the point of a request waiting for one (SMS/WhatsApp intake); planning runs then.',
    description: [
      'Only for a request whose planning.state is awaiting_location (409 otherwise).',
      "The disaster is disaster_id when given (its area must hold the point), else the only confirmed disaster whose area (radius + 5 km) holds the point, else the request's current disaster if it holds it (400 otherwise).",
      'Planning starts at once; the answer waits up to 3 s for it (docs/channels.md).',
    ].join(' '),
    access: ['admin', 'responder'],
    params: z.strictObject({ req_id: idSchema }),
    body: requestLocationSchema,
    response: requestViewSchema,
    rateLimit: { bucket: 'requests:location', limit: 60, windowSeconds: 60 },
    errors: [404, 409],
    handler: async ({ caller, params, body }) => {
      const placed = await locateRequest(caller, params.req_id, body);
      await planPlacedRequest(placed.id);
      return staffViewNow(placed);
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/requests/{req_id}/merge',
    tag: TAG,
    summary: 'Merge a request into another that reports the same need (the survivor); reversible.',
    description: [
      'In one transaction: this request is closed (closed_reason duplicate, duplicate_of the survivor, merge set) and the survivor gains its reporter (merged_reports, report_count = 1 + the requests merged into it).',
      "Its owner keeps the owner view of their request, which follows the survivor (status, planning, merged_at), and hears of the survivor's changes under their own reference; they learn nothing of the other reporters.",
      'Tasks and history are kept. The same merge again answers 200 and writes nothing.',
      '409 with reason: already_merged (into another; survivor_id), different_disasters, request_ended (fulfilled or closed), survivor_merged (the survivor is itself merged; survivor_id names the one to merge into), survivor_ended, has_merged_reports (others are merged into this one).',
      '400 when into is the request itself. Never automatic (docs/conventions.md, "Merges").',
    ].join(' '),
    access: ['admin', 'responder'],
    params: z.strictObject({ req_id: idSchema }),
    body: mergeRequestSchema,
    response: mergeResultSchema,
    errors: [404, 409],
    rateLimit: MERGE_LIMIT,
    handler: ({ caller, params, body }) => mergeRequest(caller, params.req_id, body),
  }),
  defineEndpoint({
    method: 'post',
    path: '/requests/{req_id}/unmerge',
    tag: TAG,
    summary: 'Undo a merge: the request and its survivor back as they were.',
    description: [
      'The merged request gets back its status, closed_reason and duplicate_of from before the merge; the survivor loses it from merged_reports and report_count.',
      'Tasks and history are kept. 409 (reason not_merged) for a request that is not merged, e.g. unmerged already: nothing is written.',
    ].join(' '),
    access: ['admin', 'responder'],
    params: z.strictObject({ req_id: idSchema }),
    response: mergeResultSchema,
    errors: [404, 409],
    rateLimit: MERGE_LIMIT,
    handler: ({ caller, params }) => unmergeRequest(caller, params.req_id),
  }),
  defineEndpoint({
    method: 'get',
    path: '/requests/disaster/{disaster_id}',
    tag: TAG,
    summary: 'Help requests of one disaster, newest first.',
    access: 'authenticated',
    ownership: [
      'Admins and responders see all (view staff);',
      'verified volunteers who joined the disaster see all, each in its need-to-know view (their own: owner;',
      "their active tasks' requests: assignee;",
      'others: area, a ~5 km cell without description);',
      'anyone else, unverified volunteers included, sees only their own.',
      '404 for an unknown disaster.',
    ].join(' '),
    params: z.strictObject({ disaster_id: idSchema }),
    query: pageQuerySchema.extend(requestListFilters),
    response: pageSchema(requestViewSchema),
    errors: [404],
    handler: async ({ caller, params, query }) => {
      const { limit, cursor, ...rest } = query;
      return requests.listDisasterRequests(caller, params.disaster_id, rest, { limit, cursor });
    },
  }),
];
