// The dispatcher's screens: the live triage queue, a request's page (plan, tasks, assignment,
// history) and the task board.
import { useState } from 'preact/hooks';
import {
  api,
  ApiError,
  NEEDS,
  PLANNING_STATES,
  REQUEST_STATUSES,
  TASK_ROLES,
  TASK_STATUSES,
  type StaffRequestView,
  type Need,
  type PlanningState,
  type RequestHistoryEntry,
  type RequestStatus,
  type Task,
  type WorkflowOutput,
  type WorkflowTask,
} from './api.js';
import { formatAge, formatDate, formatNumber, t } from './i18n.js';
import { follow, poll } from './live.js';
import { LocationFields, parsePoint, pointText } from './location-picker.js';
import { DisasterPicker, ErrorNote, Link, SelectField, useAction, useDisasters, useLive } from './shared.js';

const AGES = { any: Infinity, hour: 3_600_000, day: 86_400_000 } as const;
type AgeFilter = keyof typeof AGES;

export const needLabel = (need: Need) => t(`need_${need}`);
export const statusLabel = (status: RequestStatus) => t(`status_${status}`);
export const taskStatusLabel = (status: Task['status']) => t(`task_${status}`);
const planningLabel = (state: PlanningState) => t(`planning_${state}`);

/** Cards the queue draws at most (the newest that match); the count covers them all. */
const QUEUE_MAX = 1000;

const newestFirst = (a: { created_at: string; id: string }, b: { created_at: string; id: string }) =>
  a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1;

/**
 * A disaster's requests, kept up to date through the API's change feed (live.ts, `follow`): loaded
 * once, then only what changed. Staff only (GET /requests).
 */
export function followRequests(
  disasterId: string,
  onData: (requests: StaffRequestView[]) => void,
  onError: (error: unknown) => void,
) {
  return follow<StaffRequestView>(`/requests?disaster_id=${disasterId}`, onData, onError, {
    // A request placed into another disaster comes once more, with its new disaster.
    keep: (r) => r.disaster_id === disasterId,
  });
}

