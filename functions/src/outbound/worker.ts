// The delivery worker: sends one outbound message, at least once delivered to it (a Firestore
// create trigger with retry). A state machine with a lease makes it idempotent:
//   queued → sending (lease, attempts + 1) → sent | failed | suppressed
// A final status returns at once (a message already sent is not sent again); a live lease is
// another delivery at work (thrown: retried later). A transient failure (5xx, network) puts the
// message back to queued and throws, so the platform retries it with its back-off, up to
// MAX_ATTEMPTS; a permanent one (invalid number, dead FCM token) fails it for good.
import { phoneContactStore } from '../channels/store.js';
import { deviceStore, outboundMessageStore } from './store.js';
import { userStore } from '../users/store.js';
import { sumShards } from '../data/counters.js';
import { db } from '../data/firestore.js';
import { logs } from '../logs.js';
import type { OutboundMessage, SuppressionReason } from './model.js';
import { preferencesOf, preferenceSuppression } from './preferences.js';
import { countSend, daySpend, numberSpend, overSpend, spendDay } from './spend.js';

/** Sends of one message before it is failed; the platform's back-off spaces them. */
export const MAX_ATTEMPTS = 5;
/** How long a delivery owns a message it is sending; a longer-running one is presumed dead. */
export const SEND_LEASE_MS = 60_000;

const FINAL = new Set<OutboundMessage['status']>(['sent', 'delivered', 'failed', 'suppressed']);
const TASK_EVENTS = new Set<OutboundMessage['template']>(['task_assigned', 'task_authorized', 'task_cancelled']);

export type DeliveryOutcome = 'gone' | 'final' | 'busy' | 'suppressed' | 'sent' | 'failed' | 'retry';

/** Thrown for a delivery to be tried again later (a live lease elsewhere, a transient failure). */
export class RetryLater extends Error {}

function isPhone(message: OutboundMessage): boolean {
  return message.channel === 'sms' || message.channel === 'whatsapp';
}

/** Takes the send lease of `messageId`, or settles it as suppressed; what to send, if anything. */
async function takeSendLease(
  messageId: string,
  now: Date,
): Promise<{ outcome: DeliveryOutcome; message?: OutboundMessage; token?: string }> {
  const at = now.toISOString();
  const day = spendDay(at);
  return db().runTransaction(async (tx) => {
    const message = await outboundMessageStore.get(messageId, tx);
    if (!message) return { outcome: 'gone' };
    if (FINAL.has(message.status)) return { outcome: 'final' };
    if (message.status === 'sending' && message.lease_until !== null && message.lease_until > at)
      return { outcome: 'busy' };

    const uid = message.recipient_uid;
    const [user, preferences] = await Promise.all([userStore.get(uid, tx), preferencesOf(uid)]);
    const contact = isPhone(message) ? await phoneContactStore.get(message.to, tx) : undefined;
    const device = message.channel === 'push' ? await deviceStore.of(uid).get(message.to, tx) : undefined;
    // The spend is counted when a message's lease is first taken (retries do not count twice). The
    // number's own count is read in the transaction: only messages to the same number meet there.
    // The day's count for all numbers is read outside it, summed over its shards: read in every
    // lease taken, one document made each send wait on every other's lock (the official emulator's lock
    // timeouts; contention in production), so the cap for all numbers can be passed by the sends
    // leased at the same moment (at most deliverOutbound's maxInstances), never by more.
    const counted = isPhone(message) && message.attempts === 0;
    const [perNumber, allNumbers] = counted
      ? await Promise.all([tx.get(numberSpend(message.to, day)), sumShards(daySpend(day))])
      : [undefined, 0];

    let reason: SuppressionReason | null;
    if (isPhone(message) && (!contact || contact.opted_out)) reason = 'opted_out';
    else if (message.channel === 'push' && !device) reason = 'no_device';
    else if (TASK_EVENTS.has(message.template) && user?.role === 'volunteer' && user.availability !== 'available')
      reason = 'unavailable';
    else reason = preferenceSuppression(preferences, message, now);
    if (reason === null && counted && overSpend(Number(perNumber?.get('count') ?? 0), allNumbers))
      reason = 'spend_limit';
    if (reason !== null) {
      outboundMessageStore.updateIn(tx, messageId, {
        status: 'suppressed',
        reason,
        lease_until: null,
        updated_at: at,
      });
      return { outcome: 'suppressed' };
    }
    if (counted) countSend(tx, message.to, day);
    const attempts = message.attempts + 1;
    const leaseUntil = new Date(now.getTime() + SEND_LEASE_MS).toISOString();
    outboundMessageStore.updateIn(tx, messageId, {
      status: 'sending',
      attempts,
      lease_until: leaseUntil,
      updated_at: at,
    });
    return { outcome: 'sent', message: { ...message, attempts }, token: device?.token };
  });
}

async function settle(message: OutboundMessage, changes: Partial<OutboundMessage>): Promise<void> {
  await outboundMessageStore.update(message.id, {
    ...changes,
    lease_until: null,
    updated_at: new Date().toISOString(),
  });
}

/** Delivers outbound message `messageId` once; see the header for the states. Throws RetryLater to be retried. */
export async function deliverMessage(messageId: string, now: Date = new Date()): Promise<DeliveryOutcome> {
  const leased = await takeSendLease(messageId, now);
  if (leased.outcome === 'busy') throw new RetryLater(`outbound message ${messageId} is being sent elsewhere`);
  const message = leased.message;
  if (!message) return leased.outcome;

  if (message.channel === 'push') {
    const { sendPush } = await import('./fcm.js');
    const result = await sendPush(leased.token ?? '', 'Disaster response', message.body, {
      template: message.template,
      request_id: message.request_id ?? '',
      task_id: message.task_id ?? '',
    });
    if (result.ok) {
      await settle(message, {
        status: 'sent',
        provider_id: result.name,
        sent_at: new Date().toISOString(),
        error: null,
      });
      return 'sent';
    }
    if (result.deadToken) {
      // FCM will never deliver to this token again: forget the device.
      await deviceStore.doc(message.recipient_uid, message.to).delete();
      logs.outboundDeviceRemoved(message.recipient_uid, message.to);
    }
    return failOrRetry(message, result.error, result.permanent);
  }

  const { sendTwilioMessage, PermanentSendError } = await import('./twilio.js');
  try {
    const { sid } = await sendTwilioMessage(message.channel, message.to, message.body);
    await settle(message, { status: 'sent', provider_id: sid, sent_at: new Date().toISOString(), error: null });
    return 'sent';
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    return failOrRetry(message, text, error instanceof PermanentSendError);
  }
}

async function failOrRetry(message: OutboundMessage, error: string, permanent: boolean): Promise<DeliveryOutcome> {
  if (permanent || message.attempts >= MAX_ATTEMPTS) {
    await settle(message, { status: 'failed', error: error.slice(0, 500) });
    logs.outboundFailed(message.id, message.channel, message.attempts, error);
    return 'failed';
  }
  await settle(message, { status: 'queued', error: error.slice(0, 500) });
  throw new RetryLater(`outbound message ${message.id}, attempt ${message.attempts}: ${error}`);
}
