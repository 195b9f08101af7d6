// The OpenAPI 3.1 document, generated from the endpoint declarations (zod 4 emits JSON Schema
// 2020-12, which OpenAPI 3.1 uses as is).
import { z } from 'zod';
import { paramsSchemaOf, successContent, successStatuses, type Endpoint } from './endpoint.js';
import { IDEMPOTENCY_KEY_HEADER, KEPT_HOURS, MAX_KEY_LENGTH, REPLAYED_HEADER } from '../idempotency/key.js';
import { PROBLEM_TYPE_BASE } from './problem.js';
import { readLimitOf } from './read-limit.js';

type JsonObject = Record<string, unknown>;

/**
 * A fixed-length tuple comes out as `prefixItems` with `items: false`; tools that read arrays
 * through `items` (Spectral's array-items, code generators) see no member type. With `maxItems`
 * equal to the number of positions, `items` never applies, so naming the members' type(s) there
 * changes nothing about what validates.
 */
function describeTupleMembers({ jsonSchema: schema }: { jsonSchema: JsonObject }): void {
  const positions = schema.prefixItems;
  if (schema.items !== false || !Array.isArray(positions) || schema.maxItems !== positions.length) return;
  const distinct = [...new Map(positions.map((position) => [JSON.stringify(position), position as unknown])).values()];
  schema.items = distinct.length === 1 ? distinct[0] : { anyOf: distinct };
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const generated = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: describeTupleMembers,
  }) as JsonObject;
  delete generated.$schema;
  return generated;
}

function parameters(endpoint: Endpoint): JsonObject[] {
  const result: JsonObject[] = [];
  const add = (where: 'path' | 'query', schema: z.ZodType | undefined) => {
    if (!(schema instanceof z.ZodObject)) return;
    const shape = (schema as z.ZodObject<Record<string, z.ZodType>>).shape;
    for (const [name, field] of Object.entries(shape)) {
      const fieldSchema = jsonSchema(field, 'input');
      result.push({
        name,
        in: where,
        required: where === 'path' || !field.safeParse(undefined).success,
        ...(typeof fieldSchema.description === 'string' ? { description: fieldSchema.description } : {}),
        schema: fieldSchema,
      });
    }
  };
  add('path', paramsSchemaOf(endpoint));
  add('query', endpoint.query);
  if (endpoint.idempotent) result.push(idempotencyKeyParameter);
  return result;
}

const idempotencyKeyParameter: JsonObject = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description: `Makes retrying this write safe (IETF httpapi draft "The Idempotency-Key HTTP Header Field"): a repeat with the same key by the same caller on the same object within ${KEPT_HOURS} hours answers the first answer again, with ${REPLAYED_HEADER}: true, and changes nothing. The same key with another body: 422 idempotency_key_reused; while the first request still runs: 409 idempotency_key_in_flight with Retry-After. 1 to ${MAX_KEY_LENGTH} printable ASCII characters, bare or as a quoted string (400 otherwise); a UUID per action is a good key. A failed first request (4xx, 5xx) keeps nothing: the key may be sent again.`,
  schema: { type: 'string', minLength: 1, maxLength: MAX_KEY_LENGTH + 2 },
};

const replayedHeader = {
  [REPLAYED_HEADER]: {
    description: `true when this is the stored answer to an earlier request with the same ${IDEMPOTENCY_KEY_HEADER}.`,
    schema: { type: 'string', enum: ['true'] },
  },
};

const problemSchema = {
  type: 'object',
  required: ['type', 'title', 'status', 'detail', 'code'],
  properties: {
    type: { type: 'string', format: 'uri' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    code: { type: 'string', description: 'Stable machine-readable error code.' },
    errors: {
      type: 'array',
      items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } },
    },
  },
};

const FAILURES: Record<number, string> = {
  400: 'Invalid input (code validation_failed or malformed_body).',
  401: 'Missing, malformed, invalid or expired ID token.',
  403: 'Authenticated but not allowed.',
  404: 'Unknown id, or one you may not see.',
  409: 'Conflicts with the current state.',
  413: 'Body larger than the limit.',
  415: 'Body not sent in the format the endpoint takes.',
  422: 'Too large for one call.',
  429: 'Rate limited; see Retry-After.',
  500: 'Unexpected failure (logged; the answer carries no internals).',
  503: 'A backend did not answer in time or cannot be reached; see Retry-After.',
};

