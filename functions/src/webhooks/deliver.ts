// Sends one delivery (the `deliverWebhook` task-queue function, index.ts): one signed attempt per
// dispatch, logged on the delivery; a failure is thrown back to Cloud Tasks, which retries with
// the back-off of WEBHOOK_RETRY. After 24 h of failures a delivery is given up, and a subscriber
// none of whose attempts succeeded for 24 h is disabled. Idempotent: a settled delivery returns at
// once. Two dispatches racing may both send: receivers de-duplicate by the Webhook-Id.
import type { Transaction } from 'firebase-admin/firestore';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { recordEvent } from '../events/record.js';
import { WEBHOOK_RETRY } from '../config.js';
import { webhookDeliveryStore, webhookStore } from './store.js';
import { db } from '../data/firestore.js';
import { logs } from '../logs.js';
import { allowedAddresses, checkedLookup, refusedUrl } from './address.js';
import { MAX_LOGGED_ATTEMPTS, RESPONSE_EXCERPT_LENGTH, type DeliveryAttempt, type Webhook } from './model.js';
import { signingSecretOf, type SigningSecret } from './sealing.js';
import { targetPolicy } from './service.js';
import { signedHeaders } from './signature.js';

/** How long one attempt may take, connection to last byte read. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** last_success_at / last_failure_at are refreshed at most this often, so busy subscribers do not contend on their document. */
const SUBSCRIBER_REFRESH_MS = 60_000;

export type DeliveryOutcome = 'missing' | 'settled' | 'cancelled' | 'delivered' | 'retry' | 'failed';

export interface AttemptResult {
  status_code: number | null;
  error: string | null;
  excerpt: string | null;
}

/** Cloud Tasks' delay after the `attempt`-th failed attempt (1-based): doubling, then growing linearly, capped. */
export function backoffSeconds(attempt: number): number {
  const { minBackoffSeconds, maxBackoffSeconds, maxDoublings } = WEBHOOK_RETRY;
  const multiplier =
    2 ** Math.min(attempt - 1, maxDoublings) + Math.max(0, attempt - maxDoublings - 1) * 2 ** maxDoublings;
  return Math.min(maxBackoffSeconds, multiplier * minBackoffSeconds);
}

/** One POST of `body`: no redirect followed, at most ATTEMPT_TIMEOUT_MS, only the first bytes of the answer kept. */
export async function sendOnce(url: string, headers: Record<string, string>, body: string): Promise<AttemptResult> {
  const policy = targetPolicy();
  const refused = refusedUrl(url, policy);
  if (refused !== null) return { status_code: null, error: `refused: ${refused}`, excerpt: null };
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // Node connects to an IP literal without a lookup: check it here; names are checked by `lookup`.
  if (isIP(host) !== 0) {
    try {
      await allowedAddresses(host, policy);
    } catch (error) {
      return {
        status_code: null,
        error: `refused: ${error instanceof Error ? error.message : String(error)}`,
        excerpt: null,
      };
    }
  }
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = send(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'disaster-response-webhooks/1',
        },
        lookup: checkedLookup(policy),
        agent: false,
      },
      (res: IncomingMessage) => {
        let excerpt = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          excerpt += chunk;
          if (excerpt.length >= RESPONSE_EXCERPT_LENGTH) res.destroy();
        });
        const done = () =>
          finish({
            status_code: res.statusCode ?? null,
            error:
              res.statusCode !== undefined && res.statusCode >= 300 && res.statusCode < 400
                ? 'redirects are not followed'
                : null,
            excerpt: excerpt.slice(0, RESPONSE_EXCERPT_LENGTH),
          });
        res.on('end', done);
        res.on('close', done);
      },
    );
    const timer = setTimeout(
      () => req.destroy(new Error(`no answer within ${ATTEMPT_TIMEOUT_MS} ms`)),
      ATTEMPT_TIMEOUT_MS,
    );
    req.on('error', (error) => finish({ status_code: null, error: error.message.slice(0, 200), excerpt: null }));
    req.end(body);
  });
}

const succeeded = (result: AttemptResult) =>
  result.status_code !== null && result.status_code >= 200 && result.status_code < 300;

