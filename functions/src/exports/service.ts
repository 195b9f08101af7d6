// Exports (GET /exports/...): rows stream page by page from Firestore through the need-to-know
// views to the encoder of the format, so memory stays flat with the number of rows. The rows are
// counted first (an aggregation: one read per 1,000 index entries), so that an export beyond
// config.exportMaxRows() is refused before the first byte, and the count goes out as a header.
import type { Query } from 'firebase-admin/firestore';
import { recordEvent } from '../events/record.js';
import { config } from '../config.js';
import { disasterStore } from '../disasters/store.js';
import { requestStore } from '../requests/store.js';
import { resourceStore } from '../resources/store.js';
import { taskStore } from '../tasks/store.js';
import { db } from '../data/firestore.js';
import { inRange, pagesOf, type SortKeyRange } from '../data/paginate.js';
import type { Disaster } from '../disasters/model.js';
import { ExportTooLargeError } from '../errors.js';
import type { Caller } from '../shared/caller.js';
import { logs } from '../logs.js';
import type { HelpRequest } from '../requests/model.js';
import { audienceResolver, toRequestView } from '../requests/visibility.js';
import { seesPointOf, toView, type Resource } from '../resources/model.js';
import type { Task } from '../tasks/model.js';
import { encoderFor } from './formats.js';
import {
  EXPORT_PAGE_SIZE,
  type ExportFormat,
  type RequestExportQuery,
  type ResourceExportQuery,
  type Table,
  type ThreeWExportQuery,
} from './model.js';
import { requestTable, resourceTable, threeWTable, type RequestRow, type ResourceRow, type TaskRow } from './tables.js';

/** An export ready to stream: what the HTTP layer needs for its headers, and the writer. */
export interface ExportStream {
  rows: number;
  contentType: string;
  filename: string;
  /** Writes the whole export through `out`, which resolves when the client can take more. */
  write(out: (chunk: string) => Promise<void>): Promise<void>;
}

interface Common {
  format: ExportFormat;
  personal_data: 'omit' | 'include';
  created_from?: string | undefined;
  created_before?: string | undefined;
}

function rangeOf(query: Common): SortKeyRange {
  // sort_key is `<created_at ISO>~<id>`: `>= from` keeps rows of that instant, `< before` drops them.
  const iso = (value: string | undefined) => (value === undefined ? undefined : new Date(value).toISOString());
  return { from: iso(query.created_from), before: iso(query.created_before) };
}

interface Plan<T extends { id: string; created_at: string }, Row> {
  kind: 'requests' | 'resources' | '3w';
  query: Query<T>;
  table: Table<Row>;
  /** The rows of one page, in the caller's views (a document they may not see has none). */
  rowsOf(page: T[]): Promise<Row[]>;
  disasterId: string | null;
  /** What the audit record of a personal-data export says was asked for. */
  filters: Record<string, unknown>;
}

async function prepare<T extends { id: string; created_at: string }, Row>(
  caller: Caller,
  options: Common,
  plan: Plan<T, Row>,
): Promise<ExportStream> {
  const query = inRange(plan.query, rangeOf(options));
  // Counted in the order pagesOf streams it: a range on sort_key with no orderBy would be planned
  // sort_key ascending, which no index serves (the composites are sort_key descending).
  const rows = (await query.orderBy('sort_key', 'desc').count().get()).data().count;
  const maxRows = config.exportMaxRows();
  if (rows > maxRows) throw new ExportTooLargeError(rows, maxRows);
  const personal = options.personal_data === 'include';
  if (personal) {
    // A disclosure of people's data leaving the service: who, what and when, before the first row.
    const batch = db().batch();
    recordEvent(batch, caller, {
      type: 'export.exported_personal_data',
      entity_id: plan.kind,
      before: null,
      after: { format: options.format, rows, ...plan.filters },
      disaster_id: plan.disasterId,
    });
    await batch.commit();
  }
  const encoder = encoderFor(options.format, plan.table, personal);
  const day = new Date().toISOString().slice(0, 10);
  return {
    rows,
    contentType: encoder.contentType,
    filename: `${[plan.kind, plan.disasterId, day].filter((part) => part !== null).join('-')}.${encoder.extension}`,
    async write(out) {
      const started = Date.now();
      let written = 0;
      await out(encoder.head());
      for await (const page of pagesOf(query, EXPORT_PAGE_SIZE)) {
        const pageRows = await plan.rowsOf(page);
        let chunk = '';
        for (const row of pageRows) chunk += encoder.row(row);
        written += pageRows.length;
        await out(chunk);
      }
      await out(encoder.tail());
      logs.exportStreamed(plan.kind, options.format, written, Date.now() - started, caller.uid, personal);
    },
  };
}

