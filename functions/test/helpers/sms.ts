// Twilio's inbound webhook as Twilio drives it: a form body signed with the twilio package's own
// getExpectedTwilioSignature over the webhook URL the local stack prints, and its TwiML answer.
import assert from 'node:assert/strict';
import { randomBytes, randomInt } from 'node:crypto';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';
import { LOCAL_TWILIO_AUTH_TOKEN } from '../../src/config.js';
import { phoneContactStore } from '../../src/channels/store.js';
import { apiFetch, baseUrl } from './api.js';
import { waitFor } from './planning-fixtures.js';

export const PATH = '/channels/twilio/inbound';

export function newSid(): string {
  return `SM${randomBytes(16).toString('hex')}`;
}

/** A Philippine mobile number no other test uses. */
export function newNumber(): string {
  return `+63917${randomInt(1_000_000, 9_999_999)}`;
}

export interface Sent {
  status: number;
  contentType: string;
  text: string;
}

/** POSTs the form as Twilio does; signed over the stack's webhook URL unless told otherwise. */
export async function twilioPost(
  params: Record<string, string>,
  options: { signature?: string | null; signedUrl?: string; contentType?: string; invalidRequest?: string } = {},
): Promise<Sent> {
  const url = baseUrl() + PATH;
  const signature =
    options.signature === undefined
      ? getExpectedTwilioSignature(LOCAL_TWILIO_AUTH_TOKEN, options.signedUrl ?? url, params)
      : options.signature;
  const headers: Record<string, string> = {
    'content-type': options.contentType ?? 'application/x-www-form-urlencoded',
  };
  if (signature !== null) headers['x-twilio-signature'] = signature;
  const response = await apiFetch(
    url,
    { method: 'POST', headers, body: new URLSearchParams(params).toString() },
    { invalidRequest: options.invalidRequest },
  );
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

/** The fields Twilio sends with an inbound message. */
export function smsForm(from: string, body: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    MessageSid: newSid(),
    SmsSid: 'ignored',
    AccountSid: 'AC00000000000000000000000000000000',
    From: from,
    To: '+15005550006',
    Body: body,
    NumMedia: '0',
    NumSegments: '1',
    ApiVersion: '2010-04-01',
    ...extra,
  };
}

/** The text of the one <Message> of a TwiML reply, or null for an empty <Response/>. */
export function replyOf(sent: Sent): string | null {
  assert.equal(sent.status, 200, `expected 200, got ${sent.status}: ${sent.text}`);
  assert.match(sent.contentType, /^text\/xml/);
  if (/<Response\/>/.test(sent.text)) return null;
  const match = /<Response><Message>([^<]*)<\/Message><\/Response>$/.exec(sent.text);
  assert.ok(match, `not a TwiML reply with one message: ${sent.text}`);
  return match[1]!;
}

/** Sends `body` from `from` as Twilio does, for tests whose subject is not the intake itself; it must answer 200. */
export async function sendSms(from: string, body: string): Promise<void> {
  const sent = await twilioPost(smsForm(from, body));
  assert.equal(sent.status, 200, sent.text);
}

/** The uid a number is linked to, once its first message created the link. */
export async function uidOfNumber(number: string): Promise<string> {
  return (await waitFor('the phone contact', () => phoneContactStore.get(number))).uid;
}

/** What the Twilio and FCM stand-ins were asked to send, in order. */
export interface Received {
  twilio: { to: string; from: string; body: string; sid: string; status_callback: string | null }[];
  fcm: { token: string; message: { notification?: { body?: string } } }[];
}

export async function received(): Promise<Received> {
  const url = process.env.CHANNEL_STANDIN_URL;
  if (!url) throw new Error('CHANNEL_STANDIN_URL is not set: run through npm test');
  return (await (await fetch(`${url}/_standin/messages`)).json()) as Received;
}

/** The SMS sent to `number`, once there are at least `count`. */
export async function smsTo(number: string, count: number): Promise<Received['twilio']> {
  return waitFor(`${count} message(s) to ${number}`, async () => {
    const found = (await received()).twilio.filter((m) => m.to.endsWith(number));
    return found.length >= count ? found : undefined;
  });
}
