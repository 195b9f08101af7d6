// Fixtures for the request, planning and workflow tests: disasters, resources and requests
// written through the data layer, places far apart (so tests do not see each other's matches),
// and a way to plan a request from the test process without racing the stack's trigger relay.
import { disasterStore } from '../../src/disasters/store.js';
import { requestStore } from '../../src/requests/store.js';
import { resourceStore } from '../../src/resources/store.js';
import { db } from '../../src/data/firestore.js';
import type { Disaster } from '../../src/disasters/model.js';
import { writeMembership } from '../../src/disasters/membership.js';
import type { HelpRequest } from '../../src/requests/model.js';
import type { Resource } from '../../src/resources/model.js';
import { geohashOf } from '../../src/shared/geo.js';
import type { Location } from '../../src/shared/schemas.js';
import { registeredUser, uniqueId, type TestUser } from './api.js';
import { requestDocument } from './request-document.js';

let places = 0;
/** A point at least ~80 km from every other one this process hands out (25 km search radius). */
export function spot(): Location {
  places += 1;
  return { lat: -50 + (places % 140) * 0.75, lng: -170 + Math.floor(places / 140) * 2 + (process.pid % 50) * 6 };
}

/** Nearby, `km` kilometres north of `at`. */
export function north(at: Location, km: number): Location {
  return { lat: at.lat + km / 111.2, lng: at.lng };
}

export async function disaster(status: Disaster['status'] = 'confirmed', at: Location = spot()): Promise<Disaster> {
  const now = new Date().toISOString();
  const id = uniqueId('disaster');
  const value: Disaster = {
    id,
    name: `Flood ${id.slice(-4)}`,
    type: 'flood',
    description: 'River flood',
    location: at,
    geohash: geohashOf(at),
    radius_km: 50,
    severity: 4,
    status,
    created_by: 'admin-test',
    suggestion: null,
    confirmed_at: status === 'confirmed' ? now : null,
    confirmed_by: status === 'confirmed' ? 'admin-test' : null,
    created_at: now,
    updated_at: now,
  };
  await disasterStore.doc(id).set(value);
  return value;
}

export async function resource(at: Location, overrides: Partial<Resource> = {}): Promise<Resource> {
  const now = new Date().toISOString();
  const id = overrides.id ?? uniqueId('res');
  const location = overrides.location ?? at;
  const value: Resource = {
    id,
    name: `Resource ${id.slice(-4)}`,
    category: 'boat',
    description: '',
    quantity: 1,
    unit: 'units',
    location,
    geohash: geohashOf(location),
    owner_id: 'owner-test',
    disaster_id: null,
    status: 'available',
    task_id: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await resourceStore.doc(id).set(value);
  return value;
}

export async function join(disasterId: string, user: TestUser): Promise<void> {
  await writeMembership(
    {
      id: user.uid,
      disaster_id: disasterId,
      role: user.role,
      display_name: user.uid,
      created_at: new Date().toISOString(),
    },
    'set',
  );
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function storedRequest(id: string): Promise<HelpRequest | undefined> {
  return (await requestStore.doc(id).get()).data();
}

/** What the planning and workflow suites start from: a disaster, an admin and a person in need. */
export async function planningScene(): Promise<{ disasterId: string; admin: TestUser; owner: TestUser }> {
  db();
  const disasterId = (await disaster()).id;
  const admin = await registeredUser('admin');
  const owner = await registeredUser('affected_individual');
  return { disasterId, admin, owner };
}

export function requestValue(fields: {
  owner: string;
  disasterId: string;
  at: Location;
  need?: HelpRequest['type_of_need'];
  /** Other fields of the stored request (its words, its contact...). */
  seed?: Partial<HelpRequest>;
}): HelpRequest {
  return requestDocument({
    owner_id: fields.owner,
    disaster_id: fields.disasterId,
    type_of_need: fields.need ?? 'rescue',
    description: 'Family of four on a roof, water rising',
    location: fields.at,
    ...fields.seed,
  });
}

const SENTINEL = 'relay-sentinel';

/**
 * A pending request that the test process plans itself. The stack's relay delivers every created
 * request to the planning trigger; this one is created as a likely duplicate, so that delivery
 * only marks it skipped (observable), and it is then turned back into a plain pending request:
 * updates are not delivered again, so the test's own planning run has the request to itself.
 */
export async function quietRequest(
  fields: Parameters<typeof requestValue>[0],
  relayTimeoutMs = 15_000,
): Promise<HelpRequest> {
  const value = { ...requestValue(fields), duplicate_of: SENTINEL };
  await requestStore.doc(value.id).create(value);
  await waitFor(
    'the relay to deliver the creation',
    async () => {
      const stored = await storedRequest(value.id);
      return stored?.planning.state === 'skipped' ? stored : undefined;
    },
    relayTimeoutMs,
  );
  const reset = requestValue(fields);
  const pending: HelpRequest = { ...reset, id: value.id, created_at: value.created_at };
  await requestStore.doc(value.id).set(pending);
  return pending;
}

export { db };
