import type { FastifyBaseLogger } from 'fastify';

/**
 * What one shared limit or guard does while Redis cannot answer: refuse the call (the catalogue's "too many
 * attempts" answer, never a 5xx), let it through, or count it in this instance alone. docs/scale-out.md says
 * which use takes which, and why.
 */
export type OutagePolicy = 'refuse' | 'allow' | 'per-instance';

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
        : this.policy === 'per-instance'
          ? `redis unavailable: ${this.use} is counted by each instance alone until it is back`
          : `redis unavailable: ${this.use} lets calls through unchecked until it is back (fails open)`,
    );
  }

  succeeded(): void {
    if (!this.failing) return;
    this.failing = false;
    this.log.warn({ use: this.use }, `redis available again: ${this.use} is shared again`);
  }
}

/**
 * The notices of one limiter that serves several uses, one per use, the use being its key's first segment
 * (`login` of `login:<address>`); each takes its policy from `policies`, a use not listed takes `otherwise`.
 */
export class OutageNoticesByUse {
  private readonly notices = new Map<string, OutageNotice>();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly limiterName: string,
    private readonly policies: Readonly<Record<string, OutagePolicy>>,
    private readonly otherwise: OutagePolicy,
  ) {}

  of(key: string): OutageNotice {
    const use = key.split(':', 1)[0] ?? key;
    let notice = this.notices.get(use);
    if (!notice) {
      notice = new OutageNotice(
        this.log,
        `${this.limiterName} "${use}"`,
        this.policies[use] ?? this.otherwise,
      );
      this.notices.set(use, notice);
    }
    return notice;
  }
}
