import type { FlowSum } from './flow-price.js';
import { summedFlows } from './flow-price.js';
import type { PrintImpact } from './print-impact.js';
import { pooledImpact } from './print-impact.js';
import { summedSigns } from './sign-clustering.js';
import type { SignTally } from './sign-clustering.js';

const DAY_MS = 86_400_000;

/**
 * Sided prints the sign test rests on before a run's own window stops borrowing earlier ones. On every real tape we
 * hold, every stretch of 1,000 prints clusters at 0.47 or more, but stretches of 500 go down to 0.00 (Binance 2024
 * BTC) and 0.22 (Mt. Gox 2013), and of 200 to −0.02: a live run reads 500 prints of a pair, and an honest coin
 * judged on that alone was now and then taken for wash (docs/score-methodology.md §1a).
 */
export const SIGN_WINDOW_PRINTS = 1_000;
/**
 * Prints of the leading pairs the print-impact test rests on before a window stops borrowing: the longest stretch
 * its floor was measured on (every stretch of 200 to 3,000 prints of every real tape with sides keeps the edge of
 * its interval at 0.18 or more). One live read of a pair, 500 prints, leaves a margin of 0.27, so a coin judged on
 * it alone was accused only far past 10× wash; on 3,000 prints the margin is 0.11.
 */
export const IMPACT_WINDOW_PRINTS = 3_000;
/** Buckets of 30 prints the flow test rests on before a window stops borrowing: the same 3,000 prints. */
export const FLOW_WINDOW_BUCKETS = 100;
/** Earlier windows kept per venue and coin (a run every 2½–7½ minutes: the last half hour or so). */
const KEPT_WINDOWS = 6;

/** What the flow tests read of one window of a venue's (or a coin's) tape. */
export interface FlowWindow {
  /** Every pair's sign tally, summed. */
  signs: SignTally;
  /** The leading pairs' flow buckets (price-leaders.ts), and their print impact. */
  flow: FlowSum;
  impact: PrintImpact;
}

/**
 * The flow tests' tallies of each venue's coins over the score's recent runs: a run whose window of a coin is
 * short for a test is judged, on that test, together with the newest earlier windows of the same coin on the
 * same venue, until they rest on the test's sample (`SIGN_WINDOW_PRINTS`, `IMPACT_WINDOW_PRINTS`,
 * `FLOW_WINDOW_BUCKETS`). The runs' windows are read at moments the venue cannot know (the score's cadence is
 * drawn anew after each run), so borrowing them adds no stretch the venue chose, and a washer who keeps printing
 * is judged on more of his prints than one read holds. A window older than a day is not borrowed; a coin not read
 * for a day is forgotten.
 */
export class TapeWindows {
  private readonly windows = new Map<string, { window: FlowWindow; at: number }[]>();

  constructor(private readonly horizonMs: number = DAY_MS) {}

  /** `own` (this run's, read at `now`) with the earlier windows each test needs; this run's is kept for the next. */
  pooled(exchangeId: string, coinId: string, own: FlowWindow, now: number): FlowWindow {
    const key = `${exchangeId}|${coinId}`;
    const earlier = (this.windows.get(key) ?? []).filter((entry) => entry.at > now - this.horizonMs);
    const signs: SignTally[] = [own.signs];
    const flows: FlowSum[] = [own.flow];
    const impacts: PrintImpact[] = [own.impact];
    let signCount = own.signs.count;
    let buckets = own.flow.buckets;
    let prints = own.impact.prints;
    for (let index = earlier.length - 1; index >= 0; index--) {
      const { window } = earlier[index]!;
      if (signCount < SIGN_WINDOW_PRINTS) {
        signs.push(window.signs);
        signCount += window.signs.count;
      }
      if (buckets < FLOW_WINDOW_BUCKETS) {
        flows.push(window.flow);
        buckets += window.flow.buckets;
      }
      if (prints < IMPACT_WINDOW_PRINTS) {
        impacts.push(window.impact);
        prints += window.impact.prints;
      }
    }
    earlier.push({ window: own, at: now });
    this.windows.set(key, earlier.slice(-KEPT_WINDOWS));
    return {
      signs: signs.length === 1 ? own.signs : summedSigns(signs),
      flow: flows.length === 1 ? own.flow : summedFlows(flows),
      impact: impacts.length === 1 ? own.impact : pooledImpact(impacts),
    };
  }

  /** Forgets the venues and coins whose last window is a day old. */
  forgetBefore(now: number): void {
    for (const [key, windows] of this.windows)
      if (windows.at(-1)!.at <= now - this.horizonMs) this.windows.delete(key);
  }
}
