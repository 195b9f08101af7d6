// What a benchmark reports: each figure next to the baseline measured in the same run, and which
// Node ran each of the two.

/**
 * A process that runs measured code; the report prints its Node next to each figure (bench/run.ts):
 * - `bench`: the benchmark's own Node: its process (direct sends, load generation) and what it
 *   starts with process.execPath (the cold-start probes, bench/plain-server.ts);
 * - `functions`: the Functions emulator's function workers (the API, `benchBaseline`), on
 *   production's Node where functions-node/ installs it (dev/node-runtime.ts);
 * - `relay`: the trigger relay (dev/trigger-relay.ts), which runs the Firestore triggers locally.
 */
export type Runner = 'bench' | 'functions' | 'relay';

export interface Figure {
  figure: string;
  metric: string;
  unit: string;
  value: number;
  baseline: number | null;
  /** value / baseline */
  ratio: number | null;
  target: string | null;
  /** Whether the target holds; null where there is none. */
  met: boolean | null;
  notes?: string;
  /** Which processes ran the measured value and the baseline ([] for a baseline nothing ran, e.g. a count). */
  ran: { value: Runner[]; baseline: Runner[] };
  /** Their Node versions, filled in by bench/run.ts from `ran`, e.g. "functions v22.23.3". */
  node?: { value: string; baseline: string | null };
}

export function figure(fields: Omit<Figure, 'ratio' | 'met' | 'node'> & { maxRatio?: number }): Figure {
  const { maxRatio, ...rest } = fields;
  const ratio = fields.baseline ? fields.value / fields.baseline : null;
  return {
    ...rest,
    ratio: ratio === null ? null : Math.round(ratio * 1000) / 1000,
    met: maxRatio === undefined || ratio === null ? null : ratio <= maxRatio,
  };
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export const median = (values: readonly number[]) => percentile(values, 50);

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
