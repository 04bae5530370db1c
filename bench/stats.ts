/** Nearest-rank percentile (p in 0..100) of a sample; NaN for an empty one. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export const median = (values: readonly number[]) => percentile(values, 50);
