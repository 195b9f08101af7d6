// A help request as the service stores it, for tests that write requests straight into Firestore:
// built by requests/creation.ts newRequestDocument, so a field added to a new request is set here
// too. The fixtures differ only in the fields they pass on top.
import { randomUUID } from 'node:crypto';
import type { HelpRequest } from '../../src/requests/model.js';
import { newRequestDocument } from '../../src/requests/creation.js';

export interface RequestSeed extends Partial<HelpRequest> {
  owner_id: string;
  disaster_id: string;
}

/**
 * A new open app request (planning pending) with `seed` on top. `created_at` (default now) is
 * also its updated_at, status_changed_at and planning.updated_at; the geohash follows its location.
 * No requester_contact (null) unless the seed gives one, as for a request stored before it existed.
 */
export function requestDocument(seed: RequestSeed): HelpRequest {
  const at = seed.created_at ?? new Date().toISOString();
  const created = newRequestDocument(
    seed.id ?? randomUUID(),
    seed.owner_id,
    {
      disaster_id: seed.disaster_id,
      type_of_need: seed.type_of_need ?? 'rescue',
      description: seed.description ?? 'Family of four on a roof',
      location: seed.location ?? { lat: 14.61, lng: 121.01 },
      duplicate_of: null,
    },
    at,
  );
  return { ...created, requester_contact: null, ...seed };
}

/** The planning block of a request the deterministic planner has planned (once, at `at`). */
export function plannedDeterministically(at: string): HelpRequest['planning'] {
  return {
    state: 'planned',
    planner: 'deterministic',
    attempts: 1,
    last_error: null,
    lease_expires_at: null,
    run_id: null,
    updated_at: at,
  };
}
