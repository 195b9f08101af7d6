// One declaration per endpoint. The router, request validation, the OpenAPI document, the
// docs page and the authorization tests are all derived from these declarations.
import { z } from 'zod';
import { idSchema, type Role } from '../shared/schemas.js';
import type { Caller } from '../shared/caller.js';
import type { InCommit } from '../data/staged.js';
import type { RateLimitRule } from '../data/window-count.js';
import type { ReadLimitRule } from './read-limit.js';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call an endpoint, checked before any input is read:
 * 'public' needs no token (a token that is sent must still be valid), 'authenticated' any valid
 * token, a role list a valid token whose verified `role` claim is one of them.
 */
export type Access = 'public' | 'authenticated' | readonly Role[];

/** A limit a handler counts itself (`handlerLimits`): the rule, and what it is counted per and past it. */
export interface HandlerLimit {
  rule: RateLimitRule;
  per: string;
}

/**
 * What a `verify` hook of an endpoint sees of the request before its input is parsed: for a
 * caller that proves itself by signing the request (a webhook) instead of with a token.
 */
export interface SignedRequest {
  /** The URL the request reached this service at (scheme, host and path as received). */
  receivedUrl: string;
  /** The path of the declaration, e.g. `/channels/twilio/inbound`. */
  path: string;
  header(name: string): string | undefined;
  /** The form fields exactly as sent (a form endpoint); empty otherwise. */
  form: Readonly<Record<string, string>>;
}

