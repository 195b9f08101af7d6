// Issue 16: the disaster lifecycle (close) and the CAP 1.2 alerts. CAP documents are validated
// against the official OASIS schema (test/fixtures/CAP-v1.2.xsd) with xmllint compiled to
// WebAssembly, and read back by an independent parser (fast-xml-parser).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { validateXML } from 'xmllint-wasm';
import { auditStore } from '../src/audit/store.js';
import { capMessageStore, disasterStore, memberStore } from '../src/disasters/store.js';
import { observationStore } from '../src/observations/store.js';
import { requestStore } from '../src/requests/store.js';
import { call, expectProblem, expectStatus, registeredUser, type TestUser } from './helpers/api.js';
import { confirmedDisaster, join as joinDisaster, suggestedDisaster } from './helpers/disasters.js';

const CAP_XSD = readFileSync(join(__dirname, 'fixtures', 'CAP-v1.2.xsd'), 'utf8');
const CAP_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[-+]\d\d:\d\d$/;
const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === 'entry' });

async function assertValidCap(xml: string): Promise<void> {
  const result = await validateXML({
    xml: { fileName: 'alert.xml', contents: xml },
    schema: { fileName: 'CAP-v1.2.xsd', contents: CAP_XSD },
  });
  assert.ok(result.valid, `CAP document invalid: ${result.rawOutput}\n${xml}`);
}

interface CapAlert {
  '@_xmlns': string;
  identifier: string;
  sender: string;
  sent: string;
  status: string;
  msgType: string;
  scope: string;
  note?: string;
  references?: string;
  info: Record<string, string> & { area: { areaDesc: string; circle: string } };
}

/** GET /disasters/{id}/cap: checks the media type, validates, parses. */
async function capOf(disasterId: string): Promise<CapAlert> {
  const response = await call('GET', `/disasters/${disasterId}/cap`);
  expectStatus(response, 200);
  assert.match(response.headers.get('content-type') ?? '', /^application\/cap\+xml/);
  assert.match(response.headers.get('cache-control') ?? '', /public/);
  await assertValidCap(response.text);
  return (parser.parse(response.text) as { alert: CapAlert }).alert;
}

const triple = (alert: CapAlert) => `${alert.sender},${alert.identifier},${alert.sent}`;
const capMessagesOf = async (disasterId: string) =>
  (await capMessageStore.ref().where('disaster_id', '==', disasterId).get()).docs.map((doc) => doc.data());
const auditOf = async (disasterId: string, action: string) =>
  (
    await auditStore
      .ref()
      .where('entity', '==', 'disaster')
      .where('entity_id', '==', disasterId)
      .where('action', '==', action)
      .get()
  ).docs.map((doc) => doc.data());

