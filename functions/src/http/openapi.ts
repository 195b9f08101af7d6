// The OpenAPI 3.1 document, generated from the endpoint declarations (zod 4 emits JSON Schema
// 2020-12, which OpenAPI 3.1 uses as is).
import { z } from 'zod';
import { successStatus, type Endpoint } from './endpoint.js';
import { PROBLEM_TYPE_BASE } from './problem.js';
import { paramsSchemaOf } from './router.js';

type JsonObject = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const generated = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonObject;
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
  return result;
}

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
  415: 'Body not sent as JSON.',
  429: 'Rate limited; see Retry-After.',
};

function responses(endpoint: Endpoint): JsonObject {
  const status = successStatus(endpoint);
  const out: JsonObject = {
    [status]:
      endpoint.response === null
        ? { description: 'Done.' }
        : {
            description: 'Success.',
            content: { [endpoint.raw ? 'text/html' : 'application/json']: { schema: jsonSchema(endpoint.response, 'output') } },
          },
  };
  const failures = new Set<number>(endpoint.errors ?? []);
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.path.includes('{')) failures.add(400);
  if (endpoint.body) [413, 415].forEach((s) => failures.add(s));
  if (endpoint.access !== 'public') failures.add(401);
  if (Array.isArray(endpoint.access)) failures.add(403);
  if (endpoint.rateLimit) failures.add(429);
  for (const failure of [...failures].sort()) {
    out[failure] = { description: FAILURES[failure] ?? 'Failure.', content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } };
  }
  return out;
}

export function accessText(endpoint: Endpoint): string {
  if (endpoint.access === 'public') return 'public';
  if (endpoint.access === 'authenticated') return 'any authenticated user';
  return `role: ${endpoint.access.join(', ')}`;
}

export function openApiDocument(endpoints: readonly Endpoint[], serverUrl?: string): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const endpoint of endpoints) {
    const description = [endpoint.description, `Access: ${accessText(endpoint)}.`, endpoint.ownership ? `Object rule: ${endpoint.ownership}` : '', endpoint.rateLimit ? `Rate limit: ${endpoint.rateLimit.limit} per ${endpoint.rateLimit.windowSeconds} s per caller.` : '']
      .filter(Boolean)
      .join('\n\n');
    (paths[endpoint.path] ??= {})[endpoint.method] = {
      operationId: `${endpoint.method}${endpoint.path.replace(/[{}]/g, '').replace(/[/_-](\w)/g, (_m, c: string) => c.toUpperCase())}`,
      tags: [endpoint.tag],
      summary: endpoint.summary,
      description,
      ...(endpoint.access === 'public' ? { security: [] } : {}),
      parameters: parameters(endpoint),
      ...(endpoint.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } } } } : {}),
      responses: responses(endpoint),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Disaster Response Coordination API',
      version: '1.0.0',
      description: `Help requests, automated planning, tasks, resources, disasters, chat and observations. Errors are application/problem+json (${PROBLEM_TYPE_BASE}<code>). Lists answer { items, next_cursor } and take ?limit= and ?cursor=.`,
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' } },
      schemas: { Problem: problemSchema },
    },
  };
}
