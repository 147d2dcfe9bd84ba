import { randomBytes } from 'node:crypto';

import type { Redis } from 'ioredis';

import type { AttemptLimiter, LimitDecision } from '../security/attempt-limiter.js';
import { OUTAGE_RETRY_AFTER_MS, type OutageNoticesByUse } from './outage-notice.js';
import { RedisScript } from './redis-script.js';

/**
 * One sorted set per key, an attempt's time as its score: drop what left the window, refuse at the limit
 * (answering when the oldest attempt leaves it), else record this one. One script, so two instances hitting
 * the same key at once are counted one after the other and the sum over instances holds the limit.
 */
const SLIDING_WINDOW = new RedisScript(`
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, tonumber(oldest[2]) + window - now}
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
return {1, 0}
`);

/**
 * The sliding-window `AttemptLimiter` every instance shares. Refused attempts are not counted (as in memory).
 * While Redis cannot answer, the policy of the key's use decides: refuse with a short retry, or allow.
 */
export class RedisAttemptLimiter implements AttemptLimiter {
  /** Makes each attempt a distinct member even when two instances record one in the same millisecond. */
  private readonly instanceTag = randomBytes(6).toString('hex');
  private sequence = 0;

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly outages: OutageNoticesByUse,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<LimitDecision> {
    const now = this.now();
    const member = `${now}:${this.instanceTag}:${this.sequence++}`;
    const outage = this.outages.of(key);
    let answer: unknown;
    try {
      answer = await SLIDING_WINDOW.run(
        this.redis,
        [`${this.keyPrefix}attempts:${key}`],
        [now, windowMs, limit, member],
      );
    } catch (error) {
      outage.failed(error);
      return outage.policy === 'allow'
        ? { allowed: true, retryAfterMs: 0 }
        : { allowed: false, retryAfterMs: OUTAGE_RETRY_AFTER_MS };
    }
    outage.succeeded();
    const [allowed, retryAfterMs] = answer as [number, number];
    return allowed === 1
      ? { allowed: true, retryAfterMs: 0 }
      : { allowed: false, retryAfterMs: Math.max(1, retryAfterMs) };
  }
}
