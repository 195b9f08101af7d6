// Figure 3: the cost scenarios of the notifications endpoints (src/notifications/endpoints.ts).
import { call, expectStatus } from '../../../test/helpers/api.js';
import { readyTask } from '../../../test/helpers/tasks-fixtures.js';
import { disaster } from '../../../test/helpers/planning-fixtures.js';
import type { CostScenario } from './scenario.js';

export const notificationsCostScenarios: Record<string, CostScenario> = {
  'GET /notifications/me': {
    page: true,
    minimum: { reads: 2, writes: 0, why: "the caller's 2 notifications (assigned, authorized)" },
    async arrange(ctx) {
      const [admin, responder, d] = [await ctx.user('admin'), await ctx.user('responder'), await disaster()];
      await readyTask(admin, responder, d.id);
      return { method: 'GET', path: '/notifications/me', token: responder.token, expect: 200 };
    },
  },
  'PATCH /notifications/{id}': {
    minimum: { reads: 1, writes: 1, why: 'the notification; the notification' },
    async arrange(ctx) {
      const [admin, responder, d] = [await ctx.user('admin'), await ctx.user('responder'), await disaster()];
      await readyTask(admin, responder, d.id);
      const page = expectStatus<{ items: { id: string }[] }>(
        await call('GET', '/notifications/me', { token: responder.token }),
        200,
      );
      return {
        method: 'PATCH',
        path: `/notifications/${page.items[0]?.id ?? 'none'}`,
        token: responder.token,
        body: { read: true },
        expect: 200,
      };
    },
  },
  'POST /users/me/devices': {
    minimum: { reads: 1, writes: 1, why: "the caller's devices (an empty query bills one read); the device" },
    async arrange(ctx) {
      const user = await ctx.user('volunteer');
      const body = { token: `bench-token-${user.uid}-0123456789`, platform: 'android' };
      return { method: 'POST', path: '/users/me/devices', token: user.token, body, expect: 201 };
    },
  },
  'DELETE /users/me/devices/{device_id}': {
    minimum: { reads: 1, writes: 1, why: 'the device; its deletion' },
    async arrange(ctx) {
      const user = await ctx.user('volunteer');
      const device = expectStatus<{ id: string }>(
        await call('POST', '/users/me/devices', {
          token: user.token,
          body: { token: `bench-token-${user.uid}-0123456789`, platform: 'ios' },
        }),
        201,
      );
      return { method: 'DELETE', path: `/users/me/devices/${device.id}`, token: user.token, expect: 204 };
    },
  },
  'GET /users/me/notification-preferences': {
    minimum: { reads: 1, writes: 0, why: 'the preferences document (a missing one bills one read)' },
    async arrange(ctx) {
      const user = await ctx.user('responder');
      return { method: 'GET', path: '/users/me/notification-preferences', token: user.token, expect: 200 };
    },
  },
  'PATCH /users/me/notification-preferences': {
    minimum: { reads: 1, writes: 1, why: 'the preferences; the preferences' },
    async arrange(ctx) {
      const user = await ctx.user('responder');
      const body = { language: 'es', quiet_hours: { start: '22:00', end: '06:00', time_zone: 'Asia/Manila' } };
      return { method: 'PATCH', path: '/users/me/notification-preferences', token: user.token, body, expect: 200 };
    },
  },
};
