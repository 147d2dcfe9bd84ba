import type { Redis } from 'ioredis';

import { TooManyAttempts } from '../gateway/procedure-failure.js';
import type { ReplayGuard } from '../gateway/replay-guard.js';
import { OUTAGE_RETRY_AFTER_MS, type OutageNotice } from './outage-notice.js';

/**
 * The `ReplayGuard` every instance shares: a signature claimed on one is refused on all (SET NX PX, one
 * command, so two instances claiming it at once get one yes). While Redis cannot answer, a call that changes
 * state is refused ("too many attempts", retry soon), since its replay could do the change twice; a read is
 * let through, since replaying it within the signature window only fetches what the caller could fetch anyway.
 */
export class RedisReplayGuard implements ReplayGuard {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly readOutage: OutageNotice,
    private readonly writeOutage: OutageNotice,
  ) {}

  async claim(key: string, ttlMs: number, changesState = true): Promise<boolean> {
    const outage = changesState ? this.writeOutage : this.readOutage;
    let answer: string | null;
    try {
      answer = await this.redis.set(`${this.keyPrefix}replay:${key}`, '1', 'PX', ttlMs, 'NX');
    } catch (error) {
      outage.failed(error);
      if (outage.policy === 'allow') return true;
      throw TooManyAttempts.afterMs(OUTAGE_RETRY_AFTER_MS);
    }
    outage.succeeded();
    return answer === 'OK';
  }
}
