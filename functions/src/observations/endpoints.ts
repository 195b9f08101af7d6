// /observations/... (spec 4.6): community-reported field intelligence.
import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { idSchema, pageSchema, ROLES } from '../shared/schemas.js';
import {
  observationInputSchema,
  observationListQuerySchema,
  observationViewSchema,
  toObservationView,
  type Observation,
} from './model.js';
import * as observations from './service.js';

const TAG = 'observations';
const params = z.strictObject({ obs_id: idSchema });

const VIEWS = [
  'Any registered user (a token without a role: 403).',
  'Admins, responders and the reporter see the whole observation (view full);',
  'everyone else sees it without reporter_id and with a ~5 km cell instead of the point (view area).',
].join(' ');

/** Reports and deletions share one budget per user. */
const OBSERVATION_WRITES = { bucket: 'observations:write', limit: 20, windowSeconds: 60 } as const;

export const observationEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/observations',
    tag: TAG,
    summary: 'Community observations, newest first; filter by disaster_id and type.',
    access: ROLES,
    ownership: VIEWS,
    query: observationListQuerySchema,
    response: pageSchema(observationViewSchema),
    handler: async ({ caller, query }) => {
      const page = await observations.list(query);
      return {
        items: page.items.map((observation) => toObservationView(observation, caller)),
        next_cursor: page.next_cursor,
      };
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/observations',
    tag: TAG,
    summary: 'Report an observation (any registered user).',
    description: [
      'disaster_id, when given, must be a confirmed disaster (404 otherwise;',
      '409 when it is closed: report without it).',
      'Observations feed the agent that suggests new disasters.',
    ].join(' '),
    access: ROLES,
    body: observationInputSchema,
    response: observationViewSchema,
    status: 201,
    errors: [404, 409],
    rateLimit: OBSERVATION_WRITES,
    idempotent: true,
    handler: async ({ caller, body, answerInCommit }) => {
      const present = (observation: Observation) => toObservationView(observation, caller);
      return present(await observations.report(caller, body, answerInCommit(present)));
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/observations/{obs_id}',
    tag: TAG,
    summary: 'Observation details.',
    access: ROLES,
    ownership: VIEWS,
    params,
    response: observationViewSchema,
    errors: [404],
    handler: async ({ caller, params }) => toObservationView(await observations.get(params.obs_id), caller),
  }),
  defineEndpoint({
    method: 'delete',
    path: '/observations/{obs_id}',
    tag: TAG,
    summary: 'Delete an observation.',
    access: 'authenticated',
    ownership: 'The reporter or an admin; anyone else gets 403.',
    params,
    response: null,
    errors: [403, 404],
    rateLimit: OBSERVATION_WRITES,
    handler: async ({ caller, params }) => {
      await observations.remove(caller, params.obs_id);
    },
  }),
];
