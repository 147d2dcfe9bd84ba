import { median } from '../robust-statistics.js';
import { fitDepthMultiples, plausibleVolume } from '../verified-volume.js';
import type { VenueMarket } from '../verified-volume.js';
import { featuresOf, pairTallies } from './integrity-features.js';
import type { IntegrityFeatures, PairTally } from './integrity-features.js';
import { TapeCopies } from './tape-copy.js';
import type { CoinMarketEvidence, VenueEvidence } from './venue-evidence.js';
import { absoluteIntegrity, scoreVenues } from './venue-integrity.js';
import type { IntegrityFlag } from './integrity-flag.js';
import type { VenueIntegrity } from './venue-integrity.js';

/** Hands the event loop back between venues (the runner passes its slicer; the audit command nothing). */
export type Pause = () => Promise<void>;

/**
 * The one path from venue evidence to venue integrity, shared by the score's runner and `npm run audit`: the
 * features of each venue (judged against the others of the same universe), then their robust scoring.
 * `busyMs` counts the computing, not the turns handed back.
 */
export async function judgeVenues(
  universe: readonly VenueEvidence[],
  pause: Pause = async () => {},
): Promise<{ venues: VenueIntegrity[]; busyMs: number }> {
  let busyMs = 0;
  /** Runs one venue's share of the work as a slice of its own, counting its time. */
  const slice = async <T>(work: () => T): Promise<T> => {
    await pause();
    const started = performance.now();
    const result = work();
    busyMs += performance.now() - started;
    return result;
  };
  const copies = new TapeCopies(universe);
  for (const evidence of universe) await slice(() => copies.index(evidence.exchangeId));
  // Each pair's tape tests run once: the venue's features and each coin's are sums over its pairs.
  const tallies: PairTally[][] = [];
  const features: IntegrityFeatures[] = [];
  for (const evidence of universe)
    await slice(() => {
      tallies.push(pairTallies(evidence));
      features.push(featuresOf(evidence, tallies.at(-1)!, copies.share(evidence.exchangeId)));
    });
  const venues = await slice(() => scoreVenues(features));
  for (const [index, venue] of venues.entries())
    await slice(() =>
      Object.assign(venue, coinIntegrity(universe[index]!.exchangeId, tallies[index]!, copies)),
    );
  return { venues, busyMs };
}

/** Each sampled coin's integrity on the venue, from its own prints and books, and the median for the rest. */
function coinIntegrity(
  exchangeId: string,
  tallies: readonly PairTally[],
  copies: TapeCopies,
): Pick<VenueIntegrity, 'coins' | 'unsampledCoinIntegrity'> {
  const byCoin = new Map<string, PairTally[]>();
  for (const tally of tallies) {
    const list = byCoin.get(tally.coinId);
    if (list) list.push(tally);
    else byCoin.set(tally.coinId, [tally]);
  }
  const coins: Record<string, number> = {};
  for (const [coinId, coinTallies] of byCoin) {
    // The depth cap judges each coin's volume against its own book (verified-volume.ts).
    const market = { exchangeId, reportedVolumeUsd24h: 0, depthUsd2pct: null };
    coins[coinId] = absoluteIntegrity(featuresOf(market, coinTallies, copies.share(exchangeId, coinId)));
  }
  return { coins, unsampledCoinIntegrity: median(Object.values(coins)) ?? 1 };
}

/** One venue's verdict as `npm run audit` prints it. */
export interface VenueVerdict {
  id: string;
  integrity: number;
  flags: IntegrityFlag[];
  reportedUsd: number;
  /** What the score counts of the reported volume: after integrity and the depth cap. */
  countedUsd: number;
}

/**
 * Verdicts on a universe of venues: their integrity, and how much of their reported volume the score counts —
 * through the score's own path (verified-volume.ts): each coin's volume on each venue after its tape's
 * integrity, the depth cap with the depth multiples fitted on the universe and the coin's honest venues, and
 * the tape cap; summed over the venue's coins before the coin's share cap (a concentration rule, not a verdict
 * on the venue).
 */
export async function auditVenues(universe: readonly VenueEvidence[]): Promise<VenueVerdict[]> {
  const { venues } = await judgeVenues(universe);
  const coins = new Map<string, VenueMarket[]>();
  venues.forEach((venue, index) => {
    for (const market of marketsOf(universe[index]!)) {
      const list = coins.get(market.coinId) ?? [];
      list.push({
        exchangeId: venue.exchangeId,
        reportedVolumeUsd24h: market.reportedVolumeUsd24h,
        depthUsd2pct: market.depthUsd2pct,
        integrity: venue.coins[market.coinId] ?? venue.unsampledCoinIntegrity,
        priceExcluded: false,
        evidenced: true,
        tapeCappedUsd: market.tapeCappedUsd,
      });
      coins.set(market.coinId, list);
    }
  });
  const multipleOf = fitDepthMultiples([...coins].map(([coinId, markets]) => ({ coinId, venues: markets })));
  const counted = new Map<string, number>();
  for (const [coinId, markets] of coins)
    for (const market of markets) {
      const { plausible } = plausibleVolume(market, multipleOf(coinId));
      counted.set(market.exchangeId, (counted.get(market.exchangeId) ?? 0) + plausible);
    }
  return venues.map((venue, index) => ({
    id: venue.exchangeId,
    integrity: venue.integrity,
    flags: venue.flags,
    reportedUsd: universe[index]!.reportedVolumeUsd24h,
    countedUsd: counted.get(venue.exchangeId) ?? 0,
  }));
}

/** The venue's coin markets, or one of its first coin with the venue's own figures. */
function marketsOf(evidence: VenueEvidence): readonly CoinMarketEvidence[] {
  if (evidence.markets) return evidence.markets;
  return [
    {
      coinId: evidence.trades[0]?.coinId ?? evidence.exchangeId,
      reportedVolumeUsd24h: evidence.reportedVolumeUsd24h,
      depthUsd2pct: evidence.depthUsd2pct,
      tapeCappedUsd: null,
    },
  ];
}
