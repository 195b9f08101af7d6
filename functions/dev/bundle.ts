// `npm run build` (after tsc has type-checked src): bundles the functions into two files, the
// entry point lib/index.js (what the emulators, the trigger relay and a deploy load) and
// lib/lazy.js, everything the exported functions import on their first call.
//
// Why: a cold instance's first API request used to load about 300 files (the app, zod, Express),
// and Node's module loader (resolving, stat-ing and reading each one) cost more than running
// them. lib/index.js holds only src/index.ts and config.ts, so loading it parses next to nothing;
// each `import('./app.js')` (or a trigger's module) of index.ts loads lib/lazy.js, one file, once,
// and runs only the modules that module needs (esbuild initialises a bundled module on its
// first require).
//
// firebase-admin and firebase-functions stay outside: the runtime and our code must share one
// instance of each (one Admin app, one Firestore client; firebase-functions loads them itself at
// import). @google/genai is loaded only when Gemini is called. config.ts ends up in both files:
// it holds no state (defineSecret registers its parameter by name, once).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';

const functionsDir = join(__dirname, '..');
const srcDir = join(functionsDir, 'src');
const libDir = join(functionsDir, 'lib');

/** The modules src/index.ts imports on first use, by the specifier it imports them with. */
const LAZY_MODULES = [
  './app.js',
  './planning/trigger.js',
  './planning/allocation.js',
  './agent/trigger.js',
  './bench/baseline.js',
  './webhooks/events.js',
  './webhooks/deliver.js',
  './outbound/derive.js',
  './outbound/worker.js',
  './channels/recycle.js',
  './requests/confirmation.js',
];
const lazyName = (specifier: string) => specifier.replace(/^\.\//, '').replace(/\.js$/, '');

/**
 * JSON files (mime-db's 200 KB table, which Express loads on the first request) as a
 * `JSON.parse` of a string, as `require()` reads them: V8 parses JSON far faster than the
 * same data written as a JavaScript object literal, esbuild's default.
 */
const jsonAsJsonParse: Plugin = {
  name: 'json-as-json-parse',
  setup(bundler) {
    bundler.onLoad({ filter: /\.json$/ }, (args) => {
      const json = JSON.stringify(JSON.parse(readFileSync(args.path, 'utf8')));
      return { contents: `module.exports = JSON.parse(${JSON.stringify(json)});`, loader: 'js' };
    });
  },
};

/**
 * zod's 64 translations of its error messages, which only `z.locales` exposes (a third of zod's
 * code, parsed for nothing): an empty namespace. The English messages zod uses by default are
 * imported directly (zod/v4/classic/schemas.js) and stay. Nothing here uses `z.locales`.
 */
const withoutZodLocales: Plugin = {
  name: 'without-zod-locales',
  setup(bundler) {
    bundler.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      args.importer.includes('/node_modules/zod/') ? { path: 'zod-locales', namespace: 'empty' } : undefined,
    );
    bundler.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: 'export {};', loader: 'js' }));
  },
};

/** In lib/index.js, each lazily imported module is taken from lib/lazy.js when first imported. */
const lazyFromLazyJs: Plugin = {
  name: 'lazy-from-lazy-js',
  setup(bundler) {
    bundler.onResolve({ filter: /^\.\// }, (args) =>
      args.importer === join(srcDir, 'index.ts') && LAZY_MODULES.includes(args.path)
        ? { path: args.path, namespace: 'lazy' }
        : undefined,
    );
    bundler.onResolve({ filter: /^\.\/lazy\.js$/, namespace: 'lazy' }, () => ({ path: './lazy.js', external: true }));
    bundler.onLoad({ filter: /.*/, namespace: 'lazy' }, (args) => ({
      contents: `module.exports = require('./lazy.js')[${JSON.stringify(lazyName(args.path))}]();`,
      loader: 'js',
    }));
  },
};

/** lib/lazy.js: one function per lazy module, which initialises that module on its first call. */
const lazyEntry = LAZY_MODULES.map(
  (specifier) =>
    `exports[${JSON.stringify(lazyName(specifier))}] = () => require(${JSON.stringify(specifier.replace(/\.js$/, '.ts'))});`,
).join('\n');

const common: BuildOptions = {
  absWorkingDir: functionsDir,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  // The emulators here run Node 20; production runs Node 22.
  target: 'node20',
  tsconfig: join(functionsDir, 'tsconfig.build.json'),
  external: [
    'firebase-admin',
    'firebase-admin/*',
    'firebase-functions',
    'firebase-functions/*',
    '@google/genai',
    // Loaded from node_modules only by the paths that send or check Twilio messages (outbound/twilio.ts).
    'twilio',
    'twilio/*',
  ],
  // Not minified, so stack traces stay readable; the map points at src/ for tools that read it.
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
};

async function main(): Promise<void> {
  // Nothing but the bundle: stale per-file output would be deployed and could be loaded twice.
  rmSync(libDir, { recursive: true, force: true });
  const entry = await build({
    ...common,
    entryPoints: [join(srcDir, 'index.ts')],
    outfile: join(libDir, 'index.js'),
    plugins: [lazyFromLazyJs],
    metafile: true,
  });
  // A module in both files would run twice, with two copies of its state (a second Firestore
  // client, which refuses its settings): a new lazy import of index.ts belongs in LAZY_MODULES.
  const inEntry = Object.keys(entry.metafile.inputs).filter(
    (input) => input.startsWith('src/') && !['src/index.ts', 'src/config.ts'].includes(input),
  );
  if (inEntry.length > 0)
    throw new Error(`lib/index.js would include ${inEntry.join(', ')}: add them to LAZY_MODULES in dev/bundle.ts`);
  await build({
    ...common,
    stdin: { contents: lazyEntry, resolveDir: srcDir, sourcefile: 'lazy.js', loader: 'js' },
    outfile: join(libDir, 'lazy.js'),
    // iconv-lite's code pages (500 KB) serve bodies in other charsets than UTF-8: the few files
    // body-parser loads come from node_modules (an Express dependency, installed on deploy).
    external: [...(common.external ?? []), 'iconv-lite'],
    plugins: [jsonAsJsonParse, withoutZodLocales],
  });
  for (const file of ['index.js', 'lazy.js']) asciiOnly(join(libDir, file));
}

/**
 * One non-ASCII character anywhere makes V8 hold the whole source as a two-byte string, slower to
 * decode and to scan: zod keeps a comment with an em dash inside an expression, the only one in
 * 1.5 MB. esbuild escapes strings, templates and regular expressions (charset ascii), so comment
 * lines are all that can hold one; each becomes '?' (one UTF-16 unit each: the source map holds).
 */
function asciiOnly(file: string): void {
  const source = readFileSync(file, 'utf8');
  const lines = source.split('\n').map((line, index) => {
    if (/^[\t\x20-\x7e]*$/.test(line)) return line;
    if (!line.trimStart().startsWith('//')) throw new Error(`${file}:${index + 1}: non-ASCII outside a comment`);
    return line.replace(/[^\t\x20-\x7e]/g, '?');
  });
  const ascii = lines.join('\n');
  if (ascii !== source) writeFileSync(file, ascii);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
