// SMS as the fallback for a responder's field actions (issue 25, item 4): `OTW <ref>`,
// `DONE <ref>`, `FAIL <ref> <reason>` (and the Spanish and Filipino words) from the number the
// responder verified (signed in by phone: the Auth user holds it), driven exactly as Twilio
// drives the webhook. The move is the one PATCH /tasks/{task_id}/status makes, once per
// MessageSid; a number that is not the assignee's learns nothing.
import assert from 'node:assert/strict';
import { replies } from '../src/channels/replies.js';
import { collections } from '../src/data/collections.js';
import { shortReference } from '../src/shared/reference.js';
import { call, expectProblem, expectStatus, registeredUser, type TestUser } from './helpers/api.js';
import { testAuth, testDb } from './helpers/emulators.js';
import { newNumber, replyOf, smsForm, twilioPost } from './helpers/sms.js';
import { confirmedDisaster, helpRequest, newTask, readyTask, storedTask } from './helpers/tasks-fixtures.js';

/** A responder signed in by phone: the Auth user holds the number, verified by Firebase Auth. */
async function responderWithPhone(): Promise<TestUser & { number: string }> {
  const user = await registeredUser('responder');
  const number = newNumber();
  await testAuth().updateUser(user.uid, { phoneNumber: number });
  return { ...user, number };
}

async function eventsOf(taskId: string) {
  const records = await collections.audit.ref().where('entity_id', '==', taskId).get();
  return records.docs.map((doc) => doc.data()).filter((record) => record.type === 'task.status_changed');
}

async function inboundCount(): Promise<number> {
  return (await testDb().collection('inbound_messages').count().get()).data().count;
}