describe('disaster lifecycle and CAP 1.2 alerts', () => {
  let admin: TestUser;
  let volunteer: TestUser;

  before(async () => {
    admin = await registeredUser('admin');
    volunteer = await registeredUser('volunteer');
  });

  describe('POST /disasters/{id}/close', () => {
    it('closes a confirmed disaster: 200, stored with who, when and why, audited', async () => {
      const disaster = await confirmedDisaster(admin);
      const closed = expectStatus(
        await call('POST', `/disasters/${disaster.id}/close`, {
          token: admin.token,
          body: { reason: 'Waters receded' },
        }),
        200,
      );
      assert.equal(closed.status, 'closed');
      assert.equal(closed.closed_by, admin.uid);
      assert.equal(closed.close_reason, 'Waters receded');
      assert.ok(Date.parse(closed.closed_at) > 0);
      assert.equal(closed.cap_references, undefined, 'CAP references stay internal');
      const stored = await disasterStore.get(disaster.id);
      assert.equal(stored?.status, 'closed');
      assert.equal(stored?.closed_at, closed.closed_at);
      const records = await auditOf(disaster.id, 'closed');
      assert.equal(records.length, 1);
      assert.deepEqual(records[0]?.after, { status: 'closed', close_reason: 'Waters receded' });
      assert.equal(records[0]?.actor_id, admin.uid);
    });

    it('takes no body, and closing again answers 200 with it unchanged, writing nothing more', async () => {
      const disaster = await confirmedDisaster(admin);
      const first = expectStatus(await call('POST', `/disasters/${disaster.id}/close`, { token: admin.token }), 200);
      assert.equal(first.close_reason, null);
      const again = expectStatus(
        await call('POST', `/disasters/${disaster.id}/close`, { token: admin.token, body: { reason: 'later' } }),
        200,
      );
      assert.deepEqual(again, first);
      assert.equal((await auditOf(disaster.id, 'closed')).length, 1);
      assert.equal((await capMessagesOf(disaster.id)).length, 2, 'one Alert and one Cancel');
    });

    it('refuses to close a suggestion (409) and non-admins (403), writing nothing', async () => {
      const suggestion = await suggestedDisaster();
      expectProblem(
        await call('POST', `/disasters/${suggestion.id}/close`, { token: admin.token }),
        409,
        'invalid_transition',
      );
      assert.equal((await disasterStore.get(suggestion.id))?.status, 'suggested');
      const disaster = await confirmedDisaster(admin);
      expectProblem(
        await call('POST', `/disasters/${disaster.id}/close`, { token: volunteer.token }),
        403,
        'forbidden',
      );
      expectProblem(await call('POST', `/disasters/unknown-disaster/close`, { token: admin.token }), 404, 'not_found');
      assert.equal((await disasterStore.get(disaster.id))?.status, 'confirmed');
      assert.equal((await auditOf(suggestion.id, 'closed')).length + (await auditOf(disaster.id, 'closed')).length, 0);
    });

    it('rejects an unknown body field (400)', async () => {
      const disaster = await confirmedDisaster(admin);
      expectProblem(
        await call('POST', `/disasters/${disaster.id}/close`, {
          token: admin.token,
          body: { why: 'x' },
          invalidRequest: 'an unknown field',
        }),
        400,
        'validation_failed',
      );
      assert.equal((await disasterStore.get(disaster.id))?.status, 'confirmed');
    });
  });

  describe('a closed disaster', () => {
    let disaster: { id: string; location: { lat: number; lng: number } };
    let member: TestUser;

    before(async () => {
      disaster = await confirmedDisaster(admin, { name: 'Closed flood' });
      member = await registeredUser('volunteer');
      await joinDisaster(member, disaster.id);
      expectStatus(
        await call('POST', `/disasters/${disaster.id}/chat/messages`, {
          token: member.token,
          body: { text: 'before' },
        }),
        200,
      );
      expectStatus(await call('POST', `/disasters/${disaster.id}/close`, { token: admin.token }), 200);
    });

    it('stays readable, listed under ?status=closed and no longer among the confirmed', async () => {
      const read = expectStatus(await call('GET', `/disasters/${disaster.id}`), 200);
      assert.equal(read.status, 'closed');
      const closed = expectStatus(await call('GET', '/disasters?status=closed&limit=200'), 200);
      assert.ok(closed.items.some((item: { id: string }) => item.id === disaster.id));
      assert.ok(closed.items.every((item: { status: string }) => item.status === 'closed'));
      const open = expectStatus(await call('GET', '/disasters?limit=200'), 200);
      assert.ok(!open.items.some((item: { id: string }) => item.id === disaster.id));
      expectProblem(
        await call('GET', '/disasters?status=suggested', { invalidRequest: 'a status the list does not filter by' }),
        400,
        'validation_failed',
      );
    });

    it('takes no new help request (409), writing none', async () => {
      const requester = await registeredUser('affected_individual');
      const response = await call('POST', '/requests', {
        token: requester.token,
        body: {
          disaster_id: disaster.id,
          type_of_need: 'water',
          description: 'Twelve people without drinking water',
          location: disaster.location,
        },
      });
      expectProblem(response, 409, 'conflict');
      const stored = await requestStore.ref().where('disaster_id', '==', disaster.id).get();
      assert.equal(stored.size, 0);
    });

    it('takes no new member (409), writing none', async () => {
      const late = await registeredUser('volunteer');
      expectProblem(await call('POST', `/disasters/${disaster.id}/join`, { token: late.token }), 409, 'conflict');
      assert.equal(await memberStore.of(disaster.id).get(late.uid), undefined);
    });

    it('takes no chat message (409) but its history stays readable', async () => {
      for (const user of [member, admin]) {
        expectProblem(
          await call('POST', `/disasters/${disaster.id}/chat/messages`, { token: user.token, body: { text: 'after' } }),
          409,
          'conflict',
        );
      }
      const history = expectStatus(
        await call('GET', `/disasters/${disaster.id}/chat/messages`, { token: member.token }),
        200,
      );
      assert.deepEqual(
        history.items.map((message: { text: string }) => message.text),
        ['before'],
      );
    });

    it('takes no observation tied to it (409) and no edit (409)', async () => {
      expectProblem(
        await call('POST', '/observations', {
          token: member.token,
          body: {
            type: 'damage',
            description: 'Roof off',
            location: disaster.location,
            severity: 3,
            disaster_id: disaster.id,
          },
        }),
        409,
        'conflict',
      );
      const observations = await observationStore.ref().where('disaster_id', '==', disaster.id).get();
      assert.equal(observations.size, 0);
      expectProblem(
        await call('PATCH', `/disasters/${disaster.id}`, { token: admin.token, body: { severity: 1 } }),
        409,
        'conflict',
      );
      assert.equal((await disasterStore.get(disaster.id))?.severity, 4);
    });
  });

  describe('GET /disasters/{id}/cap', () => {
    it('answers the Alert of a new disaster, valid CAP 1.2, with the documented mapping and escaping', async () => {
      const name = `Flood <north> & "east" 'bank'`;
      const disaster = await confirmedDisaster(admin, {
        name,
        description: 'Levee <3> breached & rising',
        location: { lat: -33.8688, lng: 151.2093 },
        radius_km: 12.5,
        severity: 4,
      });
      const alert = await capOf(disaster.id);
      assert.equal(alert['@_xmlns'], 'urn:oasis:names:tc:emergency:cap:1.2');
      assert.equal(alert.msgType, 'Alert');
      assert.equal(alert.status, 'Actual');
      assert.equal(alert.scope, 'Public');
      assert.equal(alert.references, undefined);
      assert.match(alert.sent, CAP_TIME);
      assert.ok(alert.sent.endsWith('-00:00'), 'UTC as -00:00, never Z');
      assert.ok(Math.abs(Date.parse(alert.sent) - Date.parse(disaster.created_at)) < 1000);
      assert.equal(alert.info.category, 'Met');
      assert.equal(alert.info.event, 'Flood');
      assert.equal(alert.info.urgency, 'Immediate');
      assert.equal(alert.info.severity, 'Severe');
      assert.equal(alert.info.certainty, 'Observed');
      assert.equal(alert.info.headline, name);
      assert.equal(alert.info.description, 'Levee <3> breached & rising');
      assert.equal(alert.info.area.areaDesc, name);
      assert.equal(alert.info.area.circle, '-33.8688,151.2093 12.5');
      const stored = await capMessagesOf(disaster.id);
      assert.deepEqual(
        stored.map((message) => [message.id, message.msg_type, message.feed]),
        [[alert.identifier, 'Alert', 'live']],
      );
    });

    it('answers an Update after an edit and a Cancel after closing, each referencing every earlier message', async () => {
      const disaster = await confirmedDisaster(admin, { type: 'earthquake', severity: 2 });
      const first = await capOf(disaster.id);
      assert.deepEqual([first.info.category, first.info.urgency, first.info.severity], ['Geo', 'Expected', 'Minor']);
      expectStatus(
        await call('PATCH', `/disasters/${disaster.id}`, { token: admin.token, body: { severity: 5, radius_km: 40 } }),
        200,
      );
      const update = await capOf(disaster.id);
      assert.equal(update.msgType, 'Update');
      assert.notEqual(update.identifier, first.identifier);
      assert.equal(update.references, triple(first));
      assert.deepEqual([update.info.severity, update.info.urgency], ['Extreme', 'Immediate']);
      assert.match(update.info.area.circle, / 40$/);
      expectStatus(
        await call('POST', `/disasters/${disaster.id}/close`, {
          token: admin.token,
          body: { reason: 'Aftershocks over' },
        }),
        200,
      );
      const cancel = await capOf(disaster.id);
      assert.equal(cancel.msgType, 'Cancel');
      assert.equal(cancel.references, `${triple(first)} ${triple(update)}`);
      assert.equal(cancel.info.urgency, 'Past');
      assert.match(cancel.note ?? '', /Aftershocks over/);
      const feeds = Object.fromEntries((await capMessagesOf(disaster.id)).map((message) => [message.id, message.feed]));
      assert.deepEqual(feeds, {
        [first.identifier]: 'superseded',
        [update.identifier]: 'superseded',
        [cancel.identifier]: 'cancelled',
      });
    });

    it('an edit that changes nothing issues nothing', async () => {
      const disaster = await confirmedDisaster(admin, { severity: 3 });
      expectStatus(
        await call('PATCH', `/disasters/${disaster.id}`, { token: admin.token, body: { severity: 3 } }),
        200,
      );
      assert.equal((await capMessagesOf(disaster.id)).length, 1);
    });

    it('never publishes a suggestion (404, even to admins; edits issue nothing) until it is approved', async () => {
      const suggestion = await suggestedDisaster();
      expectStatus(
        await call('PATCH', `/disasters/${suggestion.id}`, { token: admin.token, body: { name: 'Renamed' } }),
        200,
      );
      expectProblem(await call('GET', `/disasters/${suggestion.id}/cap`), 404, 'not_found');
      assert.equal((await capMessagesOf(suggestion.id)).length, 0);
      expectStatus(await call('POST', `/disasters/${suggestion.id}/approve`, { token: admin.token }), 200);
      const alert = await capOf(suggestion.id);
      assert.equal(alert.msgType, 'Alert');
      assert.equal(alert.info.headline, 'Renamed');
    });

    it('answers 404 for an unknown disaster', async () => {
      expectProblem(await call('GET', '/disasters/unknown-disaster/cap'), 404, 'not_found');
    });
  });

  describe('GET /feeds/cap', () => {
    it('is a public Atom feed of live alerts and recent Cancels, linking to each CAP document, without suggestions', async () => {
      const live = await confirmedDisaster(admin, { name: 'Live & well' });
      expectStatus(await call('PATCH', `/disasters/${live.id}`, { token: admin.token, body: { severity: 5 } }), 200);
      const closed = await confirmedDisaster(admin, { name: 'Over now' });
      expectStatus(await call('POST', `/disasters/${closed.id}/close`, { token: admin.token }), 200);
      const suggestion = await suggestedDisaster();

      const response = await call('GET', '/feeds/cap');
      expectStatus(response, 200);
      assert.match(response.headers.get('content-type') ?? '', /^application\/atom\+xml/);
      assert.match(response.headers.get('cache-control') ?? '', /public, max-age=\d+/);
      const feed = (
        parser.parse(response.text) as {
          feed: {
            '@_xmlns': string;
            id: string;
            updated: string;
            entry: { id: string; title: string; updated: string; link: { '@_href': string; '@_type': string } }[];
          };
        }
      ).feed;
      assert.equal(feed['@_xmlns'], 'http://www.w3.org/2005/Atom');
      assert.ok(Date.parse(feed.updated) > 0);
      const entriesOf = (id: string) =>
        feed.entry.filter((entry) => entry.link['@_href'].endsWith(`/disasters/${id}/cap`));

      const liveEntries = entriesOf(live.id);
      assert.equal(liveEntries.length, 1, 'one entry per disaster: its latest message');
      const liveCap = await capOf(live.id);
      assert.equal(liveEntries[0]?.title, 'Update: Live & well');
      assert.ok(liveEntries[0]?.id.endsWith(`#${liveCap.identifier}`));
      assert.equal(liveEntries[0]?.link['@_type'], 'application/cap+xml');

      const closedEntries = entriesOf(closed.id);
      assert.deepEqual(
        closedEntries.map((entry) => entry.title),
        ['Cancel: Over now'],
      );
      assert.equal(entriesOf(suggestion.id).length, 0);
    });
  });
});
