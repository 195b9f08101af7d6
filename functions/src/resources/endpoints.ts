// /resources/... (spec 4.4). POST /resources/suggest/{disaster_id} belongs to the planning feature.
import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import type { Caller } from '../shared/caller.js';
import { idSchema, pageSchema, pageQuerySchema, ROLES } from '../shared/schemas.js';
import {
  newResourceSchema,
  resourceCategorySchema,
  resourceListQuerySchema,
  resourcePatchSchema,
  resourceStatusSchema,
  resourceViewSchema,
  seesPointOf,
  toView,
  type Resource,
} from './model.js';
import * as resources from './service.js';

const TAG = 'resources';
const POINTS = [
  "Resources added by admins and responders (the response's own: shelters, water points) are shown as they are.",
  "A volunteer's resource: admins, responders and the owner see the point and owner_id (location_precision exact), the assignee of the task holding it too (GET /resources/{rid});",
  'everyone else sees the centre of its ~5 km cell, no owner, no description and no task_id (area).',
  'Reading resources takes a registered role (403 for a token without one).',
].join(' ');
const params = z.strictObject({ rid: idSchema });
const writeLimit = { bucket: 'resources:write', limit: 60, windowSeconds: 60 };

const featureSchema = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  geometry: z.object({
    type: z.literal('Point'),
    coordinates: z.tuple([z.number(), z.number()]).describe('[lng, lat] (RFC 7946).'),
  }),
  properties: resourceViewSchema.omit({ id: true, location: true, description: true, created_at: true }),
});

const featureCollectionSchema = z
  .object({
    type: z.literal('FeatureCollection'),
    features: z.array(featureSchema),
    next_cursor: z
      .string()
      .nullable()
      .describe('Foreign member: pass as ?cursor= for the next page; null on the last.'),
  })
  .describe('GeoJSON FeatureCollection (RFC 7946) of resource points, for Leaflet, MapLibre or QGIS.');

function toFeature(resource: Resource, caller: Caller): z.input<typeof featureSchema> {
  const {
    id,
    location,
    description: _d,
    created_at: _c,
    ...properties
  } = toView(resource, seesPointOf(caller, resource));
  return { type: 'Feature', id, geometry: { type: 'Point', coordinates: [location.lng, location.lat] }, properties };
}

function viewsFor(caller: Caller, items: Resource[]) {
  return items.map((resource) => toView(resource, seesPointOf(caller, resource)));
}

export const resourceEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/resources',
    tag: TAG,
    summary: 'List resources, newest first; filter by status, category, disaster_id, owner_id.',
    access: ROLES,
    query: resourceListQuerySchema,
    response: pageSchema(resourceViewSchema),
    ownership: `${POINTS} Only staff filter by another user's owner_id (403).`,
    errors: [403],
    handler: async ({ caller, query: { limit, cursor, ...filters } }) => {
      const page = await resources.listResources(caller, filters, { limit, cursor });
      return { items: viewsFor(caller, page.items), next_cursor: page.next_cursor };
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/resources',
    tag: TAG,
    summary: 'Add a resource; the caller becomes its owner.',
    description: [
      'Categories: vehicle, boat, helicopter, medical_supplies, medical_team, food, water, shelter, generator, equipment, sanitation, personnel, other.',
      'A disaster_id must name a confirmed disaster.',
    ].join(' '),
    access: resources.RESOURCE_CREATORS,
    ownership: 'Admins, responders and volunteers (offering their own assets) may add; affected individuals may not.',
    body: newResourceSchema,
    response: resourceViewSchema,
    status: 201,
    errors: [404, 409],
    rateLimit: writeLimit,
    handler: async ({ caller, body }) => toView(await resources.createResource(caller, body), true),
  }),
  defineEndpoint({
    method: 'get',
    path: '/resources/available',
    tag: TAG,
    summary: 'List available resources, newest first; filter by category, disaster_id.',
    access: ROLES,
    query: pageQuerySchema.extend({ category: resourceCategorySchema.optional(), disaster_id: idSchema.optional() }),
    response: pageSchema(resourceViewSchema),
    ownership: POINTS,
    handler: async ({ caller, query: { limit, cursor, ...filters } }) => {
      const page = await resources.listResources(caller, { ...filters, status: 'available' }, { limit, cursor });
      return { items: viewsFor(caller, page.items), next_cursor: page.next_cursor };
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/resources/locations',
    tag: TAG,
    summary: 'Resource locations as a GeoJSON FeatureCollection for maps; filter by disaster_id, status, category.',
    description: [
      'Paginated like every list (limit up to 200 features, newest first);',
      'next_cursor is a foreign member of the FeatureCollection.',
      'Coordinates are [lng, lat].',
    ].join(' '),
    access: ROLES,
    query: pageQuerySchema.extend({
      disaster_id: idSchema.optional(),
      status: resourceStatusSchema.optional(),
      category: resourceCategorySchema.optional(),
    }),
    ownership: POINTS,
    response: featureCollectionSchema,
    handler: async ({ caller, query: { limit, cursor, ...filters } }) => {
      const page = await resources.listResources(caller, filters, { limit, cursor });
      return {
        type: 'FeatureCollection' as const,
        features: page.items.map((resource) => toFeature(resource, caller)),
        next_cursor: page.next_cursor,
      };
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/resources/{rid}',
    tag: TAG,
    summary: 'Resource details.',
    access: ROLES,
    ownership: POINTS,
    params,
    response: resourceViewSchema,
    errors: [404],
    handler: async ({ caller, params }) => {
      const resource = await resources.getResource(params.rid);
      return toView(resource, await resources.seesPoint(caller, resource));
    },
  }),
  defineEndpoint({
    method: 'patch',
    path: '/resources/{rid}',
    tag: TAG,
    summary: 'Update properties, or record usage with `consume` (at quantity 0 the resource becomes not_available).',
    description: [
      'Status is not a property here: use PUT /resources/{rid}/status. quantity sets, consume subtracts;',
      'not both.',
    ].join(' '),
    access: 'authenticated',
    ownership: [
      'The owner or an admin may change any property;',
      'the assignee of the task holding the resource may only record usage (consume).',
      'Others: 403.',
    ].join(' '),
    params,
    body: resourcePatchSchema,
    response: resourceViewSchema,
    errors: [403, 404, 409],
    rateLimit: writeLimit,
    handler: async ({ caller, params, body }) => toView(await resources.updateResource(caller, params.rid, body), true),
  }),
  defineEndpoint({
    method: 'put',
    path: '/resources/{rid}/status',
    tag: TAG,
    summary: 'Set the status to available or not_available; 409 while the resource is in_use.',
    access: 'authenticated',
    ownership: 'The owner or an admin (403 for others).',
    params,
    body: z.strictObject({ status: z.enum(['available', 'not_available']) }),
    response: resourceViewSchema,
    errors: [403, 404, 409],
    rateLimit: writeLimit,
    handler: async ({ caller, params, body }) =>
      toView(await resources.setResourceStatus(caller, params.rid, body.status), true),
  }),
];
