// Every feature's store.ts declares the fields of its collections that hold data about a person
// (`personFields`), and erasure must rewrite, clear or delete each of them, or say why it keeps
// it (users/erasure/registry.ts). A new collection or field with person data and no erasure
// fails here, as does a store missing from the list of them all (src/stores.ts), or a step that
// erases something no collection declares.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { PERSON_UID_FIELDS } from '../src/audit/store.js';
import { defineCollection, PARENT_UID, type AnyStore, type PersonFieldCategory } from '../src/data/collections.js';
import { stores } from '../src/stores.js';
import {
  ERASURE_STEPS,
  ERASURES_BY_COLLECTION,
  FINAL_ERASURE_STEP,
  KEPT_PERSON_FIELDS,
  type KeptFields,
} from '../src/users/erasure/registry.js';

const srcDir = join(__dirname, '..', 'src');
const named = Object.entries(stores) as [string, AnyStore][];
const steps = [...ERASURE_STEPS, FINAL_ERASURE_STEP];

/** Each declared person field of `store`, with its category. */
function declared(store: AnyStore): { field: string; category: PersonFieldCategory }[] {
  return (Object.entries(store.personFields) as [PersonFieldCategory, readonly string[]][]).flatMap(
    ([category, paths]) => paths.map((field) => ({ field, category })),
  );
}

/** Whether `path` (a field, or `a.b` into objects and arrays) is in `schema`. */
function hasPath(schema: z.ZodType, path: readonly string[]): boolean {
  let inner: z.ZodType = schema;
  for (;;) {
    if (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault)
      inner = inner.unwrap() as z.ZodType;
    else if (inner instanceof z.ZodArray) inner = inner.element as z.ZodType;
    // z.preprocess(f, schema) is a pipe from a transform into the schema; schema.transform(f) the reverse.
    else if (inner instanceof z.ZodPipe)
      inner = (inner.in instanceof z.ZodTransform ? inner.out : inner.in) as z.ZodType;
    else break;
  }
  if (path.length === 0) return true;
  if (!(inner instanceof z.ZodObject)) return false;
  const next = (inner.shape as Record<string, z.ZodType | undefined>)[path[0]!];
  return next !== undefined && hasPath(next, path.slice(1));
}

const erasedFields = (store: AnyStore) =>
  new Set((ERASURES_BY_COLLECTION.get(store) ?? []).flatMap(({ fields }) => fields));

const keptReason = (store: AnyStore, field: string, kept: readonly KeptFields[] = KEPT_PERSON_FIELDS) =>
  kept.find((entry) => entry.store === store)?.reasons[field];

/** The collections of `all` with person fields that no step erases, some of them not kept with a reason. */
function withoutErasure(
  all: readonly [string, AnyStore][],
  erasures: ReadonlyMap<AnyStore, unknown>,
  kept: readonly KeptFields[],
): string[] {
  return all
    .filter(
      ([, store]) =>
        declared(store).length > 0 &&
        !erasures.has(store) &&
        declared(store).some(({ field }) => keptReason(store, field, kept) === undefined),
    )
    .map(([name]) => name);
}

/** A collection's path, or a subcollection's pattern (`users/{id}/devices`). */
const pathOf = (store: AnyStore) => ('path' in store ? store.path : store.pattern);

