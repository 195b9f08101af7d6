// Responders' and volunteers' screen: their tasks, one tap to go on route or complete, and
// their availability.
import { useEffect, useRef, useState } from 'preact/hooks';
import {
  ACTIVE_TASK_STATUSES,
  api,
  listAll,
  type HelpRequestView,
  type Me,
  type Role,
  type Task,
  type TaskStatus,
} from './api.js';
import { taskStatusLabel } from './labels.js';
import { distanceKm, type Location } from './geo.js';
import { formatAge, formatNumber, t } from './i18n.js';
import { poll } from './live.js';
import { defaultBaseMap } from './map.js';
import type { PlaceMapView } from './map-view.js';
import { AsOf, withCopy, type Fresh } from './offline-copy.js';
import { outboxActions, queuedTaskStatus, queueWrite } from './outbox.js';
import { ErrorNote, useLive } from './shared.js';
import { useSignal } from './state.js';

const isActive = (status: TaskStatus) => ACTIVE_TASK_STATUSES.includes(status);

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

/** The screen's data, kept for offline use (offline-copy.ts). */
const loadMyTasksKept = withCopy('my-tasks', loadMyTasks);

export function MyTasks({ role }: { role: Role }) {
  const [actionError, setActionError] = useState<unknown>(null);
  const { data, error, reload } = useLive<Fresh<MyTask[]>>(
    (onData, onError) => poll(loadMyTasksKept, onData, onError),
    [],
  );
  const queued = useSignal(outboxActions);
  // An action sent later (the network back) shows as the server has it without waiting for a poll.
  const waitingBefore = useRef(queued.length);
  useEffect(() => {
    if (queued.length < waitingBefore.current) reload();
    waitingBefore.current = queued.length;
  }, [queued.length, reload]);
  // Through the outbox: shown at once as waiting, sent now or when the network returns.
  // The task whose "Could not do it" asks why.
  const [failing, setFailing] = useState<string | null>(null);
  const setStatus = async (task: Task, status: 'on_route' | 'completed' | 'failed', reason?: string) => {
    setActionError(null);
    try {
      await queueWrite({
        record: `task:${task.id}`,
        kind: 'task_status',
        method: 'PATCH',
        path: `/tasks/${task.id}/status`,
        body: reason === undefined ? { status } : { status, reason },
        note: task.instructions,
      });
      setFailing(null);
      reload();
    } catch (e) {
      setActionError(e);
    }
  };
  const tasks = (data?.data ?? []).map((item) => {
    const waiting = queuedTaskStatus(queued, item.task.id) as TaskStatus | null;
    return { ...item, waiting, status: waiting ?? item.task.status };
  });
  const active = tasks.filter(({ status }) => isActive(status));
  const done = tasks.filter(({ status }) => !isActive(status));
  return (
    <section aria-labelledby="my-tasks-heading">
      <h1 id="my-tasks-heading">{t('my_tasks_heading')}</h1>
      <AsOf asOf={data?.asOf} />
      {role === 'volunteer' && <Availability />}
      <ErrorNote error={data?.asOf ? actionError : (error ?? actionError)} />
      {data === null ? (
        error ? null : (
          <p>{t('loading')}</p>
        )
      ) : tasks.length === 0 ? (
        <p>{t('my_tasks_empty')}</p>
      ) : (
        <ul class="cards" aria-label={t('my_tasks_heading')}>
          {[...active, ...done].map(({ task, request, status, waiting }) => (
            <li key={task.id} class="card" aria-label={task.instructions}>
              <div>
                <p>
                  <strong>{task.instructions}</strong>{' '}
                  <span class="meta" title={t('task_reference_hint')}>
                    {t('task_reference', { reference: task.reference })}
                  </span>
                </p>
                <p>
                  {t('status')}:{' '}
                  <span class={`badge task-${status}`}>
                    {waiting ? `${taskStatusLabel(status)} — ${t('waiting_to_send')}` : taskStatusLabel(status)}
                  </span>{' '}
                  · {formatAge(task.created_at)}
                </p>
                {request && 'location' in request && (
                  <TaskPlace task={task} place={request.location} active={isActive(status)} />
                )}
                {request && 'description' in request && <p>{request.description}</p>}
                {/* When the person last said they still need help: a stale request may find nobody there. */}
                {request && 'last_confirmed_at' in request && (
                  <p class="meta">{t('last_confirmed', { age: formatAge(request.last_confirmed_at) })}</p>
                )}
                <div class="actions">
                  {status === 'pending' && (
                    <button type="button" class="primary" onClick={() => void setStatus(task, 'on_route')}>
                      {t('go_on_route')}
                    </button>
                  )}
                  {status === 'on_route' && (
                    <button type="button" class="primary" onClick={() => void setStatus(task, 'completed')}>
                      {t('mark_completed')}
                    </button>
                  )}
                  {isActive(status) && failing !== task.id && (
                    <button type="button" onClick={() => setFailing(task.id)}>
                      {t('mark_failed')}
                    </button>
                  )}
                </div>
                {isActive(status) && failing === task.id && (
                  <FailureReason
                    onSend={(reason) => void setStatus(task, 'failed', reason)}
                    onCancel={() => setFailing(null)}
                  />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const FAILURE_CHOICES = ['fail_unreachable', 'fail_nobody', 'fail_need_more', 'fail_other'] as const;
/** The API keeps at most this many characters of a reason. */
const MAX_REASON = 500;

/**
 * Why a task could not be done, for the dispatchers (it goes into the task's history): a tap for
 * the common reasons, words for the rest. It travels with the status through the outbox.
 */
function FailureReason({ onSend, onCancel }: { onSend: (reason: string) => void; onCancel: () => void }) {
  const [choice, setChoice] = useState<(typeof FAILURE_CHOICES)[number] | null>(null);
  const [details, setDetails] = useState('');
  const words = details.trim();
  const reason = [choice === null || choice === 'fail_other' ? '' : t(choice), words].filter(Boolean).join(': ');
  return (
    <form
      class="failure"
      onSubmit={(e) => {
        e.preventDefault();
        if (reason) onSend(reason.slice(0, MAX_REASON));
      }}
    >
      <fieldset>
        <legend>{t('fail_why')}</legend>
        {FAILURE_CHOICES.map((key) => (
          <label key={key}>
            <input type="radio" name="failure" checked={choice === key} onChange={() => setChoice(key)} /> {t(key)}
          </label>
        ))}
      </fieldset>
      <label>
        {t('fail_details')}
        <textarea rows={2} maxLength={MAX_REASON} value={details} onInput={(e) => setDetails(e.currentTarget.value)} />
      </label>
      <div class="actions">
        <button type="submit" class="primary" disabled={!reason}>
          {t('fail_send')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

/** The place of a task: its coordinates, a link to OpenStreetMap, and (active tasks) a map in the console. */
function TaskPlace({ task, place, active }: { task: Task; place: Location; active: boolean }) {
  const [open, setOpen] = useState(false);
  const mapId = `task-map-${task.id}`;
  return (
    <>
      <p>
        {t('location')}: {formatNumber(place.lat, 4)}, {formatNumber(place.lng, 4)} ·{' '}
        <a
          href={`https://www.openstreetmap.org/?mlat=${place.lat}&mlon=${place.lng}#map=16/${place.lat}/${place.lng}`}
          target="_blank"
          rel="noopener"
        >
          {t('open_in_osm')}
        </a>
      </p>
      {active && (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? mapId : undefined}
          onClick={() => setOpen(!open)}
        >
          {t('show_on_map')}
        </button>
      )}
      {active && open && <TaskMap id={mapId} task={task} place={place} />}
    </>
  );
}

/**
 * The task's place on a small map (the map chunk loads on first use), with the responder's own
 * shared location (GET /users/me) and the distance between them when they shared one.
 */
function TaskMap({ id, task, place }: { id: string; task: Task; place: Location }) {
  const element = useRef<HTMLDivElement>(null);
  const view = useRef<PlaceMapView | null>(null);
  // undefined while asking; null when not shared (or not readable).
  const [own, setOwn] = useState<Location | null | undefined>(undefined);
  const [mounted, setMounted] = useState(false);
  const { lat, lng } = place;
  useEffect(() => {
    let cancelled = false;
    void api<Me>('GET', '/users/me').then(
      (me) => !cancelled && setOwn(me.location ?? null),
      () => !cancelled && setOwn(null),
    );
    void import('./map-view.js').then(({ mountPlaceMap }) => {
      if (cancelled || !element.current) return;
      view.current = mountPlaceMap(element.current, { lat, lng }, t('task_place'), defaultBaseMap());
      setMounted(true);
    });
    return () => {
      cancelled = true;
      view.current?.destroy();
      view.current = null;
    };
  }, [lat, lng]);
  useEffect(() => {
    // On the `mounted` state, not on view.current alone: the map can exist before the render that
    // sets `mounted`, and drawing the viewer in both renders left a second "You" fading out.
    if (own !== undefined && mounted) view.current?.showViewer(own, t('you_are_here'));
  }, [own, mounted]);
  return (
    <div id={id} class="task-map">
      <p role="status">
        {own === undefined
          ? t('loading')
          : own
            ? t('task_distance', { distance: formatNumber(distanceKm(own, place), 1) })
            : t('task_no_own_location')}
      </p>
      <div
        ref={element}
        class="map place"
        role="region"
        aria-label={t('task_map_label', { task: task.instructions })}
      />
    </div>
  );
}

const loadAvailability = withCopy('availability', () => api<{ availability: string }>('GET', '/users/me/availability'));

function Availability() {
  const [available, setAvailable] = useState<boolean | null>(null);
  const { data } = useLive<Fresh<{ availability: string }>>((onData, onError) => {
    void loadAvailability().then(onData, onError);
    return () => undefined;
  }, []);
  const checked = available ?? data?.data.availability === 'available';
  return (
    <label class="toggle">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => {
          const next = e.currentTarget.checked;
          setAvailable(next);
          void queueWrite({
            record: 'availability',
            kind: 'availability',
            method: 'PATCH',
            path: '/users/me/availability',
            body: { availability: next ? 'available' : 'unavailable' },
          });
        }}
      />
      {t('availability')}
    </label>
  );
}
