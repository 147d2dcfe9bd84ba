/**
 * A token bucket: holds up to `capacity` tokens, refilled at `perSecond`; a spend larger than what is left is
 * refused and takes nothing. It belongs to one socket and lives as long as it, so it needs no shared store
 * (unlike the windowed per-key limits of `AttemptLimiter`), and it answers synchronously, in message order.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    private readonly now: () => number,
  ) {
    this.tokens = capacity;
    this.updatedAt = now();
  }

  take(cost: number): boolean {
    const now = this.now();
    const elapsedMs = Math.max(0, now - this.updatedAt);
    this.tokens = Math.min(this.capacity, this.tokens + (elapsedMs * this.perSecond) / 1000);
    this.updatedAt = now;
    if (cost > this.tokens) return false;
    this.tokens -= cost;
    return true;
  }
}
