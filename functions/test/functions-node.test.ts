// Production runs the functions on the runtime firebase.json names (nodejs22); the machines have
// another Node. The stack starts the Functions emulator, and so its function workers, on
// production's Node wherever functions-node/ has a package for the platform (dev/node-runtime.ts).
// Checked on the running workers themselves (/proc/<pid>/exe, Linux), not through an endpoint:
// no route may tell the runtime's version, and a route that exists only under the emulator would
// still be code in the deployed bundle for a local check.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { functionsNode, functionWorkers, majorOf, nodeOfProcess } from '../dev/node-runtime.js';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through \`npm test\`.`);
  return value;
}

describe("the functions run on production's Node", () => {
  const node = functionsNode();

  before(function () {
    // Where functions-node/ has no package for the platform, the host's Node is all there is.
    if (!node.packageForPlatform) {
      console.log(`      (skipped: ${node.description})`);
      this.skip();
    }
  });

  it(`functions-node/ provides it for this platform`, () => {
    assert.ok(node.production, `the stack chose ${node.description}`);
    assert.equal(majorOf(node.binary.version), node.productionMajor);
  });

  it('every function worker of this stack runs that binary', async function () {
    if (!existsSync('/proc')) this.skip();
    // At least the api function's worker exists once it has answered.
    const health = await fetch(`${env('API_BASE_URL')}/health`);
    assert.equal(health.status, 200);
    const workers = functionWorkers(env('FIRESTORE_EMULATOR_HOST'));
    assert.ok(workers.length > 0, 'no function worker of this stack found in /proc');
    for (const pid of workers) {
      const running = nodeOfProcess(pid);
      assert.ok(running, `worker ${pid}: its binary could not be read`);
      assert.equal(
        realpathSync(running.path),
        realpathSync(node.binary.path),
        `worker ${pid} runs ${running.path} (${running.version}), not ${node.binary.path}`,
      );
      assert.equal(majorOf(running.version), node.productionMajor, `worker ${pid} runs Node ${running.version}`);
    }
  });

  it('the Functions emulator says it uses that major, without the mismatch warning', () => {
    const said = readFileSync(env('STACK_LOG_FILE'), 'utf8')
      .split('\n')
      .filter((line) => /"node" version|Using node@/.test(line));
    assert.ok(
      said.some((line) => line.includes(`Using node@${node.productionMajor} from host`)) &&
        !said.some((line) => line.includes("doesn't match your global version")),
      `the Functions emulator said: ${said.join(' / ') || 'nothing about its Node'}`,
    );
  });
});
