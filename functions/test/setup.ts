// Mocha root hooks (loaded through .mocharc.json). dev/run-tests.ts runs every test file in its
// own mocha process, so this root `beforeAll` runs once per file: each file starts from empty
// emulators. `afterAll` reports how many exchanges the contract check held against /openapi.json.
import type { RootHookObject } from 'mocha';
import { contractStats } from './helpers/contract.js';
import { resetEmulators, testApp } from './helpers/emulators.js';

export const mochaHooks: RootHookObject = {
  async beforeAll() {
    testApp();
    await resetEmulators();
  },
  afterAll() {
    const { checked, requestUnchecked: unchecked } = contractStats;
    if (checked === 0) return;
    console.log(
      `  [contract] ${checked} exchanges checked against /openapi.json` +
        (unchecked > 0 ? ` (${unchecked} with the request invalid on purpose, only the response checked)` : ''),
    );
  },
};
