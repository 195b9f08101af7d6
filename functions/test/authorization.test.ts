// The authorization matrix, derived from the endpoint declarations (test/matrix/matrix.ts) and
// checked call by call: every protected endpoint refuses an anonymous caller with 401 and every
// role it does not admit with 403, before reading input; every endpoint about one object answers
// another user of the same role, who does not own it, as its fixture says (and its owner with
// success, so a broken fixture cannot make the check pass); an `idempotent` endpoint checks its
// caller before its Idempotency-Key; docs/authorization.md is what the declarations generate.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allEndpoints } from '../src/endpoints.js';
import { successStatus } from '../src/http/endpoint.js';
import { ROLES, type Role } from '../src/shared/schemas.js';
import { call, expectProblem, registeredUser, uniqueId, type ApiResponse } from './helpers/api.js';
import { tokenFor } from './helpers/emulators.js';
import { nonOwnerStatus, objectFixtures, type Arranged } from './matrix/fixtures.js';
import {
  endpointKey,
  expectedFor,
  fixtureRoles,
  isObjectEndpoint,
  renderAuthorizationDoc,
  resolveExpected,
  withRateLimitTable,
} from './matrix/matrix.js';

const docsDir = join(__dirname, '..', '..', 'docs');

function bodyFor(method: string): unknown {
  return method === 'get' ? undefined : {};
}

/** The denials arrange no input: authorization comes before it is read. */
const PLACEHOLDER_INPUT =
  'a denial before the input is read: placeholder ids, a body of {} to any method but GET, no query parameters';

function concretePath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(params[name] ?? uniqueId('x')));
}

function withQuery(path: string, query: Record<string, string> | undefined): string {
  return query && Object.keys(query).length > 0 ? `${path}?${new URLSearchParams(query).toString()}` : path;
}

function callArranged(method: string, path: string, arranged: Arranged, token: string): Promise<ApiResponse> {
  return call(method.toUpperCase(), withQuery(concretePath(path, arranged.params), arranged.query), {
    token,
    body: method === 'get' ? undefined : arranged.body,
  });
}

describe('authorization matrix derived from the endpoint declarations', function () {
  const tokens = new Map<Role, string>();
  before(async () => {
    for (const role of ROLES) tokens.set(role, await tokenFor({ uid: uniqueId(role), role }));
  });

  it('docs/authorization.md is the matrix the declarations generate (run `npm --prefix functions run docs`)', () => {
    const committed = readFileSync(join(docsDir, 'authorization.md'), 'utf8');
    assert.equal(committed, renderAuthorizationDoc(allEndpoints, objectFixtures), 'docs/authorization.md is stale');
  });

  it('the rate-limit table of docs/security.md is the one the declarations generate', () => {
    const committed = readFileSync(join(docsDir, 'security.md'), 'utf8');
    assert.equal(
      committed,
      withRateLimitTable(committed, allEndpoints),
      'the rate-limit table of docs/security.md is stale',
    );
  });

  it('every endpoint about one object has an object fixture, and every fixture names a declared endpoint', () => {
    const missing = allEndpoints.filter((e) => isObjectEndpoint(e) && !objectFixtures[endpointKey(e)]).map(endpointKey);
    assert.deepEqual(missing, [], `add fixtures to test/matrix/fixtures.ts for: ${missing.join(', ')}`);
    const declared = new Set(allEndpoints.map(endpointKey));
    const unknown = Object.keys(objectFixtures).filter((key) => !declared.has(key));
    assert.deepEqual(unknown, [], `fixtures for endpoints that are not declared: ${unknown.join(', ')}`);
  });

  for (const endpoint of allEndpoints) {
    const label = endpointKey(endpoint);
    const method = endpoint.method.toUpperCase();

    if (expectedFor(endpoint, 'anonymous') === 401) {
      it(`${label} refuses an anonymous caller with 401`, async () => {
        expectProblem(
          await call(method, concretePath(endpoint.path), {
            body: bodyFor(endpoint.method),
            invalidRequest: PLACEHOLDER_INPUT,
          }),
          401,
          'unauthenticated',
        );
      });
    }

    for (const role of ROLES.filter((r) => expectedFor(endpoint, r) === 403)) {
      it(`${label} refuses the role ${role} with 403`, async () => {
        const response = await call(method, concretePath(endpoint.path), {
          token: tokens.get(role)!,
          body: bodyFor(endpoint.method),
          invalidRequest: PLACEHOLDER_INPUT,
        });
        expectProblem(response, 403, 'forbidden');
      });
    }

    if (endpoint.idempotent) {
      it(`${label} (idempotent) checks the caller before the Idempotency-Key, then refuses a bad key with 400 naming it`, async () => {
        const badKey = { 'Idempotency-Key': 'k'.repeat(256) };
        const path = concretePath(endpoint.path);
        // Idempotent endpoints are never public (defineEndpoint): an anonymous caller is a 401 first.
        expectProblem(
          await call(method, path, { body: {}, headers: badKey, invalidRequest: PLACEHOLDER_INPUT }),
          401,
          'unauthenticated',
        );
        const role = ROLES.find((r) => expectedFor(endpoint, r) === 'pass')!;
        const refused = expectProblem(
          await call(method, path, {
            token: tokens.get(role)!,
            body: {},
            headers: badKey,
            invalidRequest: 'a bad Idempotency-Key',
          }),
          400,
          'validation_failed',
        );
        assert.ok(refused.errors.some((issue: { path: string }) => issue.path === 'headers.Idempotency-Key'));
      });
    }

    const fixture = objectFixtures[label];
    if (!fixture) continue;
    this.timeout(30_000);
    for (const role of fixtureRoles(endpoint, fixture)) {
      const declared = nonOwnerStatus(fixture, role);
      const expected = declared === undefined ? undefined : resolveExpected(endpoint, declared);
      it(`${label} answers a ${role} who does not own the object with ${expected ?? '(undocumented)'}, and its ${role} owner with ${successStatus(endpoint)}`, async () => {
        assert.ok(expected !== undefined, `the fixture of ${label} gives no non-owner status for ${role}`);
        const owner = await registeredUser(role);
        const other = await registeredUser(role);
        const arranged = await fixture.arrange(owner);
        const asOther = await callArranged(endpoint.method, endpoint.path, arranged, other.token);
        if (expected >= 400) expectProblem(asOther, expected);
        else
          assert.equal(
            asOther.status,
            expected,
            `non-owner: expected ${expected}, got ${asOther.status}: ${asOther.text}`,
          );
        await fixture.afterNonOwner?.({ owner, other, arranged, response: asOther });
        // A fresh object for the owner: the other's call may have used this one up (approve, delete...).
        const fresh = await fixture.arrange(owner);
        const asOwner = await callArranged(endpoint.method, endpoint.path, fresh, owner.token);
        assert.equal(
          asOwner.status,
          successStatus(endpoint),
          `owner: expected ${successStatus(endpoint)}, got ${asOwner.status}: ${asOwner.text}`,
        );
      });
    }
  }

  it('covers at least one role-restricted endpoint and one object endpoint', () => {
    assert.ok(allEndpoints.some((e) => Array.isArray(e.access)));
    assert.ok(allEndpoints.some((e) => isObjectEndpoint(e) && objectFixtures[endpointKey(e)]));
  });
});
