// Exports (issue 16): HXL CSV parsed back with csv-parse and its hashtag row checked against the
// HXL core vocabulary (test/fixtures/hxl-core.ts), GeoJSON checked by @placemarkio/check-geojson,
// KML read back by @tmcw/togeojson; need-to-know (no personal data by default), filters, the
// opt-in and its audit record, formula injection, the row limit (422 before the first byte).
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { check } from '@placemarkio/check-geojson';
import { kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { buildApp } from '../src/app.js';
import { collections } from '../src/data/collections.js';
import type { HelpRequest } from '../src/requests/model.js';
import { coarseArea } from '../src/shared/geo.js';
import type { Task } from '../src/tasks/model.js';
import { apiFetch, call, expectProblem, expectStatus, registeredUser, type TestUser } from './helpers/api.js';
import { disaster, requestValue, resource, spot } from './helpers/planning-fixtures.js';
import { HXL_CONTACT_TAGS, notCoreHxl } from './fixtures/hxl-core.js';

const HOSTILE = '=HYPERLINK("http://evil.example","click"), call +1 555 0100\n"quoted" <b>&</b>';

/** A request written directly at `created_at`, marked so that the planner leaves it alone. */
async function storedRequest(
  owner: string,
  disasterId: string,
  fields: Partial<HelpRequest> = {},
): Promise<HelpRequest> {
  const value: HelpRequest = {
    ...requestValue({ owner, disasterId, at: spot() }),
    duplicate_of: 'export-test-original',
    ...fields,
  };
  await collections.requests.doc(value.id).set(value);
  return value;
}

/** What the checks read of a FeatureCollection that check-geojson accepted. */
const featureCollection = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      geometry: z.object({ type: z.string(), coordinates: z.array(z.number()) }).nullable(),
      properties: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
});

/** Valid GeoJSON (RFC 7946, check-geojson throws otherwise), as a FeatureCollection. */
const geoJsonOf = (text: string) => featureCollection.parse(check(text));

function csvOf(text: string): { headers: string[]; tags: string[]; rows: Record<string, string>[] } {
  // Every record must have as many cells as the header (csv-parse refuses otherwise).
  const records = parse(text);
  const [headers, tags, ...rest] = records;
  assert.ok(headers && tags, 'a header row and a hashtag row');
  return {
    headers,
    tags,
    rows: rest.map((cells) => Object.fromEntries(headers.map((h, i) => [h, cells[i]!]))),
  };
}

/** Core HXL throughout; contact details only in an export that includes personal data. */
function assertCoreHxl(tags: string[], personal = false): void {
  for (const tag of tags) assert.equal(notCoreHxl(tag), null, `${tag}: ${notCoreHxl(tag)}`);
  if (personal) return;
  for (const contact of HXL_CONTACT_TAGS)
    assert.ok(!tags.some((t) => t.startsWith(contact)), `${contact} in ${tags.join(',')}`);
}

const SMS_CONTACT = { channel: 'sms', phone: '+639171234567' } as const;

async function exportAudits(actor: string) {
  return (await collections.audit.ref().where('actor_id', '==', actor).get()).docs
    .map((doc) => doc.data())
    .filter((record) => record.entity === 'export');
}

