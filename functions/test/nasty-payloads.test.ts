// Nasty payloads on every write endpoint, built from a valid body of each: deeply nested JSON,
// very long strings, unicode (right-to-left override, emoji, combining marks), NUL bytes,
// `__proto__` and `constructor` keys, numbers as strings, NaN and Infinity (as strings and as
// 1e999, which JSON.parse makes Infinity), arrays where objects belong, duplicated keys (raw
// JSON text). Same expectations as the generated cases: no 5xx, no internals in the answer,
// invalid → 400/413 problem+json, rejected ones write nothing.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { allEndpoints } from '../src/endpoints.js';
import type { Endpoint } from '../src/http/endpoint.js';
import { paramsSchemaOf } from '../src/http/endpoint.js';
import { registeredUser, type TestUser } from './helpers/api.js';
import { jsonSchemaOf, setOwn, validArbitrary } from './hostile/arbitraries.js';
import { assertNoFailures, newStats, runCases, type HostileCase } from './hostile/runner.js';
import { objectFixtures } from './matrix/fixtures.js';
import { allowedRoles, endpointKey, fixtureRoles } from './matrix/matrix.js';

type Json = any;

const STRINGS = [
  '\u202Egnp.exe\u202C', // right-to-left override
  'مرحبا بالعالم שלום', // Arabic and Hebrew
  '👩‍👩‍👧‍👦🏳️‍🌈🔥', // emoji with joiners
  'Z̷̢̛a̶l̸g̵o̴', // combining marks
  'a\u0000b', // NUL
  '\u0000',
  '\uFEFF\u200B', // BOM, zero-width space
  'x'.repeat(10_000),
  'é'.repeat(60_000), // 120 KB of UTF-8: over the body limit
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '../../../etc/passwd',
];
const NUMBERS_AS_TEXT = ['12', '1e999', 'NaN', 'Infinity', '-Infinity', '0x10', ' 1 ', ''];

function clone(value: Json): Json {
  return JSON.parse(JSON.stringify(value));
}

function leafPaths(value: Json, prefix: string[] = []): { path: string[]; value: Json }[] {
  if (value === null || typeof value !== 'object') return [{ path: prefix, value }];
  const out: { path: string[]; value: Json }[] = prefix.length > 0 ? [{ path: prefix, value }] : [];
  for (const key of Object.keys(value)) out.push(...leafPaths(value[key], [...prefix, key]));
  return out;
}

function setAt(root: Json, path: string[], replacement: Json): Json {
  const copy = clone(root);
  if (path.length === 0) return replacement;
  let parent = copy;
  for (const step of path.slice(0, -1)) parent = parent[step];
  setOwn(parent, path[path.length - 1]!, replacement);
  return copy;
}

