// The HTTP API on the same origin (Hosting's /api/** rewrite): every read shaped by the
// need-to-know rules and every write goes through here, never through Firestore.
import type { paths } from './api-types.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type TokenSource = () => Promise<string | null>;

let tokenSource: TokenSource = () => Promise.resolve(null);
let apiBase = '/api';

export function configureApi(base: string, tokens: TokenSource): void {
  apiBase = base;
  tokenSource = tokens;
}

type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** What the API answered, whatever the status (a network failure throws). */
export interface Exchange {
  status: number;
  /** The problem's code and detail (problem+json), for an error. */
  code?: string;
  detail?: string;
  /** Retry-After in seconds (429, 503). */
  retry_after_seconds?: number;
  body: unknown;
}

/** One call as it went: the outbox (outbox.ts) reads every answer itself. */
export async function exchange(
  method: HttpMethod,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Exchange> {
  const token = await tokenSource();
  const response = await fetch(`${apiBase}${path}`, {
    method,
    headers: {
      ...headers,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const parsed: unknown = text === '' ? null : JSON.parse(text);
  if (response.ok) return { status: response.status, body: parsed };
  const problem = (parsed ?? {}) as { code?: string; detail?: string; title?: string };
  const retryAfter = Number(response.headers.get('Retry-After') ?? NaN);
  return {
    status: response.status,
    code: problem.code ?? 'error',
    detail: problem.detail ?? problem.title ?? response.statusText,
    ...(Number.isFinite(retryAfter) ? { retry_after_seconds: retryAfter } : {}),
    body: parsed,
  };
}

export async function api<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  const answer = await exchange(method, path, body);
  if (answer.status >= 400) throw new ApiError(answer.status, answer.code ?? 'error', answer.detail ?? '');
  return answer.body as T;
}

/** A text answer (an HXL CSV table), with the caller's token; a refusal throws like `api`. */
export async function apiText(path: string): Promise<string> {
  const token = await tokenSource();
  const response = await fetch(`${apiBase}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const text = await response.text();
  if (response.ok) return text;
  const problem = (JSON.parse(text || '{}') ?? {}) as { code?: string; detail?: string };
  throw new ApiError(response.status, problem.code ?? 'error', problem.detail ?? response.statusText);
}

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

/** Every page of a list, up to `max` items (the API pages at most 200 at a time). */
export async function listAll<T>(path: string, max = 10_000): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const page: Page<T> = await api<Page<T>>(
      'GET',
      `${path}${separator}limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    items.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor && items.length < max);
  return items;
}

// --- What the console reads ---------------------------------------------------------------
// The value lists are the API's own (functions/src/shared/vocabulary.ts, zod-free); the views are
// the answers of the OpenAPI document, generated into api-types.ts: a view schema that changes
// shape fails the console's type check.

export {
  ACTIVE_TASK_STATUSES,
  DISASTER_TYPES,
  NEEDS,
  OBSERVATION_TYPES,
  PLANNING_STATES,
  REQUEST_CHANNELS,
  REQUEST_STATUSES,
  RESOURCE_CATEGORIES,
  RESOURCE_STATUSES,
  ROLES,
  TASK_ROLES,
  TASK_STATUSES,
} from '../../functions/src/shared/vocabulary.js';
export type {
  DisasterType,
  Need,
  ObservationType,
  PlanningState,
  RequestChannel,
  RequestStatus,
  ResourceCategory,
  ResourceStatus,
  Role,
  TaskStatus,
} from '../../functions/src/shared/vocabulary.js';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type JsonOf<Response> = Response extends { content: { 'application/json': infer Body } } ? Body : never;
/** The JSON body of the success answer (200 or 201) of `method path`. */
type Answer<Path extends keyof paths, M extends Method & keyof paths[Path]> = paths[Path][M] extends {
  responses: infer Responses;
}
  ? JsonOf<Responses[(200 | 201) & keyof Responses]>
  : never;
/** The body `method path` takes as JSON. */
type Body<Path extends keyof paths, M extends Method & keyof paths[Path]> = paths[Path][M] extends {
  requestBody?: { content: { 'application/json': infer Sent } };
}
  ? Sent
  : never;
type ItemOf<List> = List extends { items: (infer Item)[] } ? Item : never;

export type Me = Answer<'/users/me', 'get'>;
/** The public view, or an admin's view of an agent suggestion (with what the agent saw). */
export type Disaster = ItemOf<Answer<'/disasters', 'get'>> | ItemOf<Answer<'/disasters/agent-suggested', 'get'>>;
/** What the agent saw, in the admins' view of its suggestions only. */
export type Suggestion = NonNullable<ItemOf<Answer<'/disasters/agent-suggested', 'get'>>['suggestion']>;
/** What POST /disasters takes and PATCH /disasters/{id} edits. */
export type DisasterInput = Body<'/disasters', 'post'>;
/** An observation as staff and its reporter read it (the area view drops the text and the point). */
export type Observation = Extract<Answer<'/observations/{obs_id}', 'get'>, { view: 'full' }>;
export type Resource = ItemOf<Answer<'/resources', 'get'>>;
export type AppNotification = ItemOf<Answer<'/notifications/me', 'get'>>;
/** One of the need-to-know views of a help request (requests/visibility.ts), told apart by `view`. */
export type HelpRequestView = Answer<'/requests/{req_id}', 'get'>;
/** Staff's view: what the staff-only lists (GET /requests) answer, and any request to an admin or responder. */
export type StaffRequestView = Extract<HelpRequestView, { view: 'staff' }>;
export type RequestHistoryEntry = ItemOf<Answer<'/requests/{req_id}/history', 'get'>>;
export type WorkflowOutput = Answer<'/workflow-outputs/{request_id}', 'get'>;
export type WorkflowTask = WorkflowOutput['tasks'][number];
export type Task = Answer<'/tasks/{task_id}', 'get'>;
export type ChatMessage = ItemOf<Answer<'/disasters/{id}/chat/messages', 'get'>>;
export type Situation = Answer<'/disasters/{id}/situation', 'get'>;
