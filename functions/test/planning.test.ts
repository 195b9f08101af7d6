import assert from 'node:assert/strict';
import { allocationJobStore } from '../src/planning/store.js';
import { requestStore } from '../src/requests/store.js';
import { resourceStore } from '../src/resources/store.js';
import { workflowOutputStore } from '../src/workflow/store.js';
import { db } from '../src/data/firestore.js';
import {
  LeaseHeldError,
  PLANNING_LEASE_MS,
  MAX_PLANNING_ATTEMPTS,
  runPlanning,
  sweepStalePlanning,
} from '../src/planning/job.js';
import { nearbyResources, nearbyUsers } from '../src/planning/nearby.js';
import { handleRequestCreated } from '../src/planning/trigger.js';
import { distanceBand } from '../src/requests/visibility.js';
import { coarseArea, distanceKm, geohashOf } from '../src/shared/geo.js';
import type { Location } from '../src/shared/schemas.js';
import { call, expectProblem, expectStatus, registeredUser, type TestUser } from './helpers/api.js';
import {
  disaster,
  north,
  planningScene,
  quietRequest,
  requestValue,
  resource,
  spot,
  storedRequest,
  waitFor,
} from './helpers/planning-fixtures.js';
import { verify } from './helpers/trust.js';

async function outputOf(requestId: string) {
  return (await workflowOutputStore.doc(requestId).get()).data();
}

async function outputCount(requestId: string) {
  return (await workflowOutputStore.ref().where('request_id', '==', requestId).get()).size;
}

