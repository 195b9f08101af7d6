// What keeps a cold instance short (docs/benchmarks.md, figure 1): the build (dev/bundle.ts) is a
// small entry point that leaves the app to the first request, and one file, lib/lazy.js, that the
// first request reads instead of the ~300 module files of the app, zod and Express.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allEndpoints } from '../src/endpoints.js';
import { lazyFeatures } from '../src/routes.js';
import { renderRoutes, routesPath } from '../dev/routes.js';

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
  // No emulator variables: like the benchmark's probe, nothing here may need a backend. The
  // runtime tells an instance which function it serves by FUNCTION_TARGET.
  const out = execFileSync(process.execPath, ['-e', tracer, entry], {
    cwd: functionsDir,
    env: { PATH: process.env.PATH, GCLOUD_PROJECT: 'demo-disaster-response', FUNCTION_TARGET: 'api' },
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

  it('leaves the Firestore client to the first request that reads data', () => {
    // firebase-functions/v2/firestore would load it with its protobufs: only a Firestore
    // trigger's instance imports it (firestoreTrigger in src/index.ts).
    const firestoreClient = (file: string) =>
      isPackage('@google-cloud/firestore')(file) || file.includes('/firebase-functions/protos/');
    assert.deepEqual(trace.atLoad.filter(firestoreClient), []);
    assert.deepEqual(trace.atFirstRequest.filter(firestoreClient), []);
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

describe('each instance defines the function it serves (FUNCTION_TARGET)', function () {
  this.timeout(120_000);
  // What a process loading lib/index.js exports: each name with its trigger kind, or null.
  const exportsFor = (
    target: string | undefined,
    extraEnv: Record<string, string> = {},
  ): Record<string, string | null> => {
    const script = `
      const functions = require(process.argv[1]);
      const kind = (fn) => (fn ? Object.keys(fn.__endpoint).find((key) => key.endsWith('Trigger')) : null);
      process.stdout.write(JSON.stringify(Object.fromEntries(Object.entries(functions).map(([name, fn]) => [name, kind(fn)]))));
    `;
    const env = {
      PATH: process.env.PATH,
      GCLOUD_PROJECT: 'demo-disaster-response',
      ...(target && { FUNCTION_TARGET: target }),
      ...extraEnv,
    };
    return JSON.parse(
      execFileSync(process.execPath, ['-e', script, entry], { cwd: functionsDir, env, encoding: 'utf8' }),
    ) as Record<string, string | null>;
  };
  let everyFunction: Record<string, string | null>;

  before(() => {
    everyFunction = exportsFor(undefined);
  });

  it('every function without FUNCTION_TARGET, as deploy discovery loads it', () => {
    assert.deepEqual(Object.keys(everyFunction).sort(), [
      'allocateResources',
      'api',
      'benchBaseline',
      'deliverOutbound',
      'deliverWebhook',
      'fanOutWebhooks',
      'outboundFromAudit',
      'planRequest',
      'suggestDisasters',
      'sweepConfirmations',
      'sweepPlanning',
      'sweepRecycledNumbers',
    ]);
    // benchBaseline: only under the Functions emulator.
    assert.equal(everyFunction['benchBaseline'], null);
    assert.equal(everyFunction['api'], 'httpsTrigger');
    assert.equal(everyFunction['planRequest'], 'eventTrigger');
  });

  it('the served function, defined as discovery saw it, whatever its kind', () => {
    for (const [name, kind] of Object.entries(everyFunction)) {
      if (kind === null) continue;
      assert.equal(exportsFor(name)[name], kind, name);
    }
  });

  it('every function for deploy discovery (FUNCTIONS_CONTROL_API), even with FUNCTION_TARGET set', () => {
    // A function discovery missed would be deleted by the deploy.
    assert.deepEqual(exportsFor('api', { FUNCTIONS_CONTROL_API: 'true' }), everyFunction);
  });

  it('no Firestore trigger in the instance of the API (or of another function)', () => {
    const firestoreTriggers = [
      'deliverOutbound',
      'fanOutWebhooks',
      'outboundFromAudit',
      'planRequest',
      'suggestDisasters',
    ];
    assert.deepEqual(
      Object.keys(everyFunction).filter((name) => everyFunction[name] === 'eventTrigger'),
      firestoreTriggers,
    );
    for (const target of ['api', 'deliverWebhook']) {
      const served = exportsFor(target);
      assert.equal(served[target], everyFunction[target]);
      for (const name of firestoreTriggers) assert.equal(served[name], null, `${name} in ${target}'s instance`);
    }
  });
});

describe('the app loads feature by feature (src/routes.ts)', () => {
  it('by the table written from the feature list of endpoints.ts (`npm --prefix functions run docs`)', async () => {
    assert.equal(readFileSync(routesPath, 'utf8'), await renderRoutes(), 'src/routes.ts is stale');
  });

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
