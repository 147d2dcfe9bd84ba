/**
 * When a staged start's score runs (live mode): every minute until a run has started after the first round of
 * venues was in (so trading evidence shows within minutes, not at the next five-minute run), then after a gap drawn
 * anew for each run, uniformly over ½–1½ × `scoreMs` (the mean stays `scoreMs`). A run reads each pair's latest
 * prints, so on a fixed schedule a washer who sees a score's time could pause his prints around the next sample;
 * here he cannot tell which minute of a five-minute span it falls on (docs/score-methodology.md §1). The job asks
 * once a `checkMs`, so a gap is met within that.
 */
export class StagedScoreCadence {
  /** The gap drawn after the run that started at `after`. */
  private gap: { after: number; ms: number } | null = null;

  constructor(
    private readonly scoreMs: number,
    private readonly checkMs: number,
    private readonly random: () => number = Math.random,
  ) {}

  /**
   * Whether the score should run now: `last` is the last completed run (null before the first), `firstRoundAt`
   * when the first round of venues was in (null until then).
   */
  due(
    last: { startedAt: number; completedAt: number } | null,
    firstRoundAt: number | null,
    now: number,
  ): boolean {
    if (last === null || firstRoundAt === null || last.startedAt < firstRoundAt) return true;
    return now - last.completedAt >= this.gapAfter(last.startedAt) - this.checkMs / 2;
  }

  private gapAfter(startedAt: number): number {
    if (this.gap?.after !== startedAt)
      this.gap = { after: startedAt, ms: this.scoreMs * (0.5 + this.random()) };
    return this.gap.ms;
  }
}
