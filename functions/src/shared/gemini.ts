// The one Gemini client of the service (@google/genai, loaded on first use): a JSON answer against
// a zod schema, sent to Gemini as JSON Schema derived from it and validated again with zod (the
// schema is a request, not a guarantee). Each use's settings: geminiSettingsFor in config.ts. Time-outs,
// network errors, 408, 429 and 5xx are retried with bounded, jittered back-off; a blocked,
// withheld, empty, malformed or off-schema answer, or lasting failure, throws GeminiFailure,
// whose reason callers record when they fall back to their deterministic path.
import type { ContentListUnion } from '@google/genai';
import { z } from 'zod';
import { RateLimitedError } from '../errors.js';

export interface GeminiSettings {
  apiKey: string;
  /** The REST endpoint; Google's by default, a local stand-in in tests. */
  baseUrl?: string | undefined;
  model: string;
  /** Per attempt. */
  timeoutMs: number;
  maxAttempts: number;
  initialBackoffMs: number;
  maxOutputTokens?: number | undefined;
}

/** Why a use of Gemini fell back to the deterministic path: stable codes clients may rely on. */
export const GEMINI_FALLBACK_CODES = [
  'gemini_blocked',
  'gemini_unavailable',
  'gemini_invalid_answer',
  'gemini_budget_spent',
] as const;
export type GeminiFallbackCode = (typeof GEMINI_FALLBACK_CODES)[number];

/** Why Gemini's answer could not be used. Never carries the prompt or the answer. */
export class GeminiFailure extends Error {
  constructor(
    readonly reason: string,
    readonly attempts: number,
    readonly code: Exclude<GeminiFallbackCode, 'gemini_budget_spent'>,
  ) {
    super(reason);
    this.name = 'GeminiFailure';
  }
}

export interface GeminiFallback {
  code: GeminiFallbackCode;
  /** A short sentence for people and logs; no internals. */
  reason: string;
}

/**
 * Why a use of Gemini fell back, for an error its caller should answer deterministically: a
 * GeminiFailure, or a spent shared budget (RateLimitedError). Null for any other error: rethrow it.
 */
export function geminiFallbackOf(
  error: unknown,
  budget = 'the shared Gemini budget for this minute is used up',
): GeminiFallback | null {
  if (error instanceof GeminiFailure) return { code: error.code, reason: error.reason };
  if (error instanceof RateLimitedError) return { code: 'gemini_budget_spent', reason: budget };
  return null;
}

export interface GeminiJsonRequest<T> {
  contents: ContentListUnion;
  systemInstruction: string;
  /** What the answer must be; Gemini gets it as JSON Schema (geminiJsonSchemaOf), descriptions included. */
  schema: z.ZodType<T>;
  temperature?: number;
}

/**
 * The keywords `responseJsonSchema` accepts (@google/genai's GenerationConfig); Gemini rejects
 * or ignores others ($schema, minLength, maxLength, pattern...), which zod checks on the answer anyway.
 */
const GEMINI_SCHEMA_KEYWORDS = new Set([
  '$id',
  '$defs',
  '$ref',
  '$anchor',
  'type',
  'format',
  'title',
  'description',
  'enum',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'anyOf',
  'oneOf',
  'properties',
  'additionalProperties',
  'required',
  'propertyOrdering',
]);

type JsonSchemaNode = Record<string, unknown>;

const isNode = (value: unknown): value is JsonSchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function mapValues(value: unknown, map: (node: unknown) => unknown): unknown {
  return isNode(value) ? Object.fromEntries(Object.entries(value).map(([key, node]) => [key, map(node)])) : value;
}

const forGemini = (value: unknown): unknown => (isNode(value) ? forGeminiNode(value) : value);

/** One schema node with only the keywords Gemini accepts; `const` becomes a one-value enum. */
function forGeminiNode(node: JsonSchemaNode): JsonSchemaNode {
  const kept: JsonSchemaNode = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === 'const') kept.enum = [value];
    else if (!GEMINI_SCHEMA_KEYWORDS.has(keyword)) continue;
    else if (keyword === 'properties' || keyword === '$defs') kept[keyword] = mapValues(value, forGemini);
    else if (keyword === 'items' || keyword === 'additionalProperties') kept[keyword] = forGemini(value);
    else if (keyword === 'anyOf' || keyword === 'oneOf' || keyword === 'prefixItems')
      kept[keyword] = Array.isArray(value) ? value.map(forGemini) : value;
    else kept[keyword] = value;
  }
  return kept;
}

