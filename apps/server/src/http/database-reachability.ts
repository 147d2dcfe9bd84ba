import { sql } from 'kysely';

import type { DatabaseHandle } from '../db/database.js';

/** How long one probe's answer stands: the balancer asks every few seconds, several instances' probes need one. */
const FRESH_MS = 1_000;
/** How long a readiness answer waits for a probe before it answers from the last one. */
const WAIT_MS = 250;
/**
 * A probe still running after this long counts as unreachable: a pool kept busy by users' calls answers within
 * it (the statement timeout ends any one query sooner), a hung connection or server does not.
 */
const STUCK_MS = 5_000;

/** Null when the database answers, else why not. */
export async function databaseFailure(database: DatabaseHandle): Promise<unknown> {
  try {
    await sql`select 1`.execute(database.db);
    return null;
  } catch (error) {
    return error ?? new Error('database unreachable');
  }
}

/**
 * Whether the database answers, as readiness reports it, without making the balancer wait on the users' load:
 * one probe at a time (never a queue of them behind a busy pool), its answer kept for a second, and an answer
 * within WAIT_MS whatever the pool is doing — the last probe's while a new one is under way, unreachable once
 * that one has run STUCK_MS. Before, `/readyz` queued its `select 1` behind the users' queries: p95 2.2 s with
 * one account's portfolio history in flight, past HAProxy's 2 s check (issue 35, finding 1).
 */
export class DatabaseReachability {
  private last: { reachable: boolean; at: number } | null = null;
  private probe: { startedAt: number; answer: Promise<boolean> } | null = null;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly now: () => number = Date.now,
  ) {}

  async reachable(): Promise<boolean> {
    const at = this.now();
    if (this.last && at - this.last.at < FRESH_MS) return this.last.reachable;
    const probe = this.probe ?? this.startProbe(at);
    if (at - probe.startedAt >= STUCK_MS) return false;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), WAIT_MS);
    });
    try {
      return (await Promise.race([probe.answer, waited])) ?? this.last?.reachable ?? false;
    } finally {
      clearTimeout(timer);
    }
  }

  private startProbe(at: number): { startedAt: number; answer: Promise<boolean> } {
    const probe = {
      startedAt: at,
      answer: databaseFailure(this.database).then((failure) => {
        this.last = { reachable: failure === null, at: this.now() };
        this.probe = null;
        return failure === null;
      }),
    };
    this.probe = probe;
    return probe;
  }
}
