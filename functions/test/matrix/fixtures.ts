// Per-endpoint fixtures for the object-level part of the authorization matrix. Every endpoint
// about one object (a path with {params}) has an entry, keyed by "METHOD /path" exactly as
// declared: how to arrange an object owned by a user of a role, and what another user of the
// same role, who does not own it, gets. test/authorization.test.ts fails listing the endpoints
// that have none, so an endpoint landing from a feature branch cannot be forgotten.
import type { Role } from '../../src/shared/schemas.js';
import type { TestUser } from '../helpers/api.js';

export interface Arranged {
  /** Path parameters naming the arranged object. */
  params: Record<string, string>;
  /** A valid body for the call (omitted for GET and body-less endpoints). */
  body?: unknown;
  /** Query parameters, if the endpoint needs some. */
  query?: Record<string, string>;
}

export interface ObjectFixture {
  /**
   * Arranges an object owned by `owner`, a registered user of `owner.role` (one of the roles the
   * declaration admits, restricted to `roles` when given), through the API or the data layer.
   */
  arrange(owner: TestUser): Promise<Arranged>;
  /** Roles the object-level check is run for; default every role the declaration admits. */
  roles?: readonly Role[];
  /**
   * The status another user of the same role, who does not own the object, gets: 404 (existence
   * not revealed), 403, or the success status when the rule lets every user of the role act.
   */
  nonOwner: number | Partial<Record<Role, number>>;
  /** The rule, in words, for docs/authorization.md. */
  why: string;
}

export const objectFixtures: Record<string, ObjectFixture> = {
  'GET /users/{uid}/display_name': {
    arrange: (owner) => Promise.resolve({ params: { uid: owner.uid } }),
    nonOwner: 200,
    why: 'Public by design: reveals the display name and nothing else.',
  },
  'PUT /users/{uid}/role': {
    arrange: (owner) => Promise.resolve({ params: { uid: owner.uid }, body: { role: owner.role } }),
    nonOwner: 200,
    why: 'Admins grant roles to any user (the dispatcher of the spec); no other role passes the role check.',
  },
};

export function nonOwnerStatus(fixture: ObjectFixture, role: Role): number | undefined {
  return typeof fixture.nonOwner === 'number' ? fixture.nonOwner : fixture.nonOwner[role];
}
