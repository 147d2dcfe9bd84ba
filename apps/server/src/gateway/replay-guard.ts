/** Remembers request signatures for a while so a captured request cannot be sent again. */
export interface ReplayGuard {
  /** True the first time `key` is seen within `ttlMs`; false for a replay. */
  claim(key: string, ttlMs: number): Promise<boolean>;
}

/** Process-local guard. Several server instances share a Redis-backed one instead. */
export class MemoryReplayGuard implements ReplayGuard {
  private readonly expiries = new Map<string, number>();
  private nextSweepAt = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 1_000_000,
  ) {}

  claim(key: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    this.sweep(now);
    const expiry = this.expiries.get(key);
    if (expiry !== undefined && expiry > now) return Promise.resolve(false);
    if (this.expiries.size >= this.maxEntries) this.evictOldest();
    // Re-inserted at the end, so the map stays in expiry order (every caller passes the same ttl).
    this.expiries.delete(key);
    this.expiries.set(key, now + ttlMs);
    return Promise.resolve(true);
  }

  get size(): number {
    return this.expiries.size;
  }

  /**
   * Drops expired keys at most once a second, so the map stays bounded by the traffic of one window. The map
   * is in expiry order, so the sweep stops at the first live key instead of walking up to a million of them.
   */
  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + 1_000;
    for (const [key, expiry] of this.expiries) {
      if (expiry > now) return;
      this.expiries.delete(key);
    }
  }

  private evictOldest(): void {
    const oldest = this.expiries.keys().next();
    if (!oldest.done) this.expiries.delete(oldest.value);
  }
}
