// The outbound message log (GET /outbound-messages) and Twilio's delivery reports
// (POST /channels/twilio/status).
import { outboundMessageStore } from './store.js';
import { db } from '../data/firestore.js';
import { logs } from '../logs.js';
import type { Page, PageQuery } from '../shared/schemas.js';
import type { OutboundChannel, OutboundMessage, OutboundStatus } from './model.js';

export interface OutboundFilters {
  channel?: OutboundChannel | undefined;
  status?: OutboundStatus | undefined;
  request_id?: string | undefined;
  to?: string | undefined;
}

export function listOutboundMessages(filters: OutboundFilters, page: PageQuery): Promise<Page<OutboundMessage>> {
  const { channel, status, request_id, to } = filters;
  return outboundMessageStore.list({ channel, status, request_id, to }, page);
}

/** Twilio's statuses that end a message's journey, and what they mean here. */
const FINAL_REPORTS: Record<string, 'delivered' | 'failed'> = {
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'failed',
  failed: 'failed',
};

/**
 * A status callback: a signed report that message `MessageSid` was delivered or not. A wrong
 * signature is a 403 and changes nothing; a report of an unknown message, an intermediate status
 * (queued, sent) or one repeated changes nothing either (Twilio repeats them).
 */
export async function recordTwilioStatus(fields: Record<string, string>): Promise<void> {
  const sid = fields.MessageSid ?? '';
  const outcome = FINAL_REPORTS[fields.MessageStatus ?? ''];
  if (outcome === undefined) return;
  // The lookup by sid is the transaction's read: one read, and a report repeated meanwhile (Twilio
  // retries) finds the status it wrote.
  await db().runTransaction(async (tx) => {
    const message = (await tx.get(outboundMessageStore.ref().where('provider_id', '==', sid).limit(1))).docs[0]?.data();
    if (!message) {
      logs.outboundStatusUnknown(sid);
      return;
    }
    if (message.status !== 'sent') return;
    const now = new Date().toISOString();
    outboundMessageStore.updateIn(tx, message.id, {
      status: outcome,
      updated_at: now,
      ...(outcome === 'delivered'
        ? { delivered_at: now }
        : { error: `twilio ${fields.MessageStatus ?? ''}${fields.ErrorCode ? ` ${fields.ErrorCode}` : ''}` }),
    });
  });
}
