// Push through firebase-admin messaging (FCM HTTP v1). getMessaging().send() speaks HTTP/1.1 to
// fcm.googleapis.com through the app's httpAgent; under the emulator a second app gets an agent
// that opens its TLS connections to the local stand-in instead (its certificate, made for
// fcm.googleapis.com, is trusted through `ca`), and a fixed access token. The SDK call, its
// request and its error mapping are the real ones.
import { readFileSync } from 'node:fs';
import { Agent, type RequestOptions } from 'node:https';
import { connect } from 'node:tls';
import type { Duplex } from 'node:stream';
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getMessaging, type Messaging } from 'firebase-admin/messaging';
import { config } from '../config.js';
import { adminApp } from '../data/firestore.js';

const STAND_IN_APP = 'fcm-stand-in';

class StandInAgent extends Agent {
  constructor(
    private readonly target: URL,
    ca: Buffer,
  ) {
    super({ ca, keepAlive: true });
  }

  override createConnection(options: RequestOptions, callback?: (err: Error | null, stream: Duplex) => void): Duplex {
    const socket = connect({
      host: this.target.hostname,
      port: Number(this.target.port),
      servername: 'fcm.googleapis.com',
      ca: this.options.ca,
    });
    if (callback) socket.once('secureConnect', () => callback(null, socket));
    void options;
    return socket;
  }
}

function standInApp(url: string, caPath: string): App {
  const existing = getApps().find((app) => app.name === STAND_IN_APP);
  if (existing) return existing;
  return initializeApp(
    {
      projectId: process.env.GCLOUD_PROJECT ?? 'demo-disaster-response',
      credential: { getAccessToken: () => Promise.resolve({ access_token: 'stand-in-token', expires_in: 3600 }) },
      httpAgent: new StandInAgent(new URL(url), readFileSync(caPath)),
    },
    STAND_IN_APP,
  );
}

function messaging(): Messaging {
  const url = config.fcmStandInUrl();
  const ca = config.fcmStandInCa();
  return url && ca ? getMessaging(standInApp(url, ca)) : getMessaging(adminApp());
}

/** FCM's answer that the token will never work again: the device is removed. */
const DEAD_TOKEN_CODES = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-argument',
  'messaging/invalid-registration-token',
]);

export type PushOutcome =
  { ok: true; name: string } | { ok: false; deadToken: boolean; permanent: boolean; error: string };

/** Sends one notification to one registration token. */
export async function sendPush(
  token: string,
  title: string,
  body: string,
  data: Record<string, string>,
): Promise<PushOutcome> {
  try {
    const name = await messaging().send({ token, notification: { title, body }, data, android: { priority: 'high' } });
    return { ok: true, name };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const text = error instanceof Error ? error.message : String(error);
    if (typeof code === 'string' && DEAD_TOKEN_CODES.has(code))
      return { ok: false, deadToken: true, permanent: true, error: code };
    const permanent = code === 'messaging/sender-id-mismatch' || code === 'messaging/mismatched-credential';
    return { ok: false, deadToken: false, permanent, error: typeof code === 'string' ? `${code}: ${text}` : text };
  }
}
