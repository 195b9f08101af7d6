// Figure 4: planning. (a) Time from POST /requests to its workflow output being readable, one
// request after the other, each at its own place with a few resources nearby (deterministic
// planner, trigger relay); (b) documents read per request and its plan with 1,000, 10,000 and
// 100,000 resources and as many users in the database, spread over a 4°×4° region, counted by
// the embedded emulator; the first 1,000 of each around the probes, the others far away, so that
// only the size of the database changes. The plan is awaited with a snapshot listener, which the counters do not
// see, so the reads are exactly those of the call and of its plan. Seeding uses batches of 500
// written in parallel. Built on the requests engineer's bench/plan-latency.ts and
// bench/planning-reads.ts.
import { performance } from 'node:perf_hooks';
import { disasterStore } from '../src/disasters/store.js';
import { resourceStore } from '../src/resources/store.js';
import { userStore } from '../src/users/store.js';
import { workflowOutputStore } from '../src/workflow/store.js';
import { db } from '../src/data/firestore.js';
import { geohashOf } from '../src/shared/geo.js';
import type { Location } from '../src/shared/schemas.js';
import type { UserRecord } from '../src/users/model.js';
import { call } from '../test/helpers/api.js';
import { tokenFor } from '../test/helpers/emulators.js';
import { disaster, resource, spot } from '../test/helpers/planning-fixtures.js';
import { figure, percentile, round, type Figure } from './figures.js';
import { benchResource, prng } from './seeding.js';
import type { Session } from './session.js';

export interface PlanningOptions {
  latencySamples: number;
  warmup: number;
  sizes: number[];
  probesPerSize: number;
  say: (m: string) => void;
}

// Far from the places test fixtures hand out (latitudes below 55).
const REGION = { lat: 60, lng: 20, size: 4 };
/** Resources (and users) around the probes, whatever the size of the database. */
const NEIGHBOURHOOD = 1000;

/** Resolves once the workflow output of `requestId` exists, seen through a listener (not counted). */
function planReadable(requestId: string, timeoutMs = 120_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`no workflow output for ${requestId} after ${timeoutMs} ms`));
    }, timeoutMs);
    const unsubscribe = db()
      .collection(workflowOutputStore.path)
      .doc(requestId)
      .onSnapshot(
        (snapshot) => {
          if (!snapshot.exists) return;
          clearTimeout(timer);
          unsubscribe();
          resolve();
        },
        (error) => {
          clearTimeout(timer);
          reject(error);
        },
      );
  });
}

async function postRequest(
  disasterId: string,
  at: Location,
): Promise<{ id: string; answeredMs: number; plannedMs: number }> {
  const token = await tokenFor({ role: 'affected_individual' });
  const started = performance.now();
  const response = await call('POST', '/requests', {
    token,
    body: { disaster_id: disasterId, type_of_need: 'rescue', description: 'Bench: family on a roof', location: at },
  });
  const answeredMs = performance.now() - started;
  if (response.status !== 201) throw new Error(`POST /requests answered ${response.status}: ${response.text}`);
  const id = (response.body as { id: string }).id;
  await planReadable(id);
  return { id, answeredMs, plannedMs: performance.now() - started };
}

/**
 * Resources and users `from` to `to`: the first NEIGHBOURHOOD of each in the probed region, the
 * others far from it (latitudes 66° to 80°, all longitudes), so that a larger database has the
 * same neighbourhood around every probe and only the size of the collections changes.
 */
async function seed(from: number, to: number, random: () => number): Promise<void> {
  const now = new Date().toISOString();
  let index = from;
  const point = (): Location =>
    index < NEIGHBOURHOOD
      ? { lat: REGION.lat + random() * REGION.size, lng: REGION.lng + random() * REGION.size }
      : { lat: 66 + random() * 14, lng: -180 + random() * 360 };
  const batches: (() => Promise<unknown>)[] = [];
  for (let start = from; start < to; start += 250) {
    const batch = db().batch();
    // 250 resources and 250 users: batches of 500 writes.
    for (let i = start; i < Math.min(to, start + 250); i++) {
      index = i;
      const location = point();
      const unit = benchResource(i, location, random, now);
      batch.set(resourceStore.doc(unit.id), unit);
      const where = point();
      const user: UserRecord = {
        id: `bench-user-${i}`,
        display_name: `Bench user ${i}`,
        role: i % 3 === 0 ? 'responder' : i % 3 === 1 ? 'volunteer' : 'affected_individual',
        phone: null,
        location: where,
        geohash: geohashOf(where),
        availability: i % 3 === 1 ? (random() < 0.6 ? 'available' : 'unavailable') : null,
        skills: [],
        verified: true,
        verification: null,
        created_at: now,
        updated_at: now,
      };
      batch.set(userStore.doc(user.id), user);
    }
    batches.push(() => batch.commit());
  }
  // A few batches in flight at a time: the emulator is one process on a small machine.
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < batches.length) await batches[next++]!();
    }),
  );
}

