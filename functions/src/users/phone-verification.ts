// Confirming a phone number by a code sent to it (POST /users/me/phone-verification, then
// .../confirm): the number becomes the Auth user's phone number, as signing in by phone makes it.
// That verified number is the one a responder's SMS commands are taken from (channels/: `DONE
// <ref>`), and the account a phone sign-in finds. A number typed into a profile proves nothing.
//
// The code never rests in clear: a hash of it is kept for 10 minutes and 5 attempts, the log
// record of the SMS (every outbound message is logged) shows it masked, so nobody who reads the
// log can confirm someone else's number with it. Starting reveals nothing about the number (not
// whether it has an account: that would tell who asked for help); only after the code proved the
// caller holds the number does a number held by another account answer 409 phone_in_use.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { outboundMessageStore } from '../outbound/store.js';
import { phoneVerificationStore, userStore } from './store.js';
import { auth, db } from '../data/firestore.js';
import { consumeRateLimit, type RateLimitRule } from '../data/window-count.js';
import { ConflictError, RateLimitedError, UnavailableError, ValidationError } from '../errors.js';
import { recordEvent } from '../events/record.js';
import type { Language } from '../channels/model.js';
import type { OutboundMessage } from '../outbound/model.js';
import { preferencesOf } from '../outbound/preferences.js';
import { countSend, overSpend, readSpend, spendDay } from '../outbound/spend.js';
import { PermanentSendError, sendTwilioMessage } from '../outbound/twilio.js';
import type { Caller } from '../shared/caller.js';
import { isoDateTime } from '../shared/schemas.js';
import { phoneSchema } from './model.js';

export const CODE_DIGITS = 6;
export const CODE_TTL_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;

/** Codes one person may ask for in an hour, and codes one number may receive: SMS cost money, and a number is someone's. */
export const CODES_PER_USER: RateLimitRule = { bucket: 'phone-verification:user', limit: 5, windowSeconds: 3600 };
export const CODES_PER_NUMBER: RateLimitRule = { bucket: 'phone-verification:number', limit: 3, windowSeconds: 3600 };

export const phoneVerificationViewSchema = z.object({
  phone: phoneSchema,
  status: z
    .enum(['code_sent', 'verified'])
    .describe(
      'code_sent: confirm it with POST /users/me/phone-verification/confirm. verified: the number is the account’s.',
    ),
  expires_at: isoDateTime.nullable().describe('When the code sent stops working; null once verified.'),
});
export type PhoneVerificationView = z.infer<typeof phoneVerificationViewSchema>;

const CODE_TEXT: Record<Language, (code: string) => string> = {
  en: (code) => `Your disaster response code: ${code}. It expires in ${CODE_TTL_MINUTES} minutes. Never share it.`,
  es: (code) => `Su codigo de respuesta a emergencias: ${code}. Vence en ${CODE_TTL_MINUTES} minutos. No lo comparta.`,
  fil: (code) =>
    `Ang code mo sa disaster response: ${code}. Mag-e-expire ito sa ${CODE_TTL_MINUTES} minuto. Huwag ibahagi.`,
};

function codeHash(uid: string, phone: string, code: string): Buffer {
  return createHash('sha256').update(`${uid}\n${phone}\n${code}`).digest();
}

/** Sends a code to `phone` for the caller to confirm (202), or says it is theirs already. */
export async function startPhoneVerification(caller: Caller, phone: string): Promise<PhoneVerificationView> {
  const [account] = await Promise.all([auth().getUser(caller.uid), userStore.require(caller.uid, 'User')]);
  if (account.phoneNumber === phone) return { phone, status: 'verified', expires_at: null };
  await consumeRateLimit(CODES_PER_USER, caller.uid);
  await consumeRateLimit(CODES_PER_NUMBER, phone);
  const now = new Date();
  const at = now.toISOString();
  const day = spendDay(at);
  const spend = await readSpend(phone, day);
  if (overSpend(spend.number, spend.all))
    throw new RateLimitedError(3600, 'No more texts can be sent to this number today.');

  const code = String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
  const expiresAt = new Date(now.getTime() + CODE_TTL_MINUTES * 60_000).toISOString();
  const { language } = await preferencesOf(caller.uid);
  const text = CODE_TEXT[language];
  const log = codeMessage(caller.uid, phone, language, text('*'.repeat(CODE_DIGITS)), at);
  const batch = db().batch();
  // Replaces a code asked for earlier: only the latest works.
  batch.set(phoneVerificationStore.doc(caller.uid), {
    id: caller.uid,
    phone,
    code_hash: codeHash(caller.uid, phone, code).toString('hex'),
    attempts: 0,
    expires_at: expiresAt,
    created_at: at,
  });
  batch.create(outboundMessageStore.doc(log.id), log);
  countSend(batch, phone, day);
  await batch.commit();
  await sendCode(log, phone, text(code));
  return { phone, status: 'code_sent', expires_at: expiresAt };
}