/** Raw JSON texts, from a valid body. */
export function nastyBodies(valid: Json): { label: string; text: string }[] {
  const out: { label: string; text: string }[] = [];
  const add = (label: string, value: Json) => out.push({ label, text: JSON.stringify(value) });
  out.push({ label: 'deeply nested objects', text: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}` });
  out.push({ label: 'deeply nested arrays', text: `${'['.repeat(20_000)}${']'.repeat(20_000)}` });
  out.push({ label: 'NaN literal', text: '{"x":NaN}' });
  out.push({ label: 'Infinity literal', text: '{"x":Infinity}' });
  out.push({ label: 'array where the body object belongs', text: JSON.stringify([valid]) });
  out.push({ label: 'empty array body', text: '[]' });
  out.push({ label: 'JSON string body', text: '"{}"' });
  out.push({
    label: '__proto__ at the top',
    text: `{"__proto__":{"role":"admin","admin":true}${JSON.stringify(valid).slice(1) === '}' ? '}' : `,${JSON.stringify(valid).slice(1)}`}`,
  });
  out.push({
    label: 'constructor.prototype at the top',
    text: `{"constructor":{"prototype":{"role":"admin"}}${JSON.stringify(valid).slice(1) === '}' ? '}' : `,${JSON.stringify(valid).slice(1)}`}`,
  });
  for (const { path, value } of leafPaths(valid)) {
    const where = path.join('.');
    if (typeof value === 'string') {
      STRINGS.forEach((s, i) => add(`string ${i} at ${where}`, setAt(valid, path, s)));
      add(`array of strings at ${where}`, setAt(valid, path, [value, value]));
    }
    if (typeof value === 'number') {
      NUMBERS_AS_TEXT.forEach((s) => add(`number as text ${JSON.stringify(s)} at ${where}`, setAt(valid, path, s)));
      const text = JSON.stringify(valid);
      const raw = JSON.stringify(setAt(valid, path, 424242.4242));
      if (raw !== text) {
        out.push({ label: `1e999 at ${where}`, text: raw.replace('424242.4242', '1e999') });
        out.push({ label: `-1e999 at ${where}`, text: raw.replace('424242.4242', '-1e999') });
        out.push({ label: `NaN literal at ${where}`, text: raw.replace('424242.4242', 'NaN') });
      }
    }
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      add(`array where the object ${where} belongs`, setAt(valid, path, [value]));
      const withProto = clone(value);
      setOwn(withProto, '__proto__', { role: 'admin' });
      add(`__proto__ in ${where}`, setAt(valid, path, withProto));
    }
    if (path.length === 1) {
      const key = JSON.stringify(path[0]);
      const rest = JSON.stringify(valid).slice(1);
      out.push({ label: `duplicated key ${where}, wrong value first`, text: `{${key}:{"x":[1]},${rest}` });
      out.push({
        label: `duplicated key ${where}, wrong value last`,
        text: `${JSON.stringify(valid).slice(0, -1)},${key}:{"x":[1]}}`,
      });
      out.push({ label: `duplicated key ${where}, both valid`, text: `{${key}:${JSON.stringify(value)},${rest}` });
    }
  }
  return out;
}

function validSample(schema: Endpoint['body']): Json {
  if (!schema) return {};
  const samples = fc.sample(validArbitrary(jsonSchemaOf(schema)), { numRuns: 200, seed: 42 });
  // The richest valid sample: the most leaves to break.
  const valid = samples.filter((s) => schema.safeParse(s).success);
  valid.sort((a, b) => leafPaths(b).length - leafPaths(a).length);
  return valid[0] ?? {};
}

describe('nasty payloads on every write endpoint', function () {
  this.timeout(300_000);
  const stats = newStats();
  const writeEndpoints = allEndpoints.filter((e) => e.method !== 'get');

  after(() =>
    console.log(`      nasty payload summary: ${JSON.stringify({ endpoints: writeEndpoints.length, ...stats })}`),
  );

  for (const endpoint of writeEndpoints) {
    const key = endpointKey(endpoint);
    it(`${key} survives nasty payloads: no 5xx, invalid ones 400/413 problem+json writing nothing`, async () => {
      const fixture = objectFixtures[key];
      const role = fixture ? fixtureRoles(endpoint, fixture)[0]! : allowedRoles(endpoint)[0]!;
      const caller: TestUser = await registeredUser(role);
      let params: Record<string, string> = {};
      let valid: Json = validSample(endpoint.body);
      if (fixture) {
        const arranged = await fixture.arrange(caller);
        params = arranged.params;
        if (arranged.body !== undefined) valid = arranged.body;
      } else {
        const schema = paramsSchemaOf(endpoint);
        if (schema)
          params = fc.sample(validArbitrary(jsonSchemaOf(schema)), { numRuns: 1, seed: 1 })[0] as Record<
            string,
            string
          >;
      }
      const bodies = nastyBodies(valid);
      const cases: HostileCase[] = bodies.map((b) => ({
        endpoint,
        params,
        query: '',
        bodyText: b.text,
        token: caller.token,
        label: b.label,
      }));
      const failures = await runCases(cases, stats, 4, [caller.uid], 25);
      assertNoFailures(failures);
      assert.ok(cases.length >= 9);
    });
  }

  it('saw no 5xx and no write by a rejected request', () => {
    assert.equal(stats.serverErrors, 0);
    assert.equal(stats.rejectedWrites, 0);
  });
});