export async function measurePlanning(session: Session, options: PlanningOptions): Promise<Figure[]> {
  const figures: Figure[] = [];
  // (a) latency, on an otherwise small database.
  const answered: number[] = [];
  const planned: number[] = [];
  for (let i = 0; i < options.latencySamples + options.warmup; i++) {
    const at = spot();
    const d = await disaster('confirmed', at); // requests lie inside their disaster's area
    await Promise.all(
      Array.from({ length: 3 }, (_, r) => resource({ lat: at.lat + r * 0.01, lng: at.lng }, { category: 'boat' })),
    );
    const sample = await postRequest(d.id, at);
    if (i < options.warmup) continue; // the relay's and the function's first runs
    answered.push(sample.answeredMs);
    planned.push(sample.plannedMs);
  }
  const latencyNotes = `${planned.length} requests one after the other, deterministic planner, plan awaited with a listener`;
  figures.push(
    figure({
      figure: 'planning',
      metric: 'POST /requests to plan readable p50',
      unit: 'ms',
      value: round(percentile(planned, 50), 1),
      baseline: round(percentile(answered, 50), 1),
      target: 'p50 < 1000 ms',
      notes: `${latencyNotes}; baseline: the POST answer alone`,
      ran: { value: ['functions', 'relay'], baseline: ['functions'] },
    }),
    figure({
      figure: 'planning',
      metric: 'POST /requests to plan readable p95',
      unit: 'ms',
      value: round(percentile(planned, 95), 1),
      baseline: round(percentile(answered, 95), 1),
      target: null,
      notes: latencyNotes,
      ran: { value: ['functions', 'relay'], baseline: ['functions'] },
    }),
  );
  const p50 = figures.at(-2)!;
  p50.met = p50.value < 1000;
  options.say(`[bench] planning latency p50 ${p50.value} ms over ${planned.length} requests`);

  // (b) reads per plan as the database grows.
  const random = prng(42);
  const region = await disaster('confirmed', { lat: REGION.lat + REGION.size / 2, lng: REGION.lng + REGION.size / 2 });
  // The whole region is its area: every probe is a request inside its disaster.
  await disasterStore.doc(region.id).update({ radius_km: 400 });
  const readsAt: { size: number; median: number; max: number }[] = [];
  let seeded = 0;
  for (const size of options.sizes) {
    const probe = prng(7); // the same places at every size
    const t = performance.now();
    // Nobody listens to resources or users: spare the trigger relay's listener 2 x size events.
    await session.pauseListeners(true);
    try {
      await seed(seeded, size, random);
    } finally {
      await session.pauseListeners(false);
    }
    seeded = size;
    options.say(`[bench] seeded ${size} resources and ${size} users (${round((performance.now() - t) / 1000, 1)} s)`);
    const reads: number[] = [];
    for (let i = 0; i < options.probesPerSize; i++) {
      const at = {
        lat: REGION.lat + 0.5 + probe() * (REGION.size - 1),
        lng: REGION.lng + 0.5 + probe() * (REGION.size - 1),
      };
      await session.takeMetrics();
      await postRequest(region.id, at);
      const m = await session.takeMetrics();
      reads.push(m.reads + m.missing_reads + m.empty_queries);
    }
    readsAt.push({ size, median: percentile(reads, 50), max: Math.max(...reads) });
    options.say(
      `[bench] ${size} resources and users: ${percentile(reads, 50)} documents read per request and plan (median of ${reads.length})`,
    );
  }
  const smallest = readsAt[0]!;
  for (const at of readsAt) {
    figures.push(
      figure({
        figure: 'planning',
        metric: `documents read per request + plan, ${at.size.toLocaleString('en-US')} resources and users`,
        unit: 'docs',
        value: at.median,
        baseline: smallest.median,
        target: 'flat: within 1.25 x the smallest database',
        maxRatio: 1.25,
        notes: `median of ${options.probesPerSize} requests at random places (max ${at.max}); POST /requests itself reads 3 (figure 3); a full scan would read ${(2 * at.size).toLocaleString('en-US')}`,
        ran: { value: ['functions', 'relay'], baseline: ['functions', 'relay'] },
      }),
    );
  }
  return figures;
}
