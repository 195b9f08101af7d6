// Figure 3: the cost scenarios of the channels endpoints (src/channels/endpoints.ts).
import { knownNumbers, twilioStatusMessage } from '../fixtures.js';
import type { CostScenario } from './scenario.js';

export const channelsCostScenarios: Record<string, CostScenario> = {
  'POST /channels/twilio/inbound': {
    minimum: {
      reads: 25,
      writes: 7,
      why: "a STATUS message of a known number: the MessageSid claim, the contact, its requests (a page: one read even when empty); the claim and the contact written, two inbound limit counters (one write each; one read for the number, 10 for all numbers: its shards); the reply's log record written and its spend (the number's count and the day's 10 shards read, one write each)",
    },
    arrange: async () => {
      const [number] = await knownNumbers(1);
      const url = `${process.env.PUBLIC_API_BASE_URL ?? ''}/channels/twilio/inbound`;
      const { form, signature } = twilioStatusMessage(url, number!);
      return {
        method: 'POST',
        path: '/channels/twilio/inbound',
        rawBody: new URLSearchParams(form).toString(),
        contentType: 'application/x-www-form-urlencoded',
        headers: { 'x-twilio-signature': signature },
        expect: 200,
      };
    },
  },
};
