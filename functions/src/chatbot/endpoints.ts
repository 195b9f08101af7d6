// /chatbot/... (spec 4.10).
import { defineEndpoint } from '../http/endpoint.js';
import {
  ASK_RATE_LIMIT,
  askAnswerSchema,
  askBodySchema,
  CONVERSATION_TTL_HOURS,
  MAX_CONVERSATION_MESSAGES,
  MAX_MESSAGE_LENGTH,
} from './model.js';
import * as chatbot from './service.js';

const TAG = 'chatbot';

export const chatbotEndpoints = [
  defineEndpoint({
    method: 'post',
    path: '/chatbot/ask',
    tag: TAG,
    summary: 'Send a message to the automated assistant; the answer is returned.',
    description:
      `Answers from the caller's own records only: their help requests and what is planned for them, their assigned tasks, ` +
      `the disasters they joined, the nearest available resources of a kind, and safety guidance for the disaster type. ` +
      `Uses Gemini when configured, otherwise (and whenever Gemini fails) a deterministic assistant; \`assistant\` says which answered. ` +
      `message: 1 to ${MAX_MESSAGE_LENGTH} characters. Conversations keep the last ${MAX_CONVERSATION_MESSAGES} messages and ` +
      `expire ${CONVERSATION_TTL_HOURS} hours after the last one. Rate limit: ${ASK_RATE_LIMIT.limit} calls per ` +
      `${ASK_RATE_LIMIT.windowSeconds} s per user (429 with Retry-After).`,
    access: 'authenticated',
    ownership: [
      "The reply draws only on records the caller may see (their own requests, tasks assigned to them, public disasters, available resources). conversation_id must be one of the caller's conversations (404 otherwise);",
      'disaster_id must be a disaster the caller may see (404 otherwise).',
    ].join(' '),
    body: askBodySchema,
    response: askAnswerSchema,
    errors: [404],
    rateLimit: ASK_RATE_LIMIT,
    handler: async ({ caller, body }) => chatbot.ask(caller, body),
  }),
];