/** Runs one dispatch of a delivery. 'retry' tells the caller to fail the dispatch so Cloud Tasks tries again. */
export async function runDelivery(
  webhookId: string,
  deliveryId: string,
  now: () => number = Date.now,
  send: typeof sendOnce = sendOnce,
): Promise<DeliveryOutcome> {
  const [delivery, webhook] = await Promise.all([
    webhookDeliveryStore.of(webhookId).get(deliveryId),
    webhookStore.get(webhookId),
  ]);
  if (!delivery || delivery.status !== 'pending') return 'settled';
  // A removed subscriber: nothing to send to; its log expires with its TTL.
  if (!webhook) return 'missing';
  if (webhook.status !== 'active') {
    const at = new Date(now()).toISOString();
    await webhookDeliveryStore
      .of(webhookId)
      .update(deliveryId, { status: 'cancelled', next_attempt_at: null, updated_at: at });
    return 'cancelled';
  }
  // A secret that does not open (the key unset or replaced, the document altered) throws: the
  // dispatch fails loudly and Cloud Tasks retries it, so a fixed key delivers what was queued.
  const signing = signingSecretOf(webhook);
  const started = now();
  const result = await send(
    webhook.url,
    signedHeaders(signing.secret, delivery.id, delivery.body, new Date(started)),
    delivery.body,
  );
  const attempt: DeliveryAttempt = {
    at: new Date(started).toISOString(),
    status_code: result.status_code,
    error: result.error,
    duration_ms: Math.max(0, now() - started),
  };
  const outcome = await recordAttempt(webhookId, deliveryId, attempt, result, now(), signing.reseal);
  logs.webhookAttempt(webhookId, deliveryId, result.status_code, outcome);
  return outcome;
}

/**
 * The attempt on the delivery, and its consequences on the subscriber, in one transaction; with
 * them, a secret not sealed under the current key is stored sealed (`reseal`).
 */
async function recordAttempt(
  webhookId: string,
  deliveryId: string,
  attempt: DeliveryAttempt,
  result: AttemptResult,
  nowMs: number,
  reseal: SigningSecret['reseal'],
): Promise<DeliveryOutcome> {
  const deliveries = webhookDeliveryStore.of(webhookId);
  return db().runTransaction(async (tx) => {
    const [delivery, webhook] = await Promise.all([deliveries.get(deliveryId, tx), webhookStore.get(webhookId, tx)]);
    // Only over the value it was sealed from: a racing dispatch may have sealed it already.
    if (webhook && reseal && (webhook.sealed_secret ?? webhook.secret) === reseal.stored)
      webhookStore.updateIn(tx, webhookId, { sealed_secret: reseal.sealed, secret: null });
    // Settled meanwhile by a racing dispatch, or the subscriber removed: keep what is there.
    if (!delivery || delivery.status !== 'pending' || !webhook) return 'settled';
    const at = new Date(nowMs).toISOString();
    const ok = succeeded(result);
    const count = delivery.attempt_count + 1;
    const disabled = subscriberAfterAttempt(tx, webhook, ok, nowMs);
    const givenUp = !ok && nowMs - Date.parse(delivery.created_at) >= WEBHOOK_RETRY.giveUpAfterMs;
    const outcome: DeliveryOutcome = ok ? 'delivered' : disabled ? 'cancelled' : givenUp ? 'failed' : 'retry';
    deliveries.updateIn(tx, deliveryId, {
      status: outcome === 'retry' ? 'pending' : outcome,
      attempt_count: count,
      attempts: [...delivery.attempts, attempt].slice(-MAX_LOGGED_ATTEMPTS),
      last_status_code: result.status_code,
      response_excerpt: result.excerpt,
      next_attempt_at: outcome === 'retry' ? new Date(nowMs + backoffSeconds(count) * 1000).toISOString() : null,
      delivered_at: ok ? at : null,
      updated_at: at,
    });
    return outcome;
  });
}

/** A success clears the failure run; 24 h of nothing but failures disables the subscriber (returns true then). */
function subscriberAfterAttempt(tx: Transaction, webhook: Webhook, ok: boolean, nowMs: number): boolean {
  const at = new Date(nowMs).toISOString();
  const stale = (time: string | null) => time === null || nowMs - Date.parse(time) >= SUBSCRIBER_REFRESH_MS;
  if (ok) {
    if (webhook.failing_since !== null || stale(webhook.last_success_at))
      webhookStore.updateIn(tx, webhook.id, { failing_since: null, last_success_at: at });
    return false;
  }
  const failingSince = webhook.failing_since ?? at;
  if (nowMs - Date.parse(failingSince) >= WEBHOOK_RETRY.giveUpAfterMs) {
    webhookStore.updateIn(tx, webhook.id, {
      status: 'disabled',
      disabled_reason: 'failing',
      last_failure_at: at,
      updated_at: at,
    });
    recordEvent(
      tx,
      'system',
      {
        type: 'webhook.disabled',
        entity_id: webhook.id,
        before: { status: webhook.status },
        after: { status: 'disabled', disabled_reason: 'failing', failing_since: failingSince },
      },
      at,
    );
    logs.webhookDisabled(webhook.id, failingSince);
    return true;
  }
  if (webhook.failing_since === null || stale(webhook.last_failure_at))
    webhookStore.updateIn(tx, webhook.id, { failing_since: failingSince, last_failure_at: at });
  return false;
}
