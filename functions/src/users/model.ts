import { z } from 'zod';
import { geohashOf } from '../shared/geo.js';
import { idSchema, isoDateTime, locationSchema, roleSchema, boundedText, type Role } from '../shared/schemas.js';

export const AVAILABILITIES = ['available', 'unavailable'] as const;
export const availabilitySchema = z.enum(AVAILABILITIES).describe("A volunteer's availability for tasks.");

export const displayNameSchema = boundedText(1, 80).describe('Name shown to other users; public.');
export const phoneSchema = z
  .string()
  .regex(/^\+[1-9][0-9]{6,14}$/, 'must be an E.164 number such as +14155550123')
  .describe('Contact phone in E.164 form; visible only to the user and admins.');
export const skillsSchema = z
  .array(boundedText(1, 40))
  .max(20)
  .describe('What the user can do, e.g. "first aid", "boat", "heavy vehicle licence".');

/** POST /users/register: every field optional (registering again updates the profile). */
export const registrationSchema = z.strictObject({
  display_name: displayNameSchema.optional(),
  role: roleSchema.optional(),
  phone: phoneSchema.optional(),
  location: locationSchema.optional(),
  availability: availabilitySchema.optional(),
  skills: skillsSchema.optional(),
});
export type RegistrationInput = z.infer<typeof registrationSchema>;

/** PUT /users/{uid}/verification. */
export const verificationSchema = z.strictObject({
  verified: z.boolean(),
  note: boundedText(1, 500).optional().describe('Why: what was checked (ID seen, organisation vouched, ...).'),
});
export type VerificationInput = z.infer<typeof verificationSchema>;

/** A user as stored in `users/{uid}` (the id is the Firebase Auth uid). */
export const userRecordSchema = z.object({
  id: idSchema,
  display_name: displayNameSchema,
  role: roleSchema.describe('Mirror of the verified custom claim `role`, kept for queries.'),
  phone: phoneSchema.nullable(),
  location: locationSchema.nullable(),
  /** When the person was at `location` by their device's clock, if their client sent it (a report queued offline). */
  location_client_time: isoDateTime.optional(),
  /** Geohash of `location` (precision 10), for nearby-volunteer range queries. */
  geohash: z.string().nullable(),
  availability: availabilitySchema.nullable().describe('Volunteers only; null for other roles.'),
  /** When the volunteer set `availability` by their device's clock, if their client sent it. */
  availability_client_time: isoDateTime.optional(),
  skills: skillsSchema,
  verified: z
    .boolean()
    .default(false)
    .describe(
      "Volunteers only: vetted by an admin (PUT /users/{uid}/verification). Unverified volunteers see no one else's requests.",
    ),
  verification: z
    .object({ verified: z.boolean(), note: z.string().nullable(), by: idSchema, at: isoDateTime })
    .nullable()
    .default(null)
    .describe('The last verification decision: who, when and why. Admins only.'),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type UserRecord = z.infer<typeof userRecordSchema>;

/** A new user document: not verified, a volunteer not available until they say so. */
export function newUserRecord(
  uid: string,
  input: RegistrationInput & { display_name: string; role: Role },
  now: string,
): UserRecord {
  return {
    id: uid,
    display_name: input.display_name,
    role: input.role,
    phone: input.phone ?? null,
    location: input.location ?? null,
    geohash: input.location ? geohashOf(input.location) : null,
    availability: input.role === 'volunteer' ? (input.availability ?? 'unavailable') : null,
    skills: input.skills ?? [],
    verified: false,
    verification: null,
    created_at: now,
    updated_at: now,
  };
}

export const userProfileSchema = userRecordSchema
  .omit({ geohash: true, verification: true })
  .extend({
    token_refresh_required: z
      .boolean()
      .optional()
      .describe('True when this call changed your role claim: refresh your ID token to use it.'),
  })
  .describe('A user profile as its owner and admins see it.');
export type UserProfile = z.infer<typeof userProfileSchema>;

export function toProfile(user: UserRecord): UserProfile {
  const { geohash: _geohash, verification: _verification, ...profile } = user;
  return profile;
}

/** `phone_verifications/{uid}`: the one code pending for a user; `expires_at` carries a TTL policy (users/phone-verification.ts). */
export const phoneVerificationSchema = z.object({
  id: idSchema,
  phone: phoneSchema,
  code_hash: z.string(),
  attempts: z.number().int(),
  expires_at: isoDateTime,
  created_at: isoDateTime,
});
export type PhoneVerification = z.infer<typeof phoneVerificationSchema>;
