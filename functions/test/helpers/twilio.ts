// A signed inbound message to the Twilio webhook, for tests whose subject is not the intake itself
// (sms-inbound.test.ts drives the webhook in every detail).
import assert from 'node:assert/strict';
import { randomBytes, randomInt } from 'node:crypto';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';
import { LOCAL_TWILIO_AUTH_TOKEN } from '../../src/config.js';
import { collections } from '../../src/data/collections.js';
import { apiFetch, baseUrl } from './api.js';
import { waitFor } from './planning-fixtures.js';

/** A Philippine mobile number no other test uses. */
export const newNumber = (): string => `+63917${randomInt(1_000_000, 9_999_999)}`;

/** Sends `body` from `from` as Twilio does (signed form); the webhook must answer 200. */
export async function sendSms(from: string, body: string): Promise<void> {
  const url = `${baseUrl()}/channels/twilio/inbound`;
  const form = { MessageSid: `SM${randomBytes(16).toString('hex')}`, From: from, To: '+15005550006', Body: body };
  const response = await apiFetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': getExpectedTwilioSignature(LOCAL_TWILIO_AUTH_TOKEN, url, form),
    },
    body: new URLSearchParams(form).toString(),
  });
  assert.equal(response.status, 200, await response.text());
}

/** The uid a number is linked to, once its first message created the link. */
export async function uidOfNumber(number: string): Promise<string> {
  return (await waitFor('the phone contact', () => collections.phoneContacts.get(number))).uid;
}
