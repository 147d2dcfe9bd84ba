import { randomBytes } from 'node:crypto';

import type { Redis } from 'ioredis';

import {
  MemoryConcurrencyLimiter,
  type ConcurrencyLimiter,
  type SlotRelease,
} from '../security/concurrency-limiter.js';
import type { OutageNotice } from './outage-notice.js';
import { RedisScript } from './redis-script.js';

/** A slot's lease: a holder that stops renewing (a crashed instance) loses its slots after this. */
export const DEFAULT_SLOT_LEASE_MS = 60_000;

/**
 * One sorted set per key, each held slot a member scored by when its lease ends: drop the lapsed leases,
 * refuse at the limit, else add this slot. One script, so instances taking slots at once never pass the limit.
 */
const TAKE_SLOT = new RedisScript(`
local now = tonumber(ARGV[1])
local lease = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], now + lease, ARGV[4])
redis.call('PEXPIRE', KEYS[1], lease)
return 1
`);

/**
 * The `ConcurrencyLimiter` every instance shares. Each slot is leased for `leaseMs` and renewed by its holder
 * every third of that while held, so the slots of an instance that died come free within one lease. While
 * Redis cannot answer, the notice's policy decides: refuse (no slot), or count this instance's own
 * slots in memory with the same limit, so one instance stays bounded as it was when it ran alone.
 */
export class RedisConcurrencyLimiter implements ConcurrencyLimiter {
  private readonly instanceTag = randomBytes(6).toString('hex');
  private sequence = 0;
  /** The slots this instance holds in Redis: member → key. */
  private readonly held = new Map<string, string>();
  private readonly renewal: NodeJS.Timeout;
  private readonly local = new MemoryConcurrencyLimiter();

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly outage: OutageNotice,
    private readonly now: () => number = Date.now,
    private readonly leaseMs = DEFAULT_SLOT_LEASE_MS,
  ) {
    this.renewal = setInterval(() => void this.renew(), Math.max(1, Math.floor(leaseMs / 3)));
    this.renewal.unref();
  }

  async acquire(key: string, limit: number): Promise<SlotRelease | null> {
    const redisKey = `${this.keyPrefix}slots:${key}`;
    const member = `${this.instanceTag}:${this.sequence++}`;
    let taken: unknown;
    try {
      taken = await TAKE_SLOT.run(this.redis, [redisKey], [this.now(), this.leaseMs, limit, member]);
    } catch (error) {
      this.outage.failed(error);
      return this.outage.policy === 'refuse' ? null : this.local.acquire(key, limit);
    }
    this.outage.succeeded();
    if (taken !== 1) return null;
    this.held.set(member, redisKey);
    return () => {
      if (!this.held.delete(member)) return;
      // A release Redis missed ends with the lease, as a crashed holder's would.
      this.redis.zrem(redisKey, member).catch(() => undefined);
    };
  }

  /** Slots this instance holds in Redis (tests, metrics). */
  get heldCount(): number {
    return this.held.size;
  }

  /** Stops renewing and gives back every slot still held (an orderly shutdown). */
  async close(): Promise<void> {
    clearInterval(this.renewal);
    const slots = [...this.held];
    this.held.clear();
    if (slots.length === 0) return;
    const batch = this.redis.pipeline();
    for (const [member, redisKey] of slots) batch.zrem(redisKey, member);
    await batch.exec().catch(() => undefined);
  }

  private async renew(): Promise<void> {
    if (this.held.size === 0) return;
    const until = this.now() + this.leaseMs;
    const batch = this.redis.pipeline();
    // Added back if it lapsed during an outage longer than a lease: the slot is still really held, and the
    // count should say so (it may stand over the limit until slots are released; new takes wait until then).
    for (const [member, redisKey] of this.held) {
      batch.zadd(redisKey, until, member);
      batch.pexpire(redisKey, this.leaseMs);
    }
    try {
      await batch.exec();
    } catch (error) {
      this.outage.failed(error);
    }
  }
}
