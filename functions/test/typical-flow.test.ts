// The typical flow of spec 4.11, end to end through the local stack: a help request, the plan the
// planning worker stores for it, a task created from the plan with its suggested resources,
// assigned, authorized, on route, completed; the resources are available again and the request
// is fulfilled.
import assert from 'node:assert/strict';
import { call, expectStatus, registeredUser } from './helpers/api.js';
import { waitFor } from './helpers/planning-fixtures.js';
import { assertFree, confirmedDisaster, newResource, storedRequest } from './helpers/tasks-fixtures.js';

describe('typical flow (spec 4.11): request → plan → task with resources → on route → completed', () => {
  it('runs end to end, freeing the resources and fulfilling the request', async function () {
    // The relay delivers creations one after another; after files that create many requests it can lag.
    this.timeout(150_000);
    const admin = await registeredUser('admin');
    const responder = await registeredUser('responder', { location: { lat: 14.605, lng: 121.005 } });
    const affected = await registeredUser('affected_individual');
    const logistics = await registeredUser('volunteer');
    const disaster = await confirmedDisaster();

    // Resources near the disaster, offered by a volunteer.
    const boat = await newResource(logistics, {
      name: 'Rescue boat',
      category: 'boat',
      disaster_id: disaster.id,
      location: { lat: 14.602, lng: 121.003 },
    });
    const truck = await newResource(logistics, {
      name: 'Pickup truck',
      category: 'vehicle',
      location: { lat: 14.598, lng: 121.01 },
    });

    // 1. The affected user raises a help request: 201, open.
    const request = expectStatus(
      await call('POST', '/requests', {
        token: affected.token,
        body: {
          disaster_id: disaster.id,
          type_of_need: 'rescue',
          description: 'Family of four on a roof, water rising',
          location: { lat: 14.6, lng: 121.0 },
        },
      }),
      201,
    );
    assert.equal(request.status, 'open');

    // 2. The worker plans it out of band: the workflow output appears.
    const plan = await waitFor(
      'the workflow output',
      async () => {
        const response = await call('GET', `/workflow-outputs/${request.id}`, { token: admin.token });
        return response.status === 200 ? response.body : undefined;
      },
      120_000,
    );
    const suggested: string[] = plan.resources.map((r: any) => r.resource_id);
    assert.ok(
      suggested.includes(boat.id) && suggested.includes(truck.id),
      `the plan suggests the nearby boat and truck: ${JSON.stringify(plan.resources)}`,
    );
    const planned = plan.tasks.find((t: any) => t.role_required === 'responder');
    assert.ok(planned, 'the plan has a responder task');

    // 3. The dispatcher reviews the plan: approves the responder task and the boat and truck
    //    suggestions, then turns the approved workflow task into a real task in one call.
    expectStatus(
      await call('PATCH', `/workflow-outputs/${request.id}/tasks/${planned.id}`, {
        token: admin.token,
        body: { approval_status: 'approved' },
      }),
      200,
    );
    for (const suggestion of plan.resources.filter(
      (r: any) => r.resource_id === boat.id || r.resource_id === truck.id,
    )) {
      expectStatus(
        await call('PATCH', `/workflow-outputs/${request.id}/resources/${suggestion.id}`, {
          token: admin.token,
          body: { approval_status: 'approved' },
        }),
        200,
      );
    }
    const task = expectStatus(
      await call('POST', `/workflow-outputs/${request.id}/tasks/${planned.id}/create-task`, { token: admin.token }),
      201,
    );
    assert.deepEqual(
      [...task.resource_ids].sort(),
      [boat.id, truck.id].sort(),
      'the approved suggestions are allocated',
    );
    assert.equal(task.request_id, request.id);
    assert.equal(task.workflow_task_id, planned.id);
    assert.equal(task.instructions, planned.instructions);
    const reviewed = expectStatus(await call('GET', `/workflow-outputs/${request.id}`, { token: admin.token }), 200);
    assert.equal(
      reviewed.tasks.find((t: any) => t.id === planned.id).task_id,
      task.id,
      'the workflow task records its task',
    );
    assert.equal((await storedRequest(request.id))?.status, 'in_progress');
    const inUse = expectStatus(await call('GET', `/resources/locations?status=in_use`, { token: admin.token }), 200);
    const onMap = inUse.features.filter((f: any) => f.id === boat.id || f.id === truck.id);
    assert.deepEqual(
      onMap.map((f: any) => f.properties.task_id),
      [task.id, task.id],
      'the map shows both in use by the task',
    );

    // The admin assigns and authorizes; the responder is notified and finds the task.
    expectStatus(
      await call('PATCH', `/tasks/${task.id}/assign`, { token: admin.token, body: { user_id: responder.uid } }),
      200,
    );
    expectStatus(await call('PATCH', `/tasks/${task.id}/authorize`, { token: admin.token }), 200);
    const notes = expectStatus(await call('GET', '/notifications/me?read=false', { token: responder.token }), 200);
    assert.deepEqual(notes.items.map((n: any) => [n.kind, n.task_id]).sort(), [
      ['task_assigned', task.id],
      ['task_authorized', task.id],
    ]);
    const mine = expectStatus(await call('GET', '/tasks/me', { token: responder.token }), 200);
    assert.deepEqual(
      mine.items.map((t: any) => t.id),
      [task.id],
    );

    // 4. The responder goes on route, then completes.
    expectStatus(
      await call('PATCH', `/tasks/${task.id}/status`, { token: responder.token, body: { status: 'on_route' } }),
      200,
    );
    const done = expectStatus(
      await call('PATCH', `/tasks/${task.id}/status`, { token: responder.token, body: { status: 'completed' } }),
      200,
    );
    assert.equal(done.status, 'completed');

    // Resources are available again, the request is fulfilled, the history tells the story.
    await assertFree(boat.id);
    await assertFree(truck.id);
    const fulfilled = expectStatus(await call('GET', `/requests/${request.id}`, { token: admin.token }), 200);
    assert.equal(fulfilled.status, 'fulfilled');
    const history = expectStatus(await call('GET', `/tasks/${task.id}`, { token: admin.token }), 200).history;
    assert.deepEqual(
      history.map((h: any) => [h.action, h.to]),
      [
        ['created', 'pending'],
        ['assigned', responder.uid],
        ['authorized', admin.uid],
        ['status_changed', 'on_route'],
        ['status_changed', 'completed'],
      ],
    );
  });
});
