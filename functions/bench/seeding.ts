// What the planning benchmarks seed: a repeatable layout of resources (figure 4 and
// bench/planning-reads.ts).
import { RESOURCE_CATEGORIES, type Resource } from '../src/resources/model.js';
import { geohashOf } from '../src/shared/geo.js';
import type { Location } from '../src/shared/schemas.js';

/** A small deterministic PRNG (mulberry32), so every run measures the same layout. */
export function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Resource number `i` of a benchmark, at `location`: 70 % of them available (drawn with `random`). */
export function benchResource(i: number, location: Location, random: () => number, now: string): Resource {
  return {
    id: `bench-res-${i}`,
    name: `Bench resource ${i}`,
    category: RESOURCE_CATEGORIES[i % RESOURCE_CATEGORIES.length]!,
    description: '',
    quantity: 1,
    unit: 'units',
    location,
    geohash: geohashOf(location),
    owner_id: 'bench',
    disaster_id: null,
    status: random() < 0.7 ? 'available' : 'in_use',
    task_id: null,
    created_at: now,
    updated_at: now,
  };
}
