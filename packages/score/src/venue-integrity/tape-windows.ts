import type { FlowSum } from './flow-price.js';
import { flowSumOf, summedFlows } from './flow-price.js';
import type { PairTally } from './integrity-features.js';
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

/** What the flow tests read of one window of a venue's (or a coin's) tape. */
export interface FlowWindow {
  /** Every pair's sign tally, summed. */
  signs: SignTally;
  /** The leading pairs' flow buckets (price-leaders.ts), and their print impact. */
  flow: FlowSum;
  impact: PrintImpact;
}

/** What the windows read of a pair's tallies: its name, its prints' span and what the flow tests count. */
export type WindowTally = Pick<
  PairTally,
  'coinId' | 'quoteCurrency' | 'from' | 'to' | 'leads' | 'signs' | 'flow' | 'impact'
>;

/** What the flow tests read of `tallies` (a venue's pairs, or a coin's): the leading pairs as last marked. */
export function flowWindowOf(tallies: readonly WindowTally[]): FlowWindow {
  const leading = tallies.filter((tally) => tally.leads);
  return {
    signs: summedSigns(tallies.map((tally) => tally.signs)),
    flow: flowSumOf(leading.map((tally) => tally.flow)),
    impact: pooledImpact(leading.map((tally) => tally.impact)),
  };
}

/** One read of a pair as kept: what the flow tests read of it, the span of its prints, and when it was read. */
interface KeptRead {
  window: FlowWindow;
  from: number;
  to: number;
  at: number;
}

/** A pair's reads, oldest first, no two holding the same print. */
type PairReads = KeptRead[];

/**
 * The flow tests' tallies of each venue's pairs over the score's recent reads (the runs keep one store, the
 * rotation another: market-scorer.ts): a judgement whose own window is short for a test borrows, on that test, the
 * newest earlier reads — of the pairs it reads (a venue's), or of every pair of the coin on the venue (a coin's) —
 * until it rests on the test's sample (`SIGN_WINDOW_PRINTS`, `IMPACT_WINDOW_PRINTS`, `FLOW_WINDOW_BUCKETS`). No print is counted twice: a
 * read overlapping the prints the judgement reads of the same pair is not borrowed, and a pair's read is kept only
 * when it starts after the last kept one (a quiet pair read every few minutes re-reads the same hour of prints;
 * counted again, they would narrow the tests' intervals without adding evidence). The reads are made at moments the
 * venue cannot know (the score's cadence is drawn anew after each run, the rotation picks its pairs at random), so
 * borrowing them adds no stretch the venue chose, and a washer who keeps printing is judged on more of his prints
 * than one read holds. A read older than a day is neither borrowed nor kept.
 */
export class TapeWindows {
  /** venue → coin → quote → reads. */
  private readonly venues = new Map<string, Map<string, Map<string, PairReads>>>();

  constructor(private readonly horizonMs: number = DAY_MS) {}

