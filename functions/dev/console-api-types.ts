// The console's API types (web/src/api-types.ts), generated from the OpenAPI document the API
// serves at GET /openapi.json, by openapi-typescript (a devDependency of web/, loaded from there).
// `npm --prefix functions run docs` writes the file; test/console-api-types.test.ts fails when the
// committed one differs, so a view schema that changes shape breaks the console's type check.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { allEndpoints } from '../src/endpoints.js';
import { openApiDocument } from '../src/http/openapi.js';

export const consoleApiTypesPath = join(__dirname, '..', '..', 'web', 'src', 'api-types.ts');

/** The two functions of openapi-typescript 7 used here (its types live in web/node_modules). */
interface OpenApiTypescript {
  default(schema: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown>;
  astToString(ast: unknown): string;
}

const HEADER = `// Generated from the API's OpenAPI document (GET /openapi.json) by openapi-typescript:
// do not edit. Regenerate with \`npm --prefix functions run docs\`; web/src/api.ts names the views.
`;

export async function renderConsoleApiTypes(): Promise<string> {
  const generator = createRequire(join(__dirname, '..', '..', 'web', 'package.json'))(
    'openapi-typescript',
  ) as OpenApiTypescript;
  const ast = await generator.default(openApiDocument(allEndpoints));
  return `${HEADER}\n${generator.astToString(ast)}`;
}
