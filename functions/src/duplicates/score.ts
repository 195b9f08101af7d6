// Likely duplicates across people and channels, scored: a pure function of a request and the
// candidates read for it, so that planning (candidates from Firestore, duplicates/search.ts) and
// the benchmark (an in-memory corpus, bench/duplicates.ts) run the very same scorer. Deterministic:
// the same request and candidates always give the same suggestions, in the same order.
import type { Need } from '../shared/vocabulary.js';
import { distanceKm } from '../shared/geo.js';
import type { Location } from '../shared/schemas.js';
import { countsIn, localWeights, similarity, trigrams, type GramWeight } from './text.js';

/**
 * How far apart two reports of one need may lie and still be "near": tighter where a few hundred
 * metres are another household (a rescue, a patient), wider where one distribution point serves a
 * neighbourhood (water, food). Reports of one place differ by up to ~300 m of GPS error each.
 */
export const NEAR_KM: Record<Need, number> = {
  rescue: 0.75,
  medical: 0.75,
  evacuation: 1,
  shelter: 1.5,
  food: 2,
  water: 2,
  sanitation: 2,
  other: 1.5,
};
/**
 * How far planning reads candidates around a request's point: its need's band, at most this.
 * Two reports of one place lie within ~0.6 km of each other (GPS error); a wider ring costs reads
 * (the geohash cells grow with it) for candidates that score low unless a phone ties them, and
 * those are read by phone anyway.
 */
export const SEARCH_KM_MAX = 1;
/** Candidates must have been made within this many hours of the request, before or after. */
export const DUPLICATE_WINDOW_HOURS = 72;
/** Within this many hours: `close_in_time`. */
export const CLOSE_IN_TIME_HOURS = 6;
/** Text whose trigram similarity reaches this: `similar_text` (description) or `similar_place` (location_text). */
export const SIMILAR_TEXT = 0.3;
/** Suggestions scoring below this are not kept. */
export const DUPLICATE_THRESHOLD = 0.5;
/** Suggestions kept on a request, best first. */
export const MAX_DUPLICATES = 5;
/** Phone numbers are compared on their last this many digits when one was written by hand (no country code). */
export const PHONE_MATCH_DIGITS = 9;

export const DUPLICATE_REASONS = [
  'same_phone',
  'household_phone',
  'same_requester',
  'near',
  'same_need',
  'similar_text',
  'similar_place',
  'close_in_time',
] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

export interface PossibleDuplicate {
  id: string;
  /** 0 to 1, two decimals. */
  score: number;
  reasons: DuplicateReason[];
}

/** What the scorer reads of a request: see `duplicateInputOf` (duplicates/search.ts). */
export interface DuplicateInput {
  id: string;
  disaster_id: string;
  owner_id: string;
  type_of_need: Need;
  description: string;
  location_text: string | null;
  /** Null while the request waits for its point (its stored point is a placeholder). */
  location: Location | null;
  /** The E.164 number it was sent from (requester_contact.phone), if any. */
  phone: string | null;
  created_at: string;
  /** Candidates only: open and in-progress requests may be duplicates; fulfilled and closed ones not. */
  status: string;
}

export const OPEN_STATUSES = ['open', 'in_progress'] as const;

const digitsOf = (phone: string) => phone.replace(/\D/g, '');
const phoneKey = (digits: string) => digits.slice(-PHONE_MATCH_DIGITS);

/**
 * Numbers written in a text, as E.164 where that can be known: `+63 917 123 4567` and
 * `0063...` as written; a local number (`0917 123 4567`) in the country of `ownPhone` when it
 * has the length of that number's national part (the trunk 0 dropped). Others stay digits only.
 */
export function phonesInText(text: string | null, ownPhone: string | null): string[] {
  if (!text) return [];
  const found = new Set<string>();
  for (const match of text.matchAll(/(?:\+|\b)\d[\d\s().-]{5,18}\d\b/g)) {
    const written = match[0];
    const digits = digitsOf(written);
    if (digits.length < 7 || digits.length > 15) continue;
    if (written.startsWith('+')) found.add(`+${digits}`);
    else if (digits.startsWith('00')) found.add(`+${digits.slice(2)}`);
    else {
      const national = digits.replace(/^0/, '');
      const own = ownPhone === null ? '' : digitsOf(ownPhone);
      found.add(own.length > national.length ? `+${own.slice(0, own.length - national.length)}${national}` : digits);
    }
  }
  return [...found];
}

