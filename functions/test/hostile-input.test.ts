// Hostile input, property-based: for every declared endpoint, fast-check generates requests from
// its zod schemas (path parameters, query, body), valid and broken (wrong types, out of range,
// missing required, extra keys, huge strings, strings against their pattern). Every case: no 5xx,
// no internals in the answer, invalid input → 400 (413 when too large) problem+json, and batches
// of rejected requests change nothing stored. FUZZ_CASES (default 200) sets the cases per
// endpoint, FUZZ_SEED the seed (printed, to replay a failure).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { allEndpoints } from '../src/endpoints.js';
import type { Endpoint } from '../src/http/endpoint.js';
import { paramsSchemaOf, pathParamNames } from '../src/http/endpoint.js';
import { ROLES, type Role } from '../src/shared/schemas.js';
import { registeredUser, type TestUser } from './helpers/api.js';
import { invalidArbitrary, jsonSchemaOf, paramArbitrary, validArbitrary } from './hostile/arbitraries.js';
import { assertNoFailures, newStats, quiescent, runAccepted, runRejected, type HostileCase } from './hostile/runner.js';
import { objectFixtures, type Arranged } from './matrix/fixtures.js';
import { allowedRoles, endpointKey, fixtureRoles } from './matrix/matrix.js';

const CASES = Number(process.env.FUZZ_CASES ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 6);
const USERS_PER_ROLE = 4;
/** Endpoints whose accepted calls end their caller's account: they get callers of their own. */
const CONSUMES_CALLER = new Set(['DELETE /users/me']);

/** Query values as they go on the wire: arrays as repeated keys, objects as JSON text. */
export function toQueryString(query: unknown): string {
  if (query === null || typeof query !== 'object' || Array.isArray(query)) {
    return query === undefined ? '' : new URLSearchParams({ q: JSON.stringify(query) }).toString();
  }
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      search.append(key, item !== null && typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  return search.toString();
}

function partArbitrary(schema: Record<string, any>): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: validArbitrary(schema), weight: 3 }, { arbitrary: invalidArbitrary(schema), weight: 2 });
}

function caseArbitrary(
  endpoint: Endpoint,
  arranged: Arranged | undefined,
): fc.Arbitrary<Omit<HostileCase, 'token' | 'endpoint' | 'label'> & { owned: boolean }> {
  const paramsSchema = paramsSchemaOf(endpoint);
  const names = pathParamNames(endpoint.path);
  const generatedParams = paramsSchema
    ? fc.record(
        Object.fromEntries(
          names.map((name) => [
            name,
            paramArbitrary(jsonSchemaOf(paramsSchema).properties?.[name] ?? { type: 'string' }),
          ]),
        ),
      )
    : fc.constant({});
  const params = arranged
    ? fc.oneof(
        { arbitrary: fc.constant({ params: arranged.params, owned: true }), weight: 1 },
        { arbitrary: generatedParams.map((p) => ({ params: p, owned: false })), weight: 2 },
      )
    : generatedParams.map((p) => ({ params: p, owned: false }));
  const query = endpoint.query
    ? partArbitrary(jsonSchemaOf(endpoint.query)).map(toQueryString)
    : fc.oneof(
        { arbitrary: fc.constant(''), weight: 4 },
        {
          arbitrary: fc
            .dictionary(fc.stringMatching(/^[a-z_]{1,8}$/), fc.string({ maxLength: 8 }), { minKeys: 1, maxKeys: 2 })
            .map(toQueryString),
          weight: 1,
        },
      );
  let body: fc.Arbitrary<string | undefined> = fc.constant(undefined);
  if (endpoint.method !== 'get') {
    body = endpoint.body
      ? fc.oneof(
          {
            arbitrary: partArbitrary(jsonSchemaOf(endpoint.body)).map((b) =>
              b === undefined ? undefined : JSON.stringify(b),
            ),
            weight: 8,
          },
          { arbitrary: fc.constant(undefined), weight: 1 },
          ...(arranged?.body !== undefined
            ? [{ arbitrary: fc.constant(JSON.stringify(arranged.body)), weight: 2 }]
            : []),
        )
      : fc.oneof(
          { arbitrary: fc.constant(undefined), weight: 3 },
          { arbitrary: fc.jsonValue({ maxDepth: 2 }).map((b) => JSON.stringify(b)), weight: 1 },
        );
  }
  return fc
    .record({ p: params, query, bodyText: body })
    .map(({ p, query: q, bodyText }) => ({ params: p.params, owned: p.owned, query: q, bodyText }));
}

