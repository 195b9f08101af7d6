// The admins' task board: a disaster's tasks in one column per status, kept live.
import { TASK_STATUSES, type Task } from './api.js';
import { formatNumber, t } from './i18n.js';
import { taskStatusLabel } from './labels.js';
import { follow } from './live.js';
import { DisasterPicker, ErrorNote, Link, newestFirst, useDisasters, useLive } from './shared.js';

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
                    )}{' '}
                    <span class="meta">{t('task_reference', { reference: task.reference })}</span>
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
