// `npm --prefix functions run docs`: regenerates docs/authorization.md and the rate-limit table
// of docs/security.md from the endpoint declarations (and the matrix fixtures of the tests).
// test/authorization.test.ts fails when the committed files differ from what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { allEndpoints } from '../src/endpoints.js';
import { objectFixtures } from '../test/matrix/fixtures.js';
import { renderAuthorizationDoc, withRateLimitTable } from '../test/matrix/matrix.js';

const docsDir = join(__dirname, '..', '..', 'docs');
const authorization = join(docsDir, 'authorization.md');
writeFileSync(authorization, renderAuthorizationDoc(allEndpoints, objectFixtures));
const security = join(docsDir, 'security.md');
writeFileSync(security, withRateLimitTable(readFileSync(security, 'utf8'), allEndpoints));
console.log(`wrote ${authorization} and the rate-limit table of ${security}`);
