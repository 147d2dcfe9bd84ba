import { addressNetworkKeys } from '../security/address-key.js';
import type { NetworkKey } from '../security/address-key.js';
import { TooManyAttempts } from './procedure-failure.js';

export interface CostBudgetLimits {
  /** Milliseconds of handler time a caller's budget regains each second: its sustained share of a core. */
  refillMsPerSecond: number;
  /** The most a budget holds (a caller's burst after a quiet spell); a new caller starts full. */
  burstMs: number;
  /** Calls one caller may have running at once. */
  concurrentCalls: number;
}

interface Bucket {
  balanceMs: number;
  /** When balanceMs was last brought up to date. */
  updatedAt: number;
  /** Calls running, each holding a slot (a bucket with any is never forgotten). */
  inFlight: number;
  /** This key's multiple of the base limits. */
  budgetFactor: number;
  /** Calls waiting for one of this key's slots, in their order of arrival. */
  waiting: (() => void)[];
}

/** What a call costs at least: the clock may not tick during a quick one, which is not free all the same. */
const MINIMUM_CHARGE_MS = 1;

/** Calls that may wait for each concurrent slot; past that a caller is refused at once. */
const QUEUED_PER_SLOT = 4;

/** Buckets kept before the first sweep of those back at full and idle (they carry nothing a new one would not). */
const SWEEP_FLOOR = 10_000;

/**
 * A token bucket of handler milliseconds per caller, with a cap on the calls a caller has running at once (more
 * wait their turn); the gateway puts the expensive procedures through it (expensive-procedures.ts). A call is
 * admitted while every key it is counted under has budget left and a free slot; when it ends, the time it took
 * is charged to each of them, so a call may overdraw its budget once and the caller then waits until it has
 * refilled. Each key's limits are the base limits times its `budgetFactor` (an IPv6 /56 or /48 holds several
 * callers' share, security/address-key.ts).
 *
 * Kept in this process's memory on purpose: what it protects is this instance's core, which a caller's calls
 * to other instances do not load (docs/abuse-and-outages.md, section 9).
 */
export class CallerCostBudget {
  private readonly buckets = new Map<string, Bucket>();
  private sweepAbove = SWEEP_FLOOR;

  constructor(
    private readonly limits: CostBudgetLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Admits a call counted under `keys`, or throws TooManyAttempts (with when to retry) when one of them has
   * spent its budget. Past the concurrent cap a call waits for a running one to end (a page asks for several at
   * once), unless `QUEUED_PER_SLOT` calls per slot already wait: then it is refused too. Answers the call's end,
   * which charges its time (unless `charged` is false: the call failed on our side) and frees the slot; call it
   * once.
   */
  async admit(keys: readonly NetworkKey[]): Promise<(charged?: boolean) => void> {
    for (;;) {
      const at = this.now();
      const held = keys.map(({ key, budgetFactor }) => this.refilled(key, budgetFactor, at));
      for (const bucket of held) {
        if (bucket.balanceMs > 0) continue;
        const refillPerMs = (this.limits.refillMsPerSecond * bucket.budgetFactor) / 1000;
        throw TooManyAttempts.afterMs(-bucket.balanceMs / refillPerMs + 1);
      }
      const full = held.find((bucket) => bucket.inFlight >= this.slotsOf(bucket));
      if (!full) return this.start(held, at);
      if (full.waiting.length >= this.slotsOf(full) * QUEUED_PER_SLOT) throw new TooManyAttempts(1);
      await new Promise<void>((resolve) => full.waiting.push(resolve));
    }
  }

  private slotsOf(bucket: Bucket): number {
    return this.limits.concurrentCalls * bucket.budgetFactor;
  }

  private start(held: readonly Bucket[], startedAt: number): (charged?: boolean) => void {
    for (const bucket of held) bucket.inFlight++;
    let ended = false;
    return (charged = true) => {
      if (ended) return;
      ended = true;
      const endedAt = this.now();
      const spentMs = charged ? Math.max(MINIMUM_CHARGE_MS, endedAt - startedAt) : 0;
      for (const bucket of held) {
        this.refill(bucket, endedAt);
        bucket.balanceMs -= spentMs;
        bucket.inFlight--;
        // All waiters look again, in their order: the first may take the slot, or be refused for the budget.
        for (const wake of bucket.waiting.splice(0)) wake();
      }
    };
  }

  /** Callers with a bucket in memory (tests, and the sweep). */
  get size(): number {
    return this.buckets.size;
  }

  private refilled(key: string, budgetFactor: number, at: number): Bucket {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      this.sweepWhenLarge(at);
      bucket = {
        balanceMs: this.limits.burstMs * budgetFactor,
        updatedAt: at,
        inFlight: 0,
        budgetFactor,
        waiting: [],
      };
      this.buckets.set(key, bucket);
    }
    this.refill(bucket, at);
    return bucket;
  }

  private refill(bucket: Bucket, at: number): void {
    bucket.balanceMs = this.balanceAt(bucket, at);
    bucket.updatedAt = Math.max(bucket.updatedAt, at);
  }

  private balanceAt(bucket: Bucket, at: number): number {
    const gained =
      (Math.max(0, at - bucket.updatedAt) * this.limits.refillMsPerSecond * bucket.budgetFactor) / 1000;
    return Math.min(this.limits.burstMs * bucket.budgetFactor, bucket.balanceMs + gained);
  }

  /**
   * Forgets the buckets that are idle and would be full by now: a new bucket starts the same. Runs when the
   * map has doubled since the last sweep, so its cost is spread over the callers that grew it.
   */
  private sweepWhenLarge(at: number): void {
    if (this.buckets.size < this.sweepAbove) return;
    for (const [key, bucket] of this.buckets) {
      const full = this.balanceAt(bucket, at) >= this.limits.burstMs * bucket.budgetFactor;
      if (bucket.inFlight === 0 && full) this.buckets.delete(key);
    }
    this.sweepAbove = Math.max(SWEEP_FLOOR, this.buckets.size * 2);
  }
}

/**
 * The keys a caller's expensive calls are counted under: a signed-in user by their account alone (many users
 * may share one carrier-grade NAT address), a visitor by their address key and, for IPv6, its /56 and /48.
 */
export function callerCostKeys(userId: number | null, ip: string): readonly NetworkKey[] {
  if (userId !== null) return [{ key: `user:${userId}`, budgetFactor: 1 }];
  return addressNetworkKeys(ip).map(({ key, budgetFactor }) => ({ key: `address:${key}`, budgetFactor }));
}
