import { median } from '../../analytics/robust-statistics.js';
import { SCORE_PARAMETERS } from '../methodology.js';
import { verifiedVolume } from '../verified-volume.js';
import { featuresOf, pairTallies } from './integrity-features.js';
import type { IntegrityFeatures, PairTally } from './integrity-features.js';
import { TapeCopies } from './tape-copy.js';
import type { VenueEvidence } from './venue-evidence.js';
import { absoluteIntegrity, scoreVenues } from './venue-integrity.js';
import type { IntegrityFlag, VenueIntegrity } from './venue-integrity.js';

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

/** Verdicts on a universe of venues: their integrity and how much of their reported volume the score counts. */
export async function auditVenues(universe: readonly VenueEvidence[]): Promise<VenueVerdict[]> {
  const { venues } = await judgeVenues(universe);
  return venues.map((venue, index) => {
    const evidence = universe[index]!;
    const volume = verifiedVolume(
      [
        {
          exchangeId: venue.exchangeId,
          reportedVolumeUsd24h: evidence.reportedVolumeUsd24h,
          depthUsd2pct: evidence.depthUsd2pct,
          // Depth known for only some of the pairs is a floor of theirs all.
          depthLowerBound:
            (evidence.depthReportedVolumeUsd24h ?? evidence.reportedVolumeUsd24h) <
            evidence.reportedVolumeUsd24h,
          integrity: venue.integrity,
          priceExcluded: false,
          evidenced: true,
        },
      ],
      SCORE_PARAMETERS.depthImpliedVolumeMultiple,
    );
    return {
      id: venue.exchangeId,
      integrity: venue.integrity,
      flags: venue.flags,
      reportedUsd: evidence.reportedVolumeUsd24h,
      countedUsd: volume.verified,
    };
  });
}
