import type { FastifyBaseLogger } from 'fastify';

import type { MarketIngest } from '../ingest/market-ingest.js';
import type { MarketReadiness } from '../market-store/market-readiness.js';
import type { ServerEventSource } from '../runtime/server-events.js';
import type { SnapshotFollower, SnapshotPublisher } from './snapshot-stream.js';

/** Work that only one instance may do: ingest, and what writes from it (feeds, flashes, the upload sweep). */
export interface LeaderJobs {
  start(): Promise<void>;
  stop(): void;
}

/** What this instance does with the market: ingest it (the leader) or follow the leader's stream. */
export interface MarketRole extends MarketReadiness {
  /** Starts ingest (embedded mode, or once elected) or the stream; resolves once the market can be served. */
  start(signal: AbortSignal): Promise<void>;
  stop(): Promise<void>;
  readonly isLeader: boolean;
  /** Settles once start-up work is done (the heap is then sized for the steady state). */
  readonly settled: Promise<void>;
}

/** One process, no election: it always ingests (the embedded default). */
export class SoleIngestRole implements MarketRole {
  readonly isLeader = true;

  constructor(
    private readonly ingest: MarketIngest,
    private readonly jobs: LeaderJobs,
  ) {}

  get warmedUp(): boolean {
    return this.ingest.warmedUp;
  }

  get historyStored(): boolean {
    return this.ingest.historyStored;
  }

  get settled(): Promise<void> {
    return this.ingest.settled;
  }

  async start(signal: AbortSignal): Promise<void> {
    await this.ingest.start(signal);
    await this.jobs.start();
  }

  async stop(): Promise<void> {
    this.jobs.stop();
    await this.ingest.stop();
  }
}

/** How the elected role learns and gives up leadership (scale-out/leader-election.ts). */
export interface Election {
  readonly isLeader: boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Several instances: each follows the leader's snapshot stream until the election makes it the leader; then it
 * stops following, starts ingest and the leader's jobs, and publishes every tick. Leadership is not handed back:
 * an instance that loses it asks `leadershipLost` to end the process (it cannot know who leads now).
 */
export class ElectedIngestRole implements MarketRole {
  private streamReadiness: MarketReadiness = { warmedUp: false, historyStored: false };
  private leading = false;
  private firstState!: () => void;
  private readonly received = new Promise<void>((resolve) => (this.firstState = resolve));

  constructor(
    private readonly ingest: MarketIngest,
    private readonly jobs: LeaderJobs,
    private readonly follower: SnapshotFollower,
    private readonly publisher: SnapshotPublisher,
    private readonly election: Election,
    events: ServerEventSource,
    private readonly log: FastifyBaseLogger,
    private readonly disconnect: () => void,
    /** How long a newly elected leader's ingest may take to start (MARKET_START_TIMEOUT_MS). */
    private readonly leaderStartTimeoutMs: number,
  ) {
    events.on('market.ticked', () => {
      if (this.leading) void this.publisher.publish();
    });
  }

  /** Called by the follower after each applied message. */
  followed(readiness: MarketReadiness): void {
    this.streamReadiness = readiness;
    this.firstState();
  }

  get isLeader(): boolean {
    return this.leading;
  }

  get warmedUp(): boolean {
    return this.leading ? this.ingest.warmedUp : this.streamReadiness.warmedUp;
  }

  get historyStored(): boolean {
    return this.leading ? this.ingest.historyStored : this.streamReadiness.historyStored;
  }

  get settled(): Promise<void> {
    return this.received;
  }

  /** Resolves once there is a market to serve: the leader's stream, or this instance's own first tick. */
  async start(signal: AbortSignal): Promise<void> {
    await this.follower.start();
    await this.election.start();
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => reject(new Error('no market within the start timeout (no leader, or it failed)'));
      if (signal.aborted) onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      void this.received.then(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      });
    });
  }

  /** The election's call: this instance now holds the lock. */
  async lead(): Promise<void> {
    await this.follower.stop();
    this.leading = true;
    try {
      // Its own budget, whenever the election comes: a follower elected an hour after start gets the full time.
      await this.ingest.start(AbortSignal.timeout(this.leaderStartTimeoutMs));
      await this.publisher.publish();
      await this.jobs.start();
      this.firstState();
    } catch (error) {
      this.log.error({ err: error }, 'ingest leader could not start');
      throw error;
    }
  }

  async stop(): Promise<void> {
    await this.election.stop();
    await this.follower.stop();
    if (this.leading) {
      this.jobs.stop();
      await this.ingest.stop();
    }
    this.leading = false;
    this.disconnect();
  }
}
