// /channels/twilio/... : the Twilio webhooks (SMS and WhatsApp).
import { z } from 'zod';
import { defineEndpoint, Reply } from '../http/endpoint.js';
import { config } from '../config.js';
import { INTAKE_LIMITS } from './limits.js';
import { twilioInboundSchema } from './model.js';
import { verifyTwilioSignature } from './signature.js';

const TAG = 'channels';

// No per-IP limit on the inbound webhook: only calls Twilio signed get past `verify`, and they all
// come from a few Twilio addresses, so a per-IP count would be one count for every sender, whose
// refusals (429) are lost messages (Twilio does not retry them): security review 3, F1. The limits
// that matter, per number first, are counted by the handler (channels/limits.ts).

export const inboundChannelEndpoints = [
  defineEndpoint({
    method: 'post',
    path: '/channels/twilio/inbound',
    tag: TAG,
    summary: "Twilio's inbound message webhook (SMS and WhatsApp): help requests, STATUS, STOP, START, HELP.",
    description: [
      'Takes the form Twilio posts (application/x-www-form-urlencoded) signed with X-Twilio-Signature over PUBLIC_API_BASE_URL + this path (403 and nothing written otherwise).',
      "Answers TwiML (text/xml): one short reply in the sender's language, or an empty <Response/> for a MessageSid already processed, a message of a number past its own limit, a reply past the SMS spend limits, or a number that sent STOP.",
      'Every reply is logged in outbound_messages.',
      'The rules, keywords and limits: docs/channels.md.',
    ].join(' '),
    access: 'public',
    ownership: [
      'No token: the caller proves it is Twilio with the signature.',
      'Each number acts as its own affected_individual user (created at its first message);',
      "STATUS shows only that user's own requests.",
    ].join(' '),
    bodyFormat: 'form',
    verify: verifyTwilioSignature,
    handlerLimits: INTAKE_LIMITS,
    body: twilioInboundSchema,
    produces: ['text/xml'],
    response: z.string().describe('TwiML: <Response> with at most one <Message>.'),
    handler: async ({ body }) => {
      const { receiveMessage } = await import('./inbound.js');
      return new Reply(200, await receiveMessage(body), { 'Content-Type': 'text/xml; charset=utf-8' });
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/channels/numbers',
    tag: TAG,
    summary: 'The numbers people can text for help (SMS) and write to on WhatsApp.',
    description:
      'The console keeps them for "Send by SMS" when the data network is down (docs/channels.md). Touches no database.',
    access: 'public',
    response: z.object({
      sms: z.string().describe('E.164.'),
      whatsapp: z.string().describe('E.164.'),
    }),
    handler: () =>
      Promise.resolve({
        sms: config.twilioFromNumber(),
        whatsapp: config.twilioWhatsAppFrom().replace(/^whatsapp:/, ''),
      }),
  }),
];
