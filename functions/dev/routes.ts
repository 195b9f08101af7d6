// src/routes.ts, the app's feature-by-feature loading table, generated from src/endpoints.ts,
// the one list of the API's features: each feature's module and export come from its import line
// there, the first path segments it serves from its endpoints' paths, and the order from the list.
// `npm --prefix functions run docs` writes it; test/cold-start.test.ts fails when the committed file
// differs, so a feature added to endpoints.ts and nowhere else is routed after one command.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import type { Endpoint } from '../src/http/endpoint.js';

export const routesPath = join(__dirname, '..', 'src', 'routes.ts');
const endpointsPath = join(__dirname, '..', 'src', 'endpoints.ts');

interface FeatureModule {
  /** `./users/endpoints.js`, as imported. */
  module: string;
  exportName: string;
  /** A feature whose endpoints need every endpoint (meta: the OpenAPI document) exports a function of them. */
  takesAllEndpoints: boolean;
  segments: string[];
}

/** The features of src/endpoints.ts, in the order of its list. */
async function featureModules(): Promise<FeatureModule[]> {
  const source = readFileSync(endpointsPath, 'utf8');
  const modules = new Map<string, string>();
  for (const [, names, module] of source.matchAll(/^import \{ (\w+) \} from '(\.\/[\w/-]+\/endpoints\.js)';$/gm))
    modules.set(names!, module!);
  const list = /export const allEndpoints[^=]*= \[([\s\S]*?)\];/.exec(source)?.[1];
  if (!list) throw new Error('src/endpoints.ts: no `export const allEndpoints = [...]`');
  const features: FeatureModule[] = [];
  for (const [, exportName, call] of list.matchAll(/\.\.\.(\w+)(\()?/g)) {
    const module = modules.get(exportName!);
    if (!module) throw new Error(`src/endpoints.ts: ${exportName} is not imported from a feature's endpoints.js`);
    const loaded = ((await import(join('..', 'src', module.replace(/\.js$/, '.ts')))) as Record<string, unknown>)[
      exportName!
    ];
    const endpoints = (
      call ? (loaded as (all: () => Promise<Endpoint[]>) => Endpoint[])(() => Promise.resolve([])) : loaded
    ) as Endpoint[];
    const segments = [...new Set(endpoints.map((endpoint) => endpoint.path.split('/')[1]!))];
    features.push({ module, exportName: exportName!, takesAllEndpoints: Boolean(call), segments });
  }
  return features;
}

const HEADER = `// Generated from src/endpoints.ts by dev/routes.ts: do not edit. Regenerate with
// \`npm --prefix functions run docs\`; a new feature goes only in endpoints.ts.
//
// The endpoints of the API as the app loads them: feature by feature, on the first request to a
// path a feature serves. A cold instance then builds only what its first request needs (GET
// /health: no Firestore client, no other feature's schemas). Each import is written out: the
// bundler (dev/bundle.ts) follows only literal imports.
import type { LazyFeature } from './http/router.js';

/** In the order of endpoints.ts. */
export const lazyFeatures: readonly LazyFeature[] = [
`;

export async function renderRoutes(): Promise<string> {
  const lines = (await featureModules()).map(({ module, exportName, takesAllEndpoints, segments }) => {
    const endpoints = takesAllEndpoints
      ? `(await import('${module}')).${exportName}(async () => (await import('./endpoints.js')).allEndpoints)`
      : `(await import('${module}')).${exportName}`;
    return `  { segments: ${JSON.stringify(segments).replaceAll('"', "'").replaceAll(',', ', ')}, load: async () => ${endpoints} },\n`;
  });
  const config = await prettier.resolveConfig(routesPath);
  return prettier.format(`${HEADER}${lines.join('')}];\n`, { ...config, filepath: routesPath });
}
