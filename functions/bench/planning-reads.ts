// Documents read per plan by the nearby search (planning/nearby.ts), with 1,000 and then 20,000
// resources in the database, spread over a 4°×4° region (~440 km square), against the Firestore
// emulator: `FIRESTORE_EMULATOR_HOST=... node --import tsx bench/planning-reads.ts`.
// Counts the documents the geohash range queries return (what Firestore bills), for 25 rescue
// requests at random places, and compares with reading the whole collection.
import { resourceStore } from '../src/resources/store.js';
import { db } from '../src/data/firestore.js';
import { MAX_SUGGESTED_RESOURCES, NEED_PLANS } from '../src/planning/deterministic.js';
import { findNearby } from '../src/planning/nearby.js';
import { SEARCH_RADIUS_KM } from '../src/requests/model.js';
import type { Location } from '../src/shared/schemas.js';
import { median, percentile, round } from './figures.js';
import { benchResource, prng } from './seeding.js';

if (!process.env.FIRESTORE_EMULATOR_HOST) {
  console.error(
    'FIRESTORE_EMULATOR_HOST is not set: this benchmark writes 20,000 documents and only runs against an emulator.',
  );
  process.exit(2);
}

const REGION = { lat: 10, lng: 120, size: 4 };
const random = prng(42);
const point = (): Location => ({ lat: REGION.lat + random() * REGION.size, lng: REGION.lng + random() * REGION.size });

async function seedResources(from: number, to: number): Promise<void> {
  const now = new Date().toISOString();
  for (let start = from; start < to; start += 500) {
    const batch = db().batch();
    for (let i = start; i < Math.min(to, start + 500); i++) {
      const location = point();
      const resource = benchResource(i, location, random, now);
      batch.set(resourceStore.doc(resource.id), resource);
    }
    await batch.commit();
  }
}

async function measure(total: number, probes: readonly Location[]) {
  const reads: number[] = [];
  const matches: number[] = [];
  const millis: number[] = [];
  for (const at of probes) {
    const started = performance.now();
    const nearby = await findNearby(
      at,
      'bench-disaster',
      'bench-requester',
      NEED_PLANS.rescue.categories,
      MAX_SUGGESTED_RESOURCES,
    );
    millis.push(performance.now() - started);
    reads.push(nearby.docsRead);
    matches.push(nearby.resources.length + nearby.users.length);
  }
  const count = (await resourceStore.ref().count().get()).data().count;
  return {
    resources_in_db: count,
    expected: total,
    radius_km: SEARCH_RADIUS_KM,
    docs_read_median: median(reads),
    docs_read_p95: percentile(reads, 95),
    docs_read_max: Math.max(...reads),
    matches_median: median(matches),
    reads_per_match: round(
      reads.reduce((a, b) => a + b, 0) /
        Math.max(
          1,
          matches.reduce((a, b) => a + b, 0),
        ),
    ),
    full_scan_reads: count,
    search_ms_median: round(median(millis), 1),
  };
}

async function main(): Promise<void> {
  const existing = (await resourceStore.ref().count().get()).data().count;
  if (existing > 0) {
    console.error(`the emulator already holds ${existing} resources: run against an empty emulator`);
    process.exit(2);
  }
  const probes = Array.from({ length: 25 }, point);
  await seedResources(0, 1000);
  const small = await measure(1000, probes);
  await seedResources(1000, 20_000);
  const large = await measure(20_000, probes);
  console.log(JSON.stringify({ figure: 'documents read per plan (nearby search)', small, large }, null, 2));
  process.exit(0);
}

void main();