/** What one request is compared by: computed once per request, not once per pair. */
interface Prepared {
  input: DuplicateInput;
  createdMs: number;
  description: Set<string>;
  place: Set<string> | null;
  /** Keys (last PHONE_MATCH_DIGITS digits) of the numbers its texts name. */
  named: Set<string>;
  /** How many people its description says there are (small numbers it states). */
  counts: Set<number>;
}

function prepare(input: DuplicateInput): Prepared {
  const named = [
    ...phonesInText(input.description, input.phone),
    ...phonesInText(input.location_text, input.phone),
  ].map((phone) => phoneKey(digitsOf(phone)));
  return {
    input,
    createdMs: Date.parse(input.created_at),
    description: trigrams(input.description),
    place: input.location_text ? trigrams(input.location_text) : null,
    named: new Set(named),
    counts: countsIn(input.description),
  };
}

const ownKey = (p: Prepared) => (p.input.phone === null ? null : phoneKey(digitsOf(p.input.phone)));

/**
 * The household link: one request names, in its description or place note, the number the other
 * was sent from, or both name the same number. A relative abroad or a neighbour reporting for a
 * household gives the household's number; the same number sent from is `same_phone` instead.
 */
function householdLink(a: Prepared, b: Prepared): boolean {
  const [keyA, keyB] = [ownKey(a), ownKey(b)];
  if (keyB !== null && a.named.has(keyB)) return true;
  if (keyA !== null && b.named.has(keyA)) return true;
  for (const key of a.named) if (b.named.has(key)) return true;
  return false;
}

/** Two reports of one place lie up to this far apart (GPS error of ~300 m each). */
export const SAME_PLACE_KM = 0.6;

/**
 * Where both points are known: 1 at the same point, 0.5 at SAME_PLACE_KM (or the band's edge if
 * tighter), falling to 0 at three bands: a neighbour 1 km away is in the band of water but it is
 * less likely the same household than one 200 m away.
 */
function proximity(km: number, band: number): number {
  const scale = Math.min(band, SAME_PLACE_KM);
  if (km <= scale) return 1 - (0.5 * km) / scale;
  return Math.max(0, 0.5 * (1 - (km - scale) / (3 * band - scale)));
}

/** 1 within CLOSE_IN_TIME_HOURS, falling to 0 at the window's edge. */
function closeness(hours: number): number {
  if (hours <= CLOSE_IN_TIME_HOURS) return 1;
  return Math.max(0, 1 - (hours - CLOSE_IN_TIME_HOURS) / (DUPLICATE_WINDOW_HOURS - CLOSE_IN_TIME_HOURS));
}

/**
 * The weights of the evidence, tuned on the labelled corpus (test/helpers/duplicate-corpus.ts,
 * `npm run bench -- --figures=duplicates`): a logistic score of their sum.
 */
export interface Weights {
  bias: number;
  proximity: number;
  /** The proximity counted when either point is unknown (a request waiting for its point). */
  unknownProximity: number;
  text: number;
  place: number;
  time: number;
  samePhone: number;
  household: number;
  sameRequester: number;
  sameNeed: number;
  count: number;
}

export const WEIGHTS: Weights = {
  bias: -14,
  proximity: 6,
  unknownProximity: 0.4,
  text: 5,
  place: 1.5,
  time: 4,
  samePhone: 6,
  household: 6,
  sameRequester: 1,
  sameNeed: 3,
  count: 1.5,
};

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The evidence that `b` repeats `a`, or null when it cannot (see the gates). */
export interface PairEvidence {
  km: number | null;
  band: number;
  hours: number;
  sameNeed: boolean;
  samePhone: boolean;
  household: boolean;
  sameRequester: boolean;
  text: number;
  place: number | null;
  /** 1: both state the same number of people; -1: both state numbers, none in common; 0: otherwise. */
  count: number;
}

/** What is compared with what: the trigram weights of the texts read together. */
interface Weighing {
  description: GramWeight;
  place: GramWeight;
}

function countAgreement(a: Set<number>, b: Set<number>): number {
  if (a.size === 0 || b.size === 0) return 0;
  for (const n of a) if (b.has(n)) return 1;
  return -1;
}