/** On a public endpoint a token is optional, but one that is sent must be valid. */
const PUBLIC_401 = 'A token was sent and it is malformed, invalid or expired (this endpoint needs none).';

/**
 * The Cloud Functions runtime parses a JSON body itself (strictly) before the app runs, and answers
 * what it cannot take from its own error handler (docs/security.md, "Known limits").
 */
const RUNTIME_400 =
  ' A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html).';

/**
 * Every failure status an endpoint can answer: its declared `errors`, and what the router and the
 * framework answer whatever the endpoint (http/router.ts, http/body.ts, http/problem.ts).
 */
export function failureStatuses(endpoint: Endpoint): number[] {
  const failures = new Set<number>(endpoint.errors ?? []);
  // Any endpoint: input the router refuses (e.g. a query it does not take), an unexpected error,
  // a backend past the request deadline or unreachable, a token that is sent and is not valid.
  [400, 401, 500, 503].forEach((s) => failures.add(s));
  // Every method but GET reads its body before parsing it: too large, or not in the format taken.
  if (endpoint.method !== 'get') [413, 415].forEach((s) => failures.add(s));
  if (Array.isArray(endpoint.access) || endpoint.verify) failures.add(403);
  if (endpoint.rateLimit || readLimitOf(endpoint)) failures.add(429);
  // The Idempotency-Key's own: a repeat while the first runs (409), the key reused with another body (422).
  if (endpoint.idempotent) [409, 422].forEach((s) => failures.add(s));
  return [...failures].sort((a, b) => a - b);
}

const problemContent = { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } };

const IDEMPOTENT_FAILURES: Record<number, string> = {
  409: 'idempotency_key_in_flight: a request with the same Idempotency-Key is still running (see Retry-After).',
  422: 'idempotency_key_reused: the Idempotency-Key was used before with another body.',
};

function failure(endpoint: Endpoint, status: number): JsonObject {
  const keyed = endpoint.idempotent ? IDEMPOTENT_FAILURES[status] : undefined;
  if (keyed !== undefined) {
    const own = endpoint.errors?.includes(status) ? `${FAILURES[status]} Or ` : '';
    return { description: own + keyed, content: problemContent };
  }
  if (status === 401 && endpoint.access === 'public') return { description: PUBLIC_401, content: problemContent };
  if (status === 400 && endpoint.method !== 'get' && endpoint.bodyFormat !== 'form')
    return {
      description: FAILURES[400] + RUNTIME_400,
      content: { ...problemContent, 'text/html': { schema: { type: 'string' } } },
    };
  return { description: FAILURES[status] ?? 'Failure.', content: problemContent };
}

function responses(endpoint: Endpoint): JsonObject {
  const content = successContent(endpoint);
  const out: JsonObject = {};
  for (const status of successStatuses(endpoint)) {
    const description = endpoint.otherStatuses?.[status] ?? (endpoint.response === null ? 'Done.' : 'Success.');
    out[status] = {
      description,
      ...(endpoint.idempotent ? { headers: replayedHeader } : {}),
      ...(content.length === 0
        ? {}
        : {
            content: Object.fromEntries(
              content.map(([type, schema]) => [type, { schema: jsonSchema(schema, 'output') }]),
            ),
          }),
    };
  }
  for (const status of failureStatuses(endpoint)) out[status] = failure(endpoint, status);
  return out;
}

function readLimitText(endpoint: Endpoint): string {
  const rule = readLimitOf(endpoint);
  if (!rule) return '';
  const anonymous = endpoint.access === 'public' ? `, ${rule.perIp} per client IP when anonymous` : '';
  return `Read limit: ${rule.perUser} per ${rule.windowSeconds} s per user${anonymous}, over all instances.`;
}

export function accessText(endpoint: Endpoint): string {
  if (endpoint.access === 'public') return 'public';
  if (endpoint.access === 'authenticated') return 'any authenticated user';
  return `role: ${endpoint.access.join(', ')}`;
}

