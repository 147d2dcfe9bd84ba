/**
 * The PostgreSQL pool the server queries through, bounded in time so a database that stops answering turns
 * every request into a quick error instead of a hang: opening a connection (or waiting for a free one) gives
 * up after `connectTimeoutMs`; the server cancels a statement running past `statementTimeoutMs`; and the client
 * stops waiting READ_GRACE_MS after that, for a database that answers nothing at all (a black hole). A
 * connection that hit the client's read timeout or lost its socket is thrown away on release rather than
 * handed to the next query, and an error on a connection in use never reaches the process as an uncaught one.
 */
import type pg from 'pg';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

export interface PostgresTimeouts {
  connectTimeoutMs: number;
  /** 0: unbounded (migrations, which may rewrite a large table). */
  statementTimeoutMs: number;
}

/** DATABASE_CONNECT_TIMEOUT_MS and DATABASE_STATEMENT_TIMEOUT_MS when unset. */
export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = {
  connectTimeoutMs: 10_000,
  statementTimeoutMs: 30_000,
};

/** The server's own cancel answers first; this long after it, silence means the connection is gone. */
const READ_GRACE_MS = 1_000;
/** pg's message for `query_timeout`. */
const READ_TIMEOUT_MESSAGE = 'Query read timeout';

export function poolTimeoutSettings({ connectTimeoutMs, statementTimeoutMs }: PostgresTimeouts) {
  return {
    connectionTimeoutMillis: connectTimeoutMs,
    keepAlive: true,
    ...(statementTimeoutMs > 0
      ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + READ_GRACE_MS }
      : {}),
  } satisfies pg.PoolConfig;
}

/** Kysely's view of `pool`, handing out connections that are dropped once broken. */
export class GuardedPostgresPool implements PostgresPool {
  constructor(private readonly pool: pg.Pool) {}

  async connect(): Promise<PostgresPoolClient> {
    return new GuardedClient(await this.pool.connect());
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}

class GuardedClient implements PostgresPoolClient {
  /** Why this connection must not be reused; set by a read timeout or a socket error while checked out. */
  private broken: Error | undefined;
  private readonly onError = (error: Error) => {
    this.broken = error;
  };

  constructor(private readonly client: pg.PoolClient) {
    // pg-pool listens only while a client is idle; checked out, a lost socket would be an uncaught 'error'.
    client.on('error', this.onError);
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string')
      return this.client.query(sqlOrCursor as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
    const result = this.client.query(sqlOrCursor, parameters as unknown[]) as unknown as Promise<
      PostgresQueryResult<R>
    >;
    result.catch((error: unknown) => {
      if (error instanceof Error && error.message === READ_TIMEOUT_MESSAGE) this.broken = error;
    });
    return result;
  }

  release(): void {
    this.client.removeListener('error', this.onError);
    // An error given to release makes pg-pool close the connection instead of pooling it.
    this.client.release(this.broken);
  }
}