describe('exports', function () {
  this.timeout(60_000);
  let responder: TestUser;
  let admin: TestUser;
  before(async () => {
    [responder, admin] = [await registeredUser('responder'), await registeredUser('admin')];
  });

  describe('GET /exports/requests', () => {
    it('answers an HXL CSV whose hashtag row is core HXL, one row per request, without free text or uids by default', async () => {
      const d = await disaster();
      const other = await disaster();
      const owner = 'owner-export-1';
      const a = await storedRequest(owner, d.id, {
        description: HOSTILE,
        type_of_need: 'water',
        requester_contact: SMS_CONTACT,
      });
      const b = await storedRequest(owner, d.id, { status: 'in_progress' });
      await storedRequest(owner, other.id);
      const response = await call('GET', `/exports/requests?disaster_id=${d.id}`, { token: responder.token });
      expectStatus(response, 200);
      assert.equal(response.headers.get('content-type'), 'text/csv; charset=utf-8; header=present');
      assert.match(response.headers.get('content-disposition') ?? '', /^attachment; filename="requests-.+\.csv"$/);
      assert.equal(response.headers.get('x-export-rows'), '2');
      const { headers, tags, rows } = csvOf(response.text);
      assertCoreHxl(tags);
      assert.deepEqual(headers, [
        'id',
        'disaster',
        'disaster_id',
        'disaster_severity',
        'type_of_need',
        'status',
        'created_at',
        'lat',
        'lon',
        'area',
      ]);
      assert.deepEqual(tags.slice(0, 2), ['#meta+id', '#crisis+name']);
      assert.deepEqual(rows.map((r) => r.id).sort(), [a.id, b.id].sort());
      const rowA = rows.find((r) => r.id === a.id)!;
      assert.equal(rowA.disaster, d.name);
      assert.equal(rowA.type_of_need, 'water');
      assert.equal(rowA.status, 'open');
      assert.equal(Number(rowA.lat), Math.round(a.location.lat * 1e6) / 1e6);
      assert.equal(Number(rowA.lon), Math.round(a.location.lng * 1e6) / 1e6);
      assert.equal(rowA.area, coarseArea(a.location).geohash);
      assert.equal(rows.find((r) => r.id === b.id)!.status, 'in_progress');
      // Nothing personal anywhere in the file, and nothing recorded for a default export.
      assert.ok(
        !response.text.includes(owner) && !response.text.includes('HYPERLINK') && !response.text.includes('roof'),
      );
      assert.ok(!response.text.includes('639171234567'), 'no contact by default');
      assert.deepEqual(await exportAudits(responder.uid), []);
    });

    it('takes the filters of the list: status and type_of_need', async () => {
      const d = await disaster();
      const water = await storedRequest('o', d.id, { type_of_need: 'water' });
      await storedRequest('o', d.id, { type_of_need: 'food' });
      await storedRequest('o', d.id, { type_of_need: 'water', status: 'closed', closed_reason: 'withdrawn' });
      const { rows } = csvOf(
        expectStatus(
          await call('GET', `/exports/requests?disaster_id=${d.id}&type_of_need=water&status=open`, {
            token: admin.token,
          }),
          200,
        ),
      );
      assert.deepEqual(
        rows.map((r) => r.id),
        [water.id],
      );
    });

    it('splits by time window: created_from inclusive, created_before exclusive, newest first', async () => {
      const d = await disaster();
      const at = (minute: number) => `2026-03-01T10:0${minute}:00.000Z`;
      const [r0, r1, r2] = [
        await storedRequest('o', d.id, { created_at: at(0) }),
        await storedRequest('o', d.id, { created_at: at(1) }),
        await storedRequest('o', d.id, { created_at: at(2) }),
      ];
      const ids = async (query: string) =>
        csvOf(
          expectStatus(
            await call('GET', `/exports/requests?disaster_id=${d.id}&${query}`, { token: admin.token }),
            200,
          ),
        ).rows.map((r) => r.id);
      assert.deepEqual(await ids(`created_from=${at(1)}`), [r2.id, r1.id]);
      assert.deepEqual(await ids(`created_before=${at(1)}`), [r0.id]);
      assert.deepEqual(await ids(`created_from=${at(0)}&created_before=${at(2)}`), [r1.id, r0.id]);
    });

    it('personal_data=include adds description, owner and contact, escapes them (RFC 4180), defuses formulas, and records the export in the audit trail', async () => {
      const d = await disaster();
      const owner = 'owner-export-2';
      const a = await storedRequest(owner, d.id, { description: HOSTILE, requester_contact: SMS_CONTACT });
      const plus = await storedRequest(owner, d.id, { description: '+44 20 7946 0000 and -dash @at' });
      const response = await call('GET', `/exports/requests?disaster_id=${d.id}&personal_data=include`, {
        token: responder.token,
      });
      const { headers, tags, rows } = csvOf(expectStatus(response, 200));
      assertCoreHxl(tags, true);
      assert.deepEqual(headers.slice(-4), ['description', 'owner_id', 'contact_channel', 'contact_phone']);
      assert.deepEqual(tags.slice(-4), ['#description', '#beneficiary+code', '#contact+type', '#contact+phone']);
      const rowA = rows.find((r) => r.id === a.id)!;
      assert.equal(
        rowA.description,
        `'${HOSTILE}`,
        'the whole text back, commas, quotes and line breaks kept, behind an apostrophe',
      );
      assert.equal(rowA.owner_id, owner);
      assert.deepEqual([rowA.contact_channel, rowA.contact_phone], ['sms', `'${SMS_CONTACT.phone}`]);
      assert.deepEqual([rows.find((r) => r.id === plus.id)!.contact_phone], ['']);
      assert.equal(rows.find((r) => r.id === plus.id)!.description, `'+44 20 7946 0000 and -dash @at`);
      // Negative coordinates are numbers, not formulas.
      assert.ok(rows.every((r) => !r.lat!.startsWith("'") && !r.lon!.startsWith("'")));
      const audits = await exportAudits(responder.uid);
      assert.equal(audits.length, 1);
      assert.equal(audits[0]!.action, 'exported_personal_data');
      assert.equal(audits[0]!.entity_id, 'requests');
      assert.equal(audits[0]!.disaster_id, d.id);
      assert.deepEqual(audits[0]!.after, { format: 'csv', rows: 2, status: null, type_of_need: null });
    });

    it('answers GeoJSON (RFC 7946) with [lon, lat] points and the same columns as properties', async () => {
      const d = await disaster();
      const a = await storedRequest('o', d.id, { location: { lat: -33.8688, lng: 151.2093 } });
      const b = await storedRequest('o', d.id, { location: { lat: 40.7128, lng: -74.006 } });
      const response = await call('GET', `/exports/requests?disaster_id=${d.id}&format=geojson`, {
        token: responder.token,
      });
      expectStatus(response, 200);
      assert.equal(response.headers.get('content-type'), 'application/geo+json');
      const collection = geoJsonOf(response.text);
      const byId = new Map(collection.features.map((f) => [f.properties?.id as string, f]));
      assert.deepEqual(byId.get(a.id)?.geometry, { type: 'Point', coordinates: [151.2093, -33.8688] });
      assert.deepEqual(byId.get(b.id)?.geometry, { type: 'Point', coordinates: [-74.006, 40.7128] });
      assert.equal(byId.get(a.id)?.properties?.disaster, d.name);
      assert.equal(byId.get(a.id)?.properties?.description, undefined);
    });

    it('answers KML 2.2 that togeojson reads back: one placemark per request, text escaped', async () => {
      const d = await disaster();
      const a = await storedRequest('o', d.id, { description: HOSTILE, location: { lat: 51.5, lng: -0.12 } });
      const response = await call('GET', `/exports/requests?disaster_id=${d.id}&format=kml&personal_data=include`, {
        token: admin.token,
      });
      expectStatus(response, 200);
      assert.equal(response.headers.get('content-type'), 'application/vnd.google-earth.kml+xml; charset=utf-8');
      const errors: string[] = [];
      const document = new DOMParser({
        onError: (level, message) => errors.push(`${level}: ${message}`),
      }).parseFromString(response.text, 'application/xml');
      assert.deepEqual(errors, []);
      assert.equal(document.documentElement?.namespaceURI, 'http://www.opengis.net/kml/2.2');
      const features = kml(document).features;
      assert.equal(features.length, 1);
      assert.deepEqual(features[0]!.geometry, { type: 'Point', coordinates: [-0.12, 51.5] });
      assert.equal(features[0]!.properties?.id, a.id);
      // KML is not a spreadsheet: the text comes back as written.
      assert.equal(features[0]!.properties?.description, HOSTILE);
    });

    it('refuses an unknown disaster (404), an unknown format or parameter (400), and other roles (403)', async () => {
      expectProblem(
        await call('GET', '/exports/requests?disaster_id=nope-404', { token: admin.token }),
        404,
        'not_found',
      );
      const d = await disaster();
      expectProblem(
        await call('GET', `/exports/requests?disaster_id=${d.id}&format=xlsx`, {
          token: admin.token,
          invalidRequest: 'an unknown format',
        }),
        400,
        'validation_failed',
      );
      expectProblem(
        await call('GET', `/exports/requests?disaster_id=${d.id}&limit=5`, {
          token: admin.token,
          invalidRequest: 'a limit, which exports do not take',
        }),
        400,
        'validation_failed',
      );
      expectProblem(
        await call('GET', '/exports/requests', { token: admin.token, invalidRequest: 'no disaster_id' }),
        400,
        'validation_failed',
      );
      for (const role of ['volunteer', 'affected_individual'] as const) {
        const user = await registeredUser(role);
        expectProblem(
          await call('GET', `/exports/requests?disaster_id=${d.id}`, { token: user.token }),
          403,
          'forbidden',
        );
      }
    });
  });

  describe('GET /exports/resources', () => {
    it("shows the response's own resources exactly, a volunteer's at its cell without owner by default, and exactly with personal_data=include", async () => {
      const d = await disaster();
      const home = { lat: 12.345678, lng: -45.678901 };
      const mine = await resource(home, {
        owner_id: 'volunteer-x',
        owner_role: 'volunteer',
        disaster_id: d.id,
        description: 'call me on 555',
      });
      const depot = await resource(
        { lat: 12.5, lng: -45.5 },
        {
          owner_id: admin.uid,
          owner_role: 'admin',
          disaster_id: d.id,
          category: 'water',
          quantity: 3000,
          unit: 'litres',
        },
      );
      const response = await call('GET', `/exports/resources?disaster_id=${d.id}`, { token: responder.token });
      const { tags, rows } = csvOf(expectStatus(response, 200));
      assertCoreHxl(tags);
      assert.equal(response.headers.get('x-export-rows'), '2');
      const volunteerRow = rows.find((r) => r.id === mine.id)!;
      const cell = coarseArea(home).center;
      assert.deepEqual([Number(volunteerRow.lat), Number(volunteerRow.lon)], [cell.lat, cell.lng]);
      assert.equal(volunteerRow.location_precision, 'area');
      assert.equal(volunteerRow.disaster, d.name);
      const depotRow = rows.find((r) => r.id === depot.id)!;
      assert.deepEqual([depotRow.lat, depotRow.lon, depotRow.location_precision], ['12.5', '-45.5', 'exact']);
      assert.deepEqual([depotRow.category, depotRow.quantity, depotRow.unit], ['water', '3000', 'litres']);
      assert.ok(!response.text.includes('volunteer-x') && !response.text.includes('555'));

      const full = csvOf(
        expectStatus(
          await call('GET', `/exports/resources?disaster_id=${d.id}&personal_data=include`, { token: responder.token }),
          200,
        ),
      );
      const exact = full.rows.find((r) => r.id === mine.id)!;
      assert.deepEqual([exact.lat, exact.lon, exact.location_precision], ['12.345678', '-45.678901', 'exact']);
      assert.deepEqual([exact.owner_id, exact.description], ['volunteer-x', 'call me on 555']);
      assert.equal((await exportAudits(responder.uid)).filter((a) => a.entity_id === 'resources').length, 1);
    });

    it('takes the filters of GET /resources (category) and answers GeoJSON', async () => {
      const d = await disaster();
      const boat = await resource(spot(), { disaster_id: d.id, category: 'boat', owner_role: 'responder' });
      await resource(spot(), { disaster_id: d.id, category: 'food', owner_role: 'responder' });
      const response = await call('GET', `/exports/resources?disaster_id=${d.id}&category=boat&format=geojson`, {
        token: admin.token,
      });
      expectStatus(response, 200);
      const collection = geoJsonOf(response.text);
      assert.deepEqual(
        collection.features.map((f) => f.properties?.id),
        [boat.id],
      );
    });
  });

  describe('GET /exports/3w', () => {
    it('reports tasks as who / what / where / when / status in core HXL, instructions and assignee only on request', async () => {
      const d = await disaster();
      const req = await storedRequest('owner-3w', d.id, { type_of_need: 'medical' });
      const now = new Date().toISOString();
      const base: Task = {
        id: '',
        reference: '',
        disaster_id: d.id,
        request_id: req.id,
        workflow_task_id: null,
        priority: 1,
        instructions: 'Pick up Maria at 12 Main St, phone 555 0101',
        role_required: 'volunteer',
        resource_ids: ['res-a', 'res-b'],
        status: 'completed',
        assigned_to: 'volunteer-3w',
        assigned_at: now,
        authorized: true,
        authorized_by: admin.uid,
        authorized_at: now,
        created_by: admin.uid,
        history: [],
        created_at: now,
        updated_at: now,
      };
      const done: Task = { ...base, id: `task-3w-done-${Date.now()}` };
      const open: Task = {
        ...base,
        id: `task-3w-open-${Date.now()}`,
        request_id: null,
        status: 'pending',
        assigned_to: null,
        assigned_at: null,
        resource_ids: [],
        role_required: 'responder',
      };
      await Promise.all([collections.tasks.doc(done.id).set(done), collections.tasks.doc(open.id).set(open)]);
      const response = await call('GET', `/exports/3w?disaster_id=${d.id}`, { token: responder.token });
      const { headers, tags, rows } = csvOf(expectStatus(response, 200));
      assertCoreHxl(tags);
      assert.ok(!headers.includes('instructions') && !headers.includes('assigned_to'));
      assert.ok(!response.text.includes('Maria') && !response.text.includes('volunteer-3w'));
      const row = rows.find((r) => r.id === done.id)!;
      assert.deepEqual(
        [row.who, row.what, row.request_id, row.resource_ids, row.resources, row.status],
        ['volunteer', 'medical', req.id, 'res-a res-b', '2', 'completed'],
      );
      assert.equal(Number(row.lat), Math.round(req.location.lat * 1e6) / 1e6);
      assert.deepEqual([row.started_at, row.ended_at], [now, now]);
      const pending = rows.find((r) => r.id === open.id)!;
      assert.deepEqual(
        [pending.who, pending.what, pending.lat, pending.started_at, pending.ended_at],
        ['responder', '', '', '', ''],
      );
      const full = csvOf(
        expectStatus(
          await call('GET', `/exports/3w?disaster_id=${d.id}&personal_data=include&status=completed`, {
            token: admin.token,
          }),
          200,
        ),
      );
      assert.deepEqual(
        full.rows.map((r) => [r.id, r.instructions, r.assigned_to]),
        [[done.id, base.instructions, 'volunteer-3w']],
      );
      assert.deepEqual(full.tags.slice(-2), ['#activity+name', '#org+impl+code']);
      expectProblem(
        await call('GET', `/exports/3w?disaster_id=${d.id}&format=kml`, {
          token: admin.token,
          invalidRequest: 'a 3W report is CSV only',
        }),
        400,
      );
    });
  });

  describe('the row limit', () => {
    it('refuses an export over EXPORT_MAX_ROWS with 422 export_too_large before streaming, with the count, and writes nothing', async () => {
      // An in-process instance of the app (same emulators), with a limit of 2 rows. Its read limits
      // are not lifted and are shared with the stack's function: an admin of its own, who has not
      // spent the 20 exports of the window.
      const exporter = await registeredUser('admin');
      const server = buildApp().listen(0, '127.0.0.1');
      await once(server, 'listening');
      const previous = process.env.EXPORT_MAX_ROWS;
      process.env.EXPORT_MAX_ROWS = '2';
      try {
        const d = await disaster();
        for (let i = 0; i < 3; i++) await storedRequest('o', d.id);
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/exports/requests?disaster_id=${d.id}&personal_data=include`;
        const local = { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
        const response = await apiFetch(url, { headers: { authorization: `Bearer ${exporter.token}` } }, local);
        const before = (await exportAudits(exporter.uid)).length;
        assert.equal(response.status, 422);
        assert.match(response.headers.get('content-type') ?? '', /^application\/problem\+json/);
        const problem = (await response.json()) as Record<string, unknown>;
        assert.equal(problem.code, 'export_too_large');
        assert.deepEqual([problem.rows, problem.max_rows], [3, 2]);
        assert.equal((await exportAudits(exporter.uid)).length, before);
        const narrowed = await apiFetch(
          `${url}&status=in_progress`,
          { headers: { authorization: `Bearer ${exporter.token}` } },
          local,
        );
        assert.equal(narrowed.status, 200);
        await narrowed.text();
      } finally {
        if (previous === undefined) delete process.env.EXPORT_MAX_ROWS;
        else process.env.EXPORT_MAX_ROWS = previous;
        server.close();
      }
    });
  });
});
