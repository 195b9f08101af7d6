// The outbox in the browser: outbox-core.ts's rules over IndexedDB (local-db.ts) and the API.
// Every field write the console makes (task status, help request, chat message, availability,
// observation) goes through it, online or not, with its Idempotency-Key; it is sent at once when it
// can be, else when the network returns (the `online` event, Background Sync through the service
// worker, and at every start of the console), and retried on a timer while the answers say "later".
import { api, ApiError, exchange, type Task } from './api.js';
import { formatTime, t } from './i18n.js';
import { taskStatusLabel } from './labels.js';
import { deleteRow, putRow, rowsOf } from './local-db.js';
import {
  nextWakeAt,
  Outbox,
  type Conflict,
  type NewAction,
  type OutboxAction,
  type OutboxStore,
  type Transport,
} from './outbox-core.js';
import { signal } from './state.js';

/** The signed-in person's queue, as the screens show it. */
export const outboxActions = signal<readonly OutboxAction[]>([]);

const store: OutboxStore = {
  load: (owner) => rowsOf<OutboxAction>('outbox', owner),
  put: (action) => putRow('outbox', action),
  remove: (key) => deleteRow('outbox', key),
};

const transport: Transport = {
  send: (action) =>
    exchange(
      action.method,
      action.path,
      // When the person acted, kept beside the server's time (never used to order or decide).
      { ...action.body, client_time: action.taken_at },
      { 'Idempotency-Key': action.key },
    ),
  explain: explainConflict,
};

/**
 * What the task is now and who made it so, from the task as its assignee may read it (its history):
 * "Cancelled by Ada Admin at 10:42". A task no longer theirs is 404 to them.
 */
async function explainConflict(action: OutboxAction, _conflict: Conflict): Promise<string | undefined> {
  if (action.kind !== 'task_status') return undefined;
  let task: Task;
  try {
    task = await api<Task>('GET', `/tasks/${action.record.slice('task:'.length)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return t('conflict_task_gone');
    throw error;
  }
  const last = task.history.filter((entry) => entry.action === 'status_changed').at(-1);
  if (!last) return taskStatusLabel(task.status);
  const name =
    last.by === current?.owner
      ? t('you')
      : await api<{ display_name: string }>('GET', `/users/${last.by}/display_name`).then(
          (user) => user.display_name,
          () => last.by,
        );
  return t('conflict_by', { status: taskStatusLabel(task.status), name, time: formatTime(last.at) });
}

let current: Outbox | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let stopListening: (() => void) | null = null;

/** One tab sends at a time (Web Locks where the browser has them); the keys make a repeat harmless anyway. */
function exclusively(owner: string, work: () => Promise<void>): Promise<void> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  return locks ? locks.request(`outbox-${owner}`, () => work()).then(() => undefined) : work();
}

function flush(outbox: Outbox, networkReturned = false): Promise<void> {
  return exclusively(outbox.owner, () => (networkReturned ? outbox.networkReturned() : outbox.flush())).then(
    () => schedule(outbox),
    () => schedule(outbox),
  );
}

/** The next retry, when one is backing off. */
function schedule(outbox: Outbox): void {
  if (timer) clearTimeout(timer);
  const at = nextWakeAt(outbox.list());
  if (at !== null && outbox === current) timer = setTimeout(() => void flush(outbox), Math.max(0, at - Date.now()));
}

/** Background Sync, where the browser has it: the service worker asks the open console to send. */
async function requestBackgroundSync(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  if (registration && 'sync' in registration)
    await (registration.sync as { register(tag: string): Promise<void> }).register('outbox');
}

/** A person signed in: their queue, sent now if it can be. */
export async function startOutbox(owner: string): Promise<void> {
  stopOutbox();
  const outbox = new Outbox(owner, store, transport);
  current = outbox;
  outbox.subscribe((actions) => outbox === current && outboxActions.set(actions));
  await outbox.open();
  const online = () => void flush(outbox, true);
  const fromWorker = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === 'flush-outbox') void flush(outbox, true);
  };
  window.addEventListener('online', online);
  navigator.serviceWorker?.addEventListener('message', fromWorker);
  stopListening = () => {
    window.removeEventListener('online', online);
    navigator.serviceWorker?.removeEventListener('message', fromWorker);
  };
  await flush(outbox);
}

/** Signed out: nothing more is sent or shown (the queue stays on the device for its owner). */
export function stopOutbox(): void {
  stopListening?.();
  stopListening = null;
  if (timer) clearTimeout(timer);
  current = null;
  outboxActions.set([]);
}

/**
 * Queues what the person just did and tries to send it. Resolves with the action once it is kept
 * and the attempt made: it is then gone (sent), waiting, or a conflict (outboxActions says which).
 */
export async function queueWrite(input: NewAction): Promise<OutboxAction> {
  const outbox = current;
  if (!outbox) throw new Error('not signed in');
  const action = await outbox.add(input);
  void requestBackgroundSync().catch(() => undefined);
  await flush(outbox);
  return action;
}

/** Whether the action is still queued (waiting or a conflict). */
export function isQueued(key: string): boolean {
  return outboxActions.get().some((a) => a.key === key);
}

export function discardAction(key: string): Promise<void> {
  return current?.discard(key) ?? Promise.resolve();
}

/** The status a task will have once its queued moves are sent (null: none waiting). */
export function queuedTaskStatus(actions: readonly OutboxAction[], taskId: string): string | null {
  const waiting = actions.filter((a) => a.record === `task:${taskId}` && a.conflict === null);
  const last = waiting.at(-1)?.body.status;
  return typeof last === 'string' ? last : null;
}
