import { withHeldHeapGrowth } from '../../runtime/heap-growth.js';
import type { MarketSnapshot } from '../../market-store/market-snapshot.js';
import { certificationOf } from '../certification.js';
import type { MarketRanking } from '../market-ranking.js';
import type { MarketScorer } from '../market-scorer.js';

/** Recomputes the score and applies what follows from it (certification, ExRank) at once. */
export class ScoreJob {
  /** Whether a run has completed (until then every score field is null). */
  scored = false;
  /** When the last completed run started, and when it completed; null before the first. */
  lastRun: { startedAt: number; completedAt: number } | null = null;

  constructor(
    private readonly scorer: MarketScorer,
    private readonly snapshot: MarketSnapshot,
    private readonly ranking: MarketRanking,
    private readonly now: () => number,
    /**
     * Whether a run holds the old generation's growth (runtime/heap-growth.ts). Not during start-up: the
     * back-fill's allocation keeps the collector busy already, and holding the growth under it took the event
     * loop's p99 there from 21–23 to 34–35 ms (`bench:start`).
     */
    private readonly holdHeapGrowth: () => boolean = () => true,
  ) {}

  async run(signal: AbortSignal): Promise<void> {
    const startedAt = this.now();
    const run = () => this.scorer.run(signal);
    await (this.holdHeapGrowth() ? withHeldHeapGrowth(run) : run());
    this.scored = true;
    this.lastRun = { startedAt, completedAt: this.now() };
    for (const coin of this.snapshot.coins.values())
      coin.certification = certificationOf(coin.profile, coin.score, coin.venues);
    this.ranking.rank();
    this.snapshot.version++;
    // Once the run's result is out: what the rotation reads serves the next runs.
    await this.scorer.rotateTapes(signal);
  }
}
