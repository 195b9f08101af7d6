// An outbound SMS already sent (the worker leaves a final message alone), stored directly: what a
// Twilio delivery report (POST /channels/twilio/status) acts on.
import type { OutboundMessage } from '../../src/outbound/model.js';
import { outboundMessageStore } from '../../src/outbound/store.js';
import { uniqueId } from './api.js';

export async function sentMessage(overrides: Partial<OutboundMessage> = {}): Promise<OutboundMessage> {
  const now = new Date().toISOString();
  const id = overrides.id ?? uniqueId('out');
  const message: OutboundMessage = {
    id,
    channel: 'sms',
    to: '+639170000000',
    recipient_uid: 'recipient',
    template: 'request_on_route',
    language: 'en',
    body: 'Request ABC123: a responder is on the way.',
    urgent: false,
    status: 'sent',
    reason: null,
    error: null,
    attempts: 1,
    lease_until: null,
    provider_id: `SM${id}`,
    audit_id: 'audit',
    request_id: null,
    task_id: null,
    sent_at: now,
    delivered_at: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await outboundMessageStore.doc(id).create(message);
  return message;
}
