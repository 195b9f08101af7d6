// Local stand-ins of the two outbound providers, so that the real SDKs send real requests:
// - Twilio's Messages REST API (HTTP): POST /2010-04-01/Accounts/{sid}/Messages.json, the form
//   the twilio package sends, answered as Twilio does (201 and a message resource). The number
//   +15005550001 is refused as Twilio refuses an invalid number (400, code 21211), +15005550500
//   answers 500 (a transient failure) — Twilio's own magic test numbers use the same style.
// - FCM HTTP v1 (HTTPS, a certificate made here for fcm.googleapis.com): POST
//   /v1/projects/{project}/messages:send, as firebase-admin messaging sends it; a token starting
//   `invalid-` is answered 404 UNREGISTERED, as FCM answers for an uninstalled app.
// Both record what they received: GET /_standin/messages on the Twilio port returns
// { twilio: [...], fcm: [...] }; DELETE empties them.
//
// Run by dev/stack.ts as `node --import tsx dev/channel-standins.ts <port>` (Twilio on <port>,
// FCM on <port>+1); the trigger unit tests start it in-process with startChannelStandIns().
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { join, resolve } from 'node:path';

export interface TwilioReceived {
  account_sid: string;
  sid: string;
  to: string;
  from: string;
  body: string;
  status_callback: string | null;
  authorization: string;
  user_agent: string;
  at: string;
}
export interface FcmReceived {
  project: string;
  name: string;
  token: string;
  message: Record<string, unknown>;
  authorization: string;
  at: string;
}

export interface ChannelStandIns {
  twilioUrl: string;
  fcmUrl: string;
  /** The stand-in FCM certificate, to trust (FCM_STANDIN_CA). */
  fcmCaPath: string;
  received: { twilio: TwilioReceived[]; fcm: FcmReceived[] };
  stop(): Promise<void>;
}

/** Numbers the Twilio stand-in refuses (permanently) or fails (transiently). */
export const INVALID_NUMBER = '+15005550001';
export const FAILING_NUMBER = '+15005550500';

const certDir = resolve(__dirname, '..', '..', '.stack', 'fcm-standin');

/** A self-signed certificate for fcm.googleapis.com, made once with openssl. */
function certificate(): { key: Buffer; cert: Buffer; certPath: string } {
  const keyPath = join(certDir, 'key.pem');
  const certPath = join(certDir, 'cert.pem');
  if (!existsSync(keyPath) || !existsSync(certPath)) {
    mkdirSync(certDir, { recursive: true });
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '3650',
        '-subj',
        '/CN=fcm.googleapis.com',
        '-addext',
        'subjectAltName=DNS:fcm.googleapis.com',
        '-keyout',
        keyPath,
        '-out',
        certPath,
      ],
      { stdio: 'ignore' },
    );
  }
  return { key: readFileSync(keyPath), cert: readFileSync(certPath), certPath };
}

function bodyOf(req: IncomingMessage): Promise<string> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    req.on('error', fail);
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      done(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/** Starts both stand-ins; port 0 picks free ports (Twilio on `port`, FCM on `port + 1` otherwise). */
export async function startChannelStandIns(port = 0): Promise<ChannelStandIns> {
  const received: ChannelStandIns['received'] = { twilio: [], fcm: [] };

  const twilio = createHttpServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://standin');
      const body = await bodyOf(req);
      if (url.pathname === '/_standin/messages') {
        if (req.method === 'DELETE') {
          received.twilio.length = 0;
          received.fcm.length = 0;
        }
        json(res, 200, received);
        return;
      }
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
      if (req.method !== 'POST' || !match) {
        json(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
        return;
      }
      const form = new URLSearchParams(body);
      const to = form.get('To') ?? '';
      const number = to.replace(/^whatsapp:/, '');
      if (number === INVALID_NUMBER) {
        json(res, 400, { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 });
        return;
      }
      if (number === FAILING_NUMBER) {
        json(res, 500, { code: 20500, message: 'Internal Server Error', status: 500 });
        return;
      }
      const sid = `SM${randomBytes(16).toString('hex')}`;
      const entry: TwilioReceived = {
        account_sid: match[1] ?? '',
        sid,
        to,
        from: form.get('From') ?? '',
        body: form.get('Body') ?? '',
        status_callback: form.get('StatusCallback'),
        authorization: req.headers.authorization ?? '',
        user_agent: req.headers['user-agent'] ?? '',
        at: new Date().toISOString(),
      };
      received.twilio.push(entry);
      json(res, 201, {
        sid,
        account_sid: entry.account_sid,
        to,
        from: entry.from,
        body: entry.body,
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        date_created: new Date().toUTCString(),
        uri: `/2010-04-01/Accounts/${entry.account_sid}/Messages/${sid}.json`,
      });
    })();
  });

  const { key, cert, certPath } = certificate();
  const fcm = createHttpsServer({ key, cert }, (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'https://fcm.googleapis.com');
      const body = await bodyOf(req);
      const match = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(url.pathname);
      if (req.method !== 'POST' || !match) {
        json(res, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
        return;
      }
      const parsed = JSON.parse(body) as { message?: Record<string, unknown> };
      const message = parsed.message ?? {};
      const token = typeof message.token === 'string' ? message.token : '';
      if (token.startsWith('invalid-')) {
        json(res, 404, {
          error: {
            code: 404,
            message: 'Requested entity was not found.',
            status: 'NOT_FOUND',
            details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }],
          },
        });
        return;
      }
      const name = `projects/${match[1] ?? ''}/messages/${randomBytes(8).toString('hex')}`;
      received.fcm.push({
        project: match[1] ?? '',
        name,
        token,
        message,
        authorization: req.headers.authorization ?? '',
        at: new Date().toISOString(),
      });
      json(res, 200, { name });
    })();
  });

  const twilioPort = await listen(twilio, port);
  const fcmPort = await listen(fcm, port === 0 ? 0 : port + 1);
  return {
    twilioUrl: `http://127.0.0.1:${twilioPort}`,
    fcmUrl: `https://127.0.0.1:${fcmPort}`,
    fcmCaPath: certPath,
    received,
    async stop() {
      await Promise.all([twilio, fcm].map((server) => new Promise((done) => server.close(done))));
    },
  };
}

if (require.main === module) {
  const port = Number(process.argv[2] ?? '9390');
  startChannelStandIns(port).then(
    (standIns) => console.log(`channel stand-ins listening: twilio ${standIns.twilioUrl}, fcm ${standIns.fcmUrl}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
