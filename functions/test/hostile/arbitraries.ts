// fast-check arbitraries derived from an endpoint's zod schemas (through their JSON Schema, as
// z.toJSONSchema renders it for the OpenAPI document): values meant to be valid, and mutations of
// them meant to be invalid (wrong types, out of range, missing required, extra keys, huge
// strings). Which is which is not trusted to the generator: test/hostile/oracle.ts decides with
// the declared schemas themselves, exactly as the router parses the request.
import fc from 'fast-check';
import { z } from 'zod';

type JsonSchema = Record<string, any>;
type Json = unknown;

/** Keeps generated values small: validity is about shape, not size (huge strings are a mutation). */
const MAX_STRING = 64;
const MAX_ITEMS = 4;

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
}

function stringArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  const min: number = s.minLength ?? 0;
  const max: number = Math.max(min, Math.min(s.maxLength ?? MAX_STRING, MAX_STRING));
  if (s.format === 'date-time') {
    return fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'uuid') return fc.uuid();
  if (s.format === 'uri' || s.format === 'url') return fc.webUrl();
  if (typeof s.pattern === 'string') {
    // Small sizes rarely reach a minimum length (an FCM token's 20): the filter below would then
    // retry for ever; medium-sized matches reach it three times in four.
    return fc
      .stringMatching(new RegExp(s.pattern), min > 0 ? { size: 'medium' } : {})
      .map((v) => v.slice(0, max))
      .filter((v) => v.length >= min);
  }
  return fc.oneof(
    fc.string({ minLength: min, maxLength: max }),
    fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }),
  );
}

function numberArbitrary(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lo: number = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 1e-9) : -1e6);
  const hi: number = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 1e-9) : 1e6);
  if (integer) return fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) });
  return fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
}

/** Values that satisfy the JSON Schema (mostly: zod refinements it cannot express are the oracle's business). */
export function validArbitrary(s: JsonSchema | boolean | undefined): fc.Arbitrary<Json> {
  if (
    s === undefined ||
    s === true ||
    (typeof s === 'object' &&
      Object.keys(s).filter((k) => k !== '$schema' && k !== 'description' && k !== 'default').length === 0)
  ) {
    return fc.jsonValue({ maxDepth: 2 });
  }
  if (s === false) return fc.constant(undefined);
  if (s.anyOf || s.oneOf) return fc.oneof(...((s.anyOf ?? s.oneOf) as JsonSchema[]).map(validArbitrary));
  if (s.allOf) return validArbitrary((s.allOf as JsonSchema[])[0]);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as Json[]));
  const type = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
  if (type.length > 1) return fc.oneof(...type.map((t) => validArbitrary({ ...s, type: t })));
  switch (type[0]) {
    case 'string':
      return stringArbitrary(s);
    case 'integer':
      return numberArbitrary(s, true);
    case 'number':
      return numberArbitrary(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const min: number = s.minItems ?? 0;
      return fc.array(validArbitrary(s.items as JsonSchema), {
        minLength: min,
        maxLength: Math.max(min, Math.min(s.maxItems ?? MAX_ITEMS, MAX_ITEMS)),
      });
    }
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
      if (Object.keys(properties).length === 0) {
        const values =
          typeof s.additionalProperties === 'object'
            ? validArbitrary(s.additionalProperties as JsonSchema)
            : fc.jsonValue({ maxDepth: 1 });
        return fc.dictionary(fc.stringMatching(/^[a-z_]{1,12}$/), values, { maxKeys: 3 });
      }
      const arbitraries = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, validArbitrary(value)]),
      );
      return fc.record(arbitraries, { requiredKeys: (s.required ?? []) as string[] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values of every JSON type, and strings that look like other types. */
export const wrongValue: fc.Arbitrary<Json> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', '   ', '1e999', 'NaN', 'Infinity', '-0', 'true', 'null', '12', '[object Object]'),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.integer(), { maxKeys: 2 }),
);

const extraKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'id',
    'owner_uid',
    'created_at',
    'role',
    'status',
    'toString',
    'extra',
  ),
  fc.stringMatching(/^[a-z_]{1,12}$/),
);

const hugeString = fc.constantFrom(129, 513, 2_001, 20_000, 120_000).map((n) => 'x'.repeat(n));
const outOfRange = fc.constantFrom(
  1e9,
  -1e9,
  1e308,
  -1e308,
  0.5,
  -0.5,
  91,
  -181,
  201,
  0,
  -1,
  Number.MAX_SAFE_INTEGER + 2,
);