  /**
   * The window of `tallies` (read at `now`) with the earlier reads each test needs: of the same pairs, or with
   * `coinId` of every pair of that coin on the venue.
   */
  pooled(exchangeId: string, tallies: readonly WindowTally[], now: number, coinId?: string): FlowWindow {
    const own = flowWindowOf(tallies);
    let signCount = own.signs.count;
    let buckets = own.flow.buckets;
    let prints = own.impact.prints;
    const short = () =>
      signCount < SIGN_WINDOW_PRINTS || buckets < FLOW_WINDOW_BUCKETS || prints < IMPACT_WINDOW_PRINTS;
    const coins = this.venues.get(exchangeId);
    if (!short() || !coins) return own;
    const earlier = this.lendable(coins, tallies, now, coinId).sort((a, b) => b.at - a.at);
    const signs: SignTally[] = [own.signs];
    const flows: FlowSum[] = [own.flow];
    const impacts: PrintImpact[] = [own.impact];
    for (const { window } of earlier) {
      if (!short()) break;
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
    return {
      signs: signs.length === 1 ? own.signs : summedSigns(signs),
      flow: flows.length === 1 ? own.flow : summedFlows(flows),
      impact: impacts.length === 1 ? own.impact : pooledImpact(impacts),
    };
  }

  /**
   * Keeps each pair's read of `tallies` (read at `now`) for later judgements, unless it overlaps the pair's last
   * kept read; a pair keeps the newest reads that cover every test's sample.
   */
  keep(exchangeId: string, tallies: readonly WindowTally[], now: number): void {
    let coins = this.venues.get(exchangeId);
    if (!coins) this.venues.set(exchangeId, (coins = new Map<string, Map<string, PairReads>>()));
    for (const tally of tallies) {
      let quotes = coins.get(tally.coinId);
      if (!quotes) coins.set(tally.coinId, (quotes = new Map<string, PairReads>()));
      const reads = quotes.get(tally.quoteCurrency) ?? [];
      const last = reads.at(-1);
      if (last && tally.from < last.to) continue;
      reads.push({ window: flowWindowOf([tally]), from: tally.from, to: tally.to, at: now });
      quotes.set(tally.quoteCurrency, coveringSamples(reads));
    }
  }

  /** Forgets the reads a day old, and the venues, coins and pairs left without one. */
  forgetBefore(now: number): void {
    for (const [exchangeId, coins] of this.venues) {
      for (const [coinId, quotes] of coins) {
        for (const [quote, reads] of quotes) {
          const fresh = reads.filter((read) => read.at > now - this.horizonMs);
          if (fresh.length > 0) quotes.set(quote, fresh);
          else quotes.delete(quote);
        }
        if (quotes.size === 0) coins.delete(coinId);
      }
      if (coins.size === 0) this.venues.delete(exchangeId);
    }
  }

  /**
   * The kept reads a judgement of `tallies` may borrow: within the day, sharing no print with `tallies`. Two reads
   * that only touch (one's last print at the other's first print's millisecond) are taken for apart: a venue prints
   * several trades in one millisecond, and consecutive reads of a busy pair meet there.
   */
  private lendable(
    coins: ReadonlyMap<string, ReadonlyMap<string, PairReads>>,
    tallies: readonly WindowTally[],
    now: number,
    coinId: string | undefined,
  ): KeptRead[] {
    // Each pair whose reads may be lent, with what the judgement reads of it (nothing, for a pair of the coin it
    // does not read).
    const pairs =
      coinId === undefined
        ? tallies.flatMap((own) => {
            const reads = coins.get(own.coinId)?.get(own.quoteCurrency);
            return reads ? [{ reads, own }] : [];
          })
        : [...(coins.get(coinId) ?? [])].map(([quote, reads]) => ({
            reads,
            own: tallies.find((tally) => tally.coinId === coinId && tally.quoteCurrency === quote),
          }));
    const lendable: KeptRead[] = [];
    for (const { reads, own } of pairs)
      for (const read of reads)
        if (read.at > now - this.horizonMs && (!own || read.to <= own.from || read.from >= own.to))
          lendable.push(read);
    return lendable;
  }
}

/**
 * Reads kept per pair at most: a pair that does not lead its coin's price is read by the sign test alone and never
 * fills the others' samples; 24 reads are two hours of a run's sample, or a day of a quiet pair's reads.
 */
const KEPT_READS = 24;

/** The newest of a pair's reads that together cover every test's sample (at most `KEPT_READS`). */
function coveringSamples(reads: PairReads): PairReads {
  let signs = 0;
  let buckets = 0;
  let prints = 0;
  for (let index = reads.length - 1; index >= 0; index--) {
    const { window } = reads[index]!;
    signs += window.signs.count;
    buckets += window.flow.buckets;
    prints += window.impact.prints;
    const covered =
      signs >= SIGN_WINDOW_PRINTS && buckets >= FLOW_WINDOW_BUCKETS && prints >= IMPACT_WINDOW_PRINTS;
    if (covered || reads.length - index >= KEPT_READS) return index === 0 ? reads : reads.slice(index);
  }
  return reads;
}
