// The console's API types are generated from the OpenAPI document (dev/console-api-types.ts), and
// its value lists are imported from src/shared/vocabulary.ts, the lists the models build their
// enums from: the console's type check (npm --prefix web run typecheck) then catches any drift,
// provided the committed types are the ones the declarations generate.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { consoleApiTypesPath, renderConsoleApiTypes } from '../dev/console-api-types.js';

describe("the console's API types (web/src/api-types.ts)", () => {
  it('are the ones the endpoint declarations generate (run `npm --prefix functions run docs`)', async () => {
    const committed = readFileSync(consoleApiTypesPath, 'utf8');
    assert.equal(committed, await renderConsoleApiTypes(), 'web/src/api-types.ts is stale');
  });
});
