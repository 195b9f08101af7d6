// The assistant (spec 1.7, 4.10): what POST /chatbot/ask takes and answers, and the stored
// conversation history (`conversations/{id}`, one owner, bounded, expiring).
import { z } from 'zod';
import { idSchema, isoDateTime, boundedText } from '../shared/schemas.js';
import { GEMINI_FALLBACK_CODES } from '../shared/gemini.js';

/** Longest message a caller may send (characters, after trimming). */
export const MAX_MESSAGE_LENGTH = 1000;
/** Messages kept per conversation (user and assistant turns together); older ones are dropped. */
export const MAX_CONVERSATION_MESSAGES = 20;
/** A conversation is deleted (TTL policy on `expires_at`) this long after its last message. */
export const CONVERSATION_TTL_HOURS = 72;
/** POST /chatbot/ask calls per user and minute: each may cost a Gemini call. */
export const ASK_RATE_LIMIT = { bucket: 'chatbot:ask', limit: 10, windowSeconds: 60 } as const;

export const ASSISTANTS = ['deterministic', 'gemini'] as const;
export const assistantSchema = z.enum(ASSISTANTS);
export type AssistantKind = z.infer<typeof assistantSchema>;

export const INTENTS = [
  'request_status',
  'how_to_request_help',
  'nearest_resource',
  'my_tasks',
  'disaster_info',
  'safety_tips',
  'capabilities',
  'unknown',
] as const;
export const intentSchema = z.enum(INTENTS);
export type Intent = z.infer<typeof intentSchema>;

export const askBodySchema = z.strictObject({
  message: boundedText(1, MAX_MESSAGE_LENGTH).describe(`What to ask, 1 to ${MAX_MESSAGE_LENGTH} characters.`),
  disaster_id: idSchema
    .optional()
    .describe('A disaster the question is about (confirmed; suggestions for admins only).'),
  conversation_id: idSchema.optional().describe('Continue one of your conversations; omit to start a new one.'),
});
export type AskInput = z.infer<typeof askBodySchema>;

export const sourcesSchema = z
  .object({
    requests: z.array(idSchema),
    tasks: z.array(idSchema),
    resources: z.array(idSchema),
    disasters: z.array(idSchema),
  })
  .describe('Ids of the records the reply drew on; all of them are records the caller may see.');
export type Sources = z.infer<typeof sourcesSchema>;

export const emptySources = (): Sources => ({ requests: [], tasks: [], resources: [], disasters: [] });

export const askAnswerSchema = z
  .object({
    reply: z.string(),
    conversation_id: idSchema,
    assistant: assistantSchema.describe(
      'Which assistant answered: gemini, or the deterministic one (always available).',
    ),
    intent: intentSchema.nullable().describe('What the deterministic assistant understood; null when Gemini answered.'),
    fallback_reason: z
      .string()
      .nullable()
      .describe(
        'Why the deterministic assistant answered although Gemini is configured (time-out, rate limited, blocked, ...).',
      ),
    fallback_code: z.enum(GEMINI_FALLBACK_CODES).nullable().describe('The same, as a stable code.'),
    sources: sourcesSchema,
  })
  .describe("The assistant's answer.");
export type AskAnswer = z.infer<typeof askAnswerSchema>;

export const conversationMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  assistant: assistantSchema.nullable(),
  created_at: isoDateTime,
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

/** `conversations/{id}`: one user's exchange with the assistant; readable by its owner only. */
export const conversationSchema = z.object({
  id: idSchema,
  owner_id: idSchema,
  messages: z.array(conversationMessageSchema).max(MAX_CONVERSATION_MESSAGES),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  /** TTL policy field (firestore.indexes.json): the document is deleted after this time. */
  expires_at: isoDateTime,
});
export type Conversation = z.infer<typeof conversationSchema>;
