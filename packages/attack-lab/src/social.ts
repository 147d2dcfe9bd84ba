/** A coin's social figures at one moment. */
export interface SocialPoint {
  timestamp: number;
  followers: number;
  engagement24h: number | null;
}

const DAY_MS = 86_400_000;

/**
 * Followers bought: `multiple` × the organic count at `at`, all within a day from `at` (`instant`) or evenly over
 * the `dripDays` (default 30) ending at `at` (`drip`). Bought followers do not engage; no bot label comes with them.
 */
export function buyFollowers(
  series: readonly SocialPoint[],
  options: { multiple: number; mode: 'instant' | 'drip'; at: number; dripDays?: number },
): SocialPoint[] {
  const organicAt = valueAt(series, options.at)?.followers ?? 0;
  const bought = options.multiple * organicAt;
  const start = options.mode === 'instant' ? options.at : options.at - (options.dripDays ?? 30) * DAY_MS;
  const end = options.mode === 'instant' ? options.at + DAY_MS : options.at;
  return series.map((point) => ({
    ...point,
    followers: Math.round(point.followers + bought * progress(point.timestamp, start, end)),
  }));
}

/** Engagement bought: `multiple` × the organic engagement from `at` on (likes and replies from paid accounts). */
export function buyEngagement(
  series: readonly SocialPoint[],
  options: { multiple: number; at: number },
): SocialPoint[] {
  return series.map((point) => ({
    ...point,
    engagement24h:
      point.engagement24h === null || point.timestamp < options.at
        ? point.engagement24h
        : point.engagement24h * (1 + options.multiple),
  }));
}

function progress(time: number, start: number, end: number): number {
  if (time <= start) return 0;
  if (time >= end) return 1;
  return (time - start) / (end - start);
}

function valueAt(series: readonly SocialPoint[], time: number): SocialPoint | null {
  let found: SocialPoint | null = null;
  for (const point of series) if (point.timestamp <= time) found = point;
  return found ?? series[0] ?? null;
}
