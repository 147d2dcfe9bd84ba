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
/** Earlier windows kept per venue and coin (a run every 2½–7½ minutes: the last half hour or so). */
const KEPT_WINDOWS = 6;

/**
 * The sign tallies of each venue's coins over the score's recent runs: a run whose window of a coin is short is
 * judged together with the newest earlier windows of the same coin on the same venue, until they rest on
 * `SIGN_WINDOW_PRINTS` sided prints. The runs' windows are read at moments the venue cannot know (the score's
 * cadence is drawn anew after each run), so borrowing them adds no stretch the venue chose. A window older than
 * a day is not borrowed; a coin not read for a day is forgotten.
 */
export class SignWindows {
  private readonly windows = new Map<string, { tally: SignTally; at: number }[]>();

  constructor(private readonly horizonMs: number = DAY_MS) {}

  /** `tally` (this run's, read at `now`) with the earlier windows it needs; this run's is kept for the next. */
  pooled(exchangeId: string, coinId: string, tally: SignTally, now: number): SignTally {
    const key = `${exchangeId}|${coinId}`;
    const earlier = (this.windows.get(key) ?? []).filter((window) => window.at > now - this.horizonMs);
    const borrowed: SignTally[] = [tally];
    let count = tally.count;
    for (let index = earlier.length - 1; index >= 0 && count < SIGN_WINDOW_PRINTS; index--) {
      borrowed.push(earlier[index]!.tally);
      count += earlier[index]!.tally.count;
    }
    earlier.push({ tally, at: now });
    this.windows.set(key, earlier.slice(-KEPT_WINDOWS));
    return borrowed.length === 1 ? tally : summedSigns(borrowed);
  }

  /** Forgets the venues and coins whose last window is a day old. */
  forgetBefore(now: number): void {
    for (const [key, windows] of this.windows)
      if (windows.at(-1)!.at <= now - this.horizonMs) this.windows.delete(key);
  }
}
