// The contract check: every exchange the tests make with the API is held against the OpenAPI
// document the API serves (GET /openapi.json), as a validating proxy between a client and the API
// would hold it. Request: its path and method are an operation of the document; its path and query
// parameters and its body (media type and schema) are what that operation takes. Response: its
// status is documented for the operation; its media type is one the document declares for that
// status (no body where it declares none); its body matches the schema of that status and media
// type (JSON types parsed, others as a string). JSON Schema 2020-12 (OpenAPI 3.1's dialect) by Ajv,
// formats included. Security requirements are not checked: a request without a token is how the
// tests get the documented 401.
//
// `call` and `apiFetch` (helpers/api.ts) check every exchange they make, so the failing test names
// it. A request outside the document on purpose (hostile input, a body the endpoint does not take)
// says why with `invalidRequest`: its request is then not checked, its response still is (to a
// request no operation describes, the answer must be a problem+json, as the app gives to any).
//
// Exchanges with the API deliberately not checked, each where it is made:
// - test/http-hygiene.test.ts: CORS preflights (OPTIONS is answered by the CORS middleware, not by
//   an operation) and the in-process app built with a test-only endpoint (/boom).
// - test/allocation-concurrency.test.ts: the warm-up requests, whose answers are ignored on purpose
//   (they may time out while the emulator starts runtimes).
// - test/cold-start.test.ts: GET /health inside a child process probing the build's load.
// - test/hostile/runner.ts: answers from in front of the app, not from it: 431/414 for a URL over
//   the HTTP server's limit.
// Requests that are not to the API (emulator controls, the Twilio stand-in) are not checked.
import assert from 'node:assert/strict';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;

/** One request and its answer, as they went over the wire. */
export interface Exchange {
  method: string;
  /** The path and query string after the API's base URL, e.g. `/requests?limit=5`. */
  target: string;
  requestContentType?: string | null;
  requestBody?: string | Buffer | null;
  status: number;
  responseContentType: string | null;
  responseText: string;
}

export interface ContractOptions {
  /**
   * Why this request is deliberately not one the document describes (hostile input, a placeholder
   * body...): its request is not checked, its response still is.
   */
  invalidRequest?: string;
}

interface Operation {
  method: string;
  template: string;
  segments: string[];
  operation: Json;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** `text/csv; charset=utf-8` → `text/csv` */
export function mediaTypeOf(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

const isJsonType = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');

/** Literal segments before parameters, position by position (as the router orders its routes). */
function bySpecificity(a: Operation, b: Operation): number {
  for (let i = 0; i < Math.min(a.segments.length, b.segments.length); i++) {
    const pa = a.segments[i]!.startsWith('{');
    const pb = b.segments[i]!.startsWith('{');
    if (pa !== pb) return pa ? 1 : -1;
  }
  return 0;
}

/** `#/components/schemas/X` → the components registered on their own (a fragment is compiled alone). */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/schemas/')
        ? `openapi-components#/$defs/${inner.slice('#/components/schemas/'.length)}`
        : rewriteRefs(inner),
    ]),
  );
}

/** What a query or path value may stand for: the text itself, or the number or boolean it spells. */
function readings(raw: string): unknown[] {
  const out: unknown[] = [raw];
  if (/^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(raw)) out.push(Number(raw));
  if (raw === 'true' || raw === 'false') out.push(raw === 'true');
  return out;
}

function describeErrors(errors: readonly ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, 5)
    .map((e) => {
      const extra =
        e.keyword === 'additionalProperties'
          ? ` (${String((e.params as { additionalProperty?: unknown }).additionalProperty)})`
          : e.keyword === 'enum'
            ? ` (${JSON.stringify((e.params as { allowedValues?: unknown }).allowedValues)})`
            : '';
      return `${e.instancePath || '(root)'} ${e.message ?? e.keyword}${extra}`;
    })
    .join('; ');
}

function excerpt(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text;
}

/** An OpenAPI 3.1 document, ready to hold exchanges against. */
export class Contract {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  private readonly operations: Operation[] = [];
  private readonly validators = new WeakMap<object, ValidateFunction>();
  private readonly problem: Json;

  /**
   * `basePaths`: other paths the API is served under, besides its base URL (Firebase Hosting's
   * rewrite hands the app `/api/...`; the document's server `.` resolves there when the document
   * is fetched from `/api/openapi.json`).
   */
  constructor(
    readonly document: Json,
    private readonly basePaths: readonly string[] = [],
  ) {
    addFormats(this.ajv);
    const components = (document.components as { schemas?: Json } | undefined)?.schemas ?? {};
    this.ajv.addSchema({ $id: 'openapi-components', $defs: rewriteRefs(components) as Json });
    this.problem = { $ref: '#/components/schemas/Problem' };
    for (const [template, item] of Object.entries(document.paths as Record<string, Json>)) {
      for (const method of HTTP_METHODS) {
        const operation = item[method] as Json | undefined;
        if (operation) this.operations.push({ method, template, segments: template.split('/').slice(1), operation });
      }
    }
    this.operations.sort(bySpecificity);
  }

