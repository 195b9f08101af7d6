// The outbox's rules, free of the browser (no IndexedDB, fetch or timers here; outbox.ts wires
// those in): what a person did while the network was away is kept with the Idempotency-Key made
// when they did it, sent in order per record (a task, a chat, a new request), retried with back-off
// while the answer says "later", and turned into a conflict the person sees when the answer says
// "no". Nothing leaves the queue but a success or the person's own "discard".
// test/outbox-model.test.ts drives this module against a fake server.

/** The writes the console queues (each an endpoint that takes an Idempotency-Key). */
export type OutboxKind = 'task_status' | 'request' | 'observation' | 'chat_message' | 'availability';

/** What the server has now and who changed it, in words, when it refused an action. */
export interface Conflict {
  status: number;
  code: string;
  detail: string;
  /** e.g. "cancelled by Ada Admin at 10:42" (outbox.ts reads it from the task's history). */
  now?: string;
}

export interface OutboxAction {
  /** The Idempotency-Key: a random UUID made when the person acted, the same on every retry. */
  key: string;
  /** Whose action it is: only this person's session sends or shows it. */
  owner: string;
  /** What it changes (`task:<id>`, `chat:<disaster>`, `request:<key>`...): sent in order per record. */
  record: string;
  kind: OutboxKind;
  method: 'POST' | 'PATCH';
  path: string;
  body: Record<string, unknown>;
  /** What the person knows it by (a task's instructions), to name it in the outbox. */
  note?: string;
  /** When the person acted (sent as client_time where the API takes it). */
  taken_at: string;
  /** Queue order across records. */
  seq: number;
  attempts: number;
  /** Not sent again before this time (ms since the epoch). */
  not_before: number;
  /** Why the last attempt failed: a network failure is retried at once when the network returns. */
  last_failure: 'network' | 'server' | null;
  conflict: Conflict | null;
}

export type NewAction = Pick<OutboxAction, 'record' | 'kind' | 'method' | 'path' | 'body' | 'note'>;

/** What one attempt got back. */
export type Answer =
  { network_error: true } | { status: number; code?: string; detail?: string; retry_after_seconds?: number };

export type Outcome =
  | { sent: true }
  | { retry_in_ms: number; failure: 'network' | 'server' }
  | { conflict: Pick<Conflict, 'status' | 'code' | 'detail'> };

const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 5 * 60_000;
/** Statuses that mean "not now" rather than "no": time-outs, limits and the server's own failures. */
const RETRIED_STATUSES = new Set([408, 425, 429]);

/** Exponential back-off after `attempts` failures (1 s, 2 s, 4 s... up to 5 min), between half and all of it. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * Sent, retried or a conflict: network errors, 5xx, 408/425/429 and 409 idempotency_key_in_flight
 * (the same key still running, e.g. sent by another tab) are retried, after Retry-After when the
 * server gives one; any other 4xx is the server saying no, which only the person can resolve.
 */
export function classify(answer: Answer, attempts: number, random: () => number = Math.random): Outcome {
  if ('network_error' in answer) return { retry_in_ms: backoffMs(attempts, random), failure: 'network' };
  const { status } = answer;
  if (status >= 200 && status < 300) return { sent: true };
  if (status >= 500 || RETRIED_STATUSES.has(status) || answer.code === 'idempotency_key_in_flight') {
    const after = answer.retry_after_seconds;
    const wait =
      after !== undefined && after >= 0 ? Math.min(after * 1000, BACKOFF_MAX_MS) : backoffMs(attempts, random);
    return { retry_in_ms: wait, failure: 'server' };
  }
  return { conflict: { status, code: answer.code ?? 'error', detail: answer.detail ?? `HTTP ${status}` } };
}

/** Oldest first. */
const bySeq = (a: OutboxAction, b: OutboxAction) => a.seq - b.seq;

/** Each record's first action (the one that must go before the others of that record). */
export function headsOf(actions: readonly OutboxAction[]): OutboxAction[] {
  const heads = new Map<string, OutboxAction>();
  for (const action of [...actions].sort(bySeq)) if (!heads.has(action.record)) heads.set(action.record, action);
  return [...heads.values()];
}

/** The actions that may be sent now: each record's head, unless it is a conflict or backing off. */
export function readyToSend(actions: readonly OutboxAction[], now: number): OutboxAction[] {
  return headsOf(actions).filter((head) => head.conflict === null && head.not_before <= now);
}

/** When a head backing off may be sent (null: nothing waits on a timer). */
export function nextWakeAt(actions: readonly OutboxAction[]): number | null {
  const times = headsOf(actions)
    .filter((head) => head.conflict === null)
    .map((head) => head.not_before);
  return times.length === 0 ? null : Math.min(...times);
}

