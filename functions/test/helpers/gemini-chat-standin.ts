// A local stand-in for Gemini's REST API (`POST /v1beta/models/{model}:generateContent`) in the
// mocha process, so the real @google/genai SDK can be pointed at it with httpOptions.baseUrl.
// Each test scripts the answers, one per call, in order (the last one repeats), and can read
// back exactly what the SDK sent.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Step =
  /** A normal answer whose text is this value, JSON-encoded. */
  | { kind: 'json'; value: unknown }
  /** A normal answer whose text is exactly this (e.g. malformed JSON). */
  | { kind: 'text'; text: string }
  /** An error status with Google's error body (429 RESOURCE_EXHAUSTED, 503 UNAVAILABLE, ...). */
  | { kind: 'error'; status: number }
  /** Never answers (until the test moves on): the client's time-out must fire. */
  | { kind: 'hang' }
  /** The prompt is blocked: promptFeedback.blockReason, no candidates. */
  | { kind: 'blocked'; reason: string }
  /** The candidate is withheld: this finishReason (SAFETY, ...), no content. */
  | { kind: 'finish'; reason: string };

export interface ReceivedCall {
  path: string;
  apiKey: string | undefined;
  body: Record<string, any>;
  /** The raw request body, for "does it contain X anywhere" checks. */
  raw: string;
}

const STATUS_NAMES: Record<number, string> = { 400: 'INVALID_ARGUMENT', 429: 'RESOURCE_EXHAUSTED', 500: 'INTERNAL', 503: 'UNAVAILABLE' };

export class GeminiChatStandIn {
  readonly calls: ReceivedCall[] = [];
  url = '';
  private script: Step[] = [];
  private server: Server | undefined;
  private hanging: ServerResponse[] = [];

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

  /** Replaces the script and forgets earlier calls. */
  answer(...script: Step[]): void {
    this.release();
    this.script = script;
    this.calls.length = 0;
  }

  private release(): void {
    for (const res of this.hanging) res.destroy();
    this.hanging = [];
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const path = (req.url ?? '').split('?')[0] ?? '';
    const json = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(value));
    if (req.method !== 'POST' || !/^\/v1beta\/models\/[^/:]+:generateContent$/.test(path)) {
      json(404, { error: { code: 404, message: `no such method ${path}`, status: 'NOT_FOUND' } });
      return;
    }
    let body: Record<string, any> = {};
    try {
      body = JSON.parse(raw) as Record<string, any>;
    } catch {
      // Recorded as empty; the test will notice.
    }
    const header = req.headers['x-goog-api-key'];
    this.calls.push({ path, apiKey: Array.isArray(header) ? header[0] : header, body, raw });
    const step = this.script[Math.min(this.calls.length - 1, this.script.length - 1)] ?? { kind: 'error', status: 500 };
    const candidate = (text: string) => ({
      candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 100, candidatesTokenCount: 50, totalTokenCount: 150 },
    });
    switch (step.kind) {
      case 'json':
        json(200, candidate(JSON.stringify(step.value)));
        return;
      case 'text':
        json(200, candidate(step.text));
        return;
      case 'error':
        json(step.status, { error: { code: step.status, message: `stand-in error ${step.status}`, status: STATUS_NAMES[step.status] ?? 'UNKNOWN' } });
        return;
      case 'hang':
        this.hanging.push(res);
        return;
      case 'blocked':
        json(200, { promptFeedback: { blockReason: step.reason, safetyRatings: [] } });
        return;
      case 'finish':
        json(200, { candidates: [{ finishReason: step.reason, index: 0, safetyRatings: [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true }] }] });
        return;
    }
  }
}
