// What the person sees of their outbox: how many actions wait and since when (with the list), and
// each conflict with what the service has now and the choices that make sense: discard, and for a
// help request, edit and resend (the form comes back filled in).
import type { Need, TaskStatus } from './api.js';
import { formatTime, t } from './i18n.js';
import { needLabel, taskStatusLabel } from './labels.js';
import type { OutboxAction } from './outbox-core.js';
import { summaryOf } from './outbox-core.js';
import { discardAction, outboxActions } from './outbox.js';
import { navigate } from './router.js';
import { signal, useSignal } from './state.js';

/** A refused help request brought back to the form ("Edit and resend"). */
export const requestDraft = signal<Record<string, unknown> | null>(null);

/** The action in words: "Task “Deliver water”: Completed". */
export function describeAction(action: OutboxAction): string {
  const { body } = action;
  switch (action.kind) {
    case 'task_status':
      return t('outbox_label_task', { task: action.note ?? '', status: taskStatusLabel(body.status as TaskStatus) });
    case 'request':
      return t('outbox_label_request', { need: needLabel(body.type_of_need as Need) });
    case 'chat_message':
      return t('outbox_label_chat', { text: String(body.text) });
    case 'availability':
      return t('outbox_label_availability', {
        value: t(body.availability === 'available' ? 'availability_available' : 'availability_unavailable'),
      });
    case 'observation':
      return t('outbox_label_observation');
  }
}

export function OutboxPanel() {
  const actions = useSignal(outboxActions);
  const { waiting, since, conflicts } = summaryOf(actions);
  if (actions.length === 0) return null;
  return (
    <section class="outbox" aria-label={t('outbox_heading')}>
      {waiting > 0 && since && <p role="status">{t('outbox_waiting', { count: waiting, time: formatTime(since) })}</p>}
      {waiting > 0 && (
        <details>
          <summary>{t('outbox_heading')}</summary>
          <ul>
            {actions
              .filter((a) => a.conflict === null)
              .map((a) => (
                <li key={a.key}>
                  {describeAction(a)} · {formatTime(a.taken_at)}
                </li>
              ))}
          </ul>
        </details>
      )}
      {conflicts.map((a) => (
        <div key={a.key} role="alert" class="conflict" aria-label={describeAction(a)}>
          <p>
            <strong>{t('outbox_conflict', { what: describeAction(a) })}</strong>
          </p>
          <p>{a.conflict?.now ? t('outbox_server_now', { now: a.conflict.now }) : a.conflict?.detail}</p>
          <div class="actions">
            {a.kind === 'request' && (
              <button
                type="button"
                onClick={() => {
                  requestDraft.set(a.body);
                  void discardAction(a.key);
                  navigate('/');
                }}
              >
                {t('edit_and_resend')}
              </button>
            )}
            <button type="button" onClick={() => void discardAction(a.key)}>
              {t('discard')}
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}
