import type { MarketSnapshot } from '../market-store/market-snapshot.js';

/** How often the snapshot's freshness is looked at: the flag reaches sockets within this of turning. */
export const STALENESS_CHECK_MS = 1_000;

/**
 * Nothing ticks while the market source is silent, so nothing would tell live subscribers that their values
 * went stale. This watch reads the snapshot's freshness every STALENESS_CHECK_MS and calls `onTurn` when it
 * turned without a tick; the hub's frames then carry the `stale` change like any other field.
 */
export class StalenessWatch {
  private wasStale: boolean;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly snapshot: MarketSnapshot,
    private readonly onTurn: () => void,
    private readonly now: () => number,
  ) {
    this.wasStale = snapshot.isStale(now());
  }

  start(): void {
    this.timer = setInterval(() => this.check(), STALENESS_CHECK_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private check(): void {
    const stale = this.snapshot.isStale(this.now());
    if (stale === this.wasStale) return;
    this.wasStale = stale;
    this.onTurn();
  }
}
