// Figure 3: the cost scenarios of the requests endpoints (src/requests/endpoints.ts).
import { call, expectStatus } from '../../../test/helpers/api.js';
import { disaster, join } from '../../../test/helpers/planning-fixtures.js';
import { verify } from '../../../test/helpers/trust.js';
import { request, PAGE } from '../fixtures.js';
import type { CostScenario } from './scenario.js';

export const requestsCostScenarios: Record<string, CostScenario> = {
  'GET /requests': {
    page: true,
    minimum: { reads: PAGE, writes: 0, why: `a page of ${PAGE}` },
    async arrange(ctx) {
      const [responder, owner] = [await ctx.user('responder'), await ctx.user('affected_individual')];
      const d = await disaster();
      await Promise.all(Array.from({ length: PAGE + 2 }, () => request(owner, d.id)));
      return { method: 'GET', path: `/requests?limit=${PAGE}`, token: responder.token, expect: 200 };
    },
  },
  'POST /requests': {
    minimum: {
      reads: 3,
      writes: 2,
      why: "the disaster, the caller's profile (its phone is the request's requester_contact: the number staff call back, look it up by (GET /requests?phone=) and match duplicates on; test/requester-contact.test.ts), the duplicate check (an empty query bills one read); the request, its audit record",
    },
    async arrange(ctx) {
      const [owner, d] = [await ctx.user('affected_individual'), await disaster()];
      return {
        method: 'POST',
        path: '/requests',
        token: owner.token,
        body: {
          disaster_id: d.id,
          type_of_need: 'rescue',
          description: 'Bench: two people on a roof',
          location: d.location,
        },
        expect: 201,
      };
    },
  },
  'GET /requests/me': {
    minimum: { reads: 2, writes: 0, why: "the caller's 2 requests" },
    async arrange(ctx) {
      const owner = await ctx.user('affected_individual');
      await Promise.all([request(owner), request(owner)]);
      return { method: 'GET', path: '/requests/me', token: owner.token, expect: 200 };
    },
  },
  'GET /requests/{req_id}': {
    minimum: {
      reads: 4,
      writes: 0,
      why: 'a verified volunteer of the disaster, the costliest view: the request, their active tasks for it (an empty query bills one read), their profile (verified?) and membership. Staff and the owner: the request alone (1)',
    },
    async arrange(ctx) {
      const [owner, volunteer] = [await ctx.user('affected_individual'), await verify(await ctx.user('volunteer'))];
      const req = await request(owner);
      await join(req.disaster_id, volunteer);
      return { method: 'GET', path: `/requests/${req.id}`, token: volunteer.token, expect: 200 };
    },
  },
  'PATCH /requests/{req_id}/status': {
    minimum: { reads: 1, writes: 2, why: 'read the request (state check), write it; the audit record' },
    async arrange(ctx) {
      const [responder, owner] = [await ctx.user('responder'), await ctx.user('affected_individual')];
      const req = await request(owner);
      return {
        method: 'PATCH',
        path: `/requests/${req.id}/status`,
        token: responder.token,
        body: { status: 'in_progress' },
        expect: 200,
      };
    },
  },
  'POST /requests/{req_id}/confirm': {
    minimum: {
      reads: 1,
      writes: 2,
      why: 'read the request (owner, state), write last_confirmed_at; the audit record (a NO also reads its active tasks)',
    },
    async arrange(ctx) {
      const owner = await ctx.user('affected_individual');
      const req = await request(owner);
      return {
        method: 'POST',
        path: `/requests/${req.id}/confirm`,
        token: owner.token,
        body: { still_needed: true },
        expect: 200,
      };
    },
  },
  'GET /requests/{req_id}/history': {
    page: true,
    minimum: { reads: 2, writes: 0, why: 'the request (404 check), a page of 1 record' },
    async arrange(ctx) {
      const [responder, owner] = [await ctx.user('responder'), await ctx.user('affected_individual')];
      const req = await request(owner);
      for (const status of ['in_progress', 'open'])
        expectStatus(
          await call('PATCH', `/requests/${req.id}/status`, { token: responder.token, body: { status } }),
          200,
        );
      return { method: 'GET', path: `/requests/${req.id}/history?limit=1`, token: responder.token, expect: 200 };
    },
  },
  'POST /requests/{req_id}/merge': {
    minimum: {
      reads: 2,
      writes: 3,
      why: 'both requests, read in the transaction; both written (closed as a duplicate, one more reporter); the audit record',
    },
    async arrange(ctx) {
      const [responder, owner] = [await ctx.user('responder'), await ctx.user('affected_individual')];
      const d = await disaster();
      const [merged, survivor] = await Promise.all([request(owner, d.id), request(owner, d.id)]);
      return {
        method: 'POST',
        path: `/requests/${merged.id}/merge`,
        token: responder.token,
        body: { into: survivor.id, reason: 'Bench: the same roof' },
        expect: 200,
      };
    },
  },
  'POST /requests/{req_id}/unmerge': {
    minimum: {
      reads: 2,
      writes: 3,
      why: 'the merged request, then its survivor; both written back; the audit record',
    },
    async arrange(ctx) {
      const [responder, owner] = [await ctx.user('responder'), await ctx.user('affected_individual')];
      const d = await disaster();
      const [merged, survivor] = await Promise.all([request(owner, d.id), request(owner, d.id)]);
      const body = { into: survivor.id, reason: 'Bench: the same roof' };
      expectStatus(await call('POST', `/requests/${merged.id}/merge`, { token: responder.token, body }), 200);
      return { method: 'POST', path: `/requests/${merged.id}/unmerge`, token: responder.token, expect: 200 };
    },
  },
  'GET /requests/disaster/{disaster_id}': {
    minimum: {
      reads: 6,
      writes: 0,
      why: 'a verified volunteer of the disaster, the costliest view: the disaster (404 check), their profile and membership, their active tasks in it (an empty query bills one read), its 2 requests. Staff: the disaster and the page (3)',
    },
    async arrange(ctx) {
      const [volunteer, owner] = [await verify(await ctx.user('volunteer')), await ctx.user('affected_individual')];
      const d = await disaster();
      await join(d.id, volunteer);
      await Promise.all([request(owner, d.id), request(owner, d.id)]);
      return { method: 'GET', path: `/requests/disaster/${d.id}`, token: volunteer.token, expect: 200 };
    },
  },
};
