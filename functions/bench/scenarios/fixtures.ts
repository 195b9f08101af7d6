// Arrange helpers that more than one figure or feature uses: data written directly or through the
// API before a scenario is measured. A helper used by one file lives in that file.
import { randomBytes } from 'node:crypto';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';
import { phoneContactStore } from '../../src/channels/store.js';
import { db } from '../../src/data/firestore.js';
import { LOCAL_TWILIO_AUTH_TOKEN } from '../../src/config.js';
import type { HelpRequest } from '../../src/requests/model.js';
import { call, expectStatus, type TestUser } from '../../test/helpers/api.js';
import { disaster, quietRequest, spot } from '../../test/helpers/planning-fixtures.js';

export const here = { lat: 14.6, lng: 121.0 };

export const PAGE = 5;

/**
 * `count` phone numbers that have written before (their contact stored), so that a STATUS message
 * takes the path of a known number: no Auth user is created while measuring.
 */
export async function knownNumbers(count: number): Promise<string[]> {
  const now = new Date().toISOString();
  const numbers: string[] = [];
  const batch = db().batch();
  for (let i = 0; i < count; i++) {
    const number = `+1555${String(process.pid % 1000).padStart(3, '0')}${String(i).padStart(4, '0')}`;
    numbers.push(number);
    batch.set(phoneContactStore.doc(number), {
      id: number,
      uid: `bench-sms-${i}`,
      language: 'en',
      channel: 'sms',
      opted_out: false,
      opted_out_at: null,
      created_at: now,
      updated_at: now,
    });
  }
  await batch.commit();
  return numbers;
}

/** A STATUS message as Twilio posts it to `url`, signed with the local auth token. */
export function twilioStatusMessage(url: string, from: string): { form: Record<string, string>; signature: string } {
  const form = {
    MessageSid: `SM${randomBytes(16).toString('hex')}`,
    AccountSid: 'AC00000000000000000000000000000000',
    From: from,
    To: '+15005550006',
    Body: 'STATUS',
    NumMedia: '0',
  };
  return { form, signature: getExpectedTwilioSignature(LOCAL_TWILIO_AUTH_TOKEN, url, form) };
}

/** A pending request of `owner` that no planner touches while it is measured (see quietRequest). */
export async function request(owner: TestUser, disasterId?: string): Promise<HelpRequest> {
  const disasterOf = disasterId ?? (await disaster()).id;
  return quietRequest({ owner: owner.uid, disasterId: disasterOf, at: spot() });
}

/** A disaster created through the API, so that it has its CAP Alert (the seeded ones have none). */
export async function createdDisaster(admin: TestUser): Promise<{ id: string }> {
  const body = { name: 'Bench CAP flood', type: 'flood', location: spot(), radius_km: 10, severity: 4 };
  return expectStatus(await call<{ id: string }>('POST', '/disasters', { token: admin.token, body }), 201);
}