/** The log record of a code's SMS, the code masked; `sending` until Twilio took it. */
function codeMessage(uid: string, phone: string, language: Language, masked: string, at: string): OutboundMessage {
  return {
    // A new id each time: each call sends a new code (two calls in one millisecond are two messages).
    id: outboundMessageStore.ref().doc().id,
    channel: 'sms',
    to: phone,
    recipient_uid: uid,
    template: 'phone_verification_code',
    language,
    body: masked,
    urgent: true,
    status: 'sending',
    reason: null,
    error: null,
    attempts: 1,
    lease_until: null,
    provider_id: null,
    audit_id: null,
    request_id: null,
    task_id: null,
    sent_at: null,
    delivered_at: null,
    created_at: at,
    updated_at: at,
  };
}

async function sendCode(log: OutboundMessage, phone: string, text: string): Promise<void> {
  const messages = outboundMessageStore;
  try {
    const sent = await sendTwilioMessage('sms', phone, text);
    const at = new Date().toISOString();
    await messages.update(log.id, { status: 'sent', provider_id: sent.sid, sent_at: at, updated_at: at });
  } catch (error) {
    const at = new Date().toISOString();
    await messages.update(log.id, {
      status: 'failed',
      error: String((error as Error).message).slice(0, 500),
      updated_at: at,
    });
    if (error instanceof PermanentSendError)
      throw new ValidationError([{ path: 'body.phone', message: 'cannot receive SMS (the provider refused it)' }]);
    throw new UnavailableError('The code could not be sent now; try again shortly.');
  }
}

type Checked = { outcome: 'match'; phone: string } | { outcome: 'mismatch' | 'none' | 'exhausted' };

/** Confirms the code: the number becomes the account's (Auth's phone number and the profile's `phone`). */
export async function confirmPhoneVerification(caller: Caller, code: string): Promise<PhoneVerificationView> {
  const checked = await db().runTransaction(async (tx): Promise<Checked> => {
    const pending = await phoneVerificationStore.get(caller.uid, tx);
    if (!pending || pending.expires_at <= new Date().toISOString()) return { outcome: 'none' };
    if (pending.attempts >= MAX_CODE_ATTEMPTS) {
      tx.delete(phoneVerificationStore.doc(caller.uid));
      return { outcome: 'exhausted' };
    }
    const expected = Buffer.from(pending.code_hash, 'hex');
    if (!timingSafeEqual(expected, codeHash(caller.uid, pending.phone, code))) {
      phoneVerificationStore.updateIn(tx, caller.uid, { attempts: pending.attempts + 1 });
      return { outcome: 'mismatch' };
    }
    tx.delete(phoneVerificationStore.doc(caller.uid));
    return { outcome: 'match', phone: pending.phone };
  });
  if (checked.outcome === 'none')
    throw new ConflictError('No code is pending, or it expired: ask for a new one.', {
      reason: 'no_pending_verification',
    });
  if (checked.outcome === 'exhausted')
    throw new ConflictError('Too many wrong codes: ask for a new one.', { reason: 'too_many_attempts' });
  if (checked.outcome !== 'match')
    throw new ValidationError([{ path: 'body.code', message: 'does not match the code sent' }]);
  await holdNumber(caller.uid, checked.phone);
  const at = new Date().toISOString();
  const batch = db().batch();
  userStore.updateIn(batch, caller.uid, { phone: checked.phone, updated_at: at });
  recordEvent(
    batch,
    caller,
    {
      type: 'user.phone_verified',
      entity_id: caller.uid,
      before: { phone_verified: false },
      after: { phone_verified: true },
    },
    at,
  );
  await batch.commit();
  return { phone: checked.phone, status: 'verified', expires_at: null };
}

/** Makes `phone` the Auth user's: 409 phone_in_use when another account holds it. */
async function holdNumber(uid: string, phone: string): Promise<void> {
  try {
    await auth().updateUser(uid, { phoneNumber: phone });
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'auth/phone-number-already-exists') throw error;
    throw new ConflictError(
      'Another account holds this number (one made when it texted us, or signed in by phone): sign in with it by phone, or ask an admin.',
      { reason: 'phone_in_use' },
    );
  }
}
