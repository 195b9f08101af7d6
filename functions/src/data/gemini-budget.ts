// The one way a feature calls Gemini: spend the use's shared budget (config.ts GEMINI_USES), then
// call; a spent budget or a failed call (GeminiFailure) is reported as a fallback for the caller
// to answer deterministically, and any other error is thrown.
import { geminiFallbackOf, type GeminiFallback } from '../shared/gemini.js';
import { consumeRateLimit, type RateLimitRule } from './window-count.js';

export type GeminiOutcome<T> = { value: T; fallback: null } | { value: null; fallback: GeminiFallback };

/**
 * Spends every rule of `budget` (counted for all callers together), then runs `call`. On a
 * fallback, `onFallback` logs it before it is returned. `budgetSpentReason` is the reason given
 * when the budget is spent.
 */
export async function withGeminiFallback<T>(
  budget: readonly RateLimitRule[],
  call: () => Promise<T>,
  onFallback: (fallback: GeminiFallback) => void,
  budgetSpentReason?: string,
): Promise<GeminiOutcome<T>> {
  try {
    for (const rule of budget) await consumeRateLimit(rule, 'global');
    return { value: await call(), fallback: null };
  } catch (error) {
    const fallback = geminiFallbackOf(error, budgetSpentReason);
    if (!fallback) throw error;
    onFallback(fallback);
    return { value: null, fallback };
  }
}
