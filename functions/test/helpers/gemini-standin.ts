// A local stand-in for Gemini's REST API (`POST /v1beta/models/{model}:generateContent`), in the
// mocha process, so that the real @google/genai SDK can be pointed at it with httpOptions.baseUrl.
// Each test scripts the answers, one per call, in order; the last one repeats. Calls of one use of
// Gemini (told apart by a phrase of its system instruction) may have a script of their own
// (`answerWhen`): two uses asked at once in one run are then answered in any order.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Scripted =
  /** A normal answer whose text is this value, JSON-encoded. */
  | { kind: 'plan'; plan: unknown }
  /** A normal answer whose text is exactly this (e.g. malformed JSON). */
  | { kind: 'text'; text: string }
  /** An error status with Google's error body (429 RESOURCE_EXHAUSTED, 503 UNAVAILABLE, ...). */
  | { kind: 'error'; status: number }
  /** Never answers (until the server closes): the client's time-out must fire. */
  | { kind: 'hang' }
  /** The prompt is blocked: promptFeedback.blockReason, no candidates. */
  | { kind: 'blocked'; reason: string }
  /** The candidate is withheld: finishReason SAFETY (or another), no content. */
  | { kind: 'finish'; reason: string };

export interface ReceivedCall {
  path: string;
  apiKey: string | undefined;
  body: Record<string, any>;
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  403: 'PERMISSION_DENIED',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** The system instruction a call was sent with, as text. */
export const systemInstructionOf = (call: ReceivedCall): string =>
  ((call.body.systemInstruction?.parts ?? []) as { text?: string }[]).map((part) => part.text ?? '').join('\n');

export class GeminiStandIn {
  readonly calls: ReceivedCall[] = [];
  private script: Scripted[] = [];
  private answered = 0;
  private routes: { phrase: string; script: Scripted[]; answered: number }[] = [];
  private server: Server | undefined;
  private hanging: ServerResponse[] = [];

  /** Base URL for httpOptions.baseUrl. */
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.release();
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  /** Replaces the script and forgets earlier calls and the scripts of `answerWhen`. */
  answer(...script: Scripted[]): void {
    this.release();
    this.script = script;
    this.answered = 0;
    this.routes = [];
    this.calls.length = 0;
  }

  /** Calls whose system instruction contains `phrase` are answered by this script instead (after `answer`). */
  answerWhen(phrase: string, ...script: Scripted[]): void {
    this.routes.push({ phrase, script, answered: 0 });
  }

  /** The calls received whose system instruction contains `phrase`. */
  callsAbout(phrase: string): ReceivedCall[] {
    return this.calls.filter((call) => systemInstructionOf(call).includes(phrase));
  }

  private release(): void {
    for (const res of this.hanging) res.destroy();
    this.hanging = [];
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (req.method !== 'POST' || !/^\/v1beta\/models\/[^/:]+:generateContent$/.test(path)) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { code: 404, message: `no such method ${path}`, status: 'NOT_FOUND' } }));
      return;
    }
    let body: Record<string, any> = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, any>;
    } catch {
      // Recorded as empty; the test will notice.
    }
    const header = req.headers['x-goog-api-key'];
    const call = { path, apiKey: Array.isArray(header) ? header[0] : header, body };
    this.calls.push(call);
    const route = this.routes.find((r) => systemInstructionOf(call).includes(r.phrase));
    const [script, index] = route ? [route.script, route.answered++] : [this.script, this.answered++];
    const step = script[Math.min(index, script.length - 1)] ?? { kind: 'error', status: 500 };
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(value));
    const candidate = (text: string) => ({
      candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 100, candidatesTokenCount: 50, totalTokenCount: 150 },
      modelVersion: path.split('/')[3]?.split(':')[0],
    });
    switch (step.kind) {
      case 'plan':
        json(200, candidate(JSON.stringify(step.plan)));
        return;
      case 'text':
        json(200, candidate(step.text));
        return;
      case 'error':
        json(step.status, {
          error: {
            code: step.status,
            message: `stand-in error ${step.status}`,
            status: STATUS_NAMES[step.status] ?? 'UNKNOWN',
          },
        });
        return;
      case 'hang':
        this.hanging.push(res);
        return;
      case 'blocked':
        json(200, {
          promptFeedback: { blockReason: step.reason, safetyRatings: [] },
          usageMetadata: { promptTokenCount: 100, totalTokenCount: 100 },
        });
        return;
      case 'finish':
        json(200, {
          candidates: [
            {
              finishReason: step.reason,
              index: 0,
              safetyRatings: [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true }],
            },
          ],
        });
        return;
    }
  }
}
