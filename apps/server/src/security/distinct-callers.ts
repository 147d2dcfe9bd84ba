const HOUR_MS = 3_600_000;
/** The hot lists look at the last day. */
export const INTEREST_WINDOW_HOURS = 24;
/**
 * Distinct callers a key needs over the window before it counts at all: one device, or a couple of them, can
 * never move a list every visitor sees; below it, the lists keep their organic order (24 h volume).
 */
export const INTEREST_FLOOR = 3;

/**
 * Interest behind the hot lists (coins viewed or found, keywords found), counted in hourly buckets over the last
 * day. Each caller (its address key: IPv6 by /64) counts once per key and hour, so one client repeating a view
 * cannot put a coin at the top of every visitor's list (300 anonymous views did); a device id is not a caller,
 * since a client mints as many as it likes.
 */
export interface DistinctCallers {
  /** Settles once the record is kept (callers need not wait: a record that fails is logged, never thrown). */
  record(key: string, caller: string): Promise<void>;
  /** Each key's callers summed over the window's hours (a caller back in another hour counts again), keys under the floor left out. */
  counts(): Promise<ReadonlyMap<string, number>>;
}

/** The hour bucket an instant falls in, and the oldest bucket no longer in the window. */
export function interestHours(now: number): { hour: number; expired: number } {
  const hour = Math.floor(now / HOUR_MS);
  return { hour, expired: hour - INTEREST_WINDOW_HOURS };
}

/** The keys with at least `INTEREST_FLOOR` callers. */
export function aboveFloor(totals: ReadonlyMap<string, number>): Map<string, number> {
  return new Map([...totals].filter(([, callers]) => callers >= INTEREST_FLOOR));
}

/** In this process: the embedded single instance, and each instance's fallback while Redis is down. */
export class MemoryDistinctCallers implements DistinctCallers {
  private readonly buckets = new Map<number, Map<string, Set<string>>>();

  constructor(private readonly now: () => number = Date.now) {}

  record(key: string, caller: string): Promise<void> {
    const { hour, expired } = interestHours(this.now());
    const bucket = this.buckets.get(hour) ?? new Map<string, Set<string>>();
    const callers = bucket.get(key) ?? new Set<string>();
    callers.add(caller);
    bucket.set(key, callers);
    this.buckets.set(hour, bucket);
    for (const old of this.buckets.keys()) if (old <= expired) this.buckets.delete(old);
    return Promise.resolve();
  }

  counts(): Promise<ReadonlyMap<string, number>> {
    const { expired } = interestHours(this.now());
    const totals = new Map<string, number>();
    for (const [hour, bucket] of this.buckets) {
      if (hour <= expired) continue;
      for (const [key, callers] of bucket) totals.set(key, (totals.get(key) ?? 0) + callers.size);
    }
    return Promise.resolve(aboveFloor(totals));
  }
}
