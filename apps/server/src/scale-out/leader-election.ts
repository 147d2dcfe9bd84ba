import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

/** The advisory lock's key: one number every instance of one database agrees on ('coinlens' in ASCII, folded). */
export const INGEST_LEADER_LOCK = 0x636f696e;

/**
 * Keepalive on the lock's session, asked of the PostgreSQL server: when the leader's host vanishes without closing
 * its socket (power loss, a partition), the server drops the session, and the lock with it, after about
 * idle + interval × count = 25 s instead of the kernel's default of over two hours.
 */
export const LOCK_SESSION_KEEPALIVE = { idleSeconds: 10, intervalSeconds: 5, count: 3 } as const;

/** A connection of its own for the lock, with the server-side keepalive above. */
export async function connectLockSession(databaseUrl: string, connectTimeoutMs: number): Promise<pg.Client> {
  const { default: postgres } = await import('pg');
  const client = new postgres.Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: connectTimeoutMs,
    keepAlive: true,
    application_name: 'coinlens-leader-election',
  });
  await client.connect();
  const { idleSeconds, intervalSeconds, count } = LOCK_SESSION_KEEPALIVE;
  await client.query(
    `set tcp_keepalives_idle = ${idleSeconds}; set tcp_keepalives_interval = ${intervalSeconds}; set tcp_keepalives_count = ${count}`,
  );
  return client;
}

export interface LeaderElectionOptions {
  pollMs: number;
  /** The lock's key (tests run elections of their own beside a server's). */
  lockKey?: number;
}

/**
 * Elects the one instance that ingests: it holds a PostgreSQL session-level advisory lock on a connection of its
 * own. PostgreSQL releases the lock the moment that session ends, so when the leader dies (even by kill -9, the
 * kernel closes its socket) another instance gets it at its next poll. A leader whose lock connection fails
 * cannot know whether someone else took over: it reports the loss and stops leading.
 */
export class PostgresLeaderElection {
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private leading = false;
  private stopped = false;
  private polling = false;

  constructor(
    private readonly connect: () => Promise<pg.Client>,
    private readonly options: LeaderElectionOptions,
    private readonly log: FastifyBaseLogger,
    private readonly onElected: () => void,
    private readonly onDeposed: () => void,
  ) {}

  get isLeader(): boolean {
    return this.leading;
  }

  /** Asks for the lock now, then every poll interval. */
  async start(): Promise<void> {
    await this.poll();
    this.timer = setInterval(() => void this.poll(), this.options.pollMs);
    this.timer.unref();
  }

  /** Gives the lock up (ending the session releases it) and stops asking. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.leading = false;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async poll(): Promise<void> {
    if (this.polling || this.stopped) return;
    this.polling = true;
    try {
      if (this.leading) await this.confirm();
      else await this.tryAcquire();
    } finally {
      this.polling = false;
    }
  }

  private async tryAcquire(): Promise<void> {
    try {
      this.client ??= await this.openClient();
      const result = await this.client.query<{ acquired: boolean }>(
        'select pg_try_advisory_lock($1) as acquired',
        [this.options.lockKey ?? INGEST_LEADER_LOCK],
      );
      if (!result.rows[0]?.acquired || this.stopped) return;
      this.leading = true;
      this.log.info('elected ingest leader');
      this.onElected();
    } catch (error) {
      this.log.warn({ err: error }, 'leader election: database unreachable, retrying');
      await this.dropClient();
    }
  }

  /** The lock lives as long as its session: a round trip on that connection proves it is still held. */
  private async confirm(): Promise<void> {
    try {
      await this.client?.query('select 1');
    } catch (error) {
      this.depose(error);
    }
  }

  /** A deposed instance stops asking: it is shutting down, and must not lead again while it does. */
  private depose(error: unknown): void {
    if (!this.leading) return;
    this.leading = false;
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.log.error({ err: error }, 'ingest leadership lost: the lock connection failed');
    void this.dropClient();
    this.onDeposed();
  }

  private async openClient(): Promise<pg.Client> {
    const client = await this.connect();
    client.on('error', (error: Error) => this.depose(error));
    client.on('end', () => this.depose(new Error('lock connection ended')));
    return client;
  }

  private async dropClient(): Promise<void> {
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
