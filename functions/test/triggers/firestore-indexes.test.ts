// The index check: every Firestore query the service can run has its index in
// firestore.indexes.json (repository root), and every composite there serves one of them. No
// emulator enforces composite indexes, so without this a missing one shows up in production, as
// a FAILED_PRECONDITION (a 500). The queries come from the code itself (index-workload.ts runs
// it, query-recorder.ts listens); the rules are index-rules.ts. It runs with the trigger unit
// tests: it needs their embedded Firestore and no stack. See docs/architecture.md.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Query } from 'firebase-admin/firestore';
import { requestStore } from '../../src/requests/store.js';
import { inRange } from '../../src/data/paginate.js';
import { emptyFirestore } from './harness.js';
import {
  compositeServes,
  coverage,
  describeIndex,
  describeShape,
  servingOf,
  shapeOf,
  UnsupportedQuery,
  type CompositeIndex,
  type IndexFile,
  type QueryShape,
  type StructuredQuery,
} from './index-rules.js';
import { runWorkload } from './index-workload.js';
import { QueryRecorder, queryLines } from './query-recorder.js';

const INDEX_FILE = join(__dirname, '..', '..', '..', 'firestore.indexes.json');
const indexFile = (): IndexFile => JSON.parse(readFileSync(INDEX_FILE, 'utf8')) as IndexFile;

/** What the SDK sends for `query` (built, not run). */
function structured(query: Query<unknown>): StructuredQuery {
  const request = (query as unknown as { toProto(): { structuredQuery: StructuredQuery } }).toProto();
  return request.structuredQuery;
}
const shape = (query: Query<unknown>) => shapeOf(structured(query));
const requests = () => requestStore.ref() as unknown as Query<unknown>;

const asc = (fieldPath: string) => ({ fieldPath, order: 'ASCENDING' as const });
const desc = (fieldPath: string) => ({ fieldPath, order: 'DESCENDING' as const });
const composite = (collectionGroup: string, ...fields: CompositeIndex['fields']): CompositeIndex => ({
  collectionGroup,
  queryScope: 'COLLECTION',
  fields,
});

