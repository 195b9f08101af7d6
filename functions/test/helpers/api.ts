// Calls the API over HTTP exactly as a client would, and asserts problem+json answers. Every
// exchange is checked against the OpenAPI document the API serves (helpers/contract.ts).
import assert from 'node:assert/strict';
import type { Role } from '../../src/shared/schemas.js';
import { assertExchange, contractOf, type ContractOptions } from './contract.js';
import { tokenFor } from './emulators.js';

export function baseUrl(): string {
  const url = process.env.API_BASE_URL;
  if (!url) throw new Error('API_BASE_URL is not set: run the tests through `npm test`.');
  return url;
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface CallOptions extends ContractOptions {
  token?: string;
  body?: unknown;
  /** Sent as is, with `contentType` (default application/json). */
  rawBody?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
}

export async function call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Buffer | undefined;
  if (options.rawBody !== undefined) {
    body = options.rawBody;
    headers['content-type'] = options.contentType ?? 'application/json';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await apiFetch(baseUrl() + path, { method, headers, body }, options);
  const text = await response.text();
  let parsed: unknown = text;
  if (/json/.test(response.headers.get('content-type') ?? '') && text !== '') parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

export interface ApiFetchOptions extends ContractOptions {
  /** The API's base URL when it is not the stack's (an in-process instance of the app). */
  base?: string;
}

/** The headers of a request as one lower-cased record. */
function headerRecord(headers: RequestInit['headers']): Record<string, string> {
  return Object.fromEntries([...new Headers(headers).entries()]);
}

/**
 * `fetch` to the API, with the exchange checked against its OpenAPI document (the failure names
 * the exchange). The answer is read whole and handed back as a fresh Response. `init.body` must be
 * text or bytes, so that the check sees what was sent.
 */
export async function apiFetch(url: string, init: RequestInit = {}, options: ApiFetchOptions = {}): Promise<Response> {
  const base = options.base ?? baseUrl();
  if (!url.startsWith(base)) throw new Error(`${url} is not under the API's base URL ${base}`);
  const contract = await contractOf(baseUrl());
  const sent = init.body ?? null;
  if (sent !== null && typeof sent !== 'string' && !Buffer.isBuffer(sent))
    throw new Error('apiFetch sends a body given as a string or a Buffer');
  const response = await fetch(url, init);
  const text = await response.text();
  assertExchange(
    contract,
    {
      method: init.method ?? 'GET',
      target: url.slice(base.length),
      requestContentType: headerRecord(init.headers)['content-type'] ?? null,
      requestBody: sent,
      status: response.status,
      responseContentType: response.headers.get('content-type'),
      responseText: text,
    },
    options,
  );
  const noBody = response.status === 204 || response.status === 304;
  return new Response(noBody ? null : text, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** Asserts a problem+json answer with this status and code, and returns its body. */
export function expectProblem(response: ApiResponse, status: number, code?: string): any {
  assert.equal(response.status, status, `expected ${status}, got ${response.status}: ${response.text}`);
  assert.match(response.headers.get('content-type') ?? '', /^application\/problem\+json/);
  const body = response.body as Record<string, unknown>;
  assert.equal(body.status, status);
  assert.equal(typeof body.title, 'string');
  assert.equal(typeof body.detail, 'string');
  if (code !== undefined)
    assert.equal(body.code, code, `expected code ${code}, got ${String(body.code)}: ${response.text}`);
  return body;
}

/** Asserts a success status and returns the body. */
export function expectStatus<T = any>(response: ApiResponse<T>, status: number): T {
  assert.equal(response.status, status, `expected ${status}, got ${response.status}: ${response.text}`);
  return response.body;
}

let counter = 0;
export function uniqueId(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter}`;
}

export interface TestUser {
  uid: string;
  token: string;
  role: Role;
}

/**
 * A registered user of the role, with a real ID token carrying the `role` claim. Privileged
 * roles get their claim the way an admin would grant it; registration then keeps it.
 */
export async function registeredUser(role: Role, profile: Record<string, unknown> = {}): Promise<TestUser> {
  const uid = uniqueId(role);
  const token = await tokenFor({ uid, role });
  const response = await call('POST', '/users/register', {
    token,
    body: { display_name: `${role} ${uid.slice(-6)}`, ...profile },
  });
  expectStatus(response, 200);
  return { uid, token, role };
}
