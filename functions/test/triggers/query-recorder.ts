// Records, for the index check, every Firestore query the code runs and every line of src/ that
// builds or runs one. Query.prototype is patched while recording: `toProto` (what every get,
// stream, count and transaction read sends) yields the query as the server receives it; `where`,
// `orderBy`, `get`, `count` and the like yield the source lines that build or run queries, from
// the stack (tsx maps it to src/).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Query } from 'firebase-admin/firestore';
import type { StructuredQuery } from './index-rules.js';

const functionsDir = join(__dirname, '..', '..');
const srcDir = join(functionsDir, 'src');

/**
 * A line that builds or runs a query: a filter or an order, a registry list, the pagination and
 * nearby helpers of src/data/, an aggregation or a stream. Matched on code, not comments.
 */
const QUERY_LINE =
  /\.(where|orderBy|list|aggregate|stream|findNearest|onSnapshot)\(|\.count\(\)|\b(paginate|pagesOf|inRange|withinRadius)\(/;
/** Source that never runs in production: the benchmark baseline (exported only under the emulator). */
const NOT_DEPLOYED = ['src/bench/'];

export interface RecordedQuery {
  query: StructuredQuery;
  /** What the workload was doing when the query ran (a label it sets). */
  seenIn: string;
}

type Method = (this: unknown, ...args: unknown[]) => unknown;

const posix = (path: string) => path.split(sep).join('/');

/** `src/x/y.ts:12` for each frame of `stack` in src/. */
function sourceFrames(stack: string): string[] {
  const frames: string[] = [];
  for (const match of stack.matchAll(/((?:file:\/\/)?\/[^\s():]+\.ts):(\d+):\d+/g)) {
    const file = match[1]!.startsWith('file://') ? fileURLToPath(match[1]!) : match[1]!;
    if (file.startsWith(srcDir + sep)) frames.push(`${posix(relative(functionsDir, file))}:${match[2]!}`);
  }
  return frames;
}

export class QueryRecorder {
  readonly queries: RecordedQuery[] = [];
  /** Every src/ line that was on the stack when a query was built (where, orderBy) or run (get, count, ...). */
  readonly lines = new Set<string>();
  /** Set by the workload before each step: where the next queries come from. */
  label = '';
  private readonly restore: (() => void)[] = [];

  start(): void {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const recorder = this;
    const proto = Query.prototype as unknown as Record<string, Method>;
    const patch = (name: string, wrap: (original: Method) => Method) => {
      const original = proto[name];
      if (typeof original !== 'function') throw new Error(`Query.prototype.${name} is gone: update query-recorder.ts`);
      proto[name] = wrap(original);
      this.restore.push(() => {
        proto[name] = original;
      });
    };
    // Building and running calls, noted where they are made (the SDK sends a query after awaits,
    // by which time the calling line has left the stack).
    for (const name of ['where', 'orderBy', 'get', 'stream', 'count', 'aggregate', 'findNearest', 'onSnapshot']) {
      patch(
        name,
        (original) =>
          function (this: unknown, ...args: unknown[]) {
            recorder.noteStack();
            return original.apply(this, args);
          },
      );
    }
    patch(
      'toProto',
      (original) =>
        function (this: unknown, ...args: unknown[]) {
          const request = original.apply(this, args) as { structuredQuery?: StructuredQuery };
          if (!request.structuredQuery) throw new Error('a query request without a structuredQuery');
          recorder.queries.push({ query: request.structuredQuery, seenIn: recorder.label });
          recorder.noteStack();
          return request;
        },
    );
  }

  stop(): void {
    for (const undo of this.restore.splice(0).reverse()) undo();
  }

  private noteStack(): void {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 200;
    const stack = new Error().stack ?? '';
    Error.stackTraceLimit = limit;
    for (const frame of sourceFrames(stack)) this.lines.add(frame);
  }
}

/** Every line of deployed src/ that builds or runs a query (`src/x.ts:12` → the line's text). */
export function queryLines(dir = srcDir): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const file = posix(relative(functionsDir, path));
    if (NOT_DEPLOYED.some((prefix) => file.startsWith(prefix))) continue;
    if (entry.isDirectory()) {
      for (const [line, text] of queryLines(path)) found.set(line, text);
    } else if (entry.name.endsWith('.ts')) {
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((text, i) => {
          const code = text.trim();
          if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return;
          if (QUERY_LINE.test(code)) found.set(`${file}:${i + 1}`, code);
        });
    }
  }
  return found;
}