describe('hostile input, generated from the declared schemas', function () {
  this.timeout(900_000);
  const stats = newStats();
  const pool = new Map<Role, TestUser[]>();
  const plans = new Map<Endpoint, { cases: HostileCase[]; callers: string[] }>();

  // Everything is arranged first and left to settle (triggers, queued jobs); then every endpoint's
  // rejected cases run while nothing else writes; the accepted ones, which may write, run last.
  before(async () => {
    console.log(`      fuzz: ${CASES} cases per endpoint, seed ${SEED} (FUZZ_CASES, FUZZ_SEED)`);
    for (const role of ROLES)
      pool.set(role, await Promise.all(Array.from({ length: USERS_PER_ROLE }, () => registeredUser(role))));
    const poolIds = [...pool.values()].flat().map((u) => u.uid);
    for (const endpoint of allEndpoints) {
      const roles = endpoint.access === 'public' ? ROLES : allowedRoles(endpoint);
      const fixture = objectFixtures[endpointKey(endpoint)];
      let owner: TestUser | undefined;
      let arranged: Arranged | undefined;
      if (fixture) {
        owner = await registeredUser(fixtureRoles(endpoint, fixture)[0]!);
        arranged = await fixture.arrange(owner);
      }
      const samples = fc.sample(caseArbitrary(endpoint, arranged), { numRuns: CASES, seed: SEED });
      const callers = CONSUMES_CALLER.has(endpointKey(endpoint))
        ? new Map(
            await Promise.all(
              roles.map(
                async (role) =>
                  [
                    role,
                    await Promise.all(Array.from({ length: USERS_PER_ROLE }, () => registeredUser(role))),
                  ] as const,
              ),
            ),
          )
        : pool;
      const cases: HostileCase[] = samples.map((sample, i) => {
        const role = roles[i % roles.length]!;
        const anonymous = endpoint.access === 'public' && i % 5 === 0;
        const token =
          sample.owned && owner ? owner.token : anonymous ? undefined : callers.get(role)![i % USERS_PER_ROLE]!.token;
        return {
          endpoint,
          params: sample.params,
          query: sample.query,
          bodyText: sample.bodyText,
          token,
          label: `seed ${SEED} case ${i}`,
        };
      });
      const own = callers === pool ? [] : [...callers.values()].flat().map((u) => u.uid);
      plans.set(endpoint, { cases, callers: [...poolIds, ...own, ...(owner ? [owner.uid] : [])] });
    }
    await quiescent(undefined, 3000, 60_000);
  });

  after(() => {
    console.log(`      fuzz summary: ${JSON.stringify({ endpoints: allEndpoints.length, seed: SEED, ...stats })}`);
  });

  describe('rejected input: 400 (413) problem+json, nothing written', () => {
    for (const endpoint of allEndpoints) {
      it(`${endpointKey(endpoint)}: the invalid ones among ${CASES} generated requests`, async () => {
        const plan = plans.get(endpoint)!;
        const before = stats.invalid;
        assertNoFailures(await runRejected(plan.cases, stats, CONCURRENCY, plan.callers));
        assert.ok(stats.invalid > before, 'no invalid case was generated');
      });
    }
  });

  describe('accepted input: no 5xx, no internals', () => {
    for (const endpoint of allEndpoints) {
      it(`${endpointKey(endpoint)}: the valid ones among ${CASES} generated requests`, async () => {
        assertNoFailures(await runAccepted(plans.get(endpoint)!.cases, stats, CONCURRENCY));
      });
    }
  });

  describe('all endpoints', () => {
    it('ran at least the cases asked for, no 5xx, and no rejected request wrote anything', () => {
      assert.equal(stats.serverErrors, 0);
      assert.equal(stats.rejectedWrites, 0);
      assert.ok(stats.cases >= CASES * allEndpoints.length);
    });
  });
});
