// `npm --prefix web run bench`: the console's figures in headless Chromium (Debian's chromium):
// first-load JavaScript (gzip, from the build), time from navigation to a usable map with
// 10,000 requests, and frame times while panning it. Prints JSON and writes bench/results.json.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const web = join(here, '..');
const out = join(web, 'dist-bench');
const POINTS = Number(process.env.BENCH_POINTS ?? 10_000);

// Built once: a running stack may be serving dist/ (the build empties it first).
if (!existsSync(join(web, 'dist', 'build-stats.json')))
  execFileSync(process.execPath, [join(web, 'build.mjs')], { stdio: 'inherit' });
const stats = JSON.parse(readFileSync(join(web, 'dist', 'build-stats.json'), 'utf8'));

mkdirSync(out, { recursive: true });
await build({
  absWorkingDir: web,
  entryPoints: [join(here, 'map-bench.ts')],
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  loader: { '.css': 'text', '.png': 'dataurl' },
  jsx: 'automatic',
  jsxImportSource: 'preact',
  logLevel: 'warning',
});
writeFileSync(
  join(out, 'index.html'),
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>map bench</title>
<style>html,body{margin:0;height:100%}#map{height:100vh}</style></head>
<body><div id="map"></div><script type="module" src="/map-bench.js"></script></body></html>`,
);

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const server = createServer((req, res) => {
  const pathname = new URL(req.url, 'http://x').pathname;
  const file = pathname === '/' ? 'index.html' : pathname.slice(1);
  try {
    const body = readFileSync(join(out, file));
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${server.address().port}/?points=${POINTS}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-dev-shm-usage'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
page.on('crash', () => console.error('[bench] the page crashed'));
page.on('pageerror', (error) => console.error(`[bench] ${error.message}`));
const runs = [];
for (let run = 0; run < 3; run++) {
  console.log(`[bench] load ${run + 1} of 3`);
  const started = Date.now();
  await page.goto(url);
  await page.waitForSelector(`#map[data-points="${POINTS}"]`, { timeout: 60_000 });
  runs.push(Date.now() - started);
  console.log(`[bench] map usable after ${runs.at(-1)} ms`);
}
// Panning: 10 steps of a few hundred pixels; each step's main-thread time (recluster and redraw of
// the canvas, which Leaflet does synchronously on moveend) is what a frame must fit in.
const frames = await page.evaluate(() => {
  const map = window.benchMap;
  const times = [];
  for (let i = 0; i < 10; i++) {
    const started = performance.now();
    map.panBy([i % 2 ? -240 : 240, i % 3 === 0 ? 120 : -120], { animate: false });
    times.push(performance.now() - started);
  }
  return times;
});
await browser.close();
server.close();

const sorted = [...frames].sort((a, b) => a - b);
const pct = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const results = {
  measured_at: new Date().toISOString(),
  first_load_js_gzip_kb: Number((stats.first_load_js_gzip_bytes / 1024).toFixed(1)),
  lazy_chunks_gzip_kb: stats.chunks
    .filter((c) => !c.first_load)
    .map((c) => ({ file: c.file, kb: Number((c.gzip_bytes / 1024).toFixed(1)) })),
  points: POINTS,
  navigation_to_map_ms: { runs, median: [...runs].sort((a, b) => a - b)[1] },
  pan_frame_ms: {
    frames: frames.length,
    median: Number(pct(50).toFixed(1)),
    p95: Number(pct(95).toFixed(1)),
    max: Number(sorted.at(-1).toFixed(1)),
  },
};
writeFileSync(join(here, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
