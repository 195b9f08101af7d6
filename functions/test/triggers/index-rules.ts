// Firestore's index rules, as the index check (firestore-indexes.test.ts) applies them to the
// queries the code runs. No emulator enforces composite indexes, so this is the one place that
// says whether production will serve a query or answer FAILED_PRECONDITION.
//
// A query is read in its wire form (the StructuredQuery of a RunQueryRequest), reduced to a shape:
// its collection, its equality filters (==, in, array-contains: any order in an index) and its
// orders (explicit orderBy, then the fields of inequality filters, which Firestore orders by
// ascending when the query orders by nothing). Then:
//   - no order and at most one equality field, or one order and no equality: the automatic
//     single-field indexes serve it (unless a fieldOverride in firestore.indexes.json exempts
//     the field);
//   - equality filters only: Firestore merges the single-field indexes (a composite of exactly
//     those fields, if there is one, serves it too);
//   - anything else: a composite of exactly the equality fields (any order, any direction) then
//     the orders (same fields, same directions) must be in firestore.indexes.json. Merging
//     composites is possible in Firestore but not relied on: docs/architecture.md asks for one
//     composite per combination of filters.
// A shape the rules do not cover (OR filters, an order on an equality field, an inequality on a
// field that an explicit orderBy leaves out) is refused rather than guessed at.

export type Direction = 'ASCENDING' | 'DESCENDING';

export interface IndexField {
  fieldPath: string;
  order?: Direction;
  arrayConfig?: 'CONTAINS';
}

export interface CompositeIndex {
  collectionGroup: string;
  queryScope?: 'COLLECTION' | 'COLLECTION_GROUP';
  fields: IndexField[];
}

export interface FieldOverride {
  collectionGroup: string;
  fieldPath: string;
  ttl?: boolean;
  /** The single-field indexes kept for the field: `[]` exempts it from all of them. */
  indexes: { order?: Direction; arrayConfig?: 'CONTAINS'; queryScope?: 'COLLECTION' | 'COLLECTION_GROUP' }[];
}

/** The content of firestore.indexes.json. */
export interface IndexFile {
  indexes: CompositeIndex[];
  fieldOverrides?: FieldOverride[];
}

export interface Equality {
  field: string;
  /** `value`: ==, in, is null (an ordered index field); `contains`: array-contains(-any) (a CONTAINS one). */
  kind: 'value' | 'contains';
}

export interface Order {
  field: string;
  direction: Direction;
}

/** What decides the index a query needs; the values it compares with do not. */
export interface QueryShape {
  collection: string;
  scope: 'COLLECTION' | 'COLLECTION_GROUP';
  /** Sorted by field. */
  equalities: Equality[];
  orders: Order[];
}

// --- Reading a query ---------------------------------------------------------------------------

interface FieldReference {
  fieldPath: string;
}

/** The parts of google.firestore.v1.StructuredQuery that decide the index. */
export interface StructuredQuery {
  from?: { collectionId?: string; allDescendants?: boolean }[];
  where?: FilterProto;
  orderBy?: { field: FieldReference; direction?: string }[];
}

interface FilterProto {
  fieldFilter?: { field: FieldReference; op: string };
  unaryFilter?: { field: FieldReference; op: string };
  compositeFilter?: { op: string; filters: FilterProto[] };
}

const EQUALITY_OPS: Record<string, Equality['kind']> = {
  EQUAL: 'value',
  IN: 'value',
  ARRAY_CONTAINS: 'contains',
  ARRAY_CONTAINS_ANY: 'contains',
  IS_NULL: 'value',
  IS_NAN: 'value',
};
const INEQUALITY_OPS = new Set([
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'NOT_EQUAL',
  'NOT_IN',
  'IS_NOT_NULL',
  'IS_NOT_NAN',
]);

/** Thrown for a query the rules above do not cover: teach this file before relying on it. */
export class UnsupportedQuery extends Error {}

function flatten(filter: FilterProto | undefined): { field: string; op: string }[] {
  if (!filter) return [];
  if (filter.compositeFilter) {
    if (filter.compositeFilter.op !== 'AND') {
      throw new UnsupportedQuery(`a ${filter.compositeFilter.op} filter (the index check knows AND only)`);
    }
    return filter.compositeFilter.filters.flatMap(flatten);
  }
  const single = filter.fieldFilter ?? filter.unaryFilter;
  if (!single) throw new UnsupportedQuery(`a filter it cannot read: ${JSON.stringify(filter)}`);
  return [{ field: single.field.fieldPath, op: single.op }];
}