/** What every src/**\/store.ts exports that is a collection or a subcollection, by file and name. */
async function everyDefinedStore(): Promise<[string, AnyStore][]> {
  const files = readdirSync(srcDir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file === 'store.ts' || file.endsWith('/store.ts'),
  );
  const found: [string, AnyStore][] = [];
  for (const file of files) {
    const exported = (await import(join(srcDir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exported)) {
      if (typeof value === 'object' && value !== null && 'personFields' in value && 'schema' in value)
        found.push([`${file}: ${name}`, value as AnyStore]);
    }
  }
  return found;
}

describe("person fields and erasure (the features' store.ts, src/stores.ts, users/erasure/registry.ts)", () => {
  it('every store a feature defines is in the list of them all (src/stores.ts)', async () => {
    // By path: the same store, whichever way its module was loaded.
    const listed = new Set(named.map(([, store]) => pathOf(store)));
    const defined = await everyDefinedStore();
    assert.ok(defined.length >= listed.size, `${defined.length} stores found in src/**/store.ts`);
    const unlisted = defined.filter(([, store]) => !listed.has(pathOf(store))).map(([name]) => name);
    assert.deepEqual(unlisted, [], `stores missing from src/stores.ts: ${unlisted.join(', ')}`);
  });

  it("collections are defined in a feature's store.ts only", () => {
    const elsewhere = readdirSync(srcDir, { recursive: true, encoding: 'utf8' }).filter(
      (file) =>
        file.endsWith('.ts') &&
        !(file === 'store.ts' || file.endsWith('/store.ts')) &&
        file !== join('data', 'collections.ts') &&
        /\bdefine(Sub)?[cC]ollection\(/.test(readFileSync(join(srcDir, file), 'utf8')),
    );
    assert.deepEqual(elsewhere, [], `collections defined outside a store.ts: ${elsewhere.join(', ')}`);
  });

  it('every declared person field is a field of its schema', () => {
    const unknown = named.flatMap(([name, store]) =>
      declared(store)
        .filter(({ field }) => field !== PARENT_UID && !hasPath(store.schema, field.split('.')))
        .map(({ field }) => `${name}.${field}`),
    );
    assert.deepEqual(unknown, [], `person fields not in their schema: ${unknown.join(', ')}`);
  });

  it('every collection with person fields has an erasure step, or says why each field is kept', () => {
    const orphans = withoutErasure(named, ERASURES_BY_COLLECTION, KEPT_PERSON_FIELDS);
    assert.deepEqual(orphans, [], `collections with person fields and no erasure step: ${orphans.join(', ')}`);
  });

  it('a collection with person fields and no erasure step is caught by that check', () => {
    // Never written to: defining a collection only describes it.
    const unerased = defineCollection(
      'unerased',
      z.object({ id: z.string(), created_at: z.string(), by: z.string() }),
      {
        personFields: { uid: ['by'] },
      },
    );
    const keptByItself = defineCollection(
      'kept_by_itself',
      z.object({ id: z.string(), created_at: z.string(), by: z.string() }),
      { personFields: { uid: ['by'] } },
    );
    const operational = defineCollection('operational', z.object({ id: z.string(), created_at: z.string() }));
    const all: [string, AnyStore][] = [
      ...named,
      ['unerased', unerased],
      ['keptByItself', keptByItself],
      ['operational', operational],
    ];
    const kept = [...KEPT_PERSON_FIELDS, { store: keptByItself, reasons: { by: 'a reason' } }];
    assert.deepEqual(withoutErasure(all, ERASURES_BY_COLLECTION, kept), ['unerased']);
  });

  it('every person field is erased by a step, or kept with a reason', () => {
    const missing = named.flatMap(([name, store]) =>
      declared(store)
        .filter(({ field }) => !erasedFields(store).has(field) && keptReason(store, field) === undefined)
        .map(({ field, category }) => `${name}.${field} (${category})`),
    );
    assert.deepEqual(missing, [], `person fields no erasure step erases: ${missing.join(', ')}`);
  });

  it('a step erases only person fields that a listed collection declares', () => {
    const nameOf = new Map(named.map(([name, store]) => [store, name]));
    const undeclared = steps.flatMap((step) =>
      step.erases.flatMap(({ store, fields }) => {
        const name = nameOf.get(store);
        if (name === undefined) return [`${step.name}: a collection missing from src/stores.ts`];
        const own = new Set(declared(store).map(({ field }) => field));
        return fields.filter((field) => !own.has(field)).map((field) => `${step.name}: ${name}.${field}`);
      }),
    );
    assert.deepEqual(undeclared, [], `erased but not declared as person fields: ${undeclared.join(', ')}`);
  });

  it('a field kept on purpose is a declared person field that no step erases', () => {
    const nameOf = new Map(named.map(([name, store]) => [store, name]));
    const wrong = KEPT_PERSON_FIELDS.flatMap(({ store, reasons }) =>
      Object.keys(reasons)
        .filter(
          (field) =>
            !nameOf.has(store) ||
            !declared(store).some((person) => person.field === field) ||
            erasedFields(store).has(field),
        )
        .map((field) => `${nameOf.get(store) ?? 'unlisted'}.${field}`),
    );
    assert.deepEqual(wrong, [], `kept but not declared, or erased by a step after all: ${wrong.join(', ')}`);
  });

  it('each step runs once, under its own name', () => {
    const stepNames = steps.map((step) => step.name);
    assert.equal(new Set(stepNames).size, stepNames.length, stepNames.join(', '));
  });

  it("the uid fields that the audit trail indexes (people_ids) are every store's top-level uid fields", () => {
    const fromStores = new Set(
      named
        .filter(([, store]) => store !== stores.audit)
        .flatMap(([, store]) => store.personFields.uid ?? [])
        .filter((path) => path !== 'id' && path !== PARENT_UID && !path.includes('.')),
    );
    assert.deepEqual([...PERSON_UID_FIELDS].sort(), [...fromStores].sort(), 'PERSON_UID_FIELDS in audit/store.ts');
    for (const field of ['assigned_to', 'owner_id', 'authorized_by', 'user_id']) {
      assert.ok(PERSON_UID_FIELDS.includes(field), field);
    }
  });
});
