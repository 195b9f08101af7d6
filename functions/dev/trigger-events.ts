// Eventarc's side of trigger delivery, for the official Firestore emulator. That emulator POSTs each
// document event to the Functions emulator once and only logs a failure; production's Eventarc
// acknowledges the event, delivers it asynchronously and, for a function declared with
// `retry: true`, delivers it again with back-off until it succeeds or the retry window ends. The
// stack starts the emulator with this gateway as its "Functions emulator" (the launcher rewrites
// --functions_emulator when FIRESTORE_TRIGGER_EVENTS_VIA is set), and the gateway forwards every
// event, headers and protobuf body unchanged, to the real Functions emulator with that policy.
//
// Run by dev/stack.ts as `node --import tsx dev/trigger-events.ts <port> <functions host:port>`;
// prints `ready ...` once listening and one line per delivery, retry or drop (in the stack log).
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { LOCAL_RETRY, retryDelayMs } from './trigger-relay.js';

type Exported = { __endpoint?: { eventTrigger?: { retry?: boolean } } };

/** The trigger's function name from its key, e.g. `us-central1-planRequest-0` → `planRequest`. */
export function functionNameOf(triggerKey: string): string {
  return triggerKey.replace(/-\d+$/, '').split('-').pop() ?? triggerKey;
}

/** Whether each exported event function asks for retries (its `retry` option), read from the build. */
function retrySettings(modulePath: string): Map<string, boolean> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const exports = require(modulePath) as Record<string, Exported | undefined>;
  const settings = new Map<string, boolean>();
  for (const [name, value] of Object.entries(exports)) {
    const trigger = value?.__endpoint?.eventTrigger;
    if (trigger) settings.set(name, trigger.retry === true);
  }
  return settings;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function forwardedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name === 'host' || name === 'content-length' || name === 'connection') continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function main(): void {
  const port = Number(process.argv[2]);
  const functionsHost = process.argv[3];
  if (!Number.isInteger(port) || !functionsHost)
    throw new Error('usage: trigger-events.ts <port> <functions host:port>');
  const retries = retrySettings(join(__dirname, '..', 'lib', 'index.js'));

  const deliver = async (path: string, headers: Record<string, string>, body: Buffer) => {
    const key = decodeURIComponent(path.split('/').pop() ?? '');
    const name = functionNameOf(key);
    const attempts = retries.get(name) ? LOCAL_RETRY.maxAttempts : 1;
    const what = `${name} ${headers['ce-subject'] ?? headers['ce-document'] ?? ''} id=${headers['ce-id'] ?? '?'}`;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      let outcome: string;
      try {
        const response = await fetch(`http://${functionsHost}${path}`, { method: 'POST', headers, body });
        const text = await response.text();
        if (response.ok) {
          console.log(`delivered ${what}${attempt > 1 ? ` attempt=${attempt}` : ''}`);
          return;
        }
        outcome = `${response.status} ${text.slice(0, 200)}`;
      } catch (error) {
        outcome = error instanceof Error ? error.message : String(error);
      }
      if (attempt < attempts) {
        const delay = retryDelayMs(attempt);
        console.log(`failed ${what} attempt=${attempt}, retrying in ${delay} ms: ${outcome}`);
        await sleep(delay);
      } else {
        console.log(
          `dropped ${what} after ${attempt} attempt(s)${retries.get(name) ? '' : ' (retry is off)'}: ${outcome}`,
        );
      }
    }
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      if (req.method !== 'POST' || !path.startsWith('/functions/projects/')) {
        res.writeHead(404).end();
        return;
      }
      // Acknowledged at once, as Eventarc acknowledges Firestore; delivered after.
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"accepted"}');
      void deliver(path, forwardedHeaders(req.headers), Buffer.concat(chunks));
    });
  });
  server.listen(port, '127.0.0.1', () => {
    const retrying = [...retries].filter(([, retry]) => retry).map(([name]) => name);
    console.log(
      `ready: trigger events to ${functionsHost}, retried with back-off for ${retrying.join(', ') || 'none'}`,
    );
  });
  server.on('error', (error) => {
    console.error(`trigger events gateway: cannot listen on ${port}: ${error.message}`);
    process.exit(1);
  });
  const exit = () => process.exit(0);
  process.on('SIGTERM', exit);
  process.on('SIGINT', exit);
  process.on('disconnect', exit);
}

if (require.main === module) main();
