// What the shared read limits (src/http/read-limit.ts) cost in Firestore operations per GET, and
// how far past the limit a burst gets, for callers of several shapes: the limiter itself, with
// instances simulated as separate limiters and the shared counter as a map answering after a
// Firestore-like delay. Each hand-over is one write and READ_LIMIT_SHARDS reads.
//   npx tsx bench/read-limits.ts
import { RateLimitedError } from '../src/errors.js';
import { LocalRateLimiter, READ_LIMIT_SHARDS, type SharedCount } from '../src/http/read-limit.js';

interface Shape {
  name: string;
  /** GETs sent in the window (60 s). */
  reads: number;
  instances: number;
  /** GETs in flight at once (a scraper's burst) or 1 (one after the other). */
  concurrency: number;
  limit: number;
}

const SHAPES: Shape[] = [
  { name: 'light user: 20 GETs a minute, 1 instance', reads: 20, instances: 1, concurrency: 1, limit: 600 },
  { name: 'busy user: 200 GETs a minute, 2 instances', reads: 200, instances: 2, concurrency: 1, limit: 600 },
  { name: 'at the limit: 600 GETs a minute, 1 instance', reads: 600, instances: 1, concurrency: 1, limit: 600 },
  {
    name: 'scraper: 3,000 GETs in a burst, 20 instances, 80 in flight',
    reads: 3000,
    instances: 20,
    concurrency: 80,
    limit: 600,
  },
  {
    name: 'scraper: 3,000 GETs in a burst, 5 instances, 16 in flight',
    reads: 3000,
    instances: 5,
    concurrency: 16,
    limit: 600,
  },
  { name: 'anonymous NAT: 1,000 GETs a minute, 4 instances', reads: 1000, instances: 4, concurrency: 4, limit: 1200 },
];

const LATENCY_MS = 8;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function run(shape: Shape) {
  const totals = new Map<string, number>();
  let handOvers = 0;
  const shared: SharedCount = async (key, windowStart, _windowMs, delta) => {
    handOvers++;
    await sleep(LATENCY_MS / 2);
    const id = `${key}:${windowStart}`;
    totals.set(id, (totals.get(id) ?? 0) + delta);
    await sleep(LATENCY_MS / 2);
    return totals.get(id)!;
  };
  const instances = Array.from({ length: shape.instances }, () => new LocalRateLimiter(1000, shared));
  const windowStart = 1_800_000_000_000 - (1_800_000_000_000 % 60_000);
  let admitted = 0;
  let refused = 0;
  let next = 0;
  const lane = async () => {
    while (next < shape.reads) {
      const i = next++;
      // Spread over the first 50 s of the window; the load balancer picks an instance at random.
      const now = windowStart + Math.floor((i / shape.reads) * 50_000);
      const limiter = instances[Math.floor(Math.random() * instances.length)]!;
      try {
        await limiter.consume('reads:uid:u', shape.limit, 60, now);
        admitted++;
      } catch (error) {
        if (!(error instanceof RateLimitedError)) throw error;
        refused++;
      }
      // A GET takes a few milliseconds; one after the other, callers wait for the answer.
      await sleep(shape.concurrency === 1 ? 2 : 1);
    }
  };
  await Promise.all(Array.from({ length: shape.concurrency }, lane));
  await sleep(LATENCY_MS * 4);
  return {
    shape: shape.name,
    limit: shape.limit,
    admitted,
    over: Math.max(0, admitted - shape.limit),
    refused,
    writesPerGet: handOvers / shape.reads,
    readsPerGet: (handOvers * READ_LIMIT_SHARDS) / shape.reads,
  };
}

async function main() {
  console.log(`shape | limit | admitted | past the limit | refused | Firestore writes / GET | reads / GET`);
  console.log(`---|---|---|---|---|---|---`);
  for (const shape of SHAPES) {
    const r = await run(shape);
    console.log(
      `${r.shape} | ${r.limit} | ${r.admitted} | ${r.over} | ${r.refused} | ${r.writesPerGet.toFixed(3)} | ${r.readsPerGet.toFixed(3)}`,
    );
  }
}

void main();
