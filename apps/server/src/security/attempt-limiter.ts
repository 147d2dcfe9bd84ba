import { addressNetworkKeys } from './address-key.js';

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

/**
 * One attempt at a per-address limit, counted under every network the caller's address is in
 * (address-key.ts): its address key at `limit`, and an IPv6 caller's /56 and /48 at their larger multiples, so
 * fresh /64s of one delegation meet a limit too. Keys are `<use>:<network>`. Checked narrowest first and refused
 * as soon as one is spent, so attempts a /64 makes past its own limit never use up its wider networks' budgets
 * (one noisy /64 does not lock out the rest of its /48).
 */
export async function hitAddressLimit(
  limiter: AttemptLimiter,
  use: string,
  ip: string,
  limit: number,
  windowMs: number,
): Promise<LimitDecision> {
  for (const { key, budgetFactor } of addressNetworkKeys(ip)) {
    const decision = await limiter.hit(`${use}:${key}`, limit * budgetFactor, windowMs);
    if (!decision.allowed) return decision;
  }
  return { allowed: true, retryAfterMs: 0 };
}
