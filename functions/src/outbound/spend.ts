// The SMS and WhatsApp spend limits (OUTBOUND_SMS_DAILY_LIMIT, OUTBOUND_SMS_PER_NUMBER_DAILY_LIMIT),
// counted per UTC day in `outbound_spend`: every message to a phone number, whether the worker
// sends it through Twilio's API (outbound/worker.ts) or it goes back inline as the TwiML reply to
// an inbound message (channels/inbound.ts), spends the same two counts.
import { FieldValue, Timestamp, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { config } from '../config.js';
import { anyShard, shardRefs, sumShards } from '../data/counters.js';
import { internalCollections, type Writer } from '../data/collections.js';
import { db } from '../data/firestore.js';

/**
 * Counter documents of the day's SMS and WhatsApp sends from all numbers (`outbound_spend/{day}`,
 * `{day}:1` ... `{day}:9`): every send bumps one, the cap is checked on their sum (data/counters.ts).
 */
export const SPEND_SHARDS = 10;

/**
 * How long a number's day count is kept after its day ends: its id names the number, and a count
 * of a day gone limits nothing (Firestore's TTL policy on `expires_at`, firestore.indexes.json).
 */
export const NUMBER_SPEND_KEPT_DAYS = 2;

/** The UTC day a send at `at` (ISO) counts in. */
export function spendDay(at: string): string {
  return at.slice(0, 10);
}

/** The day's sends to all numbers, sharded. */
export function daySpend(day: string): DocumentReference[] {
  return shardRefs(internalCollections.outboundSpend, day, SPEND_SHARDS);
}

/** The day's sends to one number: one document, written by that number's messages only. */
export function numberSpend(to: string, day: string): DocumentReference {
  return db().collection(internalCollections.outboundSpend).doc(`${day}_${to}`);
}

/** The day's counts so far, read outside any transaction (the worker reads the number's in its own). */
export async function readSpend(to: string, day: string): Promise<{ number: number; all: number }> {
  const [number, all] = await Promise.all([numberSpend(to, day).get(), sumShards(daySpend(day))]);
  return { number: Number(number.get('count') ?? 0), all };
}

/** True when one more send to a number that has `number` sends today, of `all` in total, passes a cap. */
export function overSpend(number: number, all: number): boolean {
  return all >= config.outboundSmsDailyLimit() || number >= config.outboundSmsPerNumberDailyLimit();
}

/** Counts one send to `to` on `day` in `writer` (written, not read: no lock held until the commit). */
export function countSend(writer: Writer, to: string, day: string): void {
  const expiresAt = Timestamp.fromMillis(Date.parse(`${day}T00:00:00Z`) + (1 + NUMBER_SPEND_KEPT_DAYS) * 86_400_000);
  const bump = { count: FieldValue.increment(1), day };
  // Both Transaction and WriteBatch take set(ref, data, { merge }); TS cannot call the union's overloads.
  const set = (ref: DocumentReference, data: Record<string, unknown>) =>
    (writer as Transaction).set(ref, data, { merge: true });
  set(numberSpend(to, day), { ...bump, expires_at: expiresAt });
  set(anyShard(daySpend(day)), bump);
}
