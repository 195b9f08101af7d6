// The one Gemini client of the service (@google/genai, loaded on first use): a JSON answer against
// a schema, validated again with zod (the schema is a request, not a guarantee). Time-outs,
// network errors, 408, 429 and 5xx are retried with bounded, jittered back-off; a blocked,
// withheld, empty, malformed or off-schema answer, or lasting failure, throws GeminiFailure,
// whose reason callers record when they fall back to their deterministic path.
import type { ContentListUnion } from '@google/genai';
import type { z } from 'zod';

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

export const DEFAULT_GEMINI_MODEL = 'gemini-2.5-flash';

/** How one use of Gemini is tuned; the per-attempt time-out can be overridden by `timeoutVar`. */
export interface GeminiTuning {
  timeoutVar: string;
  timeoutMs: number;
  maxAttempts: number;
  initialBackoffMs: number;
  maxOutputTokens?: number;
}

/** Settings from the environment: GEMINI_BASE_URL (a stand-in in tests), GEMINI_MODEL, and the tuning's time-out variable. */
export function geminiSettingsFromEnv(apiKey: string, env: NodeJS.ProcessEnv, tuning: GeminiTuning): GeminiSettings {
  const timeoutMs = Number(env[tuning.timeoutVar]);
  return {
    apiKey,
    baseUrl: env.GEMINI_BASE_URL || undefined,
    model: env.GEMINI_MODEL || DEFAULT_GEMINI_MODEL,
    timeoutMs: Number.isFinite(timeoutMs) && timeoutMs > 0 ? timeoutMs : tuning.timeoutMs,
    maxAttempts: tuning.maxAttempts,
    initialBackoffMs: tuning.initialBackoffMs,
    maxOutputTokens: tuning.maxOutputTokens,
  };
}

/** Why Gemini's answer could not be used. Never carries the prompt or the answer. */
export class GeminiFailure extends Error {
  constructor(
    readonly reason: string,
    readonly attempts: number,
  ) {
    super(reason);
    this.name = 'GeminiFailure';
  }
}

export interface GeminiJsonRequest<T> {
  contents: ContentListUnion;
  systemInstruction: string;
  responseJsonSchema: Record<string, unknown>;
  schema: z.ZodType<T>;
  temperature?: number;
}

const BLOCKING_FINISH_REASONS = new Set(['SAFETY', 'PROHIBITED_CONTENT', 'BLOCKLIST', 'SPII', 'RECITATION', 'IMAGE_SAFETY']);

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
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError' || /abort|time-?out/i.test(error.message))) return 'time-out';
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
      responseJsonSchema: request.responseJsonSchema,
      temperature: request.temperature ?? 0.2,
      ...(settings.maxOutputTokens ? { maxOutputTokens: settings.maxOutputTokens } : {}),
    },
  });
  const blockReason = response.promptFeedback?.blockReason;
  if (blockReason) throw new GeminiFailure(`Gemini blocked the prompt (${blockReason})`, 0);
  const finishReason = response.candidates?.[0]?.finishReason;
  if (finishReason && BLOCKING_FINISH_REASONS.has(finishReason)) {
    throw new GeminiFailure(`Gemini withheld its answer (finish reason ${finishReason})`, 0);
  }
  const text = response.text;
  if (!text) throw new GeminiFailure('Gemini returned an empty answer', 0);
  return text;
}

/** Gemini's answer to `request`, parsed and validated against `request.schema`. */
export async function generateJson<T>(settings: GeminiSettings, request: GeminiJsonRequest<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let text: string;
    try {
      text = await generateText(settings, request);
    } catch (error) {
      if (error instanceof GeminiFailure) throw new GeminiFailure(error.reason, attempt);
      if (!isRetryable(error) || attempt >= settings.maxAttempts) {
        throw new GeminiFailure(`Gemini failed after ${attempt} attempt(s): ${describeError(error)}`, attempt);
      }
      const backoff = Math.min(8000, settings.initialBackoffMs * 2 ** (attempt - 1));
      await sleep(backoff / 2 + Math.random() * (backoff / 2));
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new GeminiFailure('Gemini answered malformed JSON', attempt);
    }
    const parsed = request.schema.safeParse(json);
    if (!parsed.success) {
      throw new GeminiFailure(`Gemini's answer does not match the schema (${parsed.error.issues[0]?.message ?? 'invalid'})`, attempt);
    }
    return parsed.data;
  }
}