function evidenceOf(a: Prepared, b: Prepared, weighing: Weighing): PairEvidence | null {
  const [x, y] = [a.input, b.input];
  if (x.id === y.id || x.disaster_id !== y.disaster_id) return null;
  if (!(OPEN_STATUSES as readonly string[]).includes(y.status)) return null;
  const hours = Math.abs(a.createdMs - b.createdMs) / 3_600_000;
  if (!(hours <= DUPLICATE_WINDOW_HOURS)) return null;
  const band = Math.min(NEAR_KM[x.type_of_need], NEAR_KM[y.type_of_need]);
  const km = x.location && y.location ? distanceKm(x.location, y.location) : null;
  const samePhone = x.phone !== null && x.phone === y.phone;
  const household = !samePhone && householdLink(a, b);
  // Far apart and nothing ties the two people together: not the same need, whatever the words.
  if (km !== null && km > 3 * band && !samePhone && !household) return null;
  return {
    km,
    band,
    hours,
    sameNeed: x.type_of_need === y.type_of_need,
    samePhone,
    household,
    sameRequester: x.owner_id === y.owner_id,
    text: similarity(a.description, b.description, weighing.description),
    place: a.place && b.place ? similarity(a.place, b.place, weighing.place) : null,
    count: countAgreement(a.counts, b.counts),
  };
}

/** The score of the evidence, 0 to 1 (two decimals): a logistic function of its weighted sum. */
export function scoreOf(e: PairEvidence, weights: Weights = WEIGHTS): number {
  const z =
    weights.bias +
    weights.proximity * (e.km === null ? weights.unknownProximity : proximity(e.km, e.band)) +
    weights.text * e.text +
    weights.place * (e.place ?? 0) +
    weights.time * closeness(e.hours) +
    (e.samePhone ? weights.samePhone : 0) +
    (e.household ? weights.household : 0) +
    (e.sameRequester ? weights.sameRequester : 0) +
    (e.sameNeed ? weights.sameNeed : 0) +
    weights.count * e.count;
  return round2(1 / (1 + Math.exp(-z)));
}

function reasonsOf(e: PairEvidence): DuplicateReason[] {
  const reasons: DuplicateReason[] = [];
  if (e.samePhone) reasons.push('same_phone');
  if (e.household) reasons.push('household_phone');
  if (e.sameRequester) reasons.push('same_requester');
  if (e.km !== null && e.km <= e.band) reasons.push('near');
  if (e.sameNeed) reasons.push('same_need');
  if (e.text >= SIMILAR_TEXT) reasons.push('similar_text');
  if (e.place !== null && e.place >= SIMILAR_TEXT) reasons.push('similar_place');
  if (e.hours <= CLOSE_IN_TIME_HOURS) reasons.push('close_in_time');
  return reasons;
}

/** The evidence of each candidate against `request` (the tuning script's input); null where it cannot be one. */
export function evidenceAgainst(
  request: DuplicateInput,
  candidates: readonly DuplicateInput[],
): (PairEvidence | null)[] {
  const { subject, prepared, weighing } = prepareAll(request, candidates);
  return prepared.map((candidate) => evidenceOf(subject, candidate, weighing));
}

/** The request and its distinct candidates prepared, and the trigram weights of their texts together. */
function prepareAll(request: DuplicateInput, candidates: readonly DuplicateInput[]) {
  const subject = prepare(request);
  const seen = new Set<string>([request.id]);
  const prepared: Prepared[] = [];
  for (const candidate of candidates) {
    if (seen.has(candidate.id)) continue;
    seen.add(candidate.id);
    prepared.push(prepare(candidate));
  }
  const all = [subject, ...prepared];
  const weighing: Weighing = {
    description: localWeights(all.map((p) => p.description)),
    place: localWeights(all.flatMap((p) => (p.place ? [p.place] : []))),
  };
  return { subject, prepared, weighing };
}

/**
 * The likely duplicates of `request` among `candidates` (read for it, in any order; the request
 * itself, closed ones and other disasters' are ignored): at most MAX_DUPLICATES scoring at least
 * DUPLICATE_THRESHOLD, best first (ties: the earlier request, then the id).
 */
export function rankDuplicates(request: DuplicateInput, candidates: readonly DuplicateInput[]): PossibleDuplicate[] {
  const { subject, prepared, weighing } = prepareAll(request, candidates);
  const createdAt = new Map(candidates.map((c) => [c.id, c.created_at]));
  const scored: PossibleDuplicate[] = [];
  for (const candidate of prepared) {
    const evidence = evidenceOf(subject, candidate, weighing);
    if (evidence === null) continue;
    const score = scoreOf(evidence);
    if (score >= DUPLICATE_THRESHOLD) scored.push({ id: candidate.input.id, score, reasons: reasonsOf(evidence) });
  }
  return scored
    .sort(
      (p, q) =>
        q.score - p.score ||
        createdAt.get(p.id)!.localeCompare(createdAt.get(q.id)!) ||
        (p.id < q.id ? -1 : p.id > q.id ? 1 : 0),
    )
    .slice(0, MAX_DUPLICATES);
}
