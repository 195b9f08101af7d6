// What keeps a cold instance short (docs/benchmarks.md, figure 1): the build (dev/bundle.ts) is a
// small entry point that leaves the app to the first request, and one file, lib/lazy.js, that the
// first request reads instead of the ~300 module files of the app, zod and Express.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allEndpoints } from '../src/endpoints.js';
import { lazyFeatures } from '../src/routes.js';

const functionsDir = join(__dirname, '..');
const lib = join(functionsDir, 'lib');
const entry = join(lib, 'index.js');

interface ColdStartTrace {
  status: number;
  body: unknown;
  /** Module files loaded by `require(entry)`, then by the first GET /health. */
  atLoad: string[];
  atFirstRequest: string[];
}

// Run in a fresh process: a cold instance, as in bench/fixtures/cold-start-probe.cjs.
const tracer = `
const http = require('node:http');
const loaded = () => Object.keys(require.cache);
const functions = require(process.argv[1]);
const atLoad = loaded();
const server = http.createServer((req, res) => functions.api(req, res));
server.listen(0, '127.0.0.1', async () => {
  const response = await fetch('http://127.0.0.1:' + server.address().port + '/health');
  const body = await response.json();
  const atFirstRequest = loaded().filter((file) => !atLoad.includes(file));
  process.stdout.write(JSON.stringify({ status: response.status, body, atLoad, atFirstRequest }) + '\\n');
  process.exit(0);
});
`;

function traceColdStart(): ColdStartTrace {
  // No emulator variables: like the benchmark's probe, nothing here may need a backend.
  const out = execFileSync(process.execPath, ['-e', tracer, entry], {
    cwd: functionsDir,
    env: { PATH: process.env.PATH, GCLOUD_PROJECT: 'demo-disaster-response' },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as ColdStartTrace;
}

const isPackage = (name: string) => (file: string) => file.includes(`/node_modules/${name}/`);
const fromLib = (file: string) => file.startsWith(lib + '/');

describe('cold start of the built functions', function () {
  this.timeout(60_000);
  let trace: ColdStartTrace;

  before(() => {
    trace = traceColdStart();
  });

  it('is built as two files', () => {
    assert.deepEqual(
      readdirSync(lib).filter((file) => file.endsWith('.js')),
      ['index.js', 'lazy.js'],
    );
  });

  it('is ASCII: one other character makes V8 read and scan the whole file as two-byte text', () => {
    for (const file of ['index.js', 'lazy.js'])
      assert.match(readFileSync(join(lib, file), 'latin1'), /^[\t\n\x20-\x7e]*$/, file);
  });

  it('answers the first GET /health of a fresh process', () => {
    assert.equal(trace.status, 200);
    assert.deepEqual(trace.body, { status: 'ok' });
  });

  it('leaves the app, zod and Express to the first request', () => {
    assert.deepEqual(trace.atLoad.filter(fromLib), [entry]);
    assert.deepEqual(trace.atLoad.filter(isPackage('zod')), []);
    assert.deepEqual(trace.atLoad.filter(isPackage('express')), []);
  });

  it('reads lib/lazy.js on the first request, and no module file of zod, Express or Twilio', () => {
    assert.deepEqual(trace.atFirstRequest.filter(fromLib), [join(lib, 'lazy.js')]);
    assert.deepEqual(trace.atFirstRequest.filter(isPackage('zod')), []);
    assert.deepEqual(trace.atFirstRequest.filter(isPackage('express')), []);
    // The Twilio SDK loads only on the paths that send or check Twilio messages (outbound/twilio.ts).
    assert.deepEqual(trace.atLoad.filter(isPackage('twilio')), []);
    assert.deepEqual(trace.atFirstRequest.filter(isPackage('twilio')), []);
  });
});

describe('the app loads feature by feature (src/routes.ts)', () => {
  const key = (endpoint: { method: string; path: string }) => `${endpoint.method} ${endpoint.path}`;

  it('with exactly the endpoints of endpoints.ts, in the same order', async () => {
    const lists = await Promise.all(lazyFeatures.map((feature) => feature.load()));
    assert.deepEqual(lists.flat().map(key), allEndpoints.map(key));
  });

  it('each feature serving only the first path segments it names', async () => {
    for (const feature of lazyFeatures) {
      for (const endpoint of await feature.load()) {
        const segment = endpoint.path.split('/')[1]!;
        assert.ok(feature.segments.includes(segment), `${key(endpoint)} is not under ${feature.segments.join(', ')}`);
      }
    }
  });
});
