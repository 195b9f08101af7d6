// A bounded load: `requests` calls at a fixed `concurrency`, from this process, to loopback only.
import { performance } from 'node:perf_hooks';

export interface HttpCall {
  method: string;
  url: string;
  token: string;
  body?: unknown;
  /** A form body (application/x-www-form-urlencoded) instead of JSON, e.g. a Twilio webhook. */
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface LoadResult {
  latencies_ms: number[];
  duration_s: number;
  /** Answers with another status than expected. */
  failures: number;
  firstFailure: string | null;
}

export async function send(call: HttpCall): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = {
    ...(call.token === '' ? {} : { authorization: `Bearer ${call.token}` }),
    ...call.headers,
  };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  if (call.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  const response = await fetch(call.url, {
    method: call.method,
    headers,
    body:
      call.form !== undefined
        ? new URLSearchParams(call.form).toString()
        : call.body === undefined
          ? undefined
          : JSON.stringify(call.body),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, text: await response.text() };
}

/** Runs `requests` calls made by `next(i)`, `concurrency` at a time; `expect` is the success status. */
export async function runLoad(
  next: (i: number) => HttpCall,
  expect: number,
  requests: number,
  concurrency: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | null = null;
  let issued = 0;
  const started = performance.now();
  const lane = async () => {
    while (issued < requests) {
      const call = next(issued++);
      const t = performance.now();
      try {
        const { status, text } = await send(call);
        if (status !== expect) {
          failures += 1;
          firstFailure ??= `${call.method} ${call.url}: ${status} ${text.slice(0, 300)}`;
        }
      } catch (error) {
        failures += 1;
        firstFailure ??= `${call.method} ${call.url}: ${error instanceof Error ? error.message : String(error)}`;
      }
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { latencies_ms: latencies, duration_s: (performance.now() - started) / 1000, failures, firstFailure };
}
