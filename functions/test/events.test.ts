// The state-change corridor (events/): every domain event type has a line in the notice table and
// in the webhook table (a line may say nobody), and the one decider answers who hears of what.
import assert from 'node:assert/strict';
import { NOTICE_LINES, noticesOf, readsActiveTasks, subjectReadOf, type NoticeSubject } from '../src/events/notices.js';
import { DOMAIN_EVENT_TYPES, entityAndAction, type EventOf } from '../src/events/types.js';
import { AUDIT_ENTITIES } from '../src/audit/model.js';
import { WEBHOOK_EVENT_OF } from '../src/webhooks/events.js';
import { shortReference } from '../src/shared/reference.js';

const task = {
  id: 'task-1',
  reference: shortReference('task-1'),
  request_id: 'req-1',
  priority: 1,
  assigned_to: 'responder-1',
  instructions: 'Boat',
};
const request = { id: 'req-1', owner_id: 'owner-1' };
const subject: NoticeSubject = { task, request };
const context = { entity_id: task.id, disaster_id: 'd-1', request_id: request.id };

describe('domain events: the tables and the decider', () => {
  it('every event type has a notice line and a webhook line, and the tables name nothing else', () => {
    const types = [...DOMAIN_EVENT_TYPES].sort();
    assert.equal(new Set(types).size, types.length, 'an event type is listed twice');
    assert.deepEqual(Object.keys(NOTICE_LINES).sort(), types);
    assert.deepEqual(Object.keys(WEBHOOK_EVENT_OF).sort(), types);
    for (const type of types) {
      assert.ok(NOTICE_LINES[type] !== undefined, `${type}: no notice line`);
      assert.ok(WEBHOOK_EVENT_OF[type] !== undefined, `${type}: no webhook line`);
      // Stored under an entity the history views and queries know.
      assert.ok((AUDIT_ENTITIES as readonly string[]).includes(entityAndAction(type).entity), type);
    }
  });

  it('an assignment tells the assignee, urgently for priority 1; a reassignment also tells the one it was taken from', () => {
    const assigned: EventOf<'task.assigned'> = {
      type: 'task.assigned',
      ...context,
      before: { assigned_to: null, assigned_at: null },
      after: { assigned_to: 'responder-1', assigned_at: '2026-11-26T10:00:00.000Z' },
    };
    assert.deepEqual(noticesOf(assigned, subject, 'admin-1'), [
      {
        uid: 'responder-1',
        template: 'task_assigned',
        urgent: true,
        request_id: 'req-1',
        task_id: 'task-1',
        // The assignee is told of the task by the task's reference, which `DONE <ref>` by SMS quotes.
        reference: shortReference('task-1'),
      },
    ]);
    const reassigned: EventOf<'task.reassigned'> = {
      type: 'task.reassigned',
      ...context,
      before: { assigned_to: 'responder-0', assigned_at: '2026-11-26T09:00:00.000Z' },
      after: { assigned_to: 'responder-1', assigned_at: '2026-11-26T10:00:00.000Z' },
    };
    const lowPriority = { ...subject, task: { ...task, priority: 3 } };
    assert.deepEqual(
      noticesOf(reassigned, lowPriority, 'admin-1').map((n) => [n.uid, n.template, n.urgent]),
      [
        ['responder-1', 'task_assigned', false],
        ['responder-0', 'task_cancelled', false],
      ],
    );
  });

  it("the requester hears of help arranged, on the way, fulfilled and closed; never of their own withdrawal or an erasure's closing", () => {
    const moved = (to: 'on_route' | 'completed' | 'cancelled'): EventOf<'task.status_changed'> => ({
      type: 'task.status_changed',
      ...context,
      before: { status: 'pending' },
      after: { status: to },
    });
    const created: EventOf<'task.created'> = {
      type: 'task.created',
      ...context,
      before: null,
      after: { status: 'pending' },
    };
    assert.deepEqual(
      noticesOf(created, subject, 'admin-1').map((n) => [n.uid, n.template, n.task_id]),
      [['owner-1', 'request_task_created', 'task-1']],
    );
    assert.deepEqual(
      noticesOf(moved('on_route'), subject, 'responder-1').map((n) => [n.uid, n.template]),
      [['owner-1', 'request_on_route']],
    );
    assert.deepEqual(noticesOf(moved('completed'), subject, 'responder-1'), [], 'the request event tells them');
    // A cancellation tells the assignee, unless they cancelled it themselves.
    assert.deepEqual(
      noticesOf(moved('cancelled'), subject, 'admin-1').map((n) => [n.uid, n.template]),
      [['responder-1', 'task_cancelled']],
    );
    assert.deepEqual(noticesOf(moved('cancelled'), subject, 'responder-1'), []);
    // A task without a request tells no requester.
    assert.deepEqual(noticesOf(created, { task: { ...task, request_id: null }, request: null }, 'admin-1'), []);

    const requestMoved = (to: 'fulfilled' | 'closed' | 'in_progress', reason?: 'owner_erased') => ({
      type: 'request.status_changed' as const,
      entity_id: request.id,
      before: { status: 'in_progress' as const },
      after: { status: to, ...(reason ? { reason } : {}) },
    });
    const requestSubject = { request };
    assert.deepEqual(
      noticesOf(requestMoved('fulfilled'), requestSubject, 'responder-1').map((n) => [n.uid, n.template, n.task_id]),
      [['owner-1', 'request_fulfilled', null]],
    );
    assert.deepEqual(
      noticesOf(requestMoved('closed'), requestSubject, 'admin-1').map((n) => n.template),
      ['request_closed'],
    );
    assert.deepEqual(noticesOf(requestMoved('closed'), requestSubject, 'owner-1'), [], 'their own withdrawal');
    assert.deepEqual(noticesOf(requestMoved('closed', 'owner_erased'), requestSubject, 'system'), []);
    assert.deepEqual(noticesOf(requestMoved('in_progress'), requestSubject, 'admin-1'), []);
  });

  it('a withdrawal by its owner tells the dispatcher and the assignee of each active task (urgently when on the way); asking tells the owner', () => {
    const withdrawn: EventOf<'request.status_changed'> = {
      type: 'request.status_changed',
      entity_id: request.id,
      before: { status: 'in_progress' },
      after: { status: 'closed', closed_reason: 'withdrawn', confirmation: null },
    };
    const tasks = [
      {
        id: 'task-1',
        reference: 'TASK01',
        request_id: request.id,
        status: 'on_route' as const,
        assigned_to: 'responder-1',
        created_by: 'admin-1',
      },
      {
        id: 'task-2',
        reference: 'TASK02',
        request_id: request.id,
        status: 'pending' as const,
        assigned_to: 'admin-1',
        created_by: 'admin-1',
      },
    ];
    assert.deepEqual(
      noticesOf(withdrawn, { request, tasks }, 'owner-1').map((n) => [n.uid, n.template, n.reference, n.urgent]),
      [
        ['admin-1', 'request_withdrawn', 'TASK01', true],
        ['responder-1', 'request_withdrawn', 'TASK01', true],
        ['admin-1', 'request_withdrawn', 'TASK02', false],
      ],
    );
    // An owner who is staff and closes their own request otherwise: nobody (the tasks are not read).
    const ownFulfilment = { ...withdrawn, after: { status: 'fulfilled' as const } };
    assert.deepEqual(noticesOf(ownFulfilment, { request, tasks }, 'owner-1'), []);
    // No task: nobody in particular (the queue and the webhooks show it); a dispatcher's closing tells the owner only.
    assert.deepEqual(noticesOf(withdrawn, { request, tasks: [] }, 'owner-1'), []);
    assert.deepEqual(
      noticesOf(withdrawn, { request, tasks }, 'admin-1').map((n) => [n.uid, n.template]),
      [['owner-1', 'request_closed']],
    );
    const asked: EventOf<'request.confirmation_asked'> = {
      type: 'request.confirmation_asked',
      entity_id: request.id,
      before: { confirmation: null },
      after: { confirmation: 'asked' },
    };
    assert.deepEqual(noticesOf(asked, { request }, 'system'), [
      {
        uid: 'owner-1',
        template: 'request_confirm',
        urgent: false,
        request_id: request.id,
        task_id: null,
        reference: shortReference(request.id),
      },
    ]);
  });

  it('what each decision reads, from the event alone: nothing for the events nobody hears of', () => {
    const head = <T extends 'task.status_changed' | 'request.status_changed'>(type: T, after: EventOf<T>['after']) => ({
      type,
      after,
    });
    assert.equal(subjectReadOf({ type: 'task.assigned', after: { assigned_to: 'v-1', assigned_at: 'now' } }), 'task');
    assert.equal(subjectReadOf(head('task.status_changed', { status: 'on_route' })), 'task_and_request');
    assert.equal(subjectReadOf(head('task.status_changed', { status: 'cancelled' })), 'task', 'its assignee only');
    assert.equal(subjectReadOf(head('task.status_changed', { status: 'completed' })), null);
    assert.equal(subjectReadOf(head('task.status_changed', { status: 'failed' })), null);
    assert.equal(subjectReadOf({ type: 'request.confirmation_asked', after: { confirmation: 'asked' } }), 'request');
    assert.equal(subjectReadOf({ type: 'disaster.updated', after: {} }), null);

    // A request's status: nothing for a change that tells nobody, the request for a dispatcher's
    // fulfilment or closing, and the tasks too only for a withdrawal by the request's owner.
    assert.equal(subjectReadOf(head('request.status_changed', { status: 'in_progress' })), null);
    assert.equal(subjectReadOf(head('request.status_changed', { status: 'open' })), null);
    const fulfilled = head('request.status_changed', { status: 'fulfilled' });
    assert.equal(subjectReadOf(fulfilled), 'request');
    assert.equal(
      subjectReadOf(head('request.status_changed', { status: 'closed', closed_reason: 'unfulfilled' })),
      'request',
    );
    const withdrawn = head('request.status_changed', { status: 'closed', closed_reason: 'withdrawn' });
    assert.equal(subjectReadOf(withdrawn), 'request_and_tasks');
    const erased = { status: 'closed', closed_reason: 'withdrawn', reason: 'owner_erased' } as const;
    assert.equal(subjectReadOf(head('request.status_changed', erased)), null, 'nobody left to tell');
    assert.equal(readsActiveTasks(withdrawn, request, 'owner-1'), true);
    assert.equal(readsActiveTasks(withdrawn, request, 'admin-1'), false, 'withdrawn by a dispatcher for them');
    assert.equal(readsActiveTasks(fulfilled, request, 'owner-1'), false);
    assert.deepEqual(DOMAIN_EVENT_TYPES.filter((type) => NOTICE_LINES[type] !== null).sort(), [
      'request.confirmation_asked',
      'request.status_changed',
      'task.assigned',
      'task.authorized',
      'task.created',
      'task.reassigned',
      'task.status_changed',
    ]);
  });
});
