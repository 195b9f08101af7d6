// The log record of every reply the intake sends inline as TwiML (outbound_messages, docs/channels.md):
// counted against the spend limits like every other message, and never sent again by the worker.
import { createHash } from 'node:crypto';
import { collections, type Writer } from '../data/collections.js';
import type { OutboundMessage, ReplyTemplate, SuppressionReason } from '../outbound/model.js';
import { countSend, spendDay } from '../outbound/spend.js';
import type { Language, PhoneChannel } from './model.js';

/** A reply and the template it comes from (its outbound log record names it). */
export interface ReplyText {
  template: ReplyTemplate;
  text: string;
}

/**
 * The log record of a reply sent inline as TwiML: `sent` (Twilio sends what the webhook answers)
 * or `suppressed` with its reason, and then not sent. Its id is a hash of the MessageSid, so a
 * retried delivery (whose claim fails) makes no second one.
 */
export function replyRecord(
  sid: string,
  to: { number: string; channel: PhoneChannel; uid: string; language: Language },
  reply: ReplyText,
  requestId: string | null,
  reason: SuppressionReason | null,
  at: string,
  taskId: string | null = null,
): OutboundMessage {
  return {
    id: createHash('sha256').update(`reply\n${sid}`).digest('hex').slice(0, 32),
    channel: to.channel,
    to: to.number,
    recipient_uid: to.uid,
    template: reply.template,
    language: to.language,
    body: reply.text,
    urgent: false,
    status: reason === null ? 'sent' : 'suppressed',
    reason,
    error: null,
    attempts: reason === null ? 1 : 0,
    lease_until: null,
    provider_id: null,
    audit_id: null,
    request_id: requestId,
    task_id: taskId,
    sent_at: reason === null ? at : null,
    delivered_at: null,
    created_at: at,
    updated_at: at,
  };
}

/** The reply's log record, and for a reply sent its count against the spend limits. */
export function writeReply(writer: Writer, reply: OutboundMessage): void {
  writer.create(collections.outboundMessages.doc(reply.id), reply);
  if (reply.status === 'sent') countSend(writer, reply.to, spendDay(reply.created_at));
}
