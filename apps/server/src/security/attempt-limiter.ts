export interface LimitDecision {
  allowed: boolean;
  /** When the next attempt would be allowed; 0 when allowed now. */
  retryAfterMs: number;
}

/** Counts attempts per key in a sliding window. A Redis-backed one replaces it for several instances. */
export interface AttemptLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<LimitDecision>;
}

/** Process-local sliding window; keeps at most `maxKeys` keys, dropping the least recently used. */
export class MemoryAttemptLimiter implements AttemptLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 100_000,
  ) {}

  hit(key: string, limit: number, windowMs: number): Promise<LimitDecision> {
    const now = this.now();
    const recent = (this.hits.get(key) ?? []).filter((at) => at > now - windowMs);
    this.hits.delete(key);
    if (recent.length >= limit) {
      this.hits.set(key, recent);
      const oldest = recent[0] ?? now;
      return Promise.resolve({ allowed: false, retryAfterMs: Math.max(1, oldest + windowMs - now) });
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > this.maxKeys) {
      const leastRecent = this.hits.keys().next();
      if (!leastRecent.done) this.hits.delete(leastRecent.value);
    }
    return Promise.resolve({ allowed: true, retryAfterMs: 0 });
  }
}
