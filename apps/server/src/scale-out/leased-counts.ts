import type { Redis } from 'ioredis';

import { RedisScript } from './redis-script.js';

/** What a rate-limit store answers for a counted call: its number in the window and the window's remaining ms. */
export interface CountedCall {
  current: number;
  ttl: number;
}

export type CountCallback = (error: Error | null, result?: CountedCall) => void;

/** The most counts one lease takes: what a busy caller's calls may be counted ahead of their arrival. */
export const MAX_LEASE = 16;
/**
 * A lease takes at most this share of the limit (1/32): a small limit (under 64, like the test gateway's 30) is
 * counted a call at a time, exactly over any number of instances, and a large one (the default 600) early by at most
 * ~3 % a instance.
 */
const MAX_LEASE_SHARE = 32;
/** Callers with a lease kept in memory at most; past it the oldest are forgotten (they take a new lease). */
const MAX_LEASED_KEYS = 10_000;

/**
 * Takes ARGV[1] counts of the key's window at once (ARGV[2] ms, opened by the first count), and answers the count
 * after them and the window's remaining ms.
 */
const TAKE_LEASE = new RedisScript(`
local current = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {current, ttl}
`);

interface Lease {
  /** The shared count of the lease's last call. */
  last: number;
  /** Counts of the lease not handed out yet. */
  left: number;
  expiresAt: number;
  /** How many counts the lease took. */
  size: number;
  /** Calls waiting for the lease in flight; null when none is. */
  waiting: CountCallback[] | null;
}

/**
 * A shared per-key call count (a rate limit's) in Redis, taken in leases instead of one command a call: a caller's
 * first call in a window takes one count, and each lease a caller uses up before its window ends takes twice as
 * many (up to `MAX_LEASE`, never more than a 32nd of `max` nor half of what is left under it), so a light caller
 * costs what it did and a busy one a command every few calls. Each call is numbered within its lease, so this
 * instance counts exactly; a lease's counts not yet used are already counted for the other instances, so a caller
 * spread over several instances can be refused up to a lease's size − 1 calls early on each, never late (a limit
 * under 64 is never leased, so it is exact). Calls that arrive while a lease is in flight wait for it, and the next
 * lease is sized to them.
 */
export class LeasedCounts {
  private readonly leases = new Map<string, Lease>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly now: () => number = Date.now,
  ) {}

  incr(key: string, callback: CountCallback, timeWindow: number, max: number): void {
    const now = this.now();
    let lease = this.leases.get(key);
    if (lease && lease.waiting === null && lease.expiresAt <= now) {
      this.leases.delete(key);
      lease = undefined;
    }
    if (lease?.waiting) {
      lease.waiting.push(callback);
      return;
    }
    if (lease && lease.left > 0) {
      lease.left--;
      callback(null, { current: lease.last - lease.left, ttl: lease.expiresAt - now });
      return;
    }
    this.take(key, lease, [callback], timeWindow, max);
  }

  private take(
    key: string,
    used: Lease | undefined,
    waiting: CountCallback[],
    timeWindow: number,
    max: number,
  ): void {
    const size = Math.max(waiting.length, used ? nextSize(used, max) : 1);
    const lease: Lease = used ?? { last: 0, left: 0, expiresAt: 0, size, waiting };
    lease.waiting = waiting;
    if (!used) this.remember(key, lease);
    TAKE_LEASE.run(this.redis, [this.prefix + key], [size, timeWindow]).then(
      (reply) => {
        const [current, ttl] = reply as [number, number];
        const calls = lease.waiting ?? [];
        lease.waiting = null;
        lease.last = current;
        lease.size = size;
        lease.left = size;
        lease.expiresAt = this.now() + ttl;
        const served = calls.splice(0, size);
        for (const call of served) {
          lease.left--;
          call(null, { current: current - lease.left, ttl });
        }
        // More calls came while it was in flight than it took: one lease for all of them.
        if (calls.length > 0) this.take(key, lease, calls, timeWindow, max);
      },
      (error: unknown) => {
        const calls = lease.waiting ?? [];
        this.leases.delete(key);
        const failure = error instanceof Error ? error : new Error(String(error));
        for (const call of calls) call(failure);
      },
    );
  }

  private remember(key: string, lease: Lease): void {
    if (this.leases.size >= MAX_LEASED_KEYS) {
      const now = this.now();
      for (const [known, entry] of this.leases)
        if (entry.waiting === null && entry.expiresAt <= now) this.leases.delete(known);
      for (const [known, entry] of this.leases) {
        if (this.leases.size < MAX_LEASED_KEYS) break;
        if (entry.waiting === null) this.leases.delete(known);
      }
    }
    this.leases.set(key, lease);
  }
}

/**
 * A used-up lease's successor: twice its size, at most `MAX_LEASE`, `max` / `MAX_LEASE_SHARE` and half of what is
 * left under `max`.
 */
function nextSize(used: Lease, max: number): number {
  const doubled = Math.min(MAX_LEASE, Math.floor(max / MAX_LEASE_SHARE), used.size * 2);
  const left = max - used.last;
  return Math.max(1, Math.min(doubled, Math.floor(left / 2)));
}