describe('responders move their tasks by SMS (OTW, DONE, FAIL <ref>)', function () {
  this.timeout(60_000);
  let disasterId: string;
  let admin: TestUser;

  before(async () => {
    disasterId = (await confirmedDisaster()).id;
    admin = await registeredUser('admin');
  });

  it('every task carries its short reference, in every view of it', async () => {
    const task = await newTask(admin, disasterId);
    assert.equal(task.reference, shortReference(task.id));
    assert.match(task.reference, /^[A-Z0-9]{6}$/);
    const read = expectStatus(await call('GET', `/tasks/${task.id}`, { token: admin.token }), 200);
    assert.equal(read.reference, task.reference);
  });

  it('OTW then DONE from the verified number move the task as the API does, each once per message', async () => {
    const responder = await responderWithPhone();
    const owner = await registeredUser('affected_individual');
    const request = await helpRequest(disasterId, owner.uid);
    const task = await readyTask(admin, responder, disasterId, { request_id: request.id });
    const ref: string = task.reference;

    const onRoute = smsForm(responder.number, `otw ${ref.toLowerCase()}`);
    assert.equal(replyOf(await twilioPost(onRoute)), replies('en').taskMoved(ref, 'on_route'));
    const moved = await storedTask(task.id);
    assert.equal(moved?.status, 'on_route');
    assert.deepEqual(
      [moved?.history.at(-1)?.action, moved?.history.at(-1)?.by, moved?.history.at(-1)?.to],
      ['status_changed', responder.uid, 'on_route'],
    );
    // The request follows its task, as after the API's move.
    assert.equal((await collections.requests.get(request.id))?.status, 'in_progress');

    // Twilio retrying the same message: no second move, no second reply.
    const before = await inboundCount();
    assert.equal(replyOf(await twilioPost(onRoute)), null);
    assert.equal(await inboundCount(), before);
    assert.equal((await eventsOf(task.id)).length, 1);

    const done = smsForm(responder.number, `LISTO ${ref}`);
    assert.equal(replyOf(await twilioPost(done)), replies('es').taskMoved(ref, 'completed'));
    assert.equal((await storedTask(task.id))?.status, 'completed');
    assert.equal((await collections.requests.get(request.id))?.status, 'fulfilled');
    const events = await eventsOf(task.id);
    assert.deepEqual(events.map((e) => [e.actor_id, e.after?.['status']]).sort(), [
      [responder.uid, 'completed'],
      [responder.uid, 'on_route'],
    ]);
    // The reply is logged as every outbound message is, naming the task.
    const logged = await collections.outboundMessages.ref().where('task_id', '==', task.id).get();
    assert.deepEqual(logged.docs.map((doc) => doc.data().template).sort(), ['reply_task_moved', 'reply_task_moved']);
  });

  it('FAIL <ref> <reason> records why, for the dispatchers, in the task history', async () => {
    const responder = await responderWithPhone();
    const task = await readyTask(admin, responder, disasterId);
    const reply = replyOf(
      await twilioPost(smsForm(responder.number, `Bigo ${task.reference}: baha sa tulay, hindi makadaan`)),
    );
    assert.equal(reply, replies('fil').taskMoved(task.reference, 'failed'));
    assert.equal((await storedTask(task.id))?.status, 'failed');
    const history = expectStatus(await call('GET', `/tasks/${task.id}/history`, { token: admin.token }), 200);
    const failed = history.items.find((record: any) => record.type === 'task.status_changed');
    assert.deepEqual(failed?.after, { status: 'failed', reason: 'baha sa tulay, hindi makadaan' });
  });

  it("another person's task and a task that does not exist get the same answer, and nothing moves", async () => {
    const assignee = await responderWithPhone();
    const other = await responderWithPhone();
    const task = await readyTask(admin, assignee, disasterId);

    const notTheirs = replyOf(await twilioPost(smsForm(other.number, `DONE ${task.reference}`)));
    const missing = replyOf(await twilioPost(smsForm(other.number, 'DONE ZZ9ZZ9')));
    assert.equal(notTheirs, replies('en').taskNotFound(task.reference));
    assert.equal(missing, replies('en').taskNotFound('ZZ9ZZ9'));
    assert.doesNotMatch(notTheirs ?? '', /pending|waiting|assigned to someone/);
    assert.equal((await storedTask(task.id))?.status, 'pending');
    assert.equal((await eventsOf(task.id)).length, 0);
  });

  it('a number the responder only typed into their profile (unverified) moves nothing', async () => {
    const number = newNumber();
    const responder = await registeredUser('responder', { phone: number });
    const task = await readyTask(admin, responder, disasterId);
    const reply = replyOf(await twilioPost(smsForm(number, `DONE ${task.reference}`)));
    assert.doesNotMatch(reply ?? '', new RegExp(task.reference));
    assert.equal((await storedTask(task.id))?.status, 'pending');
    assert.equal((await eventsOf(task.id)).length, 0);
  });

  it('a move the task cannot make now is answered with its status, and nothing is written', async () => {
    const responder = await responderWithPhone();
    const unauthorized = await newTask(admin, disasterId);
    expectStatus(
      await call('PATCH', `/tasks/${unauthorized.id}/assign`, { token: admin.token, body: { user_id: responder.uid } }),
      200,
    );
    const early = replyOf(await twilioPost(smsForm(responder.number, `OTW ${unauthorized.reference}`)));
    assert.equal(early, replies('en').taskNotAuthorized(unauthorized.reference));

    const cancelled = await readyTask(admin, responder, disasterId);
    expectStatus(
      await call('PATCH', `/tasks/${cancelled.id}/status`, { token: admin.token, body: { status: 'cancelled' } }),
      200,
    );
    const late = replyOf(await twilioPost(smsForm(responder.number, `done ${cancelled.reference}`)));
    assert.equal(late, replies('en').taskNotMoved(cancelled.reference, 'cancelled'));
    assert.equal((await storedTask(cancelled.id))?.status, 'cancelled');
    assert.deepEqual(
      (await eventsOf(cancelled.id)).map((e) => e.actor_id),
      [admin.uid],
    );
  });

  it('a requester whose words look like a command still asks for help', async () => {
    const number = newNumber();
    const reply = replyOf(await twilioPost(smsForm(number, 'Voy camino a casa, necesitamos agua y comida')));
    assert.match(reply ?? '', /^Solicitud [A-Z0-9]{6}/);
  });
});

describe('PATCH /tasks/{task_id}/status with a reason', function () {
  this.timeout(30_000);

  it('keeps why a task failed, and refuses a reason for any other move with nothing written', async () => {
    const disasterId = (await confirmedDisaster()).id;
    const admin = await registeredUser('admin');
    const responder = await registeredUser('responder');
    const task = await readyTask(admin, responder, disasterId);

    const refused = await call('PATCH', `/tasks/${task.id}/status`, {
      token: responder.token,
      body: { status: 'on_route', reason: 'traffic' },
    });
    expectProblem(refused, 400);
    assert.equal((await storedTask(task.id))?.status, 'pending');

    expectStatus(
      await call('PATCH', `/tasks/${task.id}/status`, {
        token: responder.token,
        body: { status: 'failed', reason: 'Road under water' },
      }),
      200,
    );
    const records = await collections.audit.ref().where('entity_id', '==', task.id).get();
    const failed = records.docs.map((doc) => doc.data()).find((record) => record.type === 'task.status_changed');
    assert.deepEqual(failed?.after, { status: 'failed', reason: 'Road under water' });
  });
});
