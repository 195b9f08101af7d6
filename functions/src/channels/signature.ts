// X-Twilio-Signature: Twilio signs each webhook with the account's auth token over the full URL it
// called and the form fields. Checked with the twilio package's own validation, whose webhooks
// module alone is loaded (the SDK's REST client takes a second to load; a webhook needs none of it).
import { config, configuredTwilioAuthToken } from '../config.js';
import { ForbiddenError } from '../errors.js';
import type { SignedRequest } from '../http/endpoint.js';
import { logs } from '../logs.js';

/**
 * The URL Twilio signed: PUBLIC_API_BASE_URL and the webhook's path when set (behind a proxy or
 * a Hosting rewrite the function does not see the URL Twilio called; the local stack sets it to
 * the API base URL it prints), else the URL as received.
 */
export function signedUrl(request: SignedRequest): string {
  const base = config.publicApiBaseUrl();
  if (!base) return request.receivedUrl;
  const query = request.receivedUrl.includes('?') ? request.receivedUrl.slice(request.receivedUrl.indexOf('?')) : '';
  return `${base.replace(/\/+$/, '')}${request.path}${query}`;
}

/** 403 unless the request carries a valid X-Twilio-Signature; runs before the form is validated or anything written. */
export async function verifyTwilioSignature(request: SignedRequest): Promise<void> {
  const signature = request.header('x-twilio-signature');
  if (!signature) {
    logs.inboundSignatureRejected('missing');
    throw new ForbiddenError('This webhook takes requests signed by Twilio (X-Twilio-Signature).');
  }
  const token = configuredTwilioAuthToken();
  // With no token every signature would be computed with an empty key, which anyone can do.
  if (token === '') {
    logs.inboundSignatureRejected('no_auth_token_configured');
    throw new ForbiddenError('This webhook is not configured (no Twilio auth token).');
  }
  const { validateRequest } = await import('twilio/lib/webhooks/webhooks.js');
  if (!validateRequest(token, signature, signedUrl(request), request.form)) {
    logs.inboundSignatureRejected('invalid');
    throw new ForbiddenError('The X-Twilio-Signature does not match this request.');
  }
}