describe('Firestore indexes: the rules the check applies (index-rules.ts)', () => {
  before(emptyFirestore);

  it('reads a range with no orderBy as ordered by its field ascending: the export count of R1 needed an index nobody had', () => {
    // What exports/service.ts counted before it ordered the count as it streams it.
    const before = shape(inRange(requests().where('disaster_id', '==', 'd1'), { from: '2025-01-01T00:00:00.000Z' }));
    assert.equal(describeShape(before), 'requests: disaster_id == | sort_key ASC');
    const serving = servingOf(before, indexFile());
    assert.equal(serving.by, 'nothing');
    const now = shape(
      inRange(requests().where('disaster_id', '==', 'd1'), { from: '2025-01-01T00:00:00.000Z' }).orderBy(
        'sort_key',
        'desc',
      ),
    );
    assert.equal(describeShape(now), 'requests: disaster_id == | sort_key DESC');
    assert.equal(servingOf(now, indexFile()).by, 'composite');
  });

  it('takes equality fields in any order and orders with their direction', () => {
    const query = shape(
      requests().where('status', '==', 'open').where('disaster_id', '==', 'd1').orderBy('sort_key', 'desc'),
    );
    const file: IndexFile = { indexes: [composite('requests', asc('disaster_id'), desc('status'), desc('sort_key'))] };
    assert.equal(servingOf(query, file).by, 'composite');
    const ascending = { indexes: [composite('requests', asc('disaster_id'), asc('status'), asc('sort_key'))] };
    assert.equal(servingOf(query, ascending).by, 'nothing');
    const elsewhere = { indexes: [composite('tasks', asc('disaster_id'), asc('status'), desc('sort_key'))] };
    assert.equal(servingOf(query, elsewhere).by, 'nothing');
    const wider = {
      indexes: [composite('requests', asc('disaster_id'), asc('owner_id'), asc('status'), desc('sort_key'))],
    };
    assert.equal(servingOf(query, wider).by, 'nothing');
  });

  it('does not merge composites: two equalities and an order need their own', () => {
    const query = shape(
      requests().where('status', '==', 'open').where('disaster_id', '==', 'd1').orderBy('sort_key', 'desc'),
    );
    const mergeable = {
      indexes: [
        composite('requests', asc('disaster_id'), desc('sort_key')),
        composite('requests', asc('status'), desc('sort_key')),
      ],
    };
    const serving = servingOf(query, mergeable);
    assert.equal(serving.by, 'nothing');
    assert.deepEqual(serving.by === 'nothing' && serving.needed.fields, [
      asc('disaster_id'),
      asc('status'),
      desc('sort_key'),
    ]);
  });

  it('serves one field, and equalities alone, with the single-field indexes, unless a fieldOverride exempts them', () => {
    const none: IndexFile = { indexes: [] };
    assert.equal(servingOf(shape(requests().orderBy('created_at', 'desc')), none).by, 'single-field');
    assert.equal(
      servingOf(shape(requests().where('planning_due_at', '<', 5).orderBy('planning_due_at')), none).by,
      'single-field',
    );
    const equalities = shape(requests().where('owner_id', '==', 'u').where('status', 'in', ['open']));
    assert.equal(servingOf(equalities, none).by, 'merged single-field');
    const exempt: IndexFile = {
      indexes: [],
      fieldOverrides: [{ collectionGroup: 'requests', fieldPath: 'status', indexes: [] }],
    };
    assert.equal(servingOf(equalities, exempt).by, 'nothing');
    const descendingOnly: IndexFile = {
      indexes: [],
      fieldOverrides: [
        {
          collectionGroup: 'requests',
          fieldPath: 'created_at',
          indexes: [{ order: 'DESCENDING', queryScope: 'COLLECTION' }],
        },
      ],
    };
    assert.equal(servingOf(shape(requests().orderBy('created_at', 'desc')), descendingOnly).by, 'single-field');
    assert.equal(servingOf(shape(requests().orderBy('created_at')), descendingOnly).by, 'nothing');
  });

  it('needs a CONTAINS field for array-contains', () => {
    const query = shape(
      requests().where('status', '==', 'open').where('tags', 'array-contains', 'x').orderBy('sort_key'),
    );
    assert.equal(describeShape(query), 'requests: status ==, tags contains | sort_key ASC');
    const ordered = { indexes: [composite('requests', asc('status'), asc('tags'), asc('sort_key'))] };
    assert.equal(servingOf(query, ordered).by, 'nothing');
    const contains = {
      indexes: [composite('requests', asc('status'), { fieldPath: 'tags', arrayConfig: 'CONTAINS' }, asc('sort_key'))],
    };
    assert.equal(servingOf(query, contains).by, 'composite');
  });

  it('reports composites that serve no query, and refuses what it cannot judge', () => {
    const query = shape(requests().where('owner_id', '==', 'u').orderBy('sort_key', 'desc'));
    const used = composite('requests', asc('owner_id'), desc('sort_key'));
    const stale = composite('requests', asc('planning.state'), asc('planning.updated_at'));
    const report = coverage(new Map([[describeShape(query), { shape: query, seenIn: ['test'] }]]), {
      indexes: [used, stale],
    });
    assert.deepEqual(report.unserved, []);
    assert.deepEqual(report.unused, [stale]);
    assert.throws(() => shape(requests().where('status', '==', 'open').orderBy('status')), UnsupportedQuery);
    assert.throws(() => shape(requests().where('a', '>', 1).orderBy('sort_key')), UnsupportedQuery);
  });
});