  private validator(schema: object): ValidateFunction {
    let validate = this.validators.get(schema);
    if (!validate) {
      validate = this.ajv.compile(rewriteRefs(schema) as Json);
      this.validators.set(schema, validate);
    }
    return validate;
  }

  /** Why `value` breaks `schema`, or undefined when it does not. */
  private check(schema: object, value: unknown): string | undefined {
    const validate = this.validator(schema);
    return validate(value) ? undefined : describeErrors(validate.errors);
  }

  /** The first reading of a parameter's text that the schema takes, or why none does. */
  private checkParameter(schema: object, raw: string | string[]): string | undefined {
    if (Array.isArray(raw)) return this.check(schema, raw);
    let why: string | undefined;
    for (const reading of readings(raw)) {
      why = this.check(schema, reading);
      if (why === undefined) return undefined;
    }
    return why;
  }

  /** The operation a request reaches, with its decoded path parameters; or why none does. */
  private route(method: string, path: string): { op: Operation; params: Record<string, string> } | string {
    const segments = path.split('/').slice(1);
    const atPath = this.operations.filter(
      (op) =>
        op.segments.length === segments.length && op.segments.every((s, i) => s.startsWith('{') || s === segments[i]),
    );
    const op = atPath.find((candidate) => candidate.method === method);
    if (!op) {
      return atPath.length === 0
        ? `the path ${path} is not in the document`
        : `${method.toUpperCase()} is not an operation of ${atPath[0]!.template} (the document has ${[...new Set(atPath.map((o) => o.method.toUpperCase()))].join(', ')})`;
    }
    const params: Record<string, string> = {};
    op.segments.forEach((s, i) => {
      if (s.startsWith('{')) params[s.slice(1, -1)] = segments[i]!;
    });
    return { op, params };
  }

  private requestViolations(exchange: Exchange, url: URL, op: Operation, rawParams: Record<string, string>): string[] {
    const out: string[] = [];
    const parameters = (op.operation.parameters ?? []) as {
      name: string;
      in: string;
      required?: boolean;
      schema: object;
    }[];
    for (const parameter of parameters.filter((p) => p.in === 'path')) {
      let value: string;
      try {
        value = decodeURIComponent(rawParams[parameter.name] ?? '');
      } catch {
        out.push(`path parameter ${parameter.name}: not valid percent-encoding`);
        continue;
      }
      const why = this.checkParameter(parameter.schema, value);
      if (why) out.push(`path parameter ${parameter.name}=${JSON.stringify(value)}: ${why}`);
    }
    const query = parameters.filter((p) => p.in === 'query');
    for (const name of new Set(url.searchParams.keys())) {
      if (!query.some((p) => p.name === name)) out.push(`query parameter ${name} is not in the document`);
    }
    for (const parameter of query) {
      const values = url.searchParams.getAll(parameter.name);
      if (values.length === 0) {
        if (parameter.required) out.push(`required query parameter ${parameter.name} is missing`);
        continue;
      }
      const why = this.checkParameter(parameter.schema, values.length === 1 ? values[0]! : values);
      if (why) out.push(`query parameter ${parameter.name}=${JSON.stringify(values.join(','))}: ${why}`);
    }
    const body = exchange.requestBody ?? null;
    const bodyText = body === null ? '' : Buffer.isBuffer(body) ? body.toString('utf8') : body;
    const requestBody = op.operation.requestBody as
      { required?: boolean; content: Record<string, { schema: object }> } | undefined;
    if (bodyText === '') {
      if (requestBody?.required) out.push('the required request body is missing');
      return out;
    }
    if (!requestBody) {
      out.push('the operation takes no request body, and one was sent');
      return out;
    }
    const mediaType = mediaTypeOf(exchange.requestContentType ?? '');
    const declared = requestBody.content[mediaType];
    if (!declared) {
      out.push(
        `request media type ${mediaType || '(none)'} is not declared (${Object.keys(requestBody.content).join(', ')})`,
      );
      return out;
    }
    let value: unknown;
    if (isJsonType(mediaType)) {
      try {
        value = JSON.parse(bodyText);
      } catch {
        out.push('the request body is not JSON');
        return out;
      }
    } else if (mediaType === 'application/x-www-form-urlencoded') {
      const fields: Record<string, string> = {};
      for (const [name, field] of new URLSearchParams(bodyText)) {
        if (Object.hasOwn(fields, name)) out.push(`form field ${name} sent twice`);
        fields[name] = field;
      }
      value = fields;
    } else {
      value = bodyText;
    }
    const why = this.check(declared.schema, value);
    if (why) out.push(`request body (${mediaType}): ${why}`);
    return out;
  }

