/** The value at percentile `p` (0-100) of ascending `sorted`, nearest rank. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** A figure measured several times: a target counts as met only when its median meets it. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  /** Each measurement, in the order taken. */
  values: number[];
}

/** The median (the mean of the two middle values for an even count), min and max of `values`. */
export function spread(values: number[]): Spread {
  if (values.length === 0) throw new Error("a spread of no measurements");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median =
    sorted.length % 2 === 1
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return { median, min: sorted[0] as number, max: sorted[sorted.length - 1] as number, values };
}
