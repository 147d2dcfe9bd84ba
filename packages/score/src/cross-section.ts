/** Value at quantile `q` (0–1) of sorted values, linearly interpolated. */
export function quantileOfSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * Math.min(1, Math.max(0, q));
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] ?? 0;
  const high = sorted[upper] ?? low;
  return low + (high - low) * (position - lower);
}

/**
 * Percentile ranks in (0, 1] of `values` after a log transform and winsorising at the given quantiles: the
 * largest value ranks 1, ties share their average rank, and inflating a value above the top changes nothing.
 * `null` entries stay `null`.
 */
export function percentileRanks(
  values: readonly (number | null)[],
  lowQuantile: number,
  highQuantile: number,
): (number | null)[] {
  const present = values.filter((value): value is number => value !== null && Number.isFinite(value));
  if (present.length === 0) return values.map(() => null);
  const logged = present.map((value) => Math.log1p(Math.max(0, value))).sort((a, b) => a - b);
  const low = quantileOfSorted(logged, lowQuantile);
  const high = quantileOfSorted(logged, highQuantile);
  const clamp = (value: number) => Math.min(high, Math.max(low, Math.log1p(Math.max(0, value))));
  const clamped = logged.map((value) => Math.min(high, Math.max(low, value)));
  const rankOf = new Map<number, number>();
  for (let start = 0; start < clamped.length;) {
    let end = start;
    while (end + 1 < clamped.length && clamped[end + 1] === clamped[start]) end++;
    // Average 1-based rank of the tie group, over the count: the top group ranks 1 when it is alone.
    rankOf.set(clamped[start] ?? 0, (start + end + 2) / 2 / clamped.length);
    start = end + 1;
  }
  const top = rankOf.get(clamped.at(-1) ?? 0) ?? 1;
  return values.map((value) =>
    value === null || !Number.isFinite(value) ? null : (rankOf.get(clamp(value)) ?? 0) / top,
  );
}