export function TriageQueue() {
  const disasters = useDisasters();
  const [need, setNeed] = useState<Need | ''>('');
  const [status, setStatus] = useState<RequestStatus | ''>('open');
  const [planning, setPlanning] = useState<PlanningState | ''>('');
  const [age, setAge] = useState<AgeFilter>('any');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);
  // Every request of the disaster, whatever its status: the filters apply here, so that a request
  // that leaves them (closed, planned) leaves the queue at its next change.
  const { data, error } = useLive<StaffRequestView[]>(
    (onData, onError) => (disasters.chosen ? followRequests(disasters.chosen, onData, onError) : () => undefined),
    [disasters.chosen],
  );
  const now = Date.now();
  const matching = (data ?? [])
    .filter(
      (r) =>
        (!status || r.status === status) &&
        (!need || r.type_of_need === need) &&
        (!planning || r.planning.state === planning) &&
        now - new Date(r.created_at).getTime() <= AGES[age],
    )
    .sort(newestFirst);
  const shown = matching.slice(0, QUEUE_MAX);
  const label = (r: StaffRequestView) => `${needLabel(r.type_of_need)} ${formatAge(r.created_at, now)}`;
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const bulk = async (body: { status: RequestStatus; closed_reason?: 'duplicate' }) => {
    setActionError(null);
    try {
      const ids = [...selected];
      for (const id of ids) await api('PATCH', `/requests/${id}/status`, body);
      setSelected(new Set());
      setNotice(t('bulk_done', { count: ids.length }));
    } catch (e) {
      setActionError(e);
    }
  };
  return (
    <section aria-labelledby="queue-heading">
      <h1 id="queue-heading">{t('queue_heading')}</h1>
      <DisasterPicker {...disasters} />
      <fieldset class="filters">
        <legend>{t('filters')}</legend>
        <SelectField
          label={t('need')}
          value={need}
          options={NEEDS}
          optionLabel={needLabel}
          onChange={setNeed}
          any={t('any')}
        />
        <SelectField
          label={t('status')}
          value={status}
          options={REQUEST_STATUSES}
          optionLabel={statusLabel}
          onChange={setStatus}
          any={t('any')}
        />
        <SelectField
          label={t('planning')}
          value={planning}
          options={PLANNING_STATES}
          optionLabel={planningLabel}
          onChange={setPlanning}
          any={t('any')}
        />
        <label class="field">
          {t('age')}
          <select value={age} onChange={(e) => setAge(e.currentTarget.value as AgeFilter)}>
            <option value="any">{t('any')}</option>
            <option value="hour">{t('age_hour')}</option>
            <option value="day">{t('age_day')}</option>
          </select>
        </label>
      </fieldset>
      <div role="group" aria-label={t('bulk_actions')} class="actions">
        <button
          type="button"
          disabled={selected.size === 0}
          onClick={() => void bulk({ status: 'closed', closed_reason: 'duplicate' })}
        >
          {t('bulk_duplicate')}
        </button>
        <button type="button" disabled={selected.size === 0} onClick={() => void bulk({ status: 'in_progress' })}>
          {t('bulk_in_progress')}
        </button>
      </div>
      {notice && <p role="status">{notice}</p>}
      <ErrorNote error={error ?? actionError} />
      {data === null ? (
        <p>{t('loading')}</p>
      ) : (
        <>
          <p aria-live="polite">{t('queue_count', { count: matching.length })}</p>
          {matching.length > shown.length && <p>{t('queue_capped', { count: shown.length })}</p>}
          {shown.length === 0 ? (
            <p>{t('queue_empty')}</p>
          ) : (
            <ul class="cards" aria-label={t('queue_heading')}>
              {shown.map((r) => (
                <li key={r.id} class={`card need-${r.type_of_need}`}>
                  <input
                    type="checkbox"
                    aria-label={t('select_request', { label: label(r) })}
                    checked={selected.has(r.id)}
                    onChange={() => toggle(r.id)}
                  />
                  <div>
                    <Link href={`/requests/${r.id}`} label={t('open_request', { label: label(r) })}>
                      <strong>{needLabel(r.type_of_need)}</strong>
                    </Link>{' '}
                    <span class={`badge status-${r.status}`}>{statusLabel(r.status)}</span>{' '}
                    <span class="badge">{planningLabel(r.planning.state)}</span>
                    <p>{r.description}</p>
                    <p class="meta">{formatAge(r.created_at, now)}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

interface RequestPageData {
  request: StaffRequestView;
  plan: WorkflowOutput | null;
  tasks: Task[];
  history: RequestHistoryEntry[];
}

async function loadRequestPage(id: string): Promise<RequestPageData> {
  const [request, plan, tasks, history] = await Promise.all([
    api<StaffRequestView>('GET', `/requests/${id}`),
    api<WorkflowOutput>('GET', `/workflow-outputs/${id}`).catch((e: unknown) => {
      if (e instanceof ApiError && e.status === 404) return null;
      throw e;
    }),
    api<{ items: Task[] }>('GET', `/tasks?request_id=${id}&limit=50`).then((p) => p.items),
    api<{ items: RequestHistoryEntry[] }>('GET', `/requests/${id}/history?limit=50`).then((p) => p.items),
  ]);
  return { request, plan, tasks, history };
}

/** How to call the person back (staff views only carry it): the channel, and the number to tap. */
function RequesterContact({ contact }: { contact: NonNullable<StaffRequestView['requester_contact']> }) {
  return (
    <>
      <dt>{t('contact')}</dt>
      <dd>
        {t(`channel_${contact.channel}`)} ·{' '}
        {contact.phone ? (
          <a href={`tel:${contact.phone}`}>{t('contact_call', { phone: contact.phone })}</a>
        ) : (
          t('contact_no_phone')
        )}
      </dd>
    </>
  );
}

export function RequestPage({ id }: { id: string }) {
  const { data, error, reload } = useLive<RequestPageData>(
    (onData, onError) => poll(() => loadRequestPage(id), onData, onError),
    [id],
  );
  const { error: actionError, run: act } = useAction(reload);
  if (!data) return error ? <ErrorNote error={error} /> : <p>{t('loading')}</p>;
  const { request, plan, tasks, history } = data;
  const matches = request.potential_matches?.responders ?? [];
  return (
    <section aria-labelledby="request-heading">
      <p>
        <Link href="/">{t('back_to_queue')}</Link>
      </p>
      <h1 id="request-heading">{t('request_heading', { need: needLabel(request.type_of_need) })}</h1>
      <dl class="facts">
        <dt>{t('status')}</dt>
        <dd>{statusLabel(request.status)}</dd>
        <dt>{t('planning')}</dt>
        <dd>{planningLabel(request.planning.state)}</dd>
        <dt>{t('description')}</dt>
        <dd>{request.description}</dd>
        <dt>{t('location')}</dt>
        <dd>
          {request.planning.state === 'awaiting_location'
            ? t('location_awaited', { text: request.location_text ?? '—' })
            : `${formatNumber(request.location.lat, 4)}, ${formatNumber(request.location.lng, 4)}`}
        </dd>
        <dt>{t('created')}</dt>
        <dd>{formatDate(request.created_at)}</dd>
        {request.requester_contact && <RequesterContact contact={request.requester_contact} />}
      </dl>
      <ErrorNote error={actionError} />
      {request.planning.state === 'awaiting_location' && (
        <SetLocation requestId={request.id} around={request.location} act={act} />
      )}
      <h2>{t('plan_heading')}</h2>
      {plan === null ? (
        <p>{t('plan_none')}</p>
      ) : (
        <>
          <p>{plan.rationale}</p>
          <ol class="cards">
            {plan.tasks.map((task, index) => (
              <PlanTask
                key={task.id}
                n={index + 1}
                requestId={request.id}
                task={task}
                real={tasks.find((real) => real.id === task.task_id) ?? null}
                matches={matches}
                act={act}
              />
            ))}
          </ol>
          {plan.resources.length > 0 && (
            <>
              <h3>{t('resources_heading')}</h3>
              <ul class="cards">
                {plan.resources.map((r) => (
                  <li key={r.id} class="card" aria-label={r.name}>
                    <div>
                      <p>
                        <strong>{r.name}</strong> ({r.category})
                        {r.distance_km !== null ? ` · ${formatNumber(r.distance_km, 1)} km` : ''} ·{' '}
                        {t(`approval_${r.approval_status}`)}
                      </p>
                      {r.reason && <p class="meta">{r.reason}</p>}
                      <Approval
                        status={r.approval_status}
                        path={`/workflow-outputs/${request.id}/resources/${r.id}`}
                        act={act}
                      />
                    </div>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
      <h2>{t('history_heading')}</h2>
      <ol class="history">
        {history.map((entry) => (
          <li key={entry.id}>
            {formatDate(entry.created_at)}: {entry.entity} {entry.action}
            {entry.after && typeof entry.after.status === 'string' ? ` → ${entry.after.status}` : ''}
          </li>
        ))}
      </ol>
    </section>
  );
}

type Match = NonNullable<StaffRequestView['potential_matches']>['responders'][number];

function PlanTask(props: {
  n: number;
  requestId: string;
  task: WorkflowTask;
  real: Task | null;
  matches: Match[];
  act: Act;
}) {
  const { n, requestId, task, real, matches, act } = props;
  const eligible = matches.filter((m) => task.role_required === 'volunteer' || m.role === 'responder');
  const [assignee, setAssignee] = useState<string>(task.suggested_assignee_id ?? eligible[0]?.id ?? '');
  const [editing, setEditing] = useState(false);
  const heading = t('suggested_task', { n });
  const base = `/workflow-outputs/${requestId}/tasks/${task.id}`;
  const assignedName = real?.assigned_to
    ? (matches.find((m) => m.id === real.assigned_to)?.display_name ?? real.assigned_to)
    : null;
  return (
    <li class="card" aria-label={heading}>
      <div>
        <h3>{heading}</h3>
        <p>{task.instructions}</p>
        <p class="meta">
          {t('priority', { n: task.priority })} · {t('role_required', { role: t(`role_${task.role_required}`) })} ·{' '}
          {t(`approval_${task.approval_status}`)}
        </p>
        {task.task_id === null &&
          (editing ? (
            <EditTask task={task} path={base} act={act} onClose={() => setEditing(false)} />
          ) : (
            <div class="actions">
              <button type="button" onClick={() => setEditing(true)}>
                {t('edit_task')}
              </button>
              {task.approval_status !== 'approved' && <Approval status={task.approval_status} path={base} act={act} />}
            </div>
          ))}
        {task.task_id === null && task.approval_status === 'approved' && (
          <button type="button" onClick={() => void act(() => api('POST', `${base}/create-task`, {}))}>
            {t('create_task')}
          </button>
        )}
        {real && (
          <p>
            {t('task_created')}: <span class="badge">{taskStatusLabel(real.status)}</span>
            {assignedName && <> · {t('assigned_to', { name: assignedName })}</>}
            {real.authorized && <> · {t('authorized')}</>}
          </p>
        )}
        {real && real.status === 'pending' && !real.authorized && (
          <button type="button" onClick={() => void act(() => api('PATCH', `/tasks/${real.id}/authorize`))}>
            {t('authorize')}
          </button>
        )}
        {real && real.status === 'pending' && (
          <div class="actions">
            {eligible.length === 0 ? (
              <p>{t('no_matches')}</p>
            ) : (
              <>
                <label class="field">
                  {t('assign_to')}
                  <select value={assignee} onChange={(e) => setAssignee(e.currentTarget.value)}>
                    {eligible.map((m) => (
                      <option key={m.id} value={m.id}>
                        {t('km_away', { name: m.display_name, distance: formatNumber(m.distance_km, 1) })}
                      </option>
                    ))}
                  </select>
                </label>
                <button
                  type="button"
                  disabled={!assignee || real.assigned_to === assignee}
                  onClick={() => void act(() => api('PATCH', `/tasks/${real.id}/assign`, { user_id: assignee }))}
                >
                  {t('assign')}
                </button>
              </>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

type Act = (action: () => Promise<unknown>) => Promise<boolean>;

/** Approve or reject a suggestion (a task or a resource of the plan). */
function Approval({ status, path, act }: { status: WorkflowTask['approval_status']; path: string; act: Act }) {
  return (
    <>
      {status !== 'approved' && (
        <button type="button" onClick={() => void act(() => api('PATCH', path, { approval_status: 'approved' }))}>
          {t('approve')}
        </button>
      )}
      {status !== 'rejected' && (
        <button type="button" onClick={() => void act(() => api('PATCH', path, { approval_status: 'rejected' }))}>
          {t('reject')}
        </button>
      )}
    </>
  );
}

const PRIORITIES = ['1', '2', '3', '4', '5'] as const;

/** A suggested task's instructions, role and priority, editable until a task is created from it. */
function EditTask(props: { task: WorkflowTask; path: string; act: Act; onClose: () => void }) {
  const { task, path, act, onClose } = props;
  const [instructions, setInstructions] = useState(task.instructions);
  const [role, setRole] = useState(task.role_required);
  const [priority, setPriority] = useState(task.priority);
  const save = async (event: Event) => {
    event.preventDefault();
    const ok = await act(() =>
      api('PATCH', path, { instructions: instructions.trim(), role_required: role, priority }),
    );
    if (ok) onClose();
  };
  return (
    <form class="panel" aria-label={t('edit_task')} onSubmit={(e) => void save(e)}>
      <label class="field">
        {t('instructions')}
        <textarea
          rows={3}
          required
          maxLength={4000}
          value={instructions}
          onInput={(e) => setInstructions(e.currentTarget.value)}
        />
      </label>
      <div class="row">
        <SelectField
          label={t('for_role')}
          value={role}
          options={TASK_ROLES}
          optionLabel={(r) => t(`role_${r}`)}
          onChange={(r) => r && setRole(r)}
        />
        <SelectField
          label={t('priority_field')}
          value={String(priority) as (typeof PRIORITIES)[number]}
          options={PRIORITIES}
          optionLabel={(p) => p}
          onChange={(p) => p && setPriority(Number(p))}
        />
      </div>
      <div class="actions">
        <button type="submit" class="primary">
          {t('save_changes')}
        </button>
        <button type="button" onClick={onClose}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

/** The point of a request that came without one (SMS/WhatsApp intake); planning runs once it is set. */
function SetLocation({
  requestId,
  around,
  act,
}: {
  requestId: string;
  around: { lat: number; lng: number };
  act: Act;
}) {
  const [point, setPoint] = useState(pointText(null));
  const location = parsePoint(point);
  return (
    <form
      class="panel"
      aria-label={t('set_location')}
      onSubmit={(e) => {
        e.preventDefault();
        if (location) void act(() => api('PUT', `/requests/${requestId}/location`, { location }));
      }}
    >
      <h2>{t('set_location')}</h2>
      <LocationFields value={point} onChange={setPoint} around={around} />
      <button type="submit" class="primary" disabled={!location}>
        {t('set_location')}
      </button>
    </form>
  );
}

export function TaskBoard() {
  const disasters = useDisasters();
  const { data, error } = useLive<Task[]>(
    (onData, onError) =>
      disasters.chosen ? follow<Task>(`/tasks?disaster_id=${disasters.chosen}`, onData, onError) : () => undefined,
    [disasters.chosen],
  );
  return (
    <section aria-labelledby="board-heading">
      <h1 id="board-heading">{t('tasks_board_heading')}</h1>
      <DisasterPicker {...disasters} />
      <ErrorNote error={error} />
      <div class="board">
        {TASK_STATUSES.map((status) => {
          const column = (data ?? []).filter((task) => task.status === status).sort(newestFirst);
          return (
            <section key={status} aria-label={taskStatusLabel(status)} class="column">
              <h2>
                {taskStatusLabel(status)} ({formatNumber(column.length)})
              </h2>
              <ul>
                {column.map((task) => (
                  <li key={task.id} class="card">
                    {task.request_id ? (
                      <Link href={`/requests/${task.request_id}`}>{task.instructions}</Link>
                    ) : (
                      task.instructions
                    )}
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </section>
  );
}
