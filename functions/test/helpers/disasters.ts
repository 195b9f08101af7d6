// Fixtures shared by the disaster, chat, observation and agent tests.
import { disasterStore } from '../../src/disasters/store.js';
import type { Disaster } from '../../src/disasters/model.js';
import type { Observation } from '../../src/observations/model.js';
import { geohashOf } from '../../src/shared/geo.js';
import type { Location } from '../../src/shared/schemas.js';
import { call, expectStatus, uniqueId, type TestUser } from './api.js';

export function disasterBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'River flood',
    type: 'flood',
    description: 'The river burst its banks.',
    location: { lat: 14.6, lng: 121.0 },
    radius_km: 25,
    severity: 4,
    ...overrides,
  };
}

/** A confirmed disaster, created through the API by `admin`. */
export async function confirmedDisaster(admin: TestUser, overrides: Record<string, unknown> = {}): Promise<any> {
  return expectStatus(await call('POST', '/disasters', { token: admin.token, body: disasterBody(overrides) }), 201);
}

/**
 * An observation as POST /observations stores it, created now unless told; a different reporter
 * each by default (agent clusters need AGENT_MIN_REPORTERS of them).
 */
export function observationValue(location: Location, overrides: Partial<Observation> = {}): Observation {
  const created = overrides.created_at ?? new Date().toISOString();
  return {
    id: uniqueId('obs'),
    type: 'flooding',
    description: 'Water in the streets',
    location,
    geohash: geohashOf(location),
    severity: 3,
    disaster_id: null,
    reporter_id: uniqueId('reporter'),
    day: created.slice(0, 10),
    created_at: created,
    updated_at: created,
    ...overrides,
  };
}

/** A suggested disaster as the agent would write it, arranged through the data layer. */
export async function suggestedDisaster(
  location: Location = { lat: -33.9, lng: 18.4 },
  observationIds: string[] = [],
): Promise<Disaster> {
  const id = uniqueId('agent');
  const now = new Date().toISOString();
  const disaster: Disaster = {
    id,
    name: 'Possible flood near somewhere',
    type: 'flood',
    description: '3 community observations ...',
    location,
    geohash: geohashOf(location),
    radius_km: 5,
    severity: 3,
    status: 'suggested',
    created_by: 'agent',
    suggestion: {
      cluster_key: observationIds[0] ?? id,
      observation_ids: observationIds,
      summary: '3 community observations ...',
      summarized_by: 'deterministic',
      summarized_count: observationIds.length,
      edited_fields: [],
    },
    confirmed_at: null,
    confirmed_by: null,
    created_at: now,
    updated_at: now,
  };
  await disasterStore.doc(id).set(disaster);
  return disaster;
}

export async function join(user: TestUser, disasterId: string): Promise<void> {
  const response = await call('POST', `/disasters/${disasterId}/join`, { token: user.token });
  if (response.status !== 201 && response.status !== 200) expectStatus(response, 201);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(200);
  }
}
