// Configuration, read when first needed (never at import time), so tests and tools can set the
// environment before the first call. Secrets come from `defineSecret` in production and from
// functions/.secret.local under the emulator.
import { defineSecret } from 'firebase-functions/params';

/** Gemini API key; when empty the deterministic planner and assistant are used. */
export const geminiApiKey = defineSecret('GEMINI_API_KEY');

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * The Gemini API key when one is configured (the secret in production, functions/.secret.local
 * under the emulator), else ''. Unset in tests: then the params layer is not asked (it warns).
 */
export function configuredGeminiKey(): string {
  if (!process.env.GEMINI_API_KEY) return '';
  try {
    return geminiApiKey.value();
  } catch {
    return process.env.GEMINI_API_KEY ?? '';
  }
}

export const config = {
  corsAllowedOrigins: (): string[] => list(process.env.CORS_ALLOWED_ORIGINS),
};