/** One line per tag for the document's tag list; the OpenAPI lint (`npm test`) fails on a tag missing here. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  users: 'Registration, profiles, roles, volunteer verification, availability, location and erasure.',
  disasters: 'Disasters: public listing, creation and edits, agent suggestions, joining and leaving.',
  chat: "A disaster's chat.",
  observations: 'Community observations.',
  requests: 'Help requests, shown on a need-to-know basis, with their status and audit trail.',
  workflow: 'Workflow outputs: the plan of a request, its tasks and resource suggestions, reviewed by staff.',
  planning: 'Allocation jobs proposing available resources for a disaster.',
  tasks: 'Tasks: creation with their resources, assignment, authorization, status and audit trail.',
  resources: 'Resources, their availability and usage, and their locations for maps.',
  notifications: "The caller's notifications, push devices and notification preferences.",
  outbound: 'Outbound SMS, WhatsApp and push messages: the delivery log and Twilio status callbacks.',
  chatbot: 'The automated assistant.',
  feeds: 'Public feeds for aggregators: current CAP 1.2 alerts as Atom.',
  channels: 'SMS and WhatsApp through Twilio: the inbound webhook.',
  situation: "A disaster's situation overview for staff: counts, response times and coarse areas, as JSON or HXL CSV.",
  exports: 'Streamed files for partners and GIS: HXL-tagged CSV, GeoJSON, KML and a 3W report.',
  meta: 'Health, this document and the API page.',
  webhooks: 'Signed outbound webhooks: subscribers (admins) and their delivery logs.',
};

function tagsOf(endpoints: readonly Endpoint[]): JsonObject[] {
  const names = [...new Set(endpoints.map((endpoint) => endpoint.tag))];
  return names.map((name) => {
    const description = TAG_DESCRIPTIONS[name];
    return description === undefined ? { name } : { name, description };
  });
}

export function openApiDocument(endpoints: readonly Endpoint[], serverUrl?: string): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const endpoint of endpoints) {
    const description = [
      endpoint.description,
      `Access: ${accessText(endpoint)}.`,
      endpoint.ownership ? `Object rule: ${endpoint.ownership}` : '',
      endpoint.rateLimit
        ? `Rate limit: ${endpoint.rateLimit.limit} per ${endpoint.rateLimit.windowSeconds} s per caller.`
        : '',
      ...(endpoint.handlerLimits ?? []).map(
        ({ rule, per }) => `Limit counted by the handler: ${rule.limit} per ${rule.windowSeconds} s per ${per}.`,
      ),
      readLimitText(endpoint),
    ]
      .filter(Boolean)
      .join('\n\n');
    (paths[endpoint.path] ??= {})[endpoint.method] = {
      operationId: `${endpoint.method}${endpoint.path.replace(/[{}]/g, '').replace(/[/_-](\w)/g, (_m, c: string) => c.toUpperCase())}`,
      tags: [endpoint.tag],
      summary: endpoint.summary,
      description,
      ...(endpoint.access === 'public' ? { security: [] } : {}),
      parameters: parameters(endpoint),
      ...(endpoint.body
        ? {
            requestBody: {
              // A body schema that accepts undefined makes the body optional (as the router reads it).
              required: !endpoint.body.safeParse(undefined).success,
              content: {
                [endpoint.bodyFormat === 'form' ? 'application/x-www-form-urlencoded' : 'application/json']: {
                  schema: jsonSchema(endpoint.body, 'input'),
                },
              },
            },
          }
        : {}),
      responses: responses(endpoint),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Disaster Response Coordination API',
      version: '1.0.0',
      // The repository is private and grants no licence; say so rather than leave tools guessing.
      license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'The maintainers of the disaster response service' },
      description: `Help requests, automated planning, tasks, resources, disasters, chat and observations. Errors are application/problem+json (${PROBLEM_TYPE_BASE}<code>). Lists answer { items, next_cursor } and take ?limit= and ?cursor=.`,
    },
    // Without a known URL, '.' resolves against where this document is served: the API's base URL.
    servers: [serverUrl ? { url: serverUrl } : { url: '.', description: 'The base URL this document is served from.' }],
    security: [{ bearerAuth: [] }],
    tags: tagsOf(endpoints),
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' } },
      schemas: { Problem: problemSchema },
    },
  };
}