describe('Firestore indexes: every query the code runs has its composite, and every composite a query', function () {
  this.timeout(300_000);
  const recorder = new QueryRecorder();
  const shapes = new Map<string, { shape: QueryShape; seenIn: string[] }>();
  const unsupported: string[] = [];
  let calls = 0;

  before(async () => {
    await emptyFirestore();
    calls = await runWorkload(recorder);
    for (const { query, seenIn } of recorder.queries) {
      try {
        const found = shapeOf(query);
        const key = describeShape(found);
        const entry = shapes.get(key) ?? { shape: found, seenIn: [] };
        if (!entry.seenIn.includes(seenIn)) entry.seenIn.push(seenIn);
        shapes.set(key, entry);
      } catch (error) {
        if (!(error instanceof UnsupportedQuery)) throw error;
        unsupported.push(`${seenIn}: ${error.message}`);
      }
    }
    console.log(
      `      ${calls} endpoint calls and the other query sites: ${recorder.queries.length} queries of ${shapes.size} shapes, from ${queryLines().size} query lines of src/`,
    );
  });

  it('reached every line of src/ that builds or runs a query', () => {
    const missed = [...queryLines()]
      .filter(([line]) => !recorder.lines.has(line))
      .map(([line, text]) => `${line}  ${text}`);
    assert.ok(
      missed.length === 0,
      `index-workload.ts never reached these query lines, so their queries went unchecked: give each a step there\n  ${missed.join('\n  ')}`,
    );
  });

  it('read every query', () => {
    assert.ok(
      unsupported.length === 0,
      `index-rules.ts cannot judge these queries: teach it, or write them differently\n  ${unsupported.join('\n  ')}`,
    );
  });

  it('found the index of every query in firestore.indexes.json', () => {
    const { unserved } = coverage(shapes, indexFile());
    const lines = unserved.map(
      ({ shape: s, reason, needed, seenIn }) =>
        `${describeShape(s)}: ${reason}\n    seen in ${seenIn.slice(0, 3).join('; ')}${seenIn.length > 3 ? ` and ${seenIn.length - 3} more` : ''}\n    add ${JSON.stringify(needed)}`,
    );
    assert.ok(
      lines.length === 0,
      `${lines.length} query shapes have no index in firestore.indexes.json:\n  ${lines.join('\n  ')}`,
    );
  });

  it('found a query for every composite index of firestore.indexes.json', () => {
    const { unused } = coverage(shapes, indexFile());
    const lines = unused.map(describeIndex);
    assert.ok(
      lines.length === 0,
      `no query uses these indexes (each costs writes on every change): delete them\n  ${lines.join('\n  ')}`,
    );
  });

  it('notices the loss of any one of the composites (but those for equalities only, which merging serves)', () => {
    const file = indexFile();
    const { unserved, servings } = coverage(shapes, file);
    const forEqualitiesOnly = (index: CompositeIndex) =>
      [...servings].every(
        ([key, serving]) =>
          serving.by !== 'composite' || serving.index !== index || shapes.get(key)!.shape.orders.length === 0,
      );
    const unnoticed = file.indexes
      .filter((index) => {
        const without = { ...file, indexes: file.indexes.filter((i) => i !== index) };
        return coverage(shapes, without).unserved.length === unserved.length && !forEqualitiesOnly(index);
      })
      .map(describeIndex);
    assert.ok(unnoticed.length === 0, `the check passes with these removed:\n  ${unnoticed.join('\n  ')}`);
    // And the check fails, naming the query, when one is missing.
    const ordered = file.indexes.find((index) => !forEqualitiesOnly(index))!;
    const already = new Set(unserved.map(({ shape: s }) => describeShape(s)));
    const missing = coverage(shapes, { ...file, indexes: file.indexes.filter((i) => i !== ordered) }).unserved.filter(
      ({ shape: s }) => !already.has(describeShape(s)),
    );
    assert.ok(missing.length > 0);
    assert.ok(missing.every(({ shape: s }) => compositeServes(ordered, s)));
  });
});