type Step = string;
/** Every path to a value inside `value` (objects and arrays), the root included as []. */
function pathsOf(value: Json, prefix: Step[] = []): Step[][] {
  const out: Step[][] = [prefix];
  if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) out.push(...pathsOf((value as Record<string, Json>)[key], [...prefix, key]));
  }
  return out;
}

function clone(value: Json): Json {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

/** Sets an own, enumerable property, even `__proto__` (which plain assignment would not create). */
export function setOwn(target: Record<string, Json>, key: string, value: Json): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function getAt(root: Json, path: Step[]): Json {
  let current = root;
  for (const step of path) current = (current as Record<string, Json>)[step];
  return current;
}

/** Replaces the value at `path` (the root when empty). */
function replaceAt(root: Json, path: Step[], replace: (old: Json) => Json): Json {
  if (path.length === 0) return replace(root);
  const parent = getAt(root, path.slice(0, -1)) as Record<string, Json>;
  setOwn(parent, path[path.length - 1]!, replace(parent[path[path.length - 1]!]));
  return root;
}

export type Mutation = 'wrong-type' | 'delete-key' | 'extra-key' | 'huge-string' | 'out-of-range' | 'whole';

/** A valid value, then broken in one place. */
export function invalidArbitrary(s: JsonSchema): fc.Arbitrary<Json> {
  return fc
    .tuple(
      validArbitrary(s),
      fc.constantFrom<Mutation>(
        'wrong-type',
        'wrong-type',
        'delete-key',
        'extra-key',
        'extra-key',
        'huge-string',
        'out-of-range',
        'whole',
      ),
      fc.nat(),
      wrongValue,
      extraKey,
      hugeString,
      outOfRange,
    )
    .map(([valid, mutation, pick, wrong, key, huge, number]) => {
      const value = clone(valid);
      const paths = pathsOf(value);
      const path = paths[pick % paths.length]!;
      const objects = paths.filter((p) => {
        const v = getAt(value, p);
        return v !== null && typeof v === 'object' && !Array.isArray(v);
      });
      switch (mutation) {
        case 'wrong-type':
          return replaceAt(value, path, () => wrong);
        case 'delete-key': {
          const keyed = paths.filter((p) => p.length > 0);
          if (keyed.length === 0) return wrong;
          const target = keyed[pick % keyed.length]!;
          const parent = getAt(value, target.slice(0, -1)) as Record<string, Json>;
          if (Array.isArray(parent)) parent.splice(Number(target[target.length - 1]), 1);
          else delete parent[target[target.length - 1]!];
          return value;
        }
        case 'extra-key': {
          if (objects.length === 0) return { [String(key)]: wrong };
          const target = getAt(value, objects[pick % objects.length]!) as Record<string, Json>;
          setOwn(target, key, wrong);
          return value;
        }
        case 'huge-string': {
          const strings = paths.filter((p) => typeof getAt(value, p) === 'string');
          return strings.length === 0
            ? replaceAt(value, path, () => huge)
            : replaceAt(value, strings[pick % strings.length]!, () => huge);
        }
        case 'out-of-range': {
          const numbers = paths.filter((p) => typeof getAt(value, p) === 'number');
          return numbers.length === 0
            ? replaceAt(value, path, () => number)
            : replaceAt(value, numbers[pick % numbers.length]!, () => number);
        }
        case 'whole':
          return wrong;
      }
    });
}

/** Path parameter values: valid ids, and strings that are not (never empty, "." or "..": the URL would change shape). */
export function paramArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  const valid = validArbitrary(s).map(String);
  const invalid = fc.oneof(
    fc.string({ minLength: 1, maxLength: 30, unit: 'grapheme' }),
    fc.stringMatching(/^[^A-Za-z0-9_-]{1,8}$/),
    fc.constantFrom(
      'x'.repeat(129),
      'a/b',
      'a b',
      '%00',
      '\u0000',
      'üñí',
      '😀',
      '\u202Eevil',
      '__proto__',
      'constructor',
      '../users',
      '1e999',
      'NaN',
    ),
  );
  return fc.oneof(valid, invalid).filter((v) => v !== '' && v !== '.' && v !== '..');
}
