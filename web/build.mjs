// Builds the console into dist/: index.html, hashed ES modules under assets/ (the map and the
// Firestore listener code are separate chunks loaded on first use), build-stats.json with
// the first-load JavaScript size (gzip) that the benchmark reports, and the area maps of
// public/maps/ with their index (maps/index.json).
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { writeMapsIndex } from './maps-index.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

const result = await build({
  absWorkingDir: here,
  entryPoints: [join(here, 'src', 'main.tsx')],
  outdir: join(dist, 'assets'),
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  sourcemap: false,
  target: ['es2022'],
  entryNames: '[name]-[hash]',
  chunkNames: '[name]-[hash]',
  // Leaflet's stylesheet travels inside the map chunk (injected when the map first shows).
  loader: { '.css': 'text', '.png': 'dataurl' },
  jsx: 'automatic',
  jsxImportSource: 'preact',
  metafile: true,
  logLevel: 'warning',
  legalComments: 'none',
});

const outputs = result.metafile.outputs;
const entry = Object.keys(outputs).find((file) => outputs[file].entryPoint?.endsWith('src/main.tsx'));
// First load: the entry and the chunks it imports statically (not the dynamic imports).
const firstLoad = new Set();
const visit = (file) => {
  if (firstLoad.has(file)) return;
  firstLoad.add(file);
  for (const imported of outputs[file].imports) if (imported.kind === 'import-statement') visit(imported.path);
};
visit(entry);
const gzip = (file) => gzipSync(readFileSync(join(here, file)), { level: 9 }).length;
const stats = {
  first_load_js_gzip_bytes: [...firstLoad].reduce((sum, file) => sum + gzip(file), 0),
  chunks: Object.keys(outputs)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file: relative('dist', file), gzip_bytes: gzip(file), first_load: firstLoad.has(file) })),
};
writeFileSync(join(dist, 'build-stats.json'), `${JSON.stringify(stats, null, 2)}\n`);

const entryUrl = `/${relative('dist', entry)}`;
const preloads = [...firstLoad]
  .filter((file) => file !== entry)
  .map((file) => `<link rel="modulepreload" href="/${relative('dist', file)}">`)
  .join('');
writeFileSync(
  join(dist, 'index.html'),
  `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#0b3d91">
<title>Disaster response console</title>
<link rel="stylesheet" href="/console.css">
${preloads}<script type="module" src="${entryUrl}"></script>
</head>
<body><div id="app"></div></body>
</html>
`,
);
writeFileSync(join(dist, 'console.css'), readFileSync(join(here, 'src', 'console.css')));
// The disaster areas' base maps an operator put in public/maps/ (docs/offline-maps.md), listed.
const maps = join(here, 'public', 'maps');
if (existsSync(maps)) {
  cpSync(maps, join(dist, 'maps'), { recursive: true, filter: (path) => !path.endsWith('.gitignore') });
  const listed = writeMapsIndex(join(dist, 'maps'));
  if (listed.length > 0) console.log(`[web] area maps: ${listed.map((a) => a.name).join(', ')}`);
}
console.log(`[web] built dist/ (first-load JS ${(stats.first_load_js_gzip_bytes / 1024).toFixed(1)} KB gzip)`);
