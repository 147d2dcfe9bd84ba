import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';

import type { AppConfig } from '../config/config.js';
import { MemoryReplayGuard, type ReplayGuard } from '../gateway/replay-guard.js';
import { addressKey } from '../security/address-key.js';
import { MemoryAttemptLimiter, type AttemptLimiter } from '../security/attempt-limiter.js';
import { MemoryConcurrencyLimiter, type ConcurrencyLimiter } from '../security/concurrency-limiter.js';
import { MemoryDistinctCallers, type DistinctCallers } from '../security/distinct-callers.js';
import { OutageNotice, OutageNoticesByUse, type OutagePolicy } from './outage-notice.js';
import { fallbackRateLimitStore } from './fallback-rate-limit-store.js';
import { RedisAttemptLimiter } from './redis-attempt-limiter.js';
import { RedisConcurrencyLimiter } from './redis-concurrency-limiter.js';
import { RedisDistinctCallers } from './redis-distinct-callers.js';
import { openRedis } from './redis-connection.js';
import { RedisReplayGuard } from './redis-replay-guard.js';

/**
 * Every limit and guard that must hold across instances: in process memory for the embedded single process,
 * in Redis when `REDIS_URL` is set. Each Redis one has its outage policy (docs/scale-out.md, "Shared limits
 * and guards"): the limits that stop guessing and abuse refuse while Redis is down, market reads go on.
 */
export interface SharedGuards {
  /** Login, email-code sends and guesses, password reset, comments, uploads, push sign-ups: refuse in outage. */
  attempts: AttemptLimiter;
  /** Uploads being received per caller address: refuse in outage. */
  uploadSlots: ConcurrencyLimiter;
  /** Open live sockets per caller address: in outage, each instance counts its own. */
  liveConnections: ConcurrencyLimiter;
  /** Callers behind the hot lists (coins viewed or found, keywords found): in outage, each instance counts its own. */
  hotInterest: HotInterest;
  /** Signatures already used: in outage, reads pass and calls that change state are refused. */
  replayGuard: ReplayGuard;
  /** The gateway rate limit's store and key (@fastify/rate-limit): in outage, each instance counts its own. */
  rateLimit: Pick<RateLimitPluginOptions, 'store' | 'keyGenerator'>;
  close(): Promise<void>;
}

export interface HotInterest {
  coins: DistinctCallers;
  keywords: DistinctCallers;
}

/**
 * What each use of the shared attempt limiter does while Redis is down (the first segment of its keys). All
 * refuse: each guards against guessing or abuse that an outage must not open (docs/scale-out.md says why for
 * each); a use added without deciding refuses too.
 */
const ATTEMPT_OUTAGE_POLICIES: Readonly<Record<string, OutagePolicy>> = {
  login: 'refuse',
  'login-device': 'refuse',
  'email-code': 'refuse',
  'email-code-guess': 'refuse',
  comment: 'refuse',
  upload: 'refuse',
  'push-register': 'refuse',
};

/** The gateway rate limit counts per caller address, IPv6 by /64 (security/address-key.ts). */
function rateLimitKey(request: FastifyRequest): string {
  return addressKey(request.ip);
}

export function createSharedGuards(
  config: Pick<AppConfig, 'REDIS_URL' | 'REDIS_KEY_PREFIX'>,
  log: FastifyBaseLogger,
  now: () => number = Date.now,
): SharedGuards {
  if (!config.REDIS_URL) {
    return {
      attempts: new MemoryAttemptLimiter(now),
      uploadSlots: new MemoryConcurrencyLimiter(),
      liveConnections: new MemoryConcurrencyLimiter(),
      hotInterest: { coins: new MemoryDistinctCallers(now), keywords: new MemoryDistinctCallers(now) },
      replayGuard: new MemoryReplayGuard(now),
      rateLimit: { keyGenerator: rateLimitKey },
      close: () => Promise.resolve(),
    };
  }
  const redis = openRedis(config.REDIS_URL, log, 'guards', { autoPipelining: true });
  return redisGuards(redis, config.REDIS_KEY_PREFIX, log, now);
}

/** The Redis implementations on one connection (tests give each its own connection and key prefix). */
export function redisGuards(
  redis: Redis,
  keyPrefix: string,
  log: FastifyBaseLogger,
  now: () => number = Date.now,
): SharedGuards {
  const uploadSlots = new RedisConcurrencyLimiter(
    redis,
    keyPrefix,
    new OutageNotice(log, 'upload slots', 'refuse'),
    now,
  );
  const liveConnections = new RedisConcurrencyLimiter(
    redis,
    keyPrefix,
    new OutageNotice(log, 'live connections per address', 'per-instance'),
    now,
  );
  const hotListOutage = new OutageNotice(log, 'hot list callers', 'per-instance');
  // The rate limit's store falls back to counting in this process without a word: its outage is the
  // connection's, so it is told from the connection's own state changes, once each.
  const rateLimitOutage = new OutageNotice(log, 'gateway rate limit', 'per-instance');
  const onError = (error: Error) => rateLimitOutage.failed(error);
  const onReady = () => rateLimitOutage.succeeded();
  redis.on('error', onError);
  redis.on('ready', onReady);
  return {
    attempts: new RedisAttemptLimiter(
      redis,
      keyPrefix,
      new OutageNoticesByUse(log, 'attempt limit', ATTEMPT_OUTAGE_POLICIES, 'refuse'),
      now,
    ),
    uploadSlots,
    liveConnections,
    hotInterest: {
      coins: new RedisDistinctCallers(redis, `${keyPrefix}interest:coins:`, hotListOutage, now),
      keywords: new RedisDistinctCallers(redis, `${keyPrefix}interest:keywords:`, hotListOutage, now),
    },
    replayGuard: new RedisReplayGuard(
      redis,
      keyPrefix,
      new OutageNotice(log, 'replay guard for reads', 'allow'),
      new OutageNotice(log, 'replay guard for calls that change state', 'refuse'),
    ),
    rateLimit: {
      store: fallbackRateLimitStore(redis, `${keyPrefix}rate:`),
      keyGenerator: rateLimitKey,
    },
    async close() {
      redis.off('error', onError);
      redis.off('ready', onReady);
      await Promise.all([uploadSlots.close(), liveConnections.close()]);
      redis.disconnect();
    },
  };
}
