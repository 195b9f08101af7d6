// Gemini as a second opinion on a request's likely duplicates, asked at most once per planning run
// (planning/job.ts, beside the planner), and only when Gemini is configured and the scorer left
// some suggestions uncertain (duplicates/gemini.ts uncertainOf): most runs cost nothing. Gemini
// may move those few within bounds; anything going wrong (a failed read, a spent budget, a
// time-out, an error, a malformed, off-schema or out-of-range answer) keeps the scorer's list
// exactly, logged, and never fails the plan.
import { geminiBudget } from '../config.js';
import { withGeminiFallback } from '../data/gemini-budget.js';
import { logs } from '../logs.js';
import type { HelpRequest, PossibleDuplicates, PossibleDuplicatesJudge } from '../requests/model.js';
import { requestStore } from '../requests/store.js';
import type { GeminiFallback, GeminiSettings } from '../shared/gemini.js';
import { judgeWithGemini, uncertainOf } from './gemini.js';
import type { PossibleDuplicate } from './score.js';
import { duplicateInputOf } from './search.js';

export interface JudgedDuplicates {
  duplicates: PossibleDuplicates;
  judge: PossibleDuplicatesJudge;
  /** The judged candidates read again for their words (none when Gemini is not asked). */
  docsRead: number;
}

const byScorer = (fallback: GeminiFallback | null = null): PossibleDuplicatesJudge => ({
  judge: 'deterministic',
  model: null,
  fallback_code: fallback?.code ?? null,
});

/** `ranked` (the scorer's list of `request`), judged again by Gemini where it is uncertain; `gemini` null: as it is. */
export async function withSecondOpinion(
  request: HelpRequest,
  ranked: PossibleDuplicate[],
  gemini: GeminiSettings | null,
): Promise<JudgedDuplicates> {
  const uncertain = uncertainOf(ranked);
  if (gemini === null || uncertain.length === 0) return { duplicates: ranked, judge: byScorer(), docsRead: 0 };
  let docsRead = 0;
  try {
    // Read again for their words: the search keeps only ids and scores (a handful of reads, in
    // the few runs that ask Gemini). One closed or gone since is simply not judged.
    const found = await requestStore.getAll(uncertain.map((s) => s.id));
    docsRead = found.length;
    const candidates = found.flatMap((candidate) => (candidate ? [duplicateInputOf(candidate)] : []));
    if (candidates.length === 0) return { duplicates: ranked, judge: byScorer(), docsRead };
    const { value, fallback } = await withGeminiFallback(
      geminiBudget('duplicates'),
      () => judgeWithGemini(gemini, duplicateInputOf(request), ranked, candidates),
      (fallen) => logs.duplicatesSecondOpinionFallback(request.id, fallen.code, fallen.reason),
      'the shared Gemini budget for likely duplicates this minute is used up',
    );
    if (fallback) return { duplicates: ranked, judge: byScorer(fallback), docsRead };
    logs.duplicatesJudged(request.id, candidates.length, gemini.model);
    return { duplicates: value, judge: { judge: 'gemini', model: gemini.model, fallback_code: null }, docsRead };
  } catch (error) {
    logs.duplicatesSecondOpinionFailed(request.id, error);
    return {
      duplicates: ranked,
      judge: byScorer({ code: 'gemini_unavailable', reason: 'the second opinion could not be asked' }),
      docsRead,
    };
  }
}
