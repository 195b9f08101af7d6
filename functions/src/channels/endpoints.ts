// /channels/twilio/... : the Twilio webhooks (SMS and WhatsApp).
import { z } from 'zod';
import { defineEndpoint, Reply } from '../http/endpoint.js';
import { twilioInboundSchema } from './model.js';
import { verifyTwilioSignature } from './signature.js';

const TAG = 'channels';

/**
 * Per client IP, as the router counts anonymous calls: Twilio's own addresses, so far above any
 * real traffic; the limits that matter (per number, all numbers) are in channels/inbound.ts. Every
 * message bumps the counter of the address Twilio sent it from, one of a few: sharded like the
 * count for all numbers.
 */
export const TWILIO_WEBHOOK_LIMIT = { bucket: 'twilio:webhook', limit: 1200, windowSeconds: 60, shards: 10 } as const;

export const inboundChannelEndpoints = [
  defineEndpoint({
    method: 'post',
    path: '/channels/twilio/inbound',
    tag: TAG,
    summary: "Twilio's inbound message webhook (SMS and WhatsApp): help requests, STATUS, STOP, START, HELP.",
    description:
      "Takes the form Twilio posts (application/x-www-form-urlencoded) signed with X-Twilio-Signature over PUBLIC_API_BASE_URL + this path (403 and nothing written otherwise). Answers TwiML (text/xml): one short reply in the sender's language, or an empty <Response/> for a MessageSid already processed, a dropped message (limits) or a number that sent STOP. The rules, keywords and limits: docs/channels.md.",
    access: 'public',
    ownership:
      "No token: the caller proves it is Twilio with the signature. Each number acts as its own affected_individual user (created at its first message); STATUS shows only that user's own requests.",
    bodyFormat: 'form',
    verify: verifyTwilioSignature,
    body: twilioInboundSchema,
    produces: ['text/xml'],
    response: z.string().describe('TwiML: <Response> with at most one <Message>.'),
    rateLimit: TWILIO_WEBHOOK_LIMIT,
    handler: async ({ body }) => {
      const { receiveMessage } = await import('./inbound.js');
      return new Reply(200, await receiveMessage(body), { 'Content-Type': 'text/xml; charset=utf-8' });
    },
  }),
];