/** What a handler may return instead of a plain body: another status, or extra headers. */
export class Reply<T = unknown> {
  constructor(
    readonly status: number,
    readonly body: T,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** Where a streamed body goes: `write` resolves once the client can take more (backpressure). */
export interface Sink {
  write(chunk: string): Promise<void>;
}

/**
 * A body written piece by piece as it is produced (exports), for a `raw` endpoint: status and
 * headers go out first, then `produce` writes to the sink. Memory stays flat with the size of the
 * body. Once headers are sent an error can no longer become a problem+json: the connection is
 * cut, and the client sees a truncated transfer.
 */
export class Streamed {
  constructor(
    readonly headers: Record<string, string>,
    readonly produce: (sink: Sink) => Promise<void>,
    readonly status = 200,
  ) {}
}

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;
type CallerFor<A extends Access> = A extends 'public' ? Caller | null : Caller;

export interface HandlerInput<A extends Access, P, Q, B> {
  caller: CallerFor<A>;
  params: Infer<P>;
  query: Infer<Q>;
  body: Infer<B>;
  requestId: string;
  /** The client's IP address (behind the Functions front end, from X-Forwarded-For). */
  ip: string;
  /**
   * For an `idempotent` endpoint: the writes that store `present(made)` as the answer to the
   * request's Idempotency-Key, for the service to add to the commit of its change (nothing without
   * a key). `present` is what the handler answers with, so the replay is the same body.
   */
  answerInCommit: <T>(present: (made: T) => unknown) => InCommit<T>;
}

export interface EndpointDefinition<
  A extends Access,
  P extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  R extends z.ZodType | null,
> {
  method: Method;
  /** The path as the spec writes it, with {name} parameters: grep for it to find this code. */
  path: string;
  /** OpenAPI tag: the feature the endpoint belongs to. */
  tag: string;
  summary: string;
  description?: string;
  access: A;
  /** The object-level rule the handler enforces beyond `access`, for the docs and the matrix. */
  ownership?: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of the success body; null for a response without one (204). */
  response: R;
  /** Success status; 200 by default, 204 when `response` is null. */
  status?: number;
  /**
   * Other success statuses the handler answers with a `Reply`, each with when it is answered (the
   * OpenAPI description), with the same body as `status`: e.g. `{ 200: 'Had already joined.' }`
   * where `status` is 201.
   */
  otherStatuses?: Readonly<Record<number, string>>;
  /**
   * Failure statuses the service can answer besides those the router decides (openapi.ts,
   * `failureStatuses`: 400, 500, 503 everywhere; 401, 403, 413, 415, 429 from `access`, `verify`,
   * the method and the limits): the 404s, 409s, a 403 an object-level rule throws (ForbiddenError)...
   * The OpenAPI document lists them; a test's exchange with an unlisted status fails the contract check.
   */
  errors?: readonly number[];
  rateLimit?: RateLimitRule;
  /**
   * Limits the handler counts itself, per something the router cannot see (a phone number), each
   * with what it is counted per and what happens past it: documented (OpenAPI, the rate-limit
   * table) and accepted in place of `rateLimit` by the rule that every write is limited.
   */
  handlerLimits?: readonly HandlerLimit[];
  /**
   * The in-memory read limit (http/read-limit.ts): every GET has DEFAULT_READ_LIMIT unless it
   * declares its own, or null for none.
   */
  readLimit?: ReadLimitRule | null;
  /**
   * Takes an `Idempotency-Key` header (docs/conventions.md, "Idempotency-Key"): a repeat of the
   * key by the same caller on the same object answers the first answer again and writes nothing.
   * The handler hands `answerInCommit(present)` to its service, which stages it in its commit.
   * Documented in OpenAPI (the header, 409 idempotency_key_in_flight, 422 idempotency_key_reused)
   * and checked for every such endpoint by test/authorization.test.ts. Not for public endpoints:
   * a key is scoped to the caller's uid.
   */
  idempotent?: boolean;
  /** HTML or another non-JSON body: the handler returns a Reply with content type set, or a Streamed. */
  raw?: boolean;
  /**
   * The media types of a non-JSON success body (e.g. `application/cap+xml`), documented in OpenAPI.
   * The handler returns the body as a string (or a Reply), sent with the first type unless the
   * Reply sets one and checked against `response` like JSON; or, for a raw endpoint, a Streamed.
   * A map gives each type its own schema (an export whose GeoJSON is JSON and whose CSV is text):
   * those are what is documented and checked, and `response` only types the handler.
   */
  produces?: readonly string[] | Readonly<Record<string, z.ZodType>>;
  /** `form`: the body is application/x-www-form-urlencoded (webhooks); JSON otherwise. */
  bodyFormat?: 'json' | 'form';
  /** Runs before the input is parsed, rate limits and the handler: throws to refuse (a bad signature). */
  verify?: (request: SignedRequest) => Promise<void>;
  handler: (input: HandlerInput<A, P, Q, B>) => Promise<(R extends z.ZodType ? z.input<R> : void) | Reply | Streamed>;
}

/** An endpoint with its types erased, as the router and the document generators see it. */
export type Endpoint = Omit<
  EndpointDefinition<Access, z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, z.ZodType | null>,
  'handler'
> & {
  handler: (input: {
    caller: Caller | null;
    params: unknown;
    query: unknown;
    body: unknown;
    requestId: string;
    ip: string;
    answerInCommit: <T>(present: (made: T) => unknown) => InCommit<T>;
  }) => Promise<unknown>;
};

export function defineEndpoint<
  A extends Access,
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType | null = null,
>(definition: EndpointDefinition<A, P, Q, B, R>): Endpoint {
  if (definition.idempotent && definition.access === 'public') {
    throw new Error(
      `${definition.method} ${definition.path}: an Idempotency-Key is scoped to a caller; a public endpoint has none`,
    );
  }
  return definition as unknown as Endpoint;
}

export function successStatus(endpoint: Endpoint): number {
  return endpoint.status ?? (endpoint.response === null ? 204 : 200);
}

/** Every success status: `successStatus` first, then `otherStatuses`. */
export function successStatuses(endpoint: Endpoint): number[] {
  return [...new Set([successStatus(endpoint), ...Object.keys(endpoint.otherStatuses ?? {}).map(Number)])];
}

/** The success body's media types, each with its schema, the default type first; none for a 204. */
export function successContent(endpoint: Endpoint): [mediaType: string, schema: z.ZodType][] {
  const { produces, response } = endpoint;
  if (response === null) return [];
  if (produces === undefined) return [[endpoint.raw ? 'text/html' : 'application/json', response]];
  if (isTypeList(produces)) return produces.map((type) => [type, response]);
  return Object.entries(produces);
}

function isTypeList(produces: NonNullable<Endpoint['produces']>): produces is readonly string[] {
  return Array.isArray(produces);
}

/** `text/csv; charset=utf-8` → `text/csv` */
export function mediaTypeOf(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

/** `/users/{uid}/role` → `/users/:uid/role` */
export function expressPath(path: string): string {
  return path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1');
}

/**
 * Literal segments before parameters, position by position, so that `/requests/me` is matched
 * before `/requests/{req_id}` whatever order the declarations come in.
 */
export function bySpecificity(a: Endpoint, b: Endpoint): number {
  const sa = a.path.split('/');
  const sb = b.path.split('/');
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const pa = sa[i]!.startsWith('{');
    const pb = sb[i]!.startsWith('{');
    if (pa !== pb) return pa ? 1 : -1;
  }
  return sa.length - sb.length;
}

export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1]!);
}

/** The declared params schema, or one that takes every {param} of the path as a document id. */
export function paramsSchemaOf(endpoint: Endpoint): z.ZodType | undefined {
  if (endpoint.params) return endpoint.params;
  const names = pathParamNames(endpoint.path);
  return names.length === 0 ? undefined : z.strictObject(Object.fromEntries(names.map((name) => [name, idSchema])));
}
