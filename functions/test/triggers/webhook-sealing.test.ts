// The sealing of webhook signing secrets (src/webhooks/sealing.ts), as plain unit tests: no
// Firestore. Here with the trigger tests because those run without the stack.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { SealingKeyUnavailableError } from '../../src/errors.js';
import { keyRing, seal, signingSecretOf, unseal, UnsealError } from '../../src/webhooks/sealing.js';
import { newSecret } from '../../src/webhooks/signature.js';

const newKey = () => randomBytes(32).toString('base64');

describe('webhook signing secrets sealed at rest (webhooks/sealing.ts)', () => {
  const keys = keyRing(newKey());
  const secret = newSecret();

  it('seals into v1.<key id>.<iv>.<ciphertext>, holding nothing of the secret, and opens for the same webhook', () => {
    const sealed = seal(secret, 'hook-1', keys);
    assert.match(sealed, /^v1\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    assert.equal(sealed.split('.')[1], keys[0].id);
    const body = secret.slice('whsec_'.length);
    for (let i = 0; i + 8 <= body.length; i++) assert.ok(!sealed.includes(body.slice(i, i + 8)), body.slice(i, i + 8));
    assert.notEqual(seal(secret, 'hook-1', keys), sealed, 'a fresh IV each time');
    assert.equal(unseal(sealed, 'hook-1', keys), secret);
  });

  it('a sealed secret moved to another webhook id does not open', () => {
    const sealed = seal(secret, 'hook-1', keys);
    assert.throws(() => unseal(sealed, 'hook-2', keys), UnsealError);
  });

  it('an altered byte anywhere, a truncated value or another format: UnsealError, never a wrong secret', () => {
    const sealed = seal(secret, 'hook-1', keys);
    const [version, keyId, iv, body] = sealed.split('.') as [string, string, string, string];
    const flip = (encoded: string, at: number) => {
      const bytes = Buffer.from(encoded, 'base64url');
      bytes[at] = bytes[at]! ^ 1;
      return bytes.toString('base64url');
    };
    const bodyBytes = Buffer.from(body, 'base64url').length;
    for (const altered of [
      [version, keyId, flip(iv, 0), body].join('.'),
      [version, keyId, iv, flip(body, 0)].join('.'),
      [version, keyId, iv, flip(body, bodyBytes - 1)].join('.'),
      [version, keyId, iv, Buffer.from(body, 'base64url').subarray(0, 16).toString('base64url')].join('.'),
      ['v2', keyId, iv, body].join('.'),
      [version, keyId, iv, body, 'x'].join('.'),
      secret,
      '',
    ]) {
      assert.throws(() => unseal(altered, 'hook-1', keys), UnsealError, altered);
    }
  });

  it('opens only under a key it was sealed with; a key ring opens with any of its keys and seals with the first', () => {
    const old = keyRing(newKey());
    const sealedOld = seal(secret, 'hook-1', old);
    assert.throws(() => unseal(sealedOld, 'hook-1', keys), /does not hold/);
    const rotated = keyRing(`${newKey()} ${old[0].key.toString('base64')}`);
    assert.equal(unseal(sealedOld, 'hook-1', rotated), secret);
    assert.equal(seal(secret, 'hook-1', rotated).split('.')[1], rotated[0].id);
  });

  it('refuses a missing or malformed key (a typed 503 error), never sealing without one', () => {
    for (const value of ['', '  ', 'short', Buffer.alloc(16).toString('base64'), `${newKey()},not-a-key`]) {
      assert.throws(() => keyRing(value), SealingKeyUnavailableError, JSON.stringify(value));
    }
    assert.equal(keyRing(randomBytes(32).toString('base64url')).length, 1, 'base64url is accepted too');
  });

  describe('the secret a delivery signs with', () => {
    it('a secret sealed under the current key: opened, nothing to store', () => {
      const opened = signingSecretOf({ id: 'hook-1', sealed_secret: seal(secret, 'hook-1', keys) }, keys);
      assert.deepEqual(opened, { secret, reseal: null });
    });

    it('a plain secret stored before sealing: used, and sealed to replace it', () => {
      const opened = signingSecretOf({ id: 'hook-1', secret }, keys);
      assert.equal(opened.secret, secret);
      assert.equal(opened.reseal?.stored, secret);
      assert.equal(unseal(opened.reseal?.sealed ?? '', 'hook-1', keys), secret);
    });

    it('a secret sealed under a previous key: opened, and sealed again under the current one', () => {
      const previous = keyRing(newKey());
      const rotated = keyRing(`${newKey()} ${previous[0].key.toString('base64')}`);
      const sealedOld = seal(secret, 'hook-1', previous);
      const opened = signingSecretOf({ id: 'hook-1', sealed_secret: sealedOld }, rotated);
      assert.equal(opened.secret, secret);
      assert.equal(opened.reseal?.stored, sealedOld);
      assert.equal(opened.reseal?.sealed.split('.')[1], rotated[0].id);
    });

    it('no secret at all: UnsealError', () => {
      assert.throws(() => signingSecretOf({ id: 'hook-1' }, keys), UnsealError);
    });
  });
});