/** Equality filters on a query; an undefined one is skipped (as a store's list does). */
function filtered<T>(query: Query<T>, filters: Record<string, string | undefined>): Query<T> {
  let result = query;
  for (const [field, value] of Object.entries(filters))
    if (value !== undefined) result = result.where(field, '==', value);
  return result;
}

/** GET /exports/requests: the requests of one disaster, as GET /requests/disaster/{id} lists them. */
export async function exportRequests(caller: Caller, query: RequestExportQuery): Promise<ExportStream> {
  const disaster = await disasterStore.require(query.disaster_id, 'Disaster');
  const { seesAll, audience } = await audienceResolver(caller, disaster.id);
  const filters = {
    disaster_id: disaster.id,
    status: query.status,
    type_of_need: query.type_of_need,
    owner_id: seesAll ? undefined : caller.uid,
  };
  return prepare<HelpRequest, RequestRow>(caller, query, {
    kind: 'requests',
    query: filtered(requestStore.ref(), filters),
    table: requestTable,
    disasterId: disaster.id,
    filters: { status: query.status ?? null, type_of_need: query.type_of_need ?? null },
    rowsOf: (page) => {
      const rows: RequestRow[] = [];
      for (const request of page) {
        const seen = audience(request);
        if (seen) rows.push({ view: toRequestView(request, seen), disaster });
      }
      return Promise.resolve(rows);
    },
  });
}

/** Anyone: what a caller with no special standing sees of a resource (the response's own exactly). */
const ANYONE = { uid: '', role: null };

/** GET /exports/resources: resources as GET /resources lists them. */
export async function exportResources(caller: Caller, query: ResourceExportQuery): Promise<ExportStream> {
  const disasterNames = new Map<string, Promise<string | null>>();
  const nameOf = (id: string | null) => {
    if (id === null) return Promise.resolve(null);
    let name = disasterNames.get(id);
    if (name === undefined) {
      name = disasterStore.get(id).then((found) => found?.name ?? null);
      disasterNames.set(id, name);
    }
    return name;
  };
  const personal = query.personal_data === 'include';
  const { status, category, disaster_id, owner_id } = query;
  return prepare<Resource, ResourceRow>(caller, query, {
    kind: 'resources',
    query: filtered(resourceStore.ref(), { status, category, disaster_id, owner_id }),
    table: resourceTable,
    disasterId: disaster_id ?? null,
    filters: { status: status ?? null, category: category ?? null, owner_id: owner_id ?? null },
    rowsOf: (page) =>
      Promise.all(
        page.map(async (resource) => ({
          // By default a volunteer's own resource (kept where they live) is shown at its cell.
          view: toView(resource, seesPointOf(personal ? caller : ANYONE, resource)),
          disasterName: await nameOf(resource.disaster_id),
        })),
      ),
  });
}

/** GET /exports/3w: the tasks of one disaster as who / what / where / when / status. */
export async function exportThreeW(caller: Caller, query: ThreeWExportQuery): Promise<ExportStream> {
  const disaster: Disaster = await disasterStore.require(query.disaster_id, 'Disaster');
  const { audience } = await audienceResolver(caller, disaster.id);
  const { status, request_id, assigned_to } = query;
  return prepare<Task, TaskRow>(caller, query, {
    kind: '3w',
    query: filtered(taskStore.ref(), { disaster_id: disaster.id, status, request_id, assigned_to }),
    table: threeWTable,
    disasterId: disaster.id,
    filters: { status: status ?? null, request_id: request_id ?? null, assigned_to: assigned_to ?? null },
    rowsOf: async (page) => {
      const ids = [...new Set(page.map((task) => task.request_id).filter((id): id is string => id !== null))];
      const requests = new Map<string, HelpRequest>();
      for (const request of await requestStore.getAll(ids)) if (request) requests.set(request.id, request);
      return page.map((task) => {
        const request = task.request_id === null ? undefined : requests.get(task.request_id);
        const seen = request ? audience(request) : null;
        return { task, disaster, request: request && seen ? toRequestView(request, seen) : null };
      });
    },
  });
}
