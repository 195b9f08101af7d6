// Figure 3: the cost scenarios of the outbound endpoints (src/outbound/endpoints.ts).
import { outboundMessageStore } from '../../../src/outbound/store.js';
import type { OutboundMessage } from '../../../src/outbound/model.js';
import { PAGE } from '../fixtures.js';
import type { CostScenario } from './scenario.js';

/** An outbound SMS already sent (the worker leaves a final message alone), written directly. */
async function sentMessage(): Promise<OutboundMessage> {
  const now = new Date().toISOString();
  const id = `bench${Date.now().toString(36)}${Math.floor(Math.random() * 1e9).toString(36)}`;
  const message: OutboundMessage = {
    id,
    channel: 'sms',
    to: '+639170000000',
    recipient_uid: 'bench-recipient',
    template: 'request_on_route',
    language: 'en',
    body: 'Request ABC123: a responder is on the way.',
    urgent: false,
    status: 'sent',
    reason: null,
    error: null,
    attempts: 1,
    lease_until: null,
    provider_id: `SM${id}`,
    audit_id: 'bench',
    request_id: null,
    task_id: null,
    sent_at: now,
    delivered_at: null,
    created_at: now,
    updated_at: now,
  };
  await outboundMessageStore.doc(id).create(message);
  return message;
}

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