  private responseViolations(exchange: Exchange, op: Operation | undefined): string[] {
    const { status, responseText } = exchange;
    const mediaType = mediaTypeOf(exchange.responseContentType ?? '');
    if (!op) {
      // No operation describes the request: the app's answer to anything it does not serve.
      if (status < 400) return [`a request no operation describes was answered ${status}`];
      if (mediaType !== 'application/problem+json')
        return [
          `${status} to a request no operation describes is ${mediaType || 'without a media type'}, not application/problem+json`,
        ];
      return this.bodyViolations(this.problem, 'application/problem+json', responseText, status);
    }
    const responses = op.operation.responses as Record<string, { content?: Record<string, { schema: object }> }>;
    const response = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
    if (!response) {
      return [`status ${status} is not documented (documented: ${Object.keys(responses).join(', ')})`];
    }
    if (!response.content) {
      return responseText === ''
        ? []
        : [`${status} is documented without a body, and one was sent: ${excerpt(responseText)}`];
    }
    const declared = response.content[mediaType];
    if (!declared) {
      return [
        `media type ${mediaType || '(none)'} is not declared for ${status} (${Object.keys(response.content).join(', ')})`,
      ];
    }
    return this.bodyViolations(declared.schema, mediaType, responseText, status);
  }

  private bodyViolations(schema: object, mediaType: string, text: string, status: number): string[] {
    let value: unknown = text;
    if (isJsonType(mediaType)) {
      try {
        value = JSON.parse(text);
      } catch {
        return [`the ${status} body is not JSON: ${excerpt(text)}`];
      }
    }
    const why = this.check(schema, value);
    return why ? [`the ${status} body (${mediaType}) breaks its schema: ${why}; body: ${excerpt(text)}`] : [];
  }

  /** What the document does not describe about this exchange: empty when it describes all of it. */
  violations(exchange: Exchange, options: ContractOptions = {}): string[] {
    const url = new URL(exchange.target, 'http://api.invalid');
    const base = this.basePaths.find((b) => url.pathname.startsWith(`${b}/`));
    const routed = this.route(exchange.method.toLowerCase(), url.pathname.slice(base?.length ?? 0));
    const out: string[] = [];
    if (typeof routed === 'string') {
      if (options.invalidRequest === undefined) out.push(`request: ${routed}`);
    } else if (options.invalidRequest === undefined) {
      out.push(...this.requestViolations(exchange, url, routed.op, routed.params).map((v) => `request: ${v}`));
    }
    const op = typeof routed === 'string' ? undefined : routed.op;
    out.push(...this.responseViolations(exchange, op).map((v) => `response: ${v}`));
    return out;
  }
}

/** `POST /users/register → 403 application/problem+json` */
export function describeExchange(exchange: Exchange): string {
  const target = exchange.target.length > 200 ? `${exchange.target.slice(0, 200)}…` : exchange.target;
  return `${exchange.method.toUpperCase()} ${target} → ${exchange.status} ${exchange.responseContentType ?? '(no content type)'}`;
}

// --- One document per test process ----------------------------------------------------------------

let loaded: Promise<Contract> | undefined;

/** How many exchanges were checked in this process, and how many of them had their request unchecked. */
export const contractStats = { checked: 0, requestUnchecked: 0 };

/**
 * The document served at `${base}/openapi.json`, fetched once per process; its own exchange is the
 * first one checked.
 */
export function contractOf(base: string): Promise<Contract> {
  loaded ??= (async () => {
    const response = await fetch(`${base}/openapi.json`);
    const text = await response.text();
    assert.equal(response.status, 200, `GET /openapi.json answered ${response.status}: ${excerpt(text)}`);
    // Loaded here, not with this module: the trigger unit tests import helpers/api.ts too.
    const { HOSTING_PREFIX } = await import('../../src/app.js');
    const contract = new Contract(JSON.parse(text) as Json, [HOSTING_PREFIX]);
    assertExchange(contract, {
      method: 'GET',
      target: '/openapi.json',
      status: response.status,
      responseContentType: response.headers.get('content-type'),
      responseText: text,
    });
    return contract;
  })();
  loaded.catch(() => (loaded = undefined));
  return loaded;
}

/** What the document does not describe of the exchange (counted in `contractStats`). */
export function checkExchange(contract: Contract, exchange: Exchange, options: ContractOptions = {}): string[] {
  if (options.invalidRequest !== undefined) {
    assert.ok(options.invalidRequest.trim() !== '', 'invalidRequest needs a reason');
    contractStats.requestUnchecked++;
  }
  contractStats.checked++;
  return contract.violations(exchange, options);
}

/** Throws an AssertionError naming the exchange and what the document does not describe of it. */
export function assertExchange(contract: Contract, exchange: Exchange, options: ContractOptions = {}): void {
  const violations = checkExchange(contract, exchange, options);
  if (violations.length > 0) {
    assert.fail(
      `the OpenAPI document (/openapi.json) does not describe ${describeExchange(exchange)}:\n  ${violations.join('\n  ')}`,
    );
  }
}
