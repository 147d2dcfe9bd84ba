import type { Redis } from 'ioredis';

import {
  aboveFloor,
  INTEREST_WINDOW_HOURS,
  interestHours,
  MemoryDistinctCallers,
  type DistinctCallers,
} from '../security/distinct-callers.js';
import type { OutageNotice } from './outage-notice.js';
import { RedisScript } from './redis-script.js';

const HOUR_MS = 3_600_000;
/** A bucket outlives its hour by the window, plus an hour's margin for clocks a little apart. */
const BUCKET_TTL_MS = (INTEREST_WINDOW_HOURS + 1) * HOUR_MS;
/** How long a read of the totals answers again, unless this instance recorded something since. */
const COUNTS_REUSE_MS = 5_000;

/**
 * One set of `key␊caller` pairs and one hash of counts per hour: a pair seen for the first time that hour adds one
 * to its key. One script, so two instances recording the same pair at once count it once.
 */
const RECORD = new RedisScript(`
if redis.call('SADD', KEYS[1], ARGV[1]) == 1 then
  redis.call('HINCRBY', KEYS[2], ARGV[2], 1)
end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1
`);

/**
 * The hot lists' caller counts shared by every instance, so each caller counts once however the load balancer
 * spreads its calls. This instance also counts in memory, and answers from there while Redis cannot
 * (outage policy per instance: a hot list is not worth refusing a read for).
 */
export class RedisDistinctCallers implements DistinctCallers {
  private readonly local: MemoryDistinctCallers;
  private reused: { at: number; totals: ReadonlyMap<string, number> } | null = null;
  /** Records sent and not yet answered: a read waits for them, so this instance sees its own records. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly redis: Redis,
    /** This counter's key prefix, e.g. `coinlens:interest:coins:`. */
    private readonly keyPrefix: string,
    private readonly outage: OutageNotice,
    private readonly now: () => number = Date.now,
  ) {
    this.local = new MemoryDistinctCallers(now);
  }

  async record(key: string, caller: string): Promise<void> {
    await this.local.record(key, caller);
    this.reused = null;
    const { hour } = interestHours(this.now());
    const sent = RECORD.run(
      this.redis,
      [`${this.keyPrefix}${hour}:seen`, `${this.keyPrefix}${hour}:counts`],
      [`${key}\n${caller}`, key, BUCKET_TTL_MS],
    ).then(
      () => this.outage.succeeded(),
      (error: unknown) => this.outage.failed(error),
    );
    this.inFlight.add(sent);
    await sent;
    this.inFlight.delete(sent);
  }

  async counts(): Promise<ReadonlyMap<string, number>> {
    const now = this.now();
    await Promise.all(this.inFlight);
    if (this.reused && now - this.reused.at < COUNTS_REUSE_MS) return this.reused.totals;
    const { hour } = interestHours(now);
    const pipeline = this.redis.pipeline();
    for (let back = 0; back < INTEREST_WINDOW_HOURS; back += 1)
      pipeline.hgetall(`${this.keyPrefix}${hour - back}:counts`);
    let answers: [Error | null, unknown][] | null;
    try {
      answers = await pipeline.exec();
    } catch (error) {
      this.outage.failed(error);
      return this.local.counts();
    }
    const failed = answers?.find(([error]) => error !== null)?.[0];
    if (!answers || failed) {
      this.outage.failed(failed ?? new Error('redis pipeline answered nothing'));
      return this.local.counts();
    }
    this.outage.succeeded();
    const totals = new Map<string, number>();
    for (const [, counts] of answers)
      for (const [key, count] of Object.entries(counts as Record<string, string>))
        totals.set(key, (totals.get(key) ?? 0) + Number(count));
    this.reused = { at: now, totals: aboveFloor(totals) };
    return this.reused.totals;
  }
}
