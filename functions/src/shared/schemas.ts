// Schemas shared by several features: roles, locations, ids, timestamps, pagination.
import { z } from 'zod';
import { ROLES } from './vocabulary.js';

// The value lists live in shared/vocabulary.ts, which the console imports too.
export { ROLES };
export const roleSchema = z.enum(ROLES).describe('Actor role. "dispatcher" in the spec means admin.');
export type Role = z.infer<typeof roleSchema>;

/** Roles trusted with everyone's data in a response by their role: dispatchers and professional responders. */
export const STAFF_ROLES = ['admin', 'responder'] as const satisfies readonly Role[];

export function isStaff(caller: { role: Role | null } | null): boolean {
  return caller?.role === 'admin' || caller?.role === 'responder';
}

/** Roles a user may pick for themselves at registration; the others are granted by an admin. */
export const SELF_SERVICE_ROLES = ['affected_individual', 'volunteer'] as const satisfies readonly Role[];

export const locationSchema = z
  .strictObject({
    lat: z.number().min(-90).max(90).describe('Latitude in degrees, WGS84.'),
    lng: z.number().min(-180).max(180).describe('Longitude in degrees, WGS84.'),
  })
  .describe('A point on Earth.');
export type Location = z.infer<typeof locationSchema>;

/** Document ids: what Firestore generates (20 chars) or an Auth uid; never a path. */
export const idSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'must contain only letters, digits, "_" and "-"')
  // Firestore reserves ids of the form __name__, and names of Object.prototype's members
  // ("constructor", "valueOf", ...) break code that keeps ids as object keys (the embedded
  // emulator answered both with 500s in test/hostile-input.test.ts). No real id is either.
  .refine(
    (id) => !/^__.*__$/.test(id) && !Object.prototype.hasOwnProperty.call(Object.prototype, id),
    'is a reserved name',
  );

export const coarseAreaSchema = z
  .object({
    geohash: z.string().describe('Geohash of the cell (5 characters, about 5 km).'),
    center: locationSchema.describe('Centre of the cell, the same for every point in it.'),
    width_km: z.number(),
    height_km: z.number(),
  })
  .describe('Where, to a cell of at least 1 km: shown instead of a point to people without a need to know.');

export const isoDateTime = z.iso.datetime({ offset: true }).describe('ISO-8601 timestamp in UTC.');

/** How far ahead of the server's clock a device's clock may run (clocks drift; phones set by hand more). */
export const CLIENT_TIME_MAX_AHEAD_MS = 5 * 60_000;
/** How long an action may wait in an offline outbox and still be taken (a disaster's first weeks). */
export const CLIENT_TIME_MAX_AGE_DAYS = 30;

/**
 * When the person took the action by their device's clock: an action queued offline arrives
 * hours later. Stored beside the server's time (the audit record, a task's history entry, an
 * observation, a chat message), shown to people, and never used to order changes or decide
 * anything: a device's clock is whatever its owner set. Stored in UTC.
 */
export const clientTimeSchema = isoDateTime
  .refine((at) => Date.parse(at) <= Date.now() + CLIENT_TIME_MAX_AHEAD_MS, {
    message: `must not lie more than ${CLIENT_TIME_MAX_AHEAD_MS / 60_000} minutes ahead of the server's clock`,
  })
  .refine((at) => Date.parse(at) >= Date.now() - CLIENT_TIME_MAX_AGE_DAYS * 86_400_000, {
    message: `must not lie more than ${CLIENT_TIME_MAX_AGE_DAYS} days in the past`,
  })
  .transform((at) => new Date(at).toISOString())
  .describe(
    `When the person took the action, by their device's clock (RFC 3339), e.g. when it was queued offline: kept beside the server's time, never used for ordering. At most ${CLIENT_TIME_MAX_AHEAD_MS / 60_000} minutes ahead of the server's clock and ${CLIENT_TIME_MAX_AGE_DAYS} days behind it (400 otherwise).`,
  );

/** The optional `client_time` of a write's body. */
export const clientTimeField = { client_time: clientTimeSchema.optional() };

/** Free text: trimmed, bounded, and free of control characters other than newline and tab. */
export function boundedText(min: number, max: number) {
  return (
    z
      .string()
      .trim()
      .min(min)
      .max(max)
      // eslint-disable-next-line no-control-regex
      .regex(/^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/, 'must not contain control characters')
  );
}

export const limitSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(200)
  .default(50)
  .describe('Page size (1 to 200, default 50).');

export const cursorSchema = z
  .string()
  .max(512)
  .regex(/^[A-Za-z0-9_-]+$/, 'is not a cursor this API issued')
  .describe('The opaque next_cursor of the previous page.');

/** The query parameters every list endpoint takes; extend it with the endpoint's filters. */
export const pageQuerySchema = z.strictObject({
  limit: limitSchema,
  cursor: cursorSchema.optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/**
 * The change feed of a list (data/changes.ts): the items changed at or after this time, oldest
 * change first, filtered only by the caller's audience and the scope the endpoint names.
 */
export const updatedSinceSchema = isoDateTime.describe(
  'Changes instead of a list: the items changed at or after this time (updated_at), oldest change first, whatever their status, so that a client keeping a copy also learns of those that left its filter and drops them itself. Page with the cursor of each answer, which is then always set (a page of limit items or more: more may follow). Items changed in the last few seconds come again on the next page; replace items by id.',
);

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    next_cursor: z.string().nullable().describe('Pass as ?cursor= to get the next page; null on the last page.'),
  });
}
export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}
