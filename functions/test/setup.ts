// Mocha root hooks (loaded through .mocharc.json). Mocha runs in parallel mode with one job:
// every test file in its own worker, one after the other, and in that mode a root `beforeAll`
// runs once per file, so each file starts from empty emulators.
import type { RootHookObject } from 'mocha';
import { resetEmulators, testApp } from './helpers/emulators.js';

export const mochaHooks: RootHookObject = {
  async beforeAll() {
    testApp();
    await resetEmulators();
  },
};
