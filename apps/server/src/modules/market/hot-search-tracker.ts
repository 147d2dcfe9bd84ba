const HOUR_MS = 3_600_000;
const WINDOW_HOURS = 24;

/**
 * Counts interest in hourly buckets over the last 24 h: what people look up now. One counter holds coin
 * detail views plus searches that found the coin (hot coins); another the keywords searches found (hot keywords).
 */
export class HotSearchTracker {
  private readonly buckets = new Map<number, Map<string, number>>();

  constructor(private readonly now: () => number = Date.now) {}

  record(key: string): void {
    const hour = Math.floor(this.now() / HOUR_MS);
    const bucket = this.buckets.get(hour) ?? new Map<string, number>();
    bucket.set(key, (bucket.get(key) ?? 0) + 1);
    this.buckets.set(hour, bucket);
    for (const key of this.buckets.keys()) if (key <= hour - WINDOW_HOURS) this.buckets.delete(key);
  }

  counts(): Map<string, number> {
    const oldest = Math.floor(this.now() / HOUR_MS) - WINDOW_HOURS;
    const totals = new Map<string, number>();
    for (const [hour, bucket] of this.buckets) {
      if (hour <= oldest) continue;
      for (const [coinId, count] of bucket) totals.set(coinId, (totals.get(coinId) ?? 0) + count);
    }
    return totals;
  }
}
