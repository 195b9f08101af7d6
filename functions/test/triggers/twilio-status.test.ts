// Twilio's delivery reports (POST /channels/twilio/status, outbound/service.ts), handled directly
// on the embedded emulator for its counters: what a report reads. The signature check and the
// HTTP answers are covered over the wire in test/outbound.test.ts.
import assert from 'node:assert/strict';
import { recordTwilioStatus } from '../../src/outbound/service.js';
import { outboundMessageStore } from '../../src/outbound/store.js';
import { sentMessage } from '../helpers/outbound-message.js';
import { emptyFirestore, readsDuring } from './harness.js';

/** The documents read per collection and the empty queries of `act`. */
const queriesDuring = async (act: () => Promise<unknown>) => {
  const { byCollection, emptyQueries } = await readsDuring(act);
  return { byCollection, emptyQueries };
};

describe('Twilio delivery reports', () => {
  before(emptyFirestore);

  it('a report reads its message once, by the Twilio sid, and records the outcome', async () => {
    const message = await sentMessage();
    const reads = await queriesDuring(() =>
      recordTwilioStatus({ MessageSid: message.provider_id ?? '', MessageStatus: 'delivered' }),
    );
    // Before: the lookup by sid, then the same document again in the transaction (2 reads).
    assert.deepEqual(reads, { byCollection: { outbound_messages: 1 }, emptyQueries: 0 });
    const stored = await outboundMessageStore.get(message.id);
    assert.equal(stored?.status, 'delivered');
    assert.notEqual(stored?.delivered_at, null);
  });

  it('a repeated report reads the message once and changes nothing; an unknown sid bills one read', async () => {
    const message = await sentMessage();
    await recordTwilioStatus({
      MessageSid: message.provider_id ?? '',
      MessageStatus: 'undelivered',
      ErrorCode: '30003',
    });
    const failed = await outboundMessageStore.get(message.id);
    assert.equal(failed?.status, 'failed');
    assert.equal(failed?.error, 'twilio undelivered 30003');
    const repeated = await queriesDuring(() =>
      recordTwilioStatus({ MessageSid: message.provider_id ?? '', MessageStatus: 'delivered' }),
    );
    assert.deepEqual(repeated, { byCollection: { outbound_messages: 1 }, emptyQueries: 0 });
    assert.deepEqual(await outboundMessageStore.get(message.id), failed);
    const unknown = await queriesDuring(() =>
      recordTwilioStatus({ MessageSid: 'SMunknown', MessageStatus: 'delivered' }),
    );
    assert.deepEqual(unknown, { byCollection: {}, emptyQueries: 1 });
  });
});