describe('planning', () => {
  let disasterId: string;
  let admin: TestUser;
  let owner: TestUser;
  before(async () => {
    ({ disasterId, admin, owner } = await planningScene());
  });

  describe('through the stack (trigger relay, deterministic planner)', () => {
    it('plans a new request shortly after POST /requests: workflow output, suggestions nearest first, potential matches', async () => {
      const at = spot();
      const boat = await resource(north(at, 2), { category: 'boat', name: 'Rescue boat' });
      const truck = await resource(north(at, 5), { category: 'vehicle', name: 'High-clearance truck' });
      const food = await resource(north(at, 1), { category: 'food', name: 'Rations' });
      await resource(north(at, 40), { category: 'boat', name: 'Too far' });
      await resource(north(at, 1), { category: 'boat', name: 'Busy boat', status: 'in_use', task_id: 'some-task' });
      await resource(north(at, 1), { category: 'boat', name: 'Pledged elsewhere', disaster_id: 'another-disaster' });
      const volunteer = await verify(
        await registeredUser('volunteer', { location: north(at, 3), availability: 'available' }),
      );
      await verify(await registeredUser('volunteer', { location: north(at, 1), availability: 'unavailable' }));
      await registeredUser('volunteer', { location: north(at, 2), availability: 'available' }); // not verified: never proposed
      const responder = await registeredUser('responder', { location: north(at, 4) });
      await registeredUser('affected_individual', { location: north(at, 0.5) });

      const local = await disaster('confirmed', at); // the request lies inside its disaster's area
      const started = Date.now();
      const created = expectStatus(
        await call('POST', '/requests', {
          token: owner.token,
          body: { disaster_id: local.id, type_of_need: 'rescue', description: 'Two people on a roof', location: at },
        }),
        201,
      );
      const answeredMs = Date.now() - started;
      const output = await waitFor('the workflow output', async () => {
        const response = await call('GET', `/workflow-outputs/${created.id}`, { token: admin.token });
        return response.status === 200 ? response.body : undefined;
      });
      const plannedMs = Date.now() - started;
      console.log(`      POST /requests answered in ${answeredMs} ms; workflow output readable after ${plannedMs} ms`);

      assert.equal(output.request_id, created.id);
      assert.equal(output.disaster_id, local.id);
      assert.equal(output.planner, 'deterministic');
      assert.equal(output.model, null);
      assert.equal(output.fallback_reason, null);
      assert.ok(output.rationale.length > 20);
      assert.equal(typeof output.duration_ms, 'number');
      assert.deepEqual(
        output.tasks.map((t: any) => [
          t.role_required,
          t.priority,
          t.approval_status,
          t.source,
          t.suggested_assignee_id,
        ]),
        [
          ['responder', 1, 'pending', 'planner', responder.uid],
          ['volunteer', 2, 'pending', 'planner', volunteer.uid],
        ],
      );
      assert.equal(new Set(output.tasks.map((t: any) => t.id)).size, 2);
      assert.deepEqual(
        output.resources.map((r: any) => [r.resource_id, r.distance_km, r.approval_status]),
        [
          [boat.id, 2, 'pending'],
          [truck.id, 5, 'pending'],
        ],
      );

      const request = await storedRequest(created.id);
      assert.equal(request?.planning.state, 'planned');
      assert.equal(request?.planning.planner, 'deterministic');
      assert.equal(request?.planning.attempts, 1);
      assert.equal(request?.planning.lease_expires_at, null);
      assert.equal(
        (await db().collection('requests').doc(created.id).get()).get('planning_due_at'),
        null,
        'nothing left for the sweeper',
      );
      assert.deepEqual(
        request?.potential_matches?.resources.map((r) => r.id),
        [food.id, boat.id, truck.id],
      );
      assert.deepEqual(
        request?.potential_matches?.responders.map((r) => [r.id, r.role, r.distance_km]),
        [
          [volunteer.uid, 'volunteer', 3],
          [responder.uid, 'responder', 4],
        ],
      );
      const seen = expectStatus(await call('GET', `/requests/${created.id}`, { token: owner.token }), 200);
      assert.equal(seen.planning.state, 'planned');
      // The requester learns how much help is near, not who: counts and distance bands.
      assert.equal(seen.potential_matches, undefined);
      // Bands come from the distance to each match's cell centre (F8), not to its point.
      const nearestBand = (points: Location[]) =>
        distanceBand(Math.min(...points.map((point) => distanceKm(at, coarseArea(point).center))));
      assert.deepEqual(seen.match_summary.resources, {
        count: 3,
        nearest: nearestBand([food.location, boat.location, truck.location]),
      });
      assert.deepEqual(seen.match_summary.helpers, { count: 2, nearest: nearestBand([north(at, 3), north(at, 4)]) });
    });

    it("bands the requester's nearest helper by the helper's cell centre: probes across the exact 1 km edge of their home see the same (F8)", async () => {
      // The helper lives 2 km south of the centre of their cell; two requesters probe 0.95 km and
      // 1.05 km further south, as a bisection of the 1 km band edge would.
      const home = north(coarseArea(spot()).center, -2);
      const shown = coarseArea(home).center;
      await verify(await registeredUser('volunteer', { location: home, availability: 'available' }));
      const local = await disaster('confirmed', home);
      const probes = [north(home, -0.95), north(home, -1.05)];
      assert.ok(
        distanceKm(probes[0]!, home) < 1 && distanceKm(probes[1]!, home) > 1,
        'the probes straddle the exact edge',
      );
      const summaries = [];
      for (const location of probes) {
        const prober = await registeredUser('affected_individual');
        const created = expectStatus(
          await call('POST', '/requests', {
            token: prober.token,
            body: { disaster_id: local.id, type_of_need: 'food', description: 'probe', location },
          }),
          201,
        );
        const seen = await waitFor('the plan', async () => {
          const view = expectStatus(await call('GET', `/requests/${created.id}`, { token: prober.token }), 200);
          return view.planning.state === 'planned' ? view : undefined;
        });
        assert.deepEqual(seen.match_summary.helpers, {
          count: 1,
          nearest: distanceBand(distanceKm(location, shown)),
        });
        summaries.push(seen.match_summary.helpers);
      }
      assert.deepEqual(summaries[0], summaries[1], 'the band does not flip at the exact edge');
    });

    it('does not plan a likely duplicate again: it is marked skipped and gets no output', async () => {
      const at = spot();
      const body = {
        disaster_id: (await disaster('confirmed', at)).id,
        type_of_need: 'medical',
        description: 'Injured leg, cannot walk',
        location: at,
      };
      const first = expectStatus(await call('POST', '/requests', { token: owner.token, body }), 201);
      const again = expectStatus(await call('POST', '/requests', { token: owner.token, body }), 201);
      assert.equal(again.duplicate_of, first.id);
      const skipped = await waitFor('the duplicate to be skipped', async () => {
        const request = await storedRequest(again.id);
        return request?.planning.state === 'skipped' ? request : undefined;
      });
      assert.match(skipped.planning.last_error ?? '', new RegExp(first.id));
      await waitFor('the original to be planned', async () =>
        (await storedRequest(first.id))?.planning.state === 'planned' ? true : undefined,
      );
      assert.equal(await outputCount(again.id), 0);
      assert.equal(await outputCount(first.id), 1);
    });
  });

  describe('the planning job (at-least-once delivery)', () => {
    it('five deliveries of the same creation, at once and then again, make one output with no duplicate suggestions', async () => {
      const at = spot();
      await resource(north(at, 1), { category: 'water' });
      await resource(north(at, 2), { category: 'water' });
      const request = await quietRequest({ owner: owner.uid, disasterId, at, need: 'water' });
      const concurrent = await Promise.allSettled(Array.from({ length: 5 }, () => handleRequestCreated(request.id)));
      const outcomes = concurrent.map((r) =>
        r.status === 'fulfilled' ? r.value : r.reason instanceof LeaseHeldError ? 'lease_held' : String(r.reason),
      );
      assert.ok(outcomes.includes('planned'), outcomes.join());
      assert.ok(
        outcomes.every((o) => ['planned', 'already_done', 'lease_held', 'superseded'].includes(o)),
        outcomes.join(),
      );
      const first = await outputOf(request.id);
      for (let i = 0; i < 5; i++) assert.equal(await handleRequestCreated(request.id), 'already_done');
      const output = await outputOf(request.id);
      assert.equal(await outputCount(request.id), 1);
      assert.deepEqual(output, first, 'later deliveries change nothing');
      assert.equal(output?.tasks.length, 1);
      assert.equal(output?.resources.length, 2);
      assert.equal(new Set(output?.resources.map((r) => r.resource_id)).size, 2);
      assert.equal((await storedRequest(request.id))?.planning.state, 'planned');
    });

    it('a run that fails half-way gives its lease back, and the retried delivery plans the request', async () => {
      const request = await quietRequest({ owner: owner.uid, disasterId, at: spot(), need: 'food' });
      await assert.rejects(
        runPlanning(request.id, {
          gemini: null,
          afterLeaseTaken: () => Promise.reject(new Error('instance lost its network')),
        }),
        /instance lost its network/,
      );
      const failedOnce = await storedRequest(request.id);
      assert.equal(failedOnce?.planning.state, 'pending');
      assert.equal(failedOnce?.planning.attempts, 1);
      assert.equal(failedOnce?.planning.last_error, 'instance lost its network');
      assert.equal(await outputCount(request.id), 0);

      assert.equal(await runPlanning(request.id, { gemini: null }), 'planned');
      const planned = await storedRequest(request.id);
      assert.equal(planned?.planning.state, 'planned');
      assert.equal(planned?.planning.attempts, 2);
      assert.equal(planned?.planning.last_error, null);
      assert.equal(await outputCount(request.id), 1);
    });

    it('a run that died holding the lease is taken over once the lease expires, and not before', async () => {
      const request = await quietRequest({ owner: owner.uid, disasterId, at: spot(), need: 'shelter' });
      const ref = db().collection('requests').doc(request.id);
      const leaseUntil = (ms: number) => new Date(Date.now() + ms);
      await ref.update({
        'planning.state': 'planning',
        'planning.attempts': 1,
        'planning.run_id': 'dead-run',
        'planning.lease_expires_at': leaseUntil(60_000),
      });

      await assert.rejects(runPlanning(request.id, { gemini: null }), LeaseHeldError);
      assert.equal((await storedRequest(request.id))?.planning.run_id, 'dead-run', 'a live lease is left alone');
      assert.equal(await outputCount(request.id), 0);

      await ref.update({ 'planning.lease_expires_at': leaseUntil(-1000) });
      assert.equal(await runPlanning(request.id, { gemini: null }), 'planned');
      const planned = await storedRequest(request.id);
      assert.equal(planned?.planning.state, 'planned');
      assert.equal(planned?.planning.attempts, 2);
      assert.equal(await outputCount(request.id), 1);
    });

    it('a run that lost its lease to another does not write its result', async () => {
      const request = await quietRequest({ owner: owner.uid, disasterId, at: spot(), need: 'sanitation' });
      const ref = db().collection('requests').doc(request.id);
      const outcome = await runPlanning(request.id, {
        gemini: null,
        // While this run works, its lease expires and another run takes the job over.
        afterLeaseTaken: async () => {
          await ref.update({ 'planning.run_id': 'another-run' });
        },
      });
      assert.equal(outcome, 'superseded');
      assert.equal(await outputCount(request.id), 0);
      assert.equal((await storedRequest(request.id))?.planning.run_id, 'another-run');
    });

    it(`stops after ${MAX_PLANNING_ATTEMPTS} failed runs with state failed and the last error, instead of retrying forever`, async () => {
      const request = await quietRequest({ owner: owner.uid, disasterId, at: spot(), need: 'other' });
      const crash = { gemini: null, afterLeaseTaken: () => Promise.reject(new Error('boom')) };
      for (let i = 1; i < MAX_PLANNING_ATTEMPTS; i++) await assert.rejects(runPlanning(request.id, crash), /boom/);
      assert.equal(await runPlanning(request.id, crash), 'failed', 'the last run does not ask for another delivery');
      const failed = await storedRequest(request.id);
      assert.equal(failed?.planning.state, 'failed');
      assert.equal(failed?.planning.attempts, MAX_PLANNING_ATTEMPTS);
      assert.equal(failed?.planning.last_error, 'boom');
      assert.equal(await runPlanning(request.id, { gemini: null }), 'already_done');
      assert.equal(await outputCount(request.id), 0);
    });

    it('the sweeper plans a request whose deliveries were all lost, and leaves fresh ones to their trigger', async () => {
      const stale = await quietRequest({ owner: owner.uid, disasterId, at: spot(), need: 'evacuation' });
      const fresh = await quietRequest({ owner: owner.uid, disasterId, at: spot(), need: 'evacuation' });
      const longAgo = new Date(Date.now() - PLANNING_LEASE_MS - 60_000);
      await db().collection('requests').doc(stale.id).update({
        'planning.state': 'planning',
        'planning.run_id': 'dead-run',
        'planning.attempts': 1,
        'planning.lease_expires_at': longAgo,
        'planning.updated_at': longAgo,
        planning_due_at: longAgo,
      });
      const results = await sweepStalePlanning({ gemini: null });
      assert.equal(results[stale.id], 'planned');
      assert.equal(results[fresh.id], undefined);
      assert.equal((await storedRequest(stale.id))?.planning.state, 'planned');
      assert.equal((await storedRequest(fresh.id))?.planning.state, 'pending');
      assert.equal(await outputCount(stale.id), 1);
    });
  });

  describe('nearby search', () => {
    it('reads a number of documents that grows with the matches, not with the collection', async () => {
      const at = spot();
      const elsewhere = spot();
      const batch = db().batch();
      const now = new Date();
      for (let i = 0; i < 400; i++) {
        const where = north(elsewhere, (i % 20) * 0.5);
        const id = `far-${i}`;
        batch.set(resourceStore.doc(id), {
          id,
          name: `Far ${i}`,
          category: 'food',
          description: '',
          quantity: 1,
          unit: 'units',
          location: where,
          geohash: geohashOf(where),
          owner_id: 'bulk',
          disaster_id: null,
          status: 'available',
          task_id: null,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        });
      }
      await batch.commit();
      for (let i = 0; i < 3; i++) await resource(north(at, i + 1), { category: 'food' });
      const near = await nearbyResources(at, disasterId);
      assert.equal(near.resources.length, 3);
      assert.ok(near.docsRead >= 3 && near.docsRead <= 15, `read ${near.docsRead} documents for 3 matches among 403`);
      const users = await nearbyUsers(at, owner.uid);
      assert.ok(users.docsRead <= 15, `read ${users.docsRead} user documents`);
    });
  });

  describe('POST /resources/suggest/{disaster_id} (allocation job on a Cloud Tasks queue)', () => {
    it('answers 202 with where to find the result, and the job proposes each unit to at most one open request', async () => {
      const scene = await disaster();
      const at = spot();
      const make = async (need: 'rescue' | 'medical', where = at, status: 'open' | 'closed' = 'open') => {
        const value = { ...requestValue({ owner: owner.uid, disasterId: scene.id, at: where, need }), status };
        await requestStore.doc(value.id).create(value);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return value;
      };
      const first = await make('rescue');
      const medical = await make('medical', north(at, 0.5));
      const second = await make('rescue', north(at, 1));
      const closed = await make('rescue', north(at, 0.2), 'closed');
      const boat = await resource(north(at, 0.3), { category: 'boat' });
      const truck = await resource(north(at, 2), { category: 'vehicle' });

      const response = await call('POST', `/resources/suggest/${scene.id}`, { token: admin.token });
      const queued = expectStatus(response, 202);
      assert.equal(queued.status, 'queued');
      assert.equal(queued.result, `/allocation-jobs/${queued.job_id}`);
      assert.equal(response.headers.get('location'), queued.result);

      const job = await waitFor(
        'the allocation job to finish',
        async () => {
          const current = expectStatus(await call('GET', queued.result, { token: admin.token }), 200);
          return current.status === 'done' || current.status === 'failed' ? current : undefined;
        },
        30_000,
      );
      assert.equal(job.status, 'done', JSON.stringify(job));
      assert.equal(job.disaster_id, scene.id);
      assert.equal(job.requests_considered, 3);
      const byRequest = new Map(
        job.proposals.map((p: any) => [p.request_id, p.resources.map((r: any) => r.resource_id)]),
      );
      assert.equal(byRequest.has(closed.id), false, 'closed requests are not considered');
      assert.deepEqual(
        byRequest.get(first.id),
        [boat.id, truck.id],
        'the oldest of the most urgent takes the nearest units',
      );
      assert.deepEqual(byRequest.get(medical.id), []);
      assert.deepEqual(byRequest.get(second.id), []);
      const all = job.proposals.flatMap((p: any) => p.resources.map((r: any) => r.resource_id));
      assert.equal(new Set(all).size, all.length, 'no unit is proposed twice');
      assert.equal((await resourceStore.doc(boat.id).get()).data()?.status, 'available', 'proposals claim nothing');
    });

    it('answers 404 for an unknown disaster and 409 for a suggested one, queueing nothing', async () => {
      const suggested = await disaster('suggested');
      expectProblem(
        await call('POST', '/resources/suggest/no-such-disaster', { token: admin.token }),
        404,
        'not_found',
      );
      expectProblem(await call('POST', `/resources/suggest/${suggested.id}`, { token: admin.token }), 409, 'conflict');
      assert.equal(
        (await allocationJobStore.ref().where('disaster_id', 'in', ['no-such-disaster', suggested.id]).get()).size,
        0,
      );
      expectProblem(await call('GET', '/allocation-jobs/no-such-job', { token: admin.token }), 404, 'not_found');
    });
  });
});
