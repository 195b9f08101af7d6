// Figure 3: the cost scenarios of the disasters endpoints (src/disasters/endpoints.ts).
import { disaster, join, spot } from '../../../test/helpers/planning-fixtures.js';
import { createdDisaster } from '../fixtures.js';
import type { CostScenario } from './scenario.js';

export const disastersCostScenarios: Record<string, CostScenario> = {
  'GET /disasters': {
    page: true,
    minimum: { reads: 2, writes: 0, why: 'a page of 2' },
    async arrange(ctx) {
      await Promise.all([disaster(), disaster(), disaster()]);
      return { method: 'GET', path: '/disasters?limit=2', token: (await ctx.user('volunteer')).token, expect: 200 };
    },
  },
  'POST /disasters': {
    minimum: { reads: 0, writes: 3, why: 'the disaster, its audit record, its CAP Alert' },
    arrange: async (ctx) => ({
      method: 'POST',
      path: '/disasters',
      token: (await ctx.user('admin')).token,
      body: {
        name: 'Bench flood',
        type: 'flood',
        description: 'River over its banks',
        location: spot(),
        radius_km: 20,
        severity: 3,
      },
      expect: 201,
    }),
  },
  'PATCH /disasters/{id}': {
    minimum: {
      reads: 1,
      writes: 3,
      why: 'read the disaster (in the transaction), write the changed fields; its audit record; its CAP message (an Alert here: the seeded disaster has none yet)',
    },
    async arrange(ctx) {
      const d = await disaster();
      return {
        method: 'PATCH',
        path: `/disasters/${d.id}`,
        token: (await ctx.user('admin')).token,
        body: { severity: 5 },
        expect: 200,
      };
    },
  },
  'GET /disasters/agent-suggested': {
    minimum: { reads: 1, writes: 0, why: 'a page of 1 suggestion' },
    async arrange(ctx) {
      await disaster('suggested');
      return {
        method: 'GET',
        path: '/disasters/agent-suggested?limit=1',
        token: (await ctx.user('admin')).token,
        expect: 200,
      };
    },
  },
  'GET /disasters/{id}': {
    minimum: { reads: 1, writes: 0, why: 'the disaster' },
    arrange: async (ctx) => ({
      method: 'GET',
      path: `/disasters/${(await disaster()).id}`,
      token: (await ctx.user('volunteer')).token,
      expect: 200,
    }),
  },
  'POST /disasters/{id}/join': {
    minimum: {
      reads: 3,
      writes: 3,
      why: "the disaster (confirmed?), the caller (display name, role), the membership (201 or 200: idempotent); the membership, the caller's list entry, the audit record",
    },
    arrange: async (ctx) => ({
      method: 'POST',
      path: `/disasters/${(await disaster()).id}/join`,
      token: (await ctx.user('volunteer')).token,
      expect: 201,
    }),
  },
  'DELETE /disasters/{id}/leave': {
    minimum: {
      reads: 2,
      writes: 3,
      why: "the disaster (404 when unknown), the membership (only a real departure is audited); the membership and the caller's list entry deleted (idempotent), the audit record",
    },
    async arrange(ctx) {
      const [member, d] = [await ctx.user('volunteer'), await disaster()];
      await join(d.id, member);
      return { method: 'DELETE', path: `/disasters/${d.id}/leave`, token: member.token, expect: 204 };
    },
  },
  'GET /disasters/{id}/joined': {
    minimum: { reads: 2, writes: 0, why: 'the disaster (404 when unknown), the membership' },
    async arrange(ctx) {
      const [member, d] = [await ctx.user('volunteer'), await disaster()];
      await join(d.id, member);
      return { method: 'GET', path: `/disasters/${d.id}/joined`, token: member.token, expect: 200 };
    },
  },
  'GET /disasters/{id}/volunteers': {
    minimum: { reads: 5, writes: 0, why: 'the disaster, its 2 members, their 2 profiles (availability, location)' },
    async arrange(ctx) {
      const [admin, a, b, d] = [
        await ctx.user('admin'),
        await ctx.user('volunteer'),
        await ctx.user('volunteer'),
        await disaster(),
      ];
      await Promise.all([join(d.id, a), join(d.id, b)]);
      return { method: 'GET', path: `/disasters/${d.id}/volunteers`, token: admin.token, expect: 200 };
    },
  },
  'POST /disasters/{id}/approve': {
    minimum: { reads: 1, writes: 3, why: 'the suggestion; the confirmed disaster, its audit record, its CAP Alert' },
    arrange: async (ctx) => ({
      method: 'POST',
      path: `/disasters/${(await disaster('suggested')).id}/approve`,
      token: (await ctx.user('admin')).token,
      expect: 200,
    }),
  },
  'POST /disasters/{id}/close': {
    minimum: {
      reads: 1,
      writes: 4,
      why: 'the disaster (its CAP references); the closed disaster, its audit record, its CAP Cancel, its Alert marked superseded',
    },
    async arrange(ctx) {
      const admin = await ctx.user('admin');
      const created = await createdDisaster(admin);
      return {
        method: 'POST',
        path: `/disasters/${created.id}/close`,
        token: admin.token,
        body: { reason: 'Over' },
        expect: 200,
      };
    },
  },
  'GET /disasters/{id}/cap': {
    minimum: { reads: 2, writes: 0, why: 'the disaster (its latest CAP reference), the message as sent' },
    async arrange(ctx) {
      const created = await createdDisaster(await ctx.user('admin'));
      return { method: 'GET', path: `/disasters/${created.id}/cap`, expect: 200 };
    },
  },
  'DELETE /disasters/{id}/discard': {
    minimum: {
      reads: 1,
      writes: 2,
      why: 'the suggestion; its deletion (+ marks on its observations, none here), its audit record',
    },
    arrange: async (ctx) => ({
      method: 'DELETE',
      path: `/disasters/${(await disaster('suggested')).id}/discard`,
      token: (await ctx.user('admin')).token,
      expect: 204,
    }),
  },
};
