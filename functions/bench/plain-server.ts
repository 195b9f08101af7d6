// The API app and the bare baseline app (src/bench/baseline.ts) on a plain Node HTTP server each,
// in one child process of the benchmark: figure 2 without the Functions emulator in between, so
// that what the framework itself adds shows apart from the emulator's proxy and log relay. The
// parent passes the emulator environment; the ports go back over IPC. Log lines go to stdout,
// which the parent discards, as a log collector would read them in production.
import { createServer, type RequestListener } from 'node:http';
import { buildApp } from '../src/app.js';
import { buildBaselineApp } from '../src/bench/baseline.js';

const listen = (handler: RequestListener) =>
  new Promise<number>((resolve) => {
    const server = createServer(handler).listen(0, '127.0.0.1', () =>
      resolve((server.address() as { port: number }).port),
    );
  });

void (async () => {
  // As deployed: tsx turns source maps on, and the Firestore client captures a stack trace per
  // call, which source maps make dearer (about 3 % of the CPU time in a profile, on both sides).
  process.setSourceMapsEnabled(false);
  const ours = await listen(buildApp());
  const baseline = await listen(buildBaselineApp());
  process.send?.({ ours, baseline });
  // Gone with the benchmark: the IPC channel closes when the parent exits.
  process.on('disconnect', () => process.exit(0));
})();
