// Figure 3: the cost scenarios of the webhooks endpoints (src/webhooks/endpoints.ts).
import { storeDelivery, storeWebhook } from '../../../test/helpers/webhooks.js';
import type { CostScenario } from './scenario.js';

export const webhooksCostScenarios: Record<string, CostScenario> = {
  'POST /webhooks': {
    minimum: { reads: 0, writes: 2, why: 'the subscriber, its audit record (the URL is an IP literal: no DNS lookup)' },
    async arrange(ctx) {
      return {
        method: 'POST',
        path: '/webhooks',
        token: (await ctx.user('admin')).token,
        // An event the other scenarios rarely set off, so the unreachable receiver stays quiet.
        body: { url: 'http://127.0.0.1:9/bench', events: ['disaster.closed'] },
        expect: 201,
      };
    },
  },
  'GET /webhooks': {
    page: true,
    minimum: { reads: 2, writes: 0, why: 'a page of 2' },
    async arrange(ctx) {
      for (let i = 0; i < 3; i++) await storeWebhook(['disaster.closed'], { status: 'disabled' });
      return { method: 'GET', path: '/webhooks?limit=2', token: (await ctx.user('admin')).token, expect: 200 };
    },
  },
  'GET /webhooks/{webhook_id}': {
    minimum: { reads: 1, writes: 0, why: 'the subscriber' },
    async arrange(ctx) {
      const webhook = await storeWebhook(['disaster.closed'], { status: 'disabled' });
      return { method: 'GET', path: `/webhooks/${webhook.id}`, token: (await ctx.user('admin')).token, expect: 200 };
    },
  },
  'PATCH /webhooks/{webhook_id}': {
    minimum: { reads: 1, writes: 2, why: 'the subscriber; the subscriber, its audit record' },
    async arrange(ctx) {
      const webhook = await storeWebhook(['disaster.closed'], { status: 'disabled', disabled_reason: 'admin' });
      return {
        method: 'PATCH',
        path: `/webhooks/${webhook.id}`,
        token: (await ctx.user('admin')).token,
        body: { events: ['disaster.closed', 'disaster.updated'] },
        expect: 200,
      };
    },
  },
  'DELETE /webhooks/{webhook_id}': {
    minimum: { reads: 1, writes: 2, why: 'the subscriber; its deletion, its audit record' },
    async arrange(ctx) {
      const webhook = await storeWebhook(['disaster.closed'], { status: 'disabled' });
      return { method: 'DELETE', path: `/webhooks/${webhook.id}`, token: (await ctx.user('admin')).token, expect: 204 };
    },
  },
  'GET /webhooks/{webhook_id}/deliveries': {
    page: true,
    minimum: { reads: 3, writes: 0, why: 'the subscriber; a page of 2' },
    async arrange(ctx) {
      const webhook = await storeWebhook(['disaster.updated'], { status: 'disabled' });
      for (let i = 0; i < 3; i++) await storeDelivery(webhook.id, { status: 'delivered' });
      return {
        method: 'GET',
        path: `/webhooks/${webhook.id}/deliveries?limit=2`,
        token: (await ctx.user('admin')).token,
        expect: 200,
      };
    },
  },
};
