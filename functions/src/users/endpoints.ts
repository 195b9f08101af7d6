// /users/... (spec 4.1) and the admin role grant.
import { z } from 'zod';
import { forgetCachedUser } from '../http/auth.js';
import { defineEndpoint, Reply } from '../http/endpoint.js';
import { clientTimeField, idSchema, locationSchema, roleSchema } from '../shared/schemas.js';
import {
  availabilitySchema,
  phoneSchema,
  registrationSchema,
  toProfile,
  userProfileSchema,
  verificationSchema,
  type UserRecord,
} from './model.js';
import { ERASURE_TIME_BUDGET_MS, eraseOnBehalf, eraseUser } from './erasure.js';
import { grantRole } from './roles.js';
import * as users from './service.js';
import { setVerification } from './verification.js';
import {
  CODE_DIGITS,
  CODES_PER_USER,
  confirmPhoneVerification,
  phoneVerificationViewSchema,
  startPhoneVerification,
} from './phone-verification.js';

const TAG = 'users';

/** Shared by every write of one's own profile, erasure included. */
const USERS_WRITE_LIMIT = { bucket: 'users:write', limit: 30, windowSeconds: 60 } as const;

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
    description: [
      'First registration needs display_name. role may be affected_individual (default) or volunteer;',
      'admin and responder are granted by an admin.',
      'When the role claim changes, token_refresh_required is true: refresh the ID token to act in the new role.',
    ].join(' '),
    access: 'authenticated',
    body: registrationSchema,
    response: userProfileSchema,
    // Asking for admin or responder, or a privileged user asking for another role.
    errors: [403],
    rateLimit: USERS_WRITE_LIMIT,
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
    method: 'delete',
    path: '/users/me',
    tag: TAG,
    summary:
      'Erase the caller: profile, contact details, exact locations, devices, memberships, conversations, notifications and the account.',
    description:
      'Operational records stay, anonymised under a random pseudonym: requests (withdrawn if still open, free text replaced, location coarsened to a ~5 km cell), ' +
      'tasks (active ones assigned to the caller go back to pending and unassigned), resources (available ones become not_available), observations, chat messages and the audit trail. ' +
      `204 when done; the same token is then refused (401). 202 with Retry-After when a call's work budget (${ERASURE_TIME_BUDGET_MS / 1000} s) ran out first: ` +
      [
        'call again with the same token to continue (the same pseudonym is used).',
        'See docs/security.md, "Erasure: what is kept and why".',
      ].join(' '),
    access: 'authenticated',
    response: null,
    otherStatuses: { 202: "The call's work budget ran out first: call again (Retry-After)." },
    rateLimit: USERS_WRITE_LIMIT,
    handler: async ({ caller }) => {
      const outcome = await eraseUser(caller.uid);
      if (!outcome.done) return new Reply(202, null, { 'Retry-After': '1' });
      // This instance refuses the token at once; others within their revocation cache's 30 s.
      forgetCachedUser(caller.uid);
      return undefined;
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/users/{uid}/erasure',
    tag: TAG,
    summary: 'Erase a user who asked by other means (a person known only by SMS or WhatsApp has no session).',
    description:
      'The erasure of DELETE /users/me, on their behalf: find their uid with GET /requests?phone= (owner_id). ' +
      `204 when done; 202 with Retry-After when the call's work budget (${ERASURE_TIME_BUDGET_MS / 1000} s) ran out first: call again. ` +
      'The audit trail records which admin asked (entity user, action erasure_requested, under the pseudonym).',
    access: ['admin'],
    ownership: 'Any user but the caller (403: use DELETE /users/me); 404 for an unknown or already erased uid.',
    params: z.strictObject({ uid: idSchema }),
    response: null,
    errors: [403, 404],
    otherStatuses: { 202: "The call's work budget ran out first: call again (Retry-After)." },
    handler: async ({ caller, params }) => {
      const outcome = await eraseOnBehalf(caller, params.uid);
      if (!outcome.done) return new Reply(202, null, { 'Retry-After': '1' });
      forgetCachedUser(params.uid);
      return undefined;
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/users/me/availability',
    tag: TAG,
    summary: "The caller's availability (volunteers).",
    access: 'authenticated',
    ownership: 'Only volunteers have an availability (403 for other roles).',
    response: availabilityResponse,
    errors: [403, 404],
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
    body: z.strictObject({ availability: availabilitySchema, ...clientTimeField }),
    response: availabilityResponse,
    errors: [403, 404],
    rateLimit: USERS_WRITE_LIMIT,
    idempotent: true,
    handler: async ({ caller, body, answerInCommit }) => {
      const present = (user: UserRecord) => ({
        availability: user.availability ?? 'unavailable',
        updated_at: user.updated_at,
      });
      const change = { value: body.availability, clientTime: body.client_time };
      return present(await users.setAvailability(caller, change, answerInCommit(present)));
    },
  }),
  defineEndpoint({
    method: 'patch',
    path: '/users/me/location',
    tag: TAG,
    summary: "Update the caller's location.",
    access: 'authenticated',
    body: z.strictObject({ location: locationSchema, ...clientTimeField }),
    response: userProfileSchema,
    errors: [404],
    rateLimit: USERS_WRITE_LIMIT,
    idempotent: true,
    handler: async ({ caller, body, answerInCommit }) => {
      const change = { value: body.location, clientTime: body.client_time };
      return toProfile(await users.setLocation(caller, change, answerInCommit(toProfile)));
    },
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
    description: [
      'A change of role signs the user out: their refresh tokens are revoked and the ID tokens they hold (with the old claim) are refused within 30 s on every instance;',
      'they sign in again to act in the new role.',
      'Setting the role they already have changes nothing.',
    ].join(' '),
    access: ['admin'],
    ownership: 'Any user but the caller: an admin cannot change their own role (403); another admin does.',
    params: z.strictObject({ uid: idSchema }),
    body: z.strictObject({ role: roleSchema }),
    response: userProfileSchema,
    errors: [403, 404],
    handler: async ({ caller, params, body }) => toProfile(await grantRole(params.uid, body.role, caller)),
  }),
  defineEndpoint({
    method: 'put',
    path: '/users/{uid}/verification',
    tag: TAG,
    summary: 'Verify a volunteer (or withdraw the verification), with who and when recorded.',
    description: [
      "Volunteers start unverified: they may join disasters, chat, report observations and raise requests, but see no one else's requests.",
      'Verified volunteers of a disaster see its requests as coarse areas and can be proposed and assigned as helpers.',
      'Responders and admins are trusted by role.',
      'The decision (verified, note, by, at) is kept on the user record and in the audit trail;',
      'it takes effect on the next call, with no token refresh.',
    ].join(' '),
    access: ['admin'],
    params: z.strictObject({ uid: idSchema }),
    body: verificationSchema,
    response: userProfileSchema,
    errors: [404],
    handler: async ({ caller, params, body }) => toProfile(await setVerification(caller, params.uid, body)),
  }),
  defineEndpoint({
    method: 'post',
    path: '/users/me/phone-verification',
    tag: TAG,
    summary: "Send a code by SMS to confirm that a phone number is the caller's.",
    description: [
      "The confirmed number becomes the account's, as signing in by phone makes it: a responder's SMS commands (OTW, DONE, FAIL <ref>) are taken from it (docs/channels.md).",
      `A code of ${CODE_DIGITS} digits, valid 10 minutes and 5 attempts; asking again replaces it. 200 with status verified when the number is the account's already (nothing sent).`,
      'Whether the number has another account is not told here.',
    ].join(' '),
    access: 'authenticated',
    body: z.strictObject({ phone: phoneSchema }),
    response: phoneVerificationViewSchema,
    status: 202,
    otherStatuses: { 200: "The number is the account's already: nothing was sent." },
    errors: [404],
    rateLimit: CODES_PER_USER,
    handler: async ({ caller, body }) => {
      const view = await startPhoneVerification(caller, body.phone);
      return view.status === 'verified' ? new Reply(200, view) : view;
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/users/me/phone-verification/confirm',
    tag: TAG,
    summary: "Confirm the code sent: the number becomes the caller's account's.",
    description: [
      'A wrong code is 400 (it counts as an attempt); no pending code, an expired one or too many attempts is 409 (`reason` no_pending_verification, too_many_attempts);',
      'a number another account holds (made when it texted us, or signed in by phone) is 409 phone_in_use.',
    ].join(' '),
    access: 'authenticated',
    body: z.strictObject({
      code: z.string().regex(new RegExp(`^[0-9]{${CODE_DIGITS}}$`), `must be the ${CODE_DIGITS} digits sent`),
    }),
    response: phoneVerificationViewSchema,
    errors: [409],
    rateLimit: USERS_WRITE_LIMIT,
    handler: ({ caller, body }) => confirmPhoneVerification(caller, body.code),
  }),
];
