// Signing secrets sealed at rest: whoever reads the database, a backup or an export must not be
// able to sign deliveries. AES-256-GCM under the key-encryption key WEBHOOK_SEALING_KEY (config.ts),
// stored as `v1.<key id>.<iv>.<ciphertext and tag>` (base64url). The webhook id is authenticated
// with it, so a sealed secret copied onto another subscriber does not open there.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { configuredWebhookSealingKey } from '../config.js';
import { SealingKeyUnavailableError } from '../errors.js';
import { logs } from '../logs.js';
import type { Webhook } from './model.js';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** 32 bytes in base64 or base64url, as `openssl rand -base64 32` prints them. */
const ENCODED_KEY = /^[A-Za-z0-9+/_-]{43}=?$/;

export interface SealingKey {
  id: string;
  key: Buffer;
}
/** The first key seals; every key opens what it sealed. */
export type KeyRing = readonly [SealingKey, ...SealingKey[]];

/** A sealed secret that does not open: altered, sealed for another webhook, or under a key no longer configured. */
export class UnsealError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsealError';
  }
}

/** A fingerprint of the key: ids need no naming, and a stored secret says which key opens it. */
const keyIdOf = (key: Buffer) =>
  createHash('sha256').update('webhook-sealing-key-id:').update(key).digest('base64url').slice(0, 8);

/** The keys of a WEBHOOK_SEALING_KEY value (space- or comma-separated); none, or a malformed one, is refused. */
export function keyRing(value: string): KeyRing {
  const [first, ...others] = value.split(/[\s,]+/).filter((key) => key !== '');
  if (first === undefined) throw new SealingKeyUnavailableError('WEBHOOK_SEALING_KEY is not set');
  if (![first, ...others].every((key) => ENCODED_KEY.test(key)))
    throw new SealingKeyUnavailableError('WEBHOOK_SEALING_KEY is not base64 of 32 bytes');
  const toKey = (encoded: string): SealingKey => {
    const key = Buffer.from(encoded, 'base64');
    return { id: keyIdOf(key), key };
  };
  return [toKey(first), ...others.map(toKey)];
}

/** The configured keys, read at each use: a missing key fails here, loudly, never by storing a plain secret. */
export function configuredKeyRing(): KeyRing {
  try {
    return keyRing(configuredWebhookSealingKey());
  } catch (error) {
    if (error instanceof SealingKeyUnavailableError) logs.webhookSealingKeyUnavailable(error.reason);
    throw error;
  }
}

const additionalData = (keyId: string, webhookId: string) => Buffer.from(`${VERSION}.${keyId}.webhooks/${webhookId}`);

export function seal(secret: string, webhookId: string, keys: KeyRing = configuredKeyRing()): string {
  const [{ id, key }] = keys;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(additionalData(id, webhookId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return [VERSION, id, iv.toString('base64url'), sealed.toString('base64url')].join('.');
}

export function unseal(sealed: string, webhookId: string, keys: KeyRing = configuredKeyRing()): string {
  const [version, keyId, iv, body, ...rest] = sealed.split('.');
  if (version !== VERSION || body === undefined || rest.length > 0) throw new UnsealError('not a v1 sealed secret');
  const key = keys.find((candidate) => candidate.id === keyId);
  if (!key) throw new UnsealError(`sealed under key ${keyId}, which WEBHOOK_SEALING_KEY does not hold`);
  const ivBytes = Buffer.from(iv!, 'base64url');
  const bytes = Buffer.from(body, 'base64url');
  if (ivBytes.length !== IV_BYTES || bytes.length <= TAG_BYTES) throw new UnsealError('truncated sealed secret');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, ivBytes, { authTagLength: TAG_BYTES });
    decipher.setAAD(additionalData(key.id, webhookId));
    decipher.setAuthTag(bytes.subarray(-TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(0, -TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new UnsealError('the sealed secret does not open: altered, or sealed for another webhook');
  }
}

export interface SigningSecret {
  secret: string;
  /**
   * When the stored secret is not sealed under the current key (a subscriber registered before
   * sealing, or sealed under a previous key): the value it holds now, and the sealed one to store
   * in its place. Null when nothing is to be written.
   */
  reseal: { stored: string; sealed: string } | null;
}

/** The secret that signs a subscriber's deliveries, from the stored subscriber. */
export function signingSecretOf(
  webhook: Pick<Webhook, 'id' | 'sealed_secret' | 'secret'>,
  keys: KeyRing = configuredKeyRing(),
): SigningSecret {
  if (webhook.sealed_secret !== undefined) {
    const secret = unseal(webhook.sealed_secret, webhook.id, keys);
    const current = webhook.sealed_secret.startsWith(`${VERSION}.${keys[0].id}.`);
    return {
      secret,
      reseal: current ? null : { stored: webhook.sealed_secret, sealed: seal(secret, webhook.id, keys) },
    };
  }
  if (typeof webhook.secret === 'string')
    return {
      secret: webhook.secret,
      reseal: { stored: webhook.secret, sealed: seal(webhook.secret, webhook.id, keys) },
    };
  throw new UnsealError('no signing secret stored');
}
