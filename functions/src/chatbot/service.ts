// POST /chatbot/ask: checks the conversation and the disaster the caller names, gathers the
// caller's own context, answers with Gemini when configured (and within the shared budget) or
// with the deterministic assistant, and appends both turns to the caller's conversation.
import { configuredGemini, geminiBudget, GEMINI_USES } from '../config.js';
import { conversationStore } from './store.js';
import { db } from '../data/firestore.js';
import { NotFoundError } from '../errors.js';
import type { Caller } from '../shared/caller.js';
import { withGeminiFallback } from '../data/gemini-budget.js';
import { logs } from '../logs.js';
import { ALL_PARTS, gatherContext, type ContextParts } from './context.js';
import { deterministicReply, requestedCategories } from './deterministic.js';
import type { GeminiFallback, GeminiSettings } from '../shared/gemini.js';
import { geminiReply } from './gemini.js';
import { detectIntent } from './intents.js';
import {
  CONVERSATION_TTL_HOURS,
  MAX_CONVERSATION_MESSAGES,
  type AskAnswer,
  type AskInput,
  type Conversation,
  type ConversationMessage,
  type Intent,
} from './model.js';

/** What the deterministic assistant reads for each intent (Gemini gets everything). */
const PARTS_FOR: Record<Intent, ContextParts> = {
  request_status: { tasks: false, plans: true, memberships: false },
  how_to_request_help: { tasks: false, plans: false, memberships: true },
  nearest_resource: { tasks: false, plans: false, memberships: false },
  my_tasks: { tasks: true, plans: false, memberships: false },
  disaster_info: { tasks: true, plans: false, memberships: true },
  safety_tips: { tasks: true, plans: false, memberships: true },
  capabilities: { tasks: false, plans: false, memberships: false },
  unknown: { tasks: false, plans: false, memberships: false },
};

/** Gemini calls per minute for the assistant across all instances and users (a shared counter). */
export const GEMINI_ASKS_PER_MINUTE = GEMINI_USES.chatbot.budget[0].limit;

export interface AskOptions {
  gemini: GeminiSettings | null;
  now?: () => number;
}

/** The caller's conversation; another user's or an unknown one is a 404 (its existence is not revealed). */
async function ownConversation(caller: Caller, id: string): Promise<Conversation> {
  const conversation = await conversationStore.get(id);
  if (!conversation || conversation.owner_id !== caller.uid) throw new NotFoundError('Conversation', id);
  return conversation;
}

export async function ask(
  caller: Caller,
  input: AskInput,
  options: AskOptions = { gemini: configuredGemini('chatbot') },
): Promise<AskAnswer> {
  const started = Date.now();
  const now = options.now ?? Date.now;
  // Everything that can reject the request is checked before the one write at the end.
  const history =
    input.conversation_id === undefined ? [] : (await ownConversation(caller, input.conversation_id)).messages;
  const intent = detectIntent(input.message);
  const categories = intent === 'nearest_resource' || options.gemini ? requestedCategories(input.message) : [];
  const parts = options.gemini ? ALL_PARTS : PARTS_FOR[intent];
  const { context, docsRead } = await gatherContext(caller, {
    disasterId: input.disaster_id,
    categories,
    anyNearby: options.gemini !== null,
    parts,
  });

  let answer: Omit<AskAnswer, 'conversation_id'> | undefined;
  let fallback: GeminiFallback | null = null;
  if (options.gemini) {
    const gemini = options.gemini;
    const outcome = await withGeminiFallback(
      geminiBudget('chatbot'),
      () => geminiReply(input.message, context, history, gemini),
      (fallen) => logs.chatbotFallback(caller.uid, fallen.reason),
    );
    fallback = outcome.fallback;
    if (outcome.value)
      answer = { ...outcome.value, assistant: 'gemini', intent: null, fallback_reason: null, fallback_code: null };
  }
  if (!answer) {
    const reply = deterministicReply(input.message, context, intent);
    answer = {
      ...reply,
      assistant: 'deterministic',
      fallback_reason: fallback?.reason ?? null,
      fallback_code: fallback?.code ?? null,
    };
  }

  const at = new Date(now()).toISOString();
  const turns: ConversationMessage[] = [
    { role: 'user', text: input.message, assistant: null, created_at: at },
    { role: 'assistant', text: answer.reply, assistant: answer.assistant, created_at: at },
  ];
  const expiresAt = new Date(now() + CONVERSATION_TTL_HOURS * 3600 * 1000).toISOString();
  const ref =
    input.conversation_id === undefined ? conversationStore.ref().doc() : conversationStore.doc(input.conversation_id);
  await db().runTransaction(async (tx) => {
    const current = input.conversation_id === undefined ? undefined : (await tx.get(ref)).data();
    if (input.conversation_id !== undefined && (!current || current.owner_id !== caller.uid)) {
      throw new NotFoundError('Conversation', input.conversation_id);
    }
    const next: Conversation = {
      id: ref.id,
      owner_id: caller.uid,
      messages: [...(current?.messages ?? []), ...turns].slice(-MAX_CONVERSATION_MESSAGES),
      created_at: current?.created_at ?? at,
      updated_at: at,
      expires_at: expiresAt,
    };
    tx.set(ref, next);
  });
  logs.chatbotAnswered(caller.uid, answer.assistant, answer.intent, Date.now() - started, docsRead);
  return { ...answer, conversation_id: ref.id };
}
