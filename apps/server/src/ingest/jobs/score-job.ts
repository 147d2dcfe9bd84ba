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
  ) {}

  async run(signal: AbortSignal): Promise<void> {
    const startedAt = this.now();
    await withHeldHeapGrowth(() => this.scorer.run(signal));
    this.scored = true;
    this.lastRun = { startedAt, completedAt: this.now() };
    for (const coin of this.snapshot.coins.values())
      coin.certification = certificationOf(coin.profile, coin.score, coin.venues);
    this.ranking.rank();
    this.snapshot.version++;
  }
}
