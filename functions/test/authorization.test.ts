// Derived from the endpoint declarations: every protected endpoint refuses anonymous callers with
// 401, and every role-restricted endpoint refuses each other role with 403, before reading input.
import assert from 'node:assert/strict';
import { allEndpoints } from '../src/endpoints.js';
import { ROLES, type Role } from '../src/shared/schemas.js';
import { call, expectProblem, uniqueId } from './helpers/api.js';
import { tokenFor } from './helpers/emulators.js';

function bodyFor(method: string): unknown {
  return method === 'get' ? undefined : {};
}

function concretePath(path: string): string {
  return path.replace(/\{[^}]+\}/g, () => uniqueId('x'));
}

describe('authorization derived from the endpoint declarations', () => {
  const tokens = new Map<Role, string>();
  before(async () => {
    for (const role of ROLES) tokens.set(role, await tokenFor({ uid: uniqueId(role), role }));
  });

  for (const endpoint of allEndpoints) {
    const label = `${endpoint.method.toUpperCase()} ${endpoint.path}`;
    if (endpoint.access === 'public') continue;

    it(`${label} refuses an anonymous caller with 401`, async () => {
      const response = await call(endpoint.method.toUpperCase(), concretePath(endpoint.path), { body: bodyFor(endpoint.method) });
      expectProblem(response, 401, 'unauthenticated');
    });

    if (Array.isArray(endpoint.access)) {
      const allowed = endpoint.access as readonly Role[];
      for (const role of ROLES.filter((r) => !allowed.includes(r))) {
        it(`${label} refuses the role ${role} with 403`, async () => {
          const response = await call(endpoint.method.toUpperCase(), concretePath(endpoint.path), { token: tokens.get(role)!, body: bodyFor(endpoint.method) });
          expectProblem(response, 403, 'forbidden');
        });
      }
    }
  }

  it('covers at least one role-restricted endpoint', () => {
    assert.ok(allEndpoints.some((e) => Array.isArray(e.access)));
  });
});
