/**
 * A token bucket: holds up to `capacity` tokens, refilled at `perSecond`. `take` refuses a spend larger than
 * what is left and takes nothing; `charge` takes a cost already incurred (bytes sent) even into debt, which
 * later refills pay back before `hasTokens` says yes again. It belongs to one socket or one address's sockets
 * in this process, so it needs no shared store (unlike the windowed per-key limits of `AttemptLimiter`), and
 * it answers synchronously, in message order.
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
    this.refill();
    if (cost > this.tokens) return false;
    this.tokens -= cost;
    return true;
  }

  charge(cost: number): void {
    this.refill();
    this.tokens -= cost;
  }

  hasTokens(): boolean {
    this.refill();
    return this.tokens > 0;
  }

  isFull(): boolean {
    this.refill();
    return this.tokens >= this.capacity;
  }

  private refill(): void {
    const now = this.now();
    const elapsedMs = Math.max(0, now - this.updatedAt);
    this.tokens = Math.min(this.capacity, this.tokens + (elapsedMs * this.perSecond) / 1000);
    this.updatedAt = now;
  }
}
