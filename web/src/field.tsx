// Responders' and volunteers' screen: their tasks, one tap to go on route or complete, and
// their availability.
import { useState } from 'preact/hooks';
import { api, listAll, type HelpRequestView, type Role, type Task } from './api.js';
import { taskStatusLabel } from './dispatcher.js';
import { formatAge, formatNumber, t } from './i18n.js';
import { poll } from './live.js';
import { ErrorNote, useLive } from './shared.js';

interface MyTask {
  task: Task;
  request: HelpRequestView | null;
}

async function loadMyTasks(): Promise<MyTask[]> {
  const tasks = await listAll<Task>('/tasks/me', 200);
  // The assignee's view of each request: where to go and what is needed.
  return Promise.all(
    tasks.map(async (task) => ({
      task,
      request: task.request_id
        ? await api<HelpRequestView>('GET', `/requests/${task.request_id}`).catch(() => null)
        : null,
    })),
  );
}

export function MyTasks({ role }: { role: Role }) {
  const [actionError, setActionError] = useState<unknown>(null);
  const [revision, setRevision] = useState(0);
  const { data, error } = useLive<MyTask[]>((onData, onError) => poll(loadMyTasks, onData, onError), [revision]);
  const setStatus = async (task: Task, status: 'on_route' | 'completed') => {
    setActionError(null);
    try {
      await api('PATCH', `/tasks/${task.id}/status`, { status });
      setRevision((r) => r + 1);
    } catch (e) {
      setActionError(e);
    }
  };
  const active = (data ?? []).filter(({ task }) => task.status === 'pending' || task.status === 'on_route');
  const done = (data ?? []).filter(({ task }) => !(task.status === 'pending' || task.status === 'on_route'));
  return (
    <section aria-labelledby="my-tasks-heading">
      <h1 id="my-tasks-heading">{t('my_tasks_heading')}</h1>
      {role === 'volunteer' && <Availability />}
      <ErrorNote error={error ?? actionError} />
      {data === null ? (
        <p>{t('loading')}</p>
      ) : data.length === 0 ? (
        <p>{t('my_tasks_empty')}</p>
      ) : (
        <ul class="cards" aria-label={t('my_tasks_heading')}>
          {[...active, ...done].map(({ task, request }) => (
            <li key={task.id} class="card" aria-label={task.instructions}>
              <div>
                <p>
                  <strong>{task.instructions}</strong>
                </p>
                <p>
                  {t('status')}: <span class={`badge task-${task.status}`}>{taskStatusLabel(task.status)}</span> ·{' '}
                  {formatAge(task.created_at)}
                </p>
                {request?.location && (
                  <p>
                    {t('location')}:{' '}
                    <a
                      href={`https://www.openstreetmap.org/?mlat=${request.location.lat}&mlon=${request.location.lng}#map=16/${request.location.lat}/${request.location.lng}`}
                      target="_blank"
                      rel="noopener"
                    >
                      {formatNumber(request.location.lat, 4)}, {formatNumber(request.location.lng, 4)}
                    </a>
                  </p>
                )}
                {request?.description && <p>{request.description}</p>}
                <div class="actions">
                  {task.status === 'pending' && (
                    <button type="button" class="primary" onClick={() => void setStatus(task, 'on_route')}>
                      {t('go_on_route')}
                    </button>
                  )}
                  {task.status === 'on_route' && (
                    <button type="button" class="primary" onClick={() => void setStatus(task, 'completed')}>
                      {t('mark_completed')}
                    </button>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Availability() {
  const [available, setAvailable] = useState<boolean | null>(null);
  const { data } = useLive<{ availability: string }>((onData, onError) => {
    void api<{ availability: string }>('GET', '/users/me/availability').then(onData, onError);
    return () => undefined;
  }, []);
  const checked = available ?? data?.availability === 'available';
  return (
    <label class="toggle">
      <input
        type="checkbox"
        checked={checked}
        onChange={async (e) => {
          const next = e.currentTarget.checked;
          setAvailable(next);
          await api('PATCH', '/users/me/availability', { availability: next ? 'available' : 'unavailable' });
        }}
      />
      {t('availability')}
    </label>
  );
}
