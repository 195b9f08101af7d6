// Every collection declares the fields that hold data about a person (data/collections.ts,
// `personFields`), and erasure must rewrite, clear or delete each of them, or say why it keeps
// it (users/erasure/registry.ts). A new collection or field with person data and no erasure
// fails here, as does a step that erases something no collection declares.
import assert from 'node:assert/strict';
import { z } from 'zod';
import {
  collections,
  PARENT_UID,
  PERSON_UID_FIELDS,
  type AnyPersonFields,
  type CollectionName,
  type PersonFieldCategory,
} from '../src/data/collections.js';
import {
  ERASURE_STEPS,
  ERASURES_BY_COLLECTION,
  FINAL_ERASURE_STEP,
  KEPT_PERSON_FIELDS,
} from '../src/users/erasure/registry.js';

const names = Object.keys(collections) as CollectionName[];

/** Each declared person field of `name`, with its category. */
function declared(name: CollectionName): { field: string; category: PersonFieldCategory }[] {
  const fields = collections[name].personFields as AnyPersonFields;
  return (Object.entries(fields) as [PersonFieldCategory, readonly string[]][]).flatMap(([category, paths]) =>
    paths.map((field) => ({ field, category })),
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

const erasedFields = (name: CollectionName) =>
  new Set((ERASURES_BY_COLLECTION.get(name) ?? []).flatMap(({ fields }) => fields));

describe('person fields and erasure (data/collections.ts, users/erasure/registry.ts)', () => {
  it('every declared person field is a field of its schema', () => {
    const unknown = names.flatMap((name) =>
      declared(name)
        .filter(({ field }) => field !== PARENT_UID && !hasPath(collections[name].schema, field.split('.')))
        .map(({ field }) => `${name}.${field}`),
    );
    assert.deepEqual(unknown, [], `person fields not in their schema: ${unknown.join(', ')}`);
  });

  it('every collection with person fields has an erasure step, or says why each field is kept', () => {
    const orphans = names.filter(
      (name) =>
        declared(name).length > 0 &&
        !ERASURES_BY_COLLECTION.has(name) &&
        declared(name).some(({ field }) => KEPT_PERSON_FIELDS[name]?.[field] === undefined),
    );
    assert.deepEqual(orphans, [], `collections with person fields and no erasure step: ${orphans.join(', ')}`);
  });

  it('every person field is erased by a step, or kept with a reason', () => {
    const missing = names.flatMap((name) =>
      declared(name)
        .filter(({ field }) => !erasedFields(name).has(field) && KEPT_PERSON_FIELDS[name]?.[field] === undefined)
        .map(({ field, category }) => `${name}.${field} (${category})`),
    );
    assert.deepEqual(missing, [], `person fields no erasure step erases: ${missing.join(', ')}`);
  });

  it('a step erases only person fields that a collection declares', () => {
    const undeclared = [...ERASURE_STEPS, FINAL_ERASURE_STEP].flatMap((step) =>
      Object.entries(step.erases).flatMap(([name, fields]) => {
        if (!(name in collections)) return [`${step.name}: ${name} is not a collection`];
        const own = new Set(declared(name as CollectionName).map(({ field }) => field));
        return (fields ?? []).filter((field) => !own.has(field)).map((field) => `${step.name}: ${name}.${field}`);
      }),
    );
    assert.deepEqual(undeclared, [], `erased but not declared as person fields: ${undeclared.join(', ')}`);
  });

  it('a field kept on purpose is a declared person field that no step erases', () => {
    const wrong = Object.entries(KEPT_PERSON_FIELDS).flatMap(([name, kept]) =>
      Object.keys(kept)
        .filter(
          (field) =>
            !declared(name as CollectionName).some((person) => person.field === field) ||
            erasedFields(name as CollectionName).has(field),
        )
        .map((field) => `${name}.${field}`),
    );
    assert.deepEqual(wrong, [], `kept but not declared, or erased by a step after all: ${wrong.join(', ')}`);
  });

  it('each step runs once, under its own name', () => {
    const stepNames = [...ERASURE_STEPS, FINAL_ERASURE_STEP].map((step) => step.name);
    assert.equal(new Set(stepNames).size, stepNames.length, stepNames.join(', '));
  });

  it('the uid fields that the audit trail indexes (people_ids) include every one it indexed by hand', () => {
    for (const field of ['assigned_to', 'owner_id', 'authorized_by', 'user_id']) {
      assert.ok(PERSON_UID_FIELDS.includes(field), field);
    }
  });
});
