// The console keeps its own copies of the API's value lists (web/src/api.ts: importing the models
// would bring zod into its bundle). A value the API gains and the console lacks would silently
// be missing from its selects and filters: each copy must equal the model's list, in order.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DISASTER_TYPES } from '../src/disasters/model.js';
import { NEEDS, PLANNING_STATES, REQUEST_CHANNELS, REQUEST_STATUSES } from '../src/requests/model.js';
import { RESOURCE_CATEGORIES, RESOURCE_STATUSES } from '../src/resources/model.js';
import { TASK_STATUSES } from '../src/tasks/model.js';

const consoleApi = readFileSync(join(__dirname, '..', '..', 'web', 'src', 'api.ts'), 'utf8');

/** The string literals of `export const NAME = [...] as const;` in web/src/api.ts. */
function consoleList(name: string): string[] {
  const body = new RegExp(`export const ${name} = \\[([^\\]]*)\\] as const;`).exec(consoleApi)?.[1];
  assert.ok(body !== undefined, `web/src/api.ts declares ${name}`);
  return [...body.matchAll(/'([^']*)'/g)].map((match) => match[1]!);
}

describe("the console's value lists (web/src/api.ts)", () => {
  const models: Record<string, readonly string[]> = {
    NEEDS,
    REQUEST_STATUSES,
    REQUEST_CHANNELS,
    PLANNING_STATES,
    TASK_STATUSES,
    DISASTER_TYPES,
    RESOURCE_STATUSES,
    RESOURCE_CATEGORIES,
  };
  for (const [name, values] of Object.entries(models)) {
    it(`${name} is the API model's list`, () => {
      assert.deepEqual(consoleList(name), [...values]);
    });
  }
});
