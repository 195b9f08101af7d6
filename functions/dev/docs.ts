// `npm --prefix functions run docs`: regenerates docs/authorization.md and the rate-limit table
// of docs/security.md from the endpoint declarations (and the matrix fixtures of the tests), and
// the console's API types (web/src/api-types.ts) from the OpenAPI document, and the app's loading
// table (src/routes.ts) from the feature list of src/endpoints.ts. test/authorization.test.ts,
// test/console-api-types.test.ts and test/cold-start.test.ts fail when the committed files differ
// from what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { allEndpoints } from '../src/endpoints.js';
import { objectFixtures } from '../test/matrix/fixtures.js';
import { renderAuthorizationDoc, withRateLimitTable } from '../test/matrix/matrix.js';
import { consoleApiTypesPath, renderConsoleApiTypes } from './console-api-types.js';
import { renderRoutes, routesPath } from './routes.js';

async function main(): Promise<void> {
  const docsDir = join(__dirname, '..', '..', 'docs');
  const authorization = join(docsDir, 'authorization.md');
  writeFileSync(authorization, renderAuthorizationDoc(allEndpoints, objectFixtures));
  const security = join(docsDir, 'security.md');
  writeFileSync(security, withRateLimitTable(readFileSync(security, 'utf8'), allEndpoints));
  writeFileSync(consoleApiTypesPath, await renderConsoleApiTypes());
  writeFileSync(routesPath, await renderRoutes());
  console.log(`wrote ${authorization}, the rate-limit table of ${security}, ${consoleApiTypesPath} and ${routesPath}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
