/** Median of finite values; null for none. */
export function median(values: readonly number[]): number | null {
  return medianOfSorted([...values].sort((a, b) => a - b));
}

/** Median of finite values already in ascending order; null for none. */
export function medianOfSorted(sorted: ArrayLike<number>): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? null)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Median absolute deviation from the median (unscaled). */
export function medianAbsoluteDeviation(values: readonly number[], center: number): number | null {
  return median(values.map((value) => Math.abs(value - center)));
}

/**
 * The value below which half of the total weight lies (lower weighted median). Weights ≤ 0 count as nothing;
 * with no positive weight it falls back to the plain median.
 */
export function weightedMedian(points: readonly { value: number; weight: number }[]): number | null {
  const usable = points.filter((point) => Number.isFinite(point.value));
  const totalWeight = usable.reduce((sum, point) => sum + Math.max(0, point.weight), 0);
  if (totalWeight <= 0) return median(usable.map((point) => point.value));
  const sorted = [...usable].sort((a, b) => a.value - b.value);
  let cumulative = 0;
  for (const point of sorted) {
    cumulative += Math.max(0, point.weight);
    if (cumulative >= totalWeight / 2) return point.value;
  }
  return sorted.at(-1)?.value ?? null;
}

/** Sample standard deviation; null below two values. */
export function standardDeviation(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
  return Math.sqrt(variance);
}

/** Pearson correlation of two equally long series; null when either is constant or too short. */
export function pearsonCorrelation(left: readonly number[], right: readonly number[]): number | null {
  const length = Math.min(left.length, right.length);
  if (length < 3) return null;
  let sumLeft = 0;
  let sumRight = 0;
  for (let i = 0; i < length; i++) {
    sumLeft += left[i] ?? 0;
    sumRight += right[i] ?? 0;
  }
  const meanLeft = sumLeft / length;
  const meanRight = sumRight / length;
  let covariance = 0;
  let varianceLeft = 0;
  let varianceRight = 0;
  for (let i = 0; i < length; i++) {
    const dl = (left[i] ?? 0) - meanLeft;
    const dr = (right[i] ?? 0) - meanRight;
    covariance += dl * dr;
    varianceLeft += dl * dl;
    varianceRight += dr * dr;
  }
  // A (numerically) constant series has no correlation to speak of; floating-point dust must not fake one.
  const negligible = (variance: number, mean: number) =>
    variance <= 1e-20 * length * Math.max(1, mean * mean);
  if (negligible(varianceLeft, meanLeft) || negligible(varianceRight, meanRight)) return null;
  return covariance / Math.sqrt(varianceLeft * varianceRight);
}

/** Log returns of consecutive positive values. */
export function logReturns(values: readonly number[]): number[] {
  const returns: number[] = [];
  for (let i = 1; i < values.length; i++) {
    const previous = values[i - 1] ?? 0;
    const current = values[i] ?? 0;
    if (previous > 0 && current > 0) returns.push(Math.log(current / previous));
  }
  return returns;
}