export function shapeOf(query: StructuredQuery): QueryShape {
  const from = query.from ?? [];
  const collection = from[0]?.collectionId;
  if (from.length !== 1 || collection === undefined) {
    throw new UnsupportedQuery(`a query over ${JSON.stringify(from)} (one collection expected)`);
  }
  const equalities = new Map<string, Equality>();
  const inequalities = new Set<string>();
  for (const { field, op } of flatten(query.where)) {
    const kind = EQUALITY_OPS[op];
    if (kind !== undefined) equalities.set(`${field}\n${kind}`, { field, kind });
    else if (INEQUALITY_OPS.has(op)) inequalities.add(field);
    else throw new UnsupportedQuery(`the operator ${op}`);
  }
  const equalityFields = new Set([...equalities.values()].map((e) => e.field));
  if (equalityFields.size !== equalities.size) throw new UnsupportedQuery('two kinds of equality on one field');
  for (const field of inequalities) {
    if (equalityFields.has(field)) throw new UnsupportedQuery(`both an equality and an inequality on ${field}`);
  }
  const orders: Order[] = (query.orderBy ?? [])
    .filter((order) => order.field.fieldPath !== '__name__')
    .map((order) => ({
      field: order.field.fieldPath,
      direction: order.direction === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING',
    }));
  for (const order of orders) {
    if (equalityFields.has(order.field)) throw new UnsupportedQuery(`an orderBy on ${order.field}, an equality field`);
  }
  const unordered = [...inequalities].filter((field) => !orders.some((order) => order.field === field)).sort();
  if (unordered.length > 0 && orders.length > 0) {
    throw new UnsupportedQuery(
      `an inequality on ${unordered.join(', ')} that the orderBy leaves out: order by it explicitly`,
    );
  }
  // No orderBy: Firestore orders by the inequality fields, ascending.
  for (const field of unordered) orders.push({ field, direction: 'ASCENDING' });
  return {
    collection,
    scope: from[0]!.allDescendants ? 'COLLECTION_GROUP' : 'COLLECTION',
    equalities: [...equalities.values()].sort((a, b) => (a.field + a.kind).localeCompare(b.field + b.kind)),
    orders,
  };
}

/** `requests: disaster_id ==, status == | sort_key DESC` (array-contains as `contains`). */
export function describeShape(shape: QueryShape): string {
  const equalities = shape.equalities.map((e) => `${e.field} ${e.kind === 'contains' ? 'contains' : '=='}`);
  const orders = shape.orders.map((o) => `${o.field} ${o.direction === 'DESCENDING' ? 'DESC' : 'ASC'}`);
  const scope = shape.scope === 'COLLECTION_GROUP' ? ' (group)' : '';
  return `${shape.collection}${scope}: ${equalities.join(', ') || '-'} | ${orders.join(', ') || '-'}`;
}

export function describeIndex(index: CompositeIndex): string {
  const fields = index.fields.map((f) =>
    f.arrayConfig ? `${f.fieldPath} CONTAINS` : `${f.fieldPath} ${f.order === 'DESCENDING' ? 'DESC' : 'ASC'}`,
  );
  const scope = (index.queryScope ?? 'COLLECTION') === 'COLLECTION_GROUP' ? ' (group)' : '';
  return `${index.collectionGroup}${scope} (${fields.join(', ')})`;
}

// --- Matching ---------------------------------------------------------------------------------

/** How a shape is served: by the automatic single-field indexes, by merging them, or by a composite. */
export type Serving =
  | { by: 'none-needed' | 'single-field' | 'merged single-field' }
  | { by: 'composite'; index: CompositeIndex }
  | { by: 'nothing'; reason: string; needed: CompositeIndex };

const withoutName = (fields: IndexField[]) => fields.filter((f) => f.fieldPath !== '__name__');

