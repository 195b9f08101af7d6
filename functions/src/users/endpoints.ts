// /users/... (spec 4.1) and the admin role grant.
import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { idSchema, locationSchema, roleSchema } from '../shared/schemas.js';
import {
  availabilitySchema,
  displayNameSchema,
  phoneSchema,
  skillsSchema,
  toProfile,
  userProfileSchema,
} from './model.js';
import { grantRole } from './roles.js';
import * as users from './service.js';

const TAG = 'users';

const availabilityResponse = z.object({
  availability: availabilitySchema,
  updated_at: z.string(),
});

export const userEndpoints = [
  defineEndpoint({
    method: 'post',
    path: '/users/register',
    tag: TAG,
    summary: "Register or update the caller's profile (idempotent upsert).",
    description:
      'First registration needs display_name. role may be affected_individual (default) or volunteer; admin and responder are granted by an admin. When the role claim changes, token_refresh_required is true: refresh the ID token to act in the new role.',
    access: 'authenticated',
    body: z.strictObject({
      display_name: displayNameSchema.optional(),
      role: roleSchema.optional(),
      phone: phoneSchema.optional(),
      location: locationSchema.optional(),
      availability: availabilitySchema.optional(),
      skills: skillsSchema.optional(),
    }),
    response: userProfileSchema,
    rateLimit: { bucket: 'users:write', limit: 30, windowSeconds: 60 },
    handler: async ({ caller, body }) => {
      const { user, roleClaimChanged } = await users.register(caller, body);
      return { ...toProfile(user), token_refresh_required: roleClaimChanged };
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/users/me',
    tag: TAG,
    summary: "The caller's profile.",
    access: 'authenticated',
    response: userProfileSchema,
    errors: [404],
    handler: async ({ caller }) => toProfile(await users.getOwnUser(caller)),
  }),
  defineEndpoint({
    method: 'get',
    path: '/users/me/availability',
    tag: TAG,
    summary: "The caller's availability (volunteers).",
    access: 'authenticated',
    ownership: 'Only volunteers have an availability (403 for other roles).',
    response: availabilityResponse,
    errors: [404],
    handler: async ({ caller }) => {
      const user = await users.getAvailability(caller);
      return { availability: user.availability ?? 'unavailable', updated_at: user.updated_at };
    },
  }),
  defineEndpoint({
    method: 'patch',
    path: '/users/me/availability',
    tag: TAG,
    summary: "Set the caller's availability (volunteers).",
    access: 'authenticated',
    ownership: 'Only volunteers have an availability (403 for other roles).',
    body: z.strictObject({ availability: availabilitySchema }),
    response: availabilityResponse,
    errors: [404],
    rateLimit: { bucket: 'users:write', limit: 30, windowSeconds: 60 },
    handler: async ({ caller, body }) => {
      const user = await users.setAvailability(caller, body.availability);
      return { availability: user.availability ?? 'unavailable', updated_at: user.updated_at };
    },
  }),
  defineEndpoint({
    method: 'patch',
    path: '/users/me/location',
    tag: TAG,
    summary: "Update the caller's location.",
    access: 'authenticated',
    body: z.strictObject({ location: locationSchema }),
    response: userProfileSchema,
    errors: [404],
    rateLimit: { bucket: 'users:write', limit: 30, windowSeconds: 60 },
    handler: async ({ caller, body }) => toProfile(await users.setLocation(caller, body.location)),
  }),
  defineEndpoint({
    method: 'get',
    path: '/users/{uid}/display_name',
    tag: TAG,
    summary: "A user's display name; reveals nothing else.",
    access: 'public',
    params: z.strictObject({ uid: idSchema }),
    response: z.object({ id: z.string(), display_name: z.string() }),
    errors: [404],
    handler: async ({ params }) => {
      const user = await users.getUser(params.uid);
      return { id: user.id, display_name: user.display_name };
    },
  }),
  defineEndpoint({
    method: 'put',
    path: '/users/{uid}/role',
    tag: TAG,
    summary: "Change a user's role (sets the verified claim and mirrors it in the profile).",
    description: 'The user must refresh their ID token to act in the new role; until then (at most an hour) their token keeps the old claim.',
    access: ['admin'],
    params: z.strictObject({ uid: idSchema }),
    body: z.strictObject({ role: roleSchema }),
    response: userProfileSchema,
    errors: [404],
    handler: async ({ caller, params, body }) => toProfile(await grantRole(params.uid, body.role, caller.uid)),
  }),
];
