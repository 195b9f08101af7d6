// Gemini as a second opinion on a request's likely duplicates, asked at most once per planning run
// (planning/job.ts, beside the planner), and only when Gemini is configured and the scorer left
// some suggestions uncertain (duplicates/gemini.ts uncertainOf): most runs cost nothing, and none
// reads anything more (the search's own candidates are judged). Gemini may move those few within
// bounds; anything going wrong (a spent budget, a time-out, an error, a malformed, off-schema or
// out-of-range answer) keeps the scorer's list exactly, logged, and never fails the plan.
import { geminiBudget } from '../config.js';
import { withGeminiFallback } from '../data/gemini-budget.js';
import { logs } from '../logs.js';
import type { HelpRequest, PossibleDuplicates, PossibleDuplicatesJudge } from '../requests/model.js';
import type { GeminiFallback, GeminiSettings } from '../shared/gemini.js';
import { judgeWithGemini, uncertainOf } from './gemini.js';
import type { DuplicateInput, PossibleDuplicate } from './score.js';
import { duplicateInputOf } from './search.js';

export interface JudgedDuplicates {
  duplicates: PossibleDuplicates;
  judge: PossibleDuplicatesJudge;
}

const byScorer = (fallback: GeminiFallback | null = null): PossibleDuplicatesJudge => ({
  judge: 'deterministic',
  model: null,
  fallback_code: fallback?.code ?? null,
});

/**
 * `ranked` (the scorer's list of `request`, from the candidates `suggested` as the search read
 * them), judged again by Gemini where it is uncertain; `gemini` null: as it is.
 */
export async function withSecondOpinion(
  request: HelpRequest,
  ranked: PossibleDuplicate[],
  suggested: readonly DuplicateInput[],
  gemini: GeminiSettings | null,
): Promise<JudgedDuplicates> {
  // The uncertain ones best first, as Gemini numbers them.
  const byId = new Map(suggested.map((c) => [c.id, c]));
  const candidates = uncertainOf(ranked).flatMap((s) => byId.get(s.id) ?? []);
  if (gemini === null || candidates.length === 0) return { duplicates: ranked, judge: byScorer() };
  try {
    const { value, fallback } = await withGeminiFallback(
      geminiBudget('duplicates'),
      () => judgeWithGemini(gemini, duplicateInputOf(request), ranked, candidates),
      (fallen) => logs.duplicatesSecondOpinionFallback(request.id, fallen.code, fallen.reason),
      'the shared Gemini budget for likely duplicates this minute is used up',
    );
    if (fallback) return { duplicates: ranked, judge: byScorer(fallback) };
    logs.duplicatesJudged(request.id, candidates.length, gemini.model);
    return { duplicates: value, judge: { judge: 'gemini', model: gemini.model, fallback_code: null } };
  } catch (error) {
    logs.duplicatesSecondOpinionFailed(request.id, error);
    return {
      duplicates: ranked,
      judge: byScorer({ code: 'gemini_unavailable', reason: 'the second opinion could not be asked' }),
    };
  }
}
