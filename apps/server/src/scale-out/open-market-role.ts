import type { FastifyBaseLogger } from 'fastify';

import type { MarketIngest } from '../ingest/market-ingest.js';
import type { MarketSnapshot } from '../market-store/market-snapshot.js';
import type { ServerEventBus } from '../runtime/server-events.js';
import { connectLockSession, PostgresLeaderElection } from './leader-election.js';
import type { LeaderJobs, MarketRole } from './market-role.js';
import { ElectedIngestRole, SoleIngestRole } from './market-role.js';
import { openRedis, redisReady } from './redis-connection.js';
import { SnapshotEncoder } from './snapshot-codec.js';
import { SnapshotFollower, SnapshotPublisher, snapshotStreamKeys } from './snapshot-stream.js';

/** How long start-up waits for Redis before it gives up (a supervisor then restarts the instance). */
const REDIS_START_TIMEOUT_MS = 15_000;

export interface MarketRoleSettings {
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel of this deployment. */
  redisKeyPrefix: string;
  leaderPollMs: number;
  /** How long a newly elected leader's ingest may take to start. */
  leaderStartTimeoutMs: number;
  connectTimeoutMs: number;
}

export interface MarketRoleParts {
  ingest: MarketIngest;
  snapshot: MarketSnapshot;
  leaderJobs: LeaderJobs;
  /**
   * Hears this instance's ticks (the leader streams each one) and announces each message of the leader's stream
   * a follower applied (`market.followed`).
   */
  events: ServerEventBus;
  /** Ends this process (gracefully) when it lost leadership or could not start leading. */
  leadershipLost: () => void;
  log: FastifyBaseLogger;
  now: () => number;
}

/**
 * The embedded mode ingests in this process. With PostgreSQL and Redis (production mode) every instance
 * follows one elected leader's stream; the leader alone calls the market providers.
 */
export async function openMarketRole(
  settings: MarketRoleSettings,
  parts: MarketRoleParts,
): Promise<MarketRole> {
  const { databaseUrl, redisUrl } = settings;
  // Production mode (config/production-mode.ts) is both URLs set.
  if (!databaseUrl || !redisUrl) return new SoleIngestRole(parts.ingest, parts.leaderJobs);
  const { ingest, snapshot, leaderJobs, events, leadershipLost, log, now } = parts;
  const keys = snapshotStreamKeys(settings.redisKeyPrefix);
  const commands = openRedis(redisUrl, log, 'market-stream');
  const subscriber = openRedis(redisUrl, log, 'market-stream-subscriber');
  // An instance starts only with Redis there; later outages are ridden out (snapshot-stream.ts).
  await Promise.all([commands, subscriber].map((redis) => redisReady(redis, REDIS_START_TIMEOUT_MS)));
  let role: ElectedIngestRole | null = null;
  const follower = new SnapshotFollower(
    subscriber,
    commands,
    keys,
    snapshot,
    (readiness) => {
      role?.followed(readiness);
      events.emit('market.followed');
    },
    log,
  );
  const encoder = new SnapshotEncoder(snapshot, ingest);
  const election = new PostgresLeaderElection(
    () => connectLockSession(databaseUrl, settings.connectTimeoutMs),
    { pollMs: settings.leaderPollMs },
    log,
    () => void role?.lead().catch(leadershipLost),
    leadershipLost,
  );
  role = new ElectedIngestRole(
    ingest,
    leaderJobs,
    follower,
    new SnapshotPublisher(commands, keys, encoder, log, now),
    election,
    events,
    log,
    () => {
      commands.disconnect();
      subscriber.disconnect();
    },
    settings.leaderStartTimeoutMs,
  );
  return role;
}
