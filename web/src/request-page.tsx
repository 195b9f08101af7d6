// A request's page for staff: its facts and contact, the plan (approve, edit, create and assign
// tasks), the point of a request that came without one, and its history.
import { useState } from 'preact/hooks';
import {
  api,
  ApiError,
  TASK_ROLES,
  type RequestHistoryEntry,
  type StaffRequestView,
  type Task,
  type WorkflowOutput,
  type WorkflowTask,
} from './api.js';
import { formatDate, formatNumber, t } from './i18n.js';
import { needLabel, planningLabel, statusLabel, taskStatusLabel } from './labels.js';
import { poll } from './live.js';
import { LocationFields, parsePoint, pointText } from './location-picker.js';
import { MergePanel } from './merge.js';
import { ErrorNote, Link, SelectField, useAction, useLive } from './shared.js';

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
      <MergePanel request={request} onDone={reload} />
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
