// Figure "outbound": messages per second through the delivery worker (outbound_messages created,
// delivered by the trigger relay to deliverOutbound, sent with the twilio SDK to the stand-in,
// settled as sent), against the same number of sends made directly with the twilio SDK to the same
// stand-in at the same concurrency (no Firestore, no trigger): what the job and its bookkeeping cost.
import { phoneContactStore } from '../src/channels/store.js';
import { outboundMessageStore } from '../src/outbound/store.js';
import { db } from '../src/data/firestore.js';
import type { OutboundMessage } from '../src/outbound/model.js';
import { sendTwilioMessage } from '../src/outbound/twilio.js';
import { waitFor } from '../test/helpers/planning-fixtures.js';
import { figure, round, type Figure } from './figures.js';
import type { Session } from './session.js';

const CONCURRENCY = 8;

function number(run: string, i: number): string {
  return `+63999${run}${String(i).padStart(4, '0')}`;
}

async function arrange(run: string, count: number): Promise<OutboundMessage[]> {
  const now = new Date().toISOString();
  const messages: OutboundMessage[] = [];
  const batch = db().batch();
  for (let i = 0; i < count; i++) {
    const to = number(run, i);
    batch.set(phoneContactStore.doc(to), {
      id: to,
      uid: `bench-${run}-${i}`,
      language: 'en',
      channel: 'sms',
      opted_out: false,
      opted_out_at: null,
      created_at: now,
      updated_at: now,
    });
    messages.push({
      id: `bench-outbound-${run}-${i}`,
      channel: 'sms',
      to,
      recipient_uid: `bench-${run}-${i}`,
      template: 'request_on_route',
      language: 'en',
      body: 'Request ABC123: a responder is on the way.',
      urgent: false,
      status: 'queued',
      reason: null,
      error: null,
      attempts: 0,
      lease_until: null,
      provider_id: null,
      audit_id: 'bench',
      request_id: null,
      task_id: null,
      sent_at: null,
      delivered_at: null,
      created_at: now,
      updated_at: now,
    });
  }
  await batch.commit();
  return messages;
}

export async function measureOutbound(
  session: Session,
  options: { messages: number; say: (m: string) => void },
): Promise<Figure[]> {
  // The bench process sends the baseline itself, as the function runtime would under the emulator.
  process.env.TWILIO_AUTH_TOKEN ??= 'local-twilio-auth-token';
  const run = String(Date.now() % 100000).padStart(5, '0');
  const messages = await arrange(run, options.messages);
  await session.waitForQuiet();

  // Through the worker: created in one batch, each delivered by its own trigger event.
  const started = performance.now();
  const batch = db().batch();
  for (const message of messages) batch.create(outboundMessageStore.doc(message.id), message);
  await batch.commit();
  await waitFor(
    `${messages.length} outbound messages sent`,
    async () => {
      const sent = await outboundMessageStore
        .ref()
        .where('audit_id', '==', 'bench')
        .where('status', '==', 'sent')
        .count()
        .get();
      return sent.data().count >= messages.length ? true : undefined;
    },
    300_000,
  );
  const workerSeconds = (performance.now() - started) / 1000;

  // Baseline: the same sends straight through the SDK.
  const direct = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < messages.length) {
        const message = messages[next++];
        if (message) await sendTwilioMessage('sms', message.to, message.body);
      }
    }),
  );
  const directSeconds = (performance.now() - direct) / 1000;
  options.say(
    `[bench] outbound: ${messages.length} messages in ${round(workerSeconds)} s through the worker, ${round(directSeconds)} s direct`,
  );
  return [
    figure({
      figure: 'outbound',
      metric: 'SMS per second through the delivery worker (trigger relay → twilio SDK → stand-in)',
      unit: 'msg/s',
      value: round(messages.length / workerSeconds),
      baseline: round(messages.length / directSeconds),
      target: null,
      notes: `${messages.length} messages; baseline: the same sends made directly with the twilio SDK, ${CONCURRENCY} at a time. Locally the relay delivers events one collection listener at a time; in production each message is its own function invocation (maxInstances 10).`,
      ran: { value: ['relay'], baseline: ['bench'] },
    }),
  ];
}
