// Mocha root hooks (loaded through .mocharc.json). dev/run-tests.ts runs every test file in its
// own mocha process, so this root `beforeAll` runs once per file: each file starts from empty
// emulators.
import type { RootHookObject } from 'mocha';
import { resetEmulators, testApp } from './helpers/emulators.js';

export const mochaHooks: RootHookObject = {
  async beforeAll() {
    testApp();
    await resetEmulators();
  },
};
