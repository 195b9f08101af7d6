// Time from POST /requests to the answer, and to the workflow output being stored (trigger relay
// + deterministic planner), through a running local stack. Run with the stack's environment:
// API_BASE_URL, FIRESTORE_EMULATOR_HOST, FIREBASE_AUTH_EMULATOR_HOST (as `npm test` exports them).
// Requests are sent one after the other (SAMPLES, default 20), each at its own place with a few
// resources and volunteers nearby.
import { disasterStore } from '../src/disasters/store.js';
import { resourceStore } from '../src/resources/store.js';
import { workflowOutputStore } from '../src/workflow/store.js';
import { db } from '../src/data/firestore.js';
import { geohashOf } from '../src/shared/geo.js';
import { call } from '../test/helpers/api.js';
import { testApp, tokenFor } from '../test/helpers/emulators.js';
import { median, percentile, round } from './figures.js';

const samples = Number(process.env.SAMPLES ?? '20');

async function main(): Promise<void> {
  testApp();
  db();
  const now = new Date().toISOString();
  const disasterId = `bench-latency-${Date.now().toString(36)}`;
  const center = { lat: 30, lng: 30 };
  await disasterStore.doc(disasterId).set({
    id: disasterId,
    name: 'Bench flood',
    type: 'flood',
    description: '',
    location: center,
    geohash: geohashOf(center),
    radius_km: 2000,
    severity: 3,
    status: 'confirmed',
    created_by: 'bench',
    suggestion: null,
    confirmed_at: now,
    confirmed_by: 'bench',
    created_at: now,
    updated_at: now,
  });
  const answered: number[] = [];
  const planned: number[] = [];
  for (let i = 0; i < samples; i++) {
    const at = { lat: center.lat + i * 0.5, lng: center.lng };
    for (let r = 0; r < 5; r++) {
      const where = { lat: at.lat + r * 0.01, lng: at.lng };
      const id = `bench-lat-res-${disasterId}-${i}-${r}`;
      await resourceStore.doc(id).set({
        id,
        name: `Boat ${r}`,
        category: 'boat',
        description: '',
        quantity: 1,
        unit: 'units',
        location: where,
        geohash: geohashOf(where),
        owner_id: 'bench',
        disaster_id: null,
        status: 'available',
        task_id: null,
        created_at: now,
        updated_at: now,
      });
    }
    const uid = `bench-owner-${i}-${Date.now().toString(36)}`;
    const token = await tokenFor({ uid, role: 'affected_individual' });
    await call('POST', '/users/register', { token, body: { display_name: 'Bench owner' } });
    const started = performance.now();
    const response = await call('POST', '/requests', {
      token,
      body: { disaster_id: disasterId, type_of_need: 'rescue', description: 'Bench request', location: at },
    });
    answered.push(performance.now() - started);
    if (response.status !== 201) throw new Error(`POST /requests answered ${response.status}: ${response.text}`);
    const id = (response.body as { id: string }).id;
    for (;;) {
      if ((await workflowOutputStore.doc(id).get()).exists) break;
      if (performance.now() - started > 30_000) throw new Error(`no plan for ${id} after 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    planned.push(performance.now() - started);
  }
  const stats = (values: number[]) => ({
    median_ms: round(median(values), 1),
    p95_ms: round(percentile(values, 95), 1),
    max_ms: round(Math.max(...values), 1),
  });
  console.log(
    JSON.stringify(
      {
        figure: 'request creation to plan (local stack, deterministic planner)',
        samples,
        post_answered: stats(answered),
        plan_stored: stats(planned),
      },
      null,
      2,
    ),
  );
  process.exit(0);
}

void main();
