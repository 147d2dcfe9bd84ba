import type { FastifyBaseLogger } from 'fastify';

/**
 * What one shared limit or guard does while Redis cannot answer: refuse the call (the catalogue's "too many
 * attempts" answer, never a 5xx) or let it through. docs/scale-out.md says which use takes which, and why.
 */
export type OutagePolicy = 'refuse' | 'allow';

/** How long a refused caller is told to wait during an outage: about one reconnect back-off at its longest. */
export const OUTAGE_RETRY_AFTER_MS = 5_000;

/**
 * Logs a use's fallback once per outage: the first failed call says what the use now does, the first call
 * that works again says it is shared again; the calls in between log nothing.
 */
export class OutageNotice {
  private failing = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    readonly use: string,
    readonly policy: OutagePolicy,
  ) {}

  failed(error: unknown): void {
    if (this.failing) return;
    this.failing = true;
    this.log.error(
      { err: error, use: this.use, policy: this.policy },
      this.policy === 'refuse'
        ? `redis unavailable: ${this.use} refuses every call until it is back (fails closed)`
        : `redis unavailable: ${this.use} lets calls through unchecked until it is back (fails open)`,
    );
  }

  succeeded(): void {
    if (!this.failing) return;
    this.failing = false;
    this.log.warn({ use: this.use }, `redis available again: ${this.use} is shared again`);
  }
}
