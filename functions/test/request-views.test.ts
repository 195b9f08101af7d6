// Every cell of the need-to-know table (test/matrix/views.ts, rendered in docs/authorization.md):
// each kind of caller, arranged for real, asks for one request and for the disaster's list.
import assert from 'node:assert/strict';
import { db } from '../src/data/firestore.js';
import { call, expectProblem, expectStatus, registeredUser, type TestUser } from './helpers/api.js';
import { tokenFor } from './helpers/emulators.js';
import { disaster, join, north } from './helpers/planning-fixtures.js';
import { readyTask } from './helpers/tasks-fixtures.js';
import { verify } from './helpers/trust.js';
import { REQUEST_VIEWS, type ViewerKind } from './matrix/views.js';

describe('need-to-know views of a help request (docs/authorization.md)', () => {
  const callers = {} as Record<ViewerKind, TestUser>;
  let disasterId: string;
  let requestId: string;
  before(async () => {
    db();
    const flood = await disaster();
    disasterId = flood.id;
    const admin = await registeredUser('admin');
    callers.admin = admin;
    callers.responder = await registeredUser('responder');
    callers.owner = await registeredUser('affected_individual');
    requestId = expectStatus(
      await call('POST', '/requests', {
        token: callers.owner.token,
        body: {
          disaster_id: disasterId,
          type_of_need: 'medical',
          description: 'Insulin needed for my son',
          location: north(flood.location, 2),
        },
      }),
      201,
    ).id;
    callers.assignee = await verify(await registeredUser('volunteer', { availability: 'available' }));
    await readyTask(admin, callers.assignee, disasterId, { request_id: requestId, role_required: 'volunteer' });
    callers.verified_member = await verify(await registeredUser('volunteer'));
    await join(disasterId, callers.verified_member);
    callers.verified_non_member = await verify(await registeredUser('volunteer'));
    callers.unverified_member = await registeredUser('volunteer');
    await join(disasterId, callers.unverified_member);
    callers.affected_member = await registeredUser('affected_individual');
    await join(disasterId, callers.affected_member);
    callers.no_role = {
      uid: 'roleless-viewer',
      token: await tokenFor({ uid: 'roleless-viewer' }),
      role: 'affected_individual',
    };
  });

  for (const [kind, rule] of Object.entries(REQUEST_VIEWS) as [ViewerKind, (typeof REQUEST_VIEWS)[ViewerKind]][]) {
    it(`${rule.who}: ${rule.one === 404 ? '404' : `view ${rule.one}`} for the request, ${rule.list} in the list`, async () => {
      const user = callers[kind];
      const one = await call('GET', `/requests/${requestId}`, { token: user.token });
      if (rule.one === 404) expectProblem(one, 404, 'not_found');
      else assert.equal(expectStatus(one, 200).view, rule.one);
      const list = expectStatus(
        await call('GET', `/requests/disaster/${disasterId}?limit=200`, { token: user.token }),
        200,
      );
      const listed = list.items.find((item: { id: string }) => item.id === requestId);
      if (rule.list === 'all' || kind === 'owner') {
        assert.ok(listed, 'the request is listed');
        if (rule.one !== 404) assert.equal(listed.view, rule.one);
      } else {
        assert.equal(listed, undefined, "someone else's request is not listed");
      }
    });
  }

  it('anonymous callers get 401', async () => {
    expectProblem(await call('GET', `/requests/${requestId}`), 401, 'unauthenticated');
    expectProblem(await call('GET', `/requests/disaster/${disasterId}`), 401, 'unauthenticated');
  });
});