/** What the person is shown: how many wait, since when, and the conflicts to resolve. */
export function summaryOf(actions: readonly OutboxAction[]): {
  waiting: number;
  since: string | null;
  conflicts: OutboxAction[];
} {
  const waiting = actions.filter((a) => a.conflict === null);
  const since = waiting.map((a) => a.taken_at).sort()[0] ?? null;
  return { waiting: waiting.length, since, conflicts: actions.filter((a) => a.conflict !== null).sort(bySeq) };
}

export interface OutboxStore {
  load(owner: string): Promise<OutboxAction[]>;
  put(action: OutboxAction): Promise<void>;
  remove(key: string): Promise<void>;
}

export interface Transport {
  send(action: OutboxAction): Promise<Answer>;
  /** What the server has now, in words, for a conflict (optional: the problem's detail is shown anyway). */
  explain?(action: OutboxAction, conflict: Conflict): Promise<string | undefined>;
}

export interface OutboxOptions {
  now?: () => number;
  random?: () => number;
  newKey?: () => string;
  /** Records sent at the same time (each record's actions stay one after the other). */
  concurrency?: number;
}

/** One person's queue: the store keeps it across reloads, the transport sends it. */
export class Outbox {
  private actions: OutboxAction[] = [];
  private readonly listeners = new Set<(actions: readonly OutboxAction[]) => void>();
  private running: Promise<void> | null = null;
  /** The last seq given: a new action goes after every action queued, whatever the clock says. */
  private lastSeq = 0;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly newKey: () => string;
  private readonly concurrency: number;

  constructor(
    readonly owner: string,
    private readonly store: OutboxStore,
    private readonly transport: Transport,
    options: OutboxOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.newKey = options.newKey ?? (() => crypto.randomUUID());
    this.concurrency = options.concurrency ?? 4;
  }

  /** Reads what an earlier session left (call once, before anything else). */
  async open(): Promise<void> {
    this.actions = (await this.store.load(this.owner)).sort(bySeq);
    this.lastSeq = Math.max(this.lastSeq, ...this.actions.map((a) => a.seq));
    this.changed();
  }

  list(): readonly OutboxAction[] {
    return this.actions;
  }

  subscribe(listener: (actions: readonly OutboxAction[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Queues what the person just did; kept in the store before this resolves. */
  async add(input: NewAction): Promise<OutboxAction> {
    const action: OutboxAction = {
      ...input,
      key: this.newKey(),
      owner: this.owner,
      taken_at: new Date(this.now()).toISOString(),
      seq: (this.lastSeq = Math.max(this.now(), this.lastSeq + 1)),
      attempts: 0,
      not_before: 0,
      last_failure: null,
      conflict: null,
    };
    await this.store.put(action);
    this.actions.push(action);
    this.changed();
    return action;
  }

  /** The person's choice on a conflict (or a queued action they take back): gone, unsent. */
  async discard(key: string): Promise<void> {
    await this.store.remove(key);
    this.actions = this.actions.filter((a) => a.key !== key);
    this.changed();
  }

  /** The network is back: what failed for want of it goes now, not after its back-off. */
  async networkReturned(): Promise<void> {
    for (const action of this.actions)
      if (action.conflict === null && action.last_failure === 'network' && action.not_before > 0) {
        action.not_before = 0;
        await this.store.put(action);
      }
    return this.flush();
  }

  /** Sends everything ready now, record by record in order; one flush at a time (a second call joins it). */
  flush(): Promise<void> {
    this.running ??= this.sendReady().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async sendReady(): Promise<void> {
    for (;;) {
      const ready = readyToSend(this.actions, this.now()).slice(0, this.concurrency);
      if (ready.length === 0) return;
      await Promise.all(ready.map((action) => this.attempt(action)));
    }
  }

  private async attempt(action: OutboxAction): Promise<void> {
    let answer: Answer;
    try {
      answer = await this.transport.send(action);
    } catch {
      answer = { network_error: true };
    }
    if (!this.actions.includes(action)) return; // discarded meanwhile
    action.attempts += 1;
    const outcome = classify(answer, action.attempts, this.random);
    if ('sent' in outcome) {
      await this.store.remove(action.key);
      this.actions = this.actions.filter((a) => a !== action);
    } else if ('retry_in_ms' in outcome) {
      action.not_before = this.now() + outcome.retry_in_ms;
      action.last_failure = outcome.failure;
      await this.store.put(action);
    } else {
      const conflict: Conflict = { ...outcome.conflict };
      try {
        const now = await this.transport.explain?.(action, conflict);
        if (now) conflict.now = now;
      } catch {
        // The explanation is a courtesy: the conflict shows with the server's own words.
      }
      action.conflict = conflict;
      action.last_failure = null;
      await this.store.put(action);
    }
    this.changed();
  }

  private changed(): void {
    const snapshot = [...this.actions];
    for (const listener of this.listeners) listener(snapshot);
  }
}
