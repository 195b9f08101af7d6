// Figure 3: the cost scenarios of the outbound endpoints (src/outbound/endpoints.ts).
import { sentMessage } from '../../../test/helpers/outbound-message.js';
import { PAGE } from '../fixtures.js';
import type { CostScenario } from './scenario.js';

export const outboundCostScenarios: Record<string, CostScenario> = {
  'GET /outbound-messages': {
    page: true,
    minimum: { reads: PAGE, writes: 0, why: `a page of ${PAGE}` },
    async arrange(ctx) {
      const admin = await ctx.user('admin');
      await Promise.all(Array.from({ length: PAGE + 1 }, () => sentMessage()));
      return { method: 'GET', path: `/outbound-messages?limit=${PAGE}`, token: admin.token, expect: 200 };
    },
  },
  'POST /channels/twilio/status': {
    minimum: { reads: 1, writes: 1, why: 'the message by its Twilio sid; its status' },
    async arrange() {
      const message = await sentMessage();
      const fields = { MessageSid: message.provider_id ?? '', MessageStatus: 'delivered' };
      const url = `${process.env.PUBLIC_API_BASE_URL ?? ''}/channels/twilio/status`;
      const { default: twilio } = await import('twilio');
      return {
        method: 'POST',
        path: '/channels/twilio/status',
        rawBody: new URLSearchParams(fields).toString(),
        contentType: 'application/x-www-form-urlencoded',
        headers: { 'x-twilio-signature': twilio.getExpectedTwilioSignature('local-twilio-auth-token', url, fields) },
        expect: 204,
      };
    },
  },
};
