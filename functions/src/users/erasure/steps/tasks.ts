import type { Transaction } from 'firebase-admin/firestore';
import { recordEvent } from '../../../events/record.js';
import { notificationStore } from '../../../notifications/store.js';
import { TASK_TRANSITIONS_PATH, taskStore } from '../../../tasks/store.js';
import { db } from '../../../data/firestore.js';
import type { Task } from '../../../tasks/model.js';
import { scrubbed } from '../anonymise.js';
import { erased, chunks, ERASURE_PAGE_SIZE, inBatches, type ErasureRun, type ErasureStep } from '../run.js';

/**
 * Tasks: active ones assigned to them go back to the dispatcher (pending, unassigned, no longer
 * authorized); finished ones keep the pseudonym. The uid leaves every field and history entry.
 */
async function eraseTasks(run: ErasureRun): Promise<void> {
  const { uid, pseudonym } = run;
  const rewrite = (tx: Transaction, task: Task, now: string): void => {
    const history = scrubbed(task.history, uid, pseudonym, false) as Task['history'];
    const ids = {
      assigned_to: task.assigned_to === uid ? pseudonym : task.assigned_to,
      created_by: task.created_by === uid ? pseudonym : task.created_by,
      authorized_by: task.authorized_by === uid ? pseudonym : task.authorized_by,
    };
    const active = task.status === 'pending' || task.status === 'on_route';
    if (!(active && task.assigned_to === uid)) {
      taskStore.updateIn(tx, task.id, { ...ids, history, updated_at: now });
      return;
    }
    history.push({ at: now, by: 'system', action: 'assigned', from: pseudonym, to: null });
    if (task.status === 'on_route') {
      history.push({ at: now, by: 'system', action: 'status_changed', from: 'on_route', to: 'pending' });
      // The record that the task left pending (tasks/service.ts): without it, it can leave again.
      tx.delete(db().collection(TASK_TRANSITIONS_PATH).doc(`${task.id}_pending`));
    }
    const reset = {
      status: 'pending' as const,
      assigned_to: null,
      assigned_at: null,
      authorized: false,
      authorized_by: null,
      authorized_at: null,
    };
    taskStore.updateIn(tx, task.id, { ...ids, ...reset, history, updated_at: now });
    recordEvent(
      tx,
      'system',
      {
        type: 'task.unassigned',
        entity_id: task.id,
        before: { status: task.status, assigned_to: pseudonym, authorized: task.authorized },
        after: { status: 'pending', assigned_to: null, authorized: false, reason: 'assignee_erased' },
        disaster_id: task.disaster_id,
        request_id: task.request_id,
      },
      now,
    );
  };
  /** Rewrites, in one transaction, those of the tasks that still name them. */
  const rewriteAll = (taskIds: readonly string[]) =>
    db().runTransaction(async (tx) => {
      const snapshots = await tx.getAll(...taskIds.map((id) => taskStore.doc(id)));
      const tasks = snapshots
        .map((snapshot) => snapshot.data())
        .filter((task): task is Task => task !== undefined && JSON.stringify(task).includes(uid));
      const now = new Date().toISOString();
      for (const task of tasks) rewrite(tx, task, now);
    });
  for (const field of ['assigned_to', 'created_by', 'authorized_by'] as const) {
    await run.sweep(
      'tasks',
      () => taskStore.ref().where(field, '==', uid),
      (page) => rewriteAll(page.map((task) => task.id)),
    );
  }
  // Tasks whose history names them although they no longer hold them (reassigned, or moved by
  // them): found through their moves (paged to a short page) and the notifications they received.
  const transitions = db().collection(TASK_TRANSITIONS_PATH);
  const touched = new Set<string>();
  for (let full = true; full;) {
    run.checkBudget();
    const moves = (await transitions.where('by', '==', uid).limit(ERASURE_PAGE_SIZE).get()).docs;
    for (const move of moves) touched.add(String(move.get('task_id')));
    await inBatches(moves, 1, (batch, move) => batch.update(move.ref, { by: pseudonym }));
    full = moves.length === ERASURE_PAGE_SIZE;
  }
  for (const notification of (await notificationStore.ref(uid).get()).docs) {
    const taskId = notification.data().task_id;
    if (taskId !== null) touched.add(taskId);
  }
  for (const ids of chunks([...touched], ERASURE_PAGE_SIZE)) {
    run.checkBudget();
    await rewriteAll(ids);
  }
}

export const tasksErasure: ErasureStep = {
  name: 'tasks',
  erases: [
    erased(taskStore, ['assigned_to', 'created_by', 'authorized_by', 'history.by', 'history.from', 'history.to']),
  ],
  erase: eraseTasks,
};