/** Whether `index` is exactly what `shape` needs: its equality fields in any order, then its orders. */
export function compositeServes(index: CompositeIndex, shape: QueryShape): boolean {
  if (index.collectionGroup !== shape.collection || (index.queryScope ?? 'COLLECTION') !== shape.scope) return false;
  const fields = withoutName(index.fields);
  const n = shape.equalities.length;
  if (fields.length !== n + shape.orders.length) return false;
  const prefix = fields.slice(0, n);
  const equalitiesMet = shape.equalities.every((e) =>
    prefix.some(
      (f) => f.fieldPath === e.field && (e.kind === 'contains' ? f.arrayConfig === 'CONTAINS' : f.order !== undefined),
    ),
  );
  const distinct = new Set(prefix.map((f) => f.fieldPath)).size === n;
  const ordersMet = shape.orders.every((o, i) => {
    const f = fields[n + i]!;
    return f.fieldPath === o.field && f.order === o.direction;
  });
  return equalitiesMet && distinct && ordersMet;
}

/** Whether the automatic (or overridden) single-field index of `field` serves `need`. */
function singleFieldServes(file: IndexFile, shape: QueryShape, field: string, need: Direction | 'ANY' | 'CONTAINS') {
  const override = (file.fieldOverrides ?? []).find(
    (o) => o.collectionGroup === shape.collection && o.fieldPath === field,
  );
  const kept = override
    ? override.indexes.filter((i) => (i.queryScope ?? 'COLLECTION') === shape.scope)
    : shape.scope === 'COLLECTION'
      ? [{ order: 'ASCENDING' }, { order: 'DESCENDING' }, { arrayConfig: 'CONTAINS' }]
      : [];
  return kept.some((i) =>
    need === 'CONTAINS' ? i.arrayConfig === 'CONTAINS' : i.order !== undefined && (need === 'ANY' || i.order === need),
  );
}

/** The composite a shape would need, as firestore.indexes.json writes it. */
export function neededIndex(shape: QueryShape): CompositeIndex {
  return {
    collectionGroup: shape.collection,
    queryScope: shape.scope,
    fields: [
      ...shape.equalities.map((e): IndexField =>
        e.kind === 'contains'
          ? { fieldPath: e.field, arrayConfig: 'CONTAINS' }
          : { fieldPath: e.field, order: 'ASCENDING' },
      ),
      ...shape.orders.map((o): IndexField => ({ fieldPath: o.field, order: o.direction })),
    ],
  };
}

export function servingOf(shape: QueryShape, file: IndexFile): Serving {
  const composite = file.indexes.find((index) => compositeServes(index, shape));
  if (composite) return { by: 'composite', index: composite };
  const needed = neededIndex(shape);
  const exempt = (field: string) => ({
    by: 'nothing' as const,
    reason: `a fieldOverride exempts ${shape.collection}.${field} from the single-field index it needs`,
    needed,
  });
  const { equalities, orders } = shape;
  if (orders.length === 0) {
    if (equalities.length === 0) return { by: 'none-needed' };
    for (const e of equalities) {
      if (!singleFieldServes(file, shape, e.field, e.kind === 'contains' ? 'CONTAINS' : 'ANY')) return exempt(e.field);
    }
    return { by: equalities.length === 1 ? 'single-field' : 'merged single-field' };
  }
  if (equalities.length === 0 && orders.length === 1) {
    return singleFieldServes(file, shape, orders[0]!.field, orders[0]!.direction)
      ? { by: 'single-field' }
      : exempt(orders[0]!.field);
  }
  return { by: 'nothing', reason: 'no composite index matches', needed };
}

export interface CoverageReport {
  /** Shapes nothing serves, with where they were seen. */
  unserved: { shape: QueryShape; reason: string; needed: CompositeIndex; seenIn: string[] }[];
  /** Composites that serve none of the shapes. */
  unused: CompositeIndex[];
  /** Each shape (by describeShape) and how it is served. */
  servings: Map<string, Serving>;
}

/** Checks every shape (keyed by describeShape, with where each was seen) against the index file. */
export function coverage(
  shapes: Map<string, { shape: QueryShape; seenIn: string[] }>,
  file: IndexFile,
): CoverageReport {
  const unserved: CoverageReport['unserved'] = [];
  const servings = new Map<string, Serving>();
  const used = new Set<CompositeIndex>();
  for (const [key, { shape, seenIn }] of shapes) {
    const serving = servingOf(shape, file);
    servings.set(key, serving);
    if (serving.by === 'composite') used.add(serving.index);
    if (serving.by === 'nothing') unserved.push({ shape, reason: serving.reason, needed: serving.needed, seenIn });
  }
  return { unserved, unused: file.indexes.filter((index) => !used.has(index)), servings };
}
