// Sending SMS and WhatsApp through the twilio package, loaded on first send only (cold starts).
// Under the emulator its requests go to TWILIO_API_BASE_URL (the local stand-in) through its own
// httpClient option: the real SDK builds and sends them, only the host changes.
import type { Twilio } from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { config, configuredTwilioAuthToken } from '../config.js';

let client: Promise<Twilio> | undefined;

async function twilioClient(): Promise<Twilio> {
  const { default: twilio } = await import('twilio');
  const baseUrl = config.twilioApiBaseUrl();
  const httpClient = baseUrl === undefined ? undefined : new (standInClient(twilio.RequestClient, baseUrl))();
  return twilio(config.twilioAccountSid(), configuredTwilioAuthToken(), httpClient ? { httpClient } : {});
}

/** A RequestClient that sends to `baseUrl` what the SDK addresses to https://*.twilio.com. */
function standInClient(Base: typeof RequestClient, baseUrl: string) {
  return class StandInRequestClient extends Base {
    override request<TData>(opts: RequestOptions<TData>) {
      return super.request<TData>({ ...opts, uri: opts.uri.replace(/^https:\/\/[a-z0-9.-]+\.twilio\.com/, baseUrl) });
    }
  };
}

type RequestOptions<TData> = RequestClient.RequestOptions<TData>;

export interface SmsResult {
  sid: string;
}

/** A failure Twilio will answer the same way however often it is tried (an invalid number, ...). */
export class PermanentSendError extends Error {}

/**
 * Sends `body` to `to` (E.164) by SMS or WhatsApp. The status callback URL makes Twilio report
 * delivery to POST /channels/twilio/status. 4xx answers (other than 429) are permanent.
 */
export async function sendTwilioMessage(channel: 'sms' | 'whatsapp', to: string, body: string): Promise<SmsResult> {
  client ??= twilioClient();
  const twilio = await client;
  const base = config.publicApiBaseUrl();
  try {
    const message = await twilio.messages.create({
      to: channel === 'whatsapp' ? `whatsapp:${to}` : to,
      from: channel === 'whatsapp' ? config.twilioWhatsAppFrom() : config.twilioFromNumber(),
      body,
      ...(base ? { statusCallback: `${base}/channels/twilio/status` } : {}),
    });
    return { sid: message.sid };
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500 && status !== 429) {
      throw new PermanentSendError(`twilio ${status}: ${(error as Error).message}`);
    }
    throw error;
  }
}