const jsonSchemas = new WeakMap<z.ZodType, JsonSchemaNode>();

/**
 * The JSON Schema of what a zod schema outputs (what Gemini must answer: fields with defaults
 * are asked for too), trimmed to what Gemini accepts; derived once per schema, on first use.
 */
export function geminiJsonSchemaOf(schema: z.ZodType): JsonSchemaNode {
  let derived = jsonSchemas.get(schema);
  if (!derived) {
    const full = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output', unrepresentable: 'throw' });
    derived = forGeminiNode(full);
    jsonSchemas.set(schema, derived);
  }
  return derived;
}

const BLOCKING_FINISH_REASONS = new Set([
  'SAFETY',
  'PROHIBITED_CONTENT',
  'BLOCKLIST',
  'SPII',
  'RECITATION',
  'IMAGE_SAFETY',
]);

/** A failure worth another attempt: time-outs, network errors, 408, 429, 5xx. */
function isRetryable(error: unknown): boolean {
  if (error instanceof GeminiFailure) return false;
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number') return status === 408 || status === 429 || status >= 500;
  return true;
}

function describeError(error: unknown): string {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number') return status === 429 ? 'rate limited (HTTP 429)' : `HTTP ${status}`;
  if (
    error instanceof Error &&
    (error.name === 'AbortError' || error.name === 'TimeoutError' || /abort|time-?out/i.test(error.message))
  )
    return 'time-out';
  return 'network error';
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One call: the answer's text, or a GeminiFailure for a blocked, withheld or empty answer. */
async function generateText<T>(settings: GeminiSettings, request: GeminiJsonRequest<T>): Promise<string> {
  const { GoogleGenAI } = await import('@google/genai');
  const ai = new GoogleGenAI({
    apiKey: settings.apiKey,
    httpOptions: { ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}), timeout: settings.timeoutMs },
  });
  const response = await ai.models.generateContent({
    model: settings.model,
    contents: request.contents,
    config: {
      systemInstruction: request.systemInstruction,
      responseMimeType: 'application/json',
      responseJsonSchema: geminiJsonSchemaOf(request.schema),
      temperature: request.temperature ?? 0.2,
      ...(settings.maxOutputTokens ? { maxOutputTokens: settings.maxOutputTokens } : {}),
    },
  });
  const blockReason = response.promptFeedback?.blockReason;
  if (blockReason) throw new GeminiFailure(`Gemini blocked the prompt (${blockReason})`, 0, 'gemini_blocked');
  const finishReason = response.candidates?.[0]?.finishReason;
  if (finishReason && BLOCKING_FINISH_REASONS.has(finishReason)) {
    throw new GeminiFailure(`Gemini withheld its answer (finish reason ${finishReason})`, 0, 'gemini_blocked');
  }
  const text = response.text;
  if (!text) throw new GeminiFailure('Gemini returned an empty answer', 0, 'gemini_invalid_answer');
  return text;
}

/** Gemini's answer to `request`, parsed and validated against `request.schema`. */
export async function generateJson<T>(settings: GeminiSettings, request: GeminiJsonRequest<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let text: string;
    try {
      text = await generateText(settings, request);
    } catch (error) {
      if (error instanceof GeminiFailure) throw new GeminiFailure(error.reason, attempt, error.code);
      if (!isRetryable(error) || attempt >= settings.maxAttempts) {
        throw new GeminiFailure(
          `Gemini failed after ${attempt} attempt(s): ${describeError(error)}`,
          attempt,
          'gemini_unavailable',
        );
      }
      const backoff = Math.min(8000, settings.initialBackoffMs * 2 ** (attempt - 1));
      await sleep(backoff / 2 + Math.random() * (backoff / 2));
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new GeminiFailure('Gemini answered malformed JSON', attempt, 'gemini_invalid_answer');
    }
    const parsed = request.schema.safeParse(json);
    if (!parsed.success) {
      throw new GeminiFailure(
        `Gemini's answer does not match the schema (${parsed.error.issues[0]?.message ?? 'invalid'})`,
        attempt,
        'gemini_invalid_answer',
      );
    }
    return parsed.data;
  }
}
