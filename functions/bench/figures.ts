// What a benchmark reports: each figure next to the baseline measured in the same run.
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
}

export function figure(fields: Omit<Figure, 'ratio' | 'met'> & { maxRatio?: number }): Figure {
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
