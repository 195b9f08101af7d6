// Builds the console into dist/: index.html, hashed ES modules under assets/ (the map and the
// Firestore listener code are separate chunks loaded on first use), build-stats.json with
// the first-load JavaScript size (gzip) that the benchmark reports, and what makes it an
// installable app that opens offline: manifest.webmanifest, its icons, and sw.js (src/sw.ts)
// with the list of the shell's files and a cache version made from their hash.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ICONS, iconPng, iconSvg, THEME_COLOR } from './build/icons.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
// The disaster areas' base maps an operator put in public/maps/, copied to dist/maps/ and listed
// in dist/maps/index.json (docs/offline-maps.md).
const { copyAreaMaps } = await import('./maps-index.mjs');
copyAreaMaps(join(here, 'public', 'maps'), join(dist, 'maps'));

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
<meta name="theme-color" content="${THEME_COLOR}">
<title>Disaster response console</title>
<link rel="manifest" href="/manifest.webmanifest">
<link rel="icon" href="/icon.svg" type="image/svg+xml">
<link rel="apple-touch-icon" href="/icon-192.png">
<link rel="stylesheet" href="/console.css">
${preloads}<script type="module" src="${entryUrl}"></script>
</head>
<body><div id="app"></div></body>
</html>
`,
);
writeFileSync(join(dist, 'console.css'), readFileSync(join(here, 'src', 'console.css')));

// The installable app: its manifest and icons.
writeFileSync(join(dist, 'icon.svg'), iconSvg);
for (const icon of ICONS) writeFileSync(join(dist, icon.file), iconPng(icon.size, icon.inset));
const manifest = {
  name: 'Disaster response console',
  short_name: 'Response',
  description: 'Coordinate help requests, tasks and resources; works offline.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  background_color: '#ffffff',
  theme_color: THEME_COLOR,
  icons: [
    { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ...ICONS.map((icon) => ({
      src: `/${icon.file}`,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.purpose,
    })),
  ],
};
writeFileSync(join(dist, 'manifest.webmanifest'), `${JSON.stringify(manifest, null, 2)}\n`);

// The service worker: every file above is the shell (lazy chunks too, so that the map and the
// admins' screens open offline once the console has been opened online), versioned by their hash.
const shellFiles = [
  '/index.html',
  '/console.css',
  '/manifest.webmanifest',
  '/icon.svg',
  ...ICONS.map((icon) => `/${icon.file}`),
  ...Object.keys(outputs).map((file) => `/${relative('dist', file)}`),
];
const version = createHash('sha256');
for (const file of shellFiles) version.update(file).update(readFileSync(join(dist, file)));
const shellVersion = version.digest('hex').slice(0, 16);
await build({
  absWorkingDir: here,
  entryPoints: [join(here, 'src', 'sw.ts')],
  outfile: join(dist, 'sw.js'),
  bundle: true,
  format: 'iife',
  minify: true,
  target: ['es2022'],
  define: { SHELL_VERSION: JSON.stringify(shellVersion), SHELL_FILES: JSON.stringify(shellFiles) },
  logLevel: 'warning',
  legalComments: 'none',
});
console.log(`[web] built dist/ (first-load JS ${(stats.first_load_js_gzip_bytes / 1024).toFixed(1)} KB gzip)`);
