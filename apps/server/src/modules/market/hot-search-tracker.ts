const HOUR_MS = 3_600_000;
const WINDOW_HOURS = 24;

/**
 * Counts interest in hourly buckets over the last 24 h: what people look up now. One counter holds coin
 * detail views plus searches that found the coin (hot coins); another the keywords searches found (hot keywords).
 * Each caller (its address key: IPv6 by /64) counts once per key and hour, so one client repeating a view cannot
 * put a coin at the top of every visitor's list (300 anonymous views did); a device id is not a caller, since a
 * client mints as many as it likes.
 */
export class HotSearchTracker {
  private readonly buckets = new Map<number, Map<string, Set<string>>>();

  constructor(private readonly now: () => number = Date.now) {}

  record(key: string, caller: string): void {
    const hour = Math.floor(this.now() / HOUR_MS);
    const bucket = this.buckets.get(hour) ?? new Map<string, Set<string>>();
    const callers = bucket.get(key) ?? new Set<string>();
    callers.add(caller);
    bucket.set(key, callers);
    this.buckets.set(hour, bucket);
    for (const key of this.buckets.keys()) if (key <= hour - WINDOW_HOURS) this.buckets.delete(key);
  }

  /** Each key's callers summed over the hours of the window (a caller back in another hour counts again). */
  counts(): Map<string, number> {
    const oldest = Math.floor(this.now() / HOUR_MS) - WINDOW_HOURS;
    const totals = new Map<string, number>();
    for (const [hour, bucket] of this.buckets) {
      if (hour <= oldest) continue;
      for (const [key, callers] of bucket) totals.set(key, (totals.get(key) ?? 0) + callers.size);
    }
    return totals;
  }
}
