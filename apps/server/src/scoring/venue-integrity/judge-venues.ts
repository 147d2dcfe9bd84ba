import { median } from '../../analytics/robust-statistics.js';
import { SCORE_PARAMETERS } from '../methodology.js';
import { verifiedVolume } from '../verified-volume.js';
import { integrityFeatures } from './integrity-features.js';
import type { IntegrityFeatures } from './integrity-features.js';
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
  const features: IntegrityFeatures[] = [];
  let busyMs = 0;
  const preparing = performance.now();
  const copies = new TapeCopies(universe);
  busyMs += performance.now() - preparing;
  for (const evidence of universe) {
    await pause();
    const started = performance.now();
    features.push(integrityFeatures(evidence, copies.share(evidence.exchangeId)));
    busyMs += performance.now() - started;
  }
  const started = performance.now();
  const venues = scoreVenues(features);
  busyMs += performance.now() - started;
  for (const [index, venue] of venues.entries()) {
    await pause();
    const judging = performance.now();
    Object.assign(venue, coinIntegrity(universe[index]!, copies));
    busyMs += performance.now() - judging;
  }
  return { venues, busyMs };
}

/** Each sampled coin's integrity on the venue, from its own prints and books, and the median for the rest. */
function coinIntegrity(
  evidence: VenueEvidence,
  copies: TapeCopies,
): Pick<VenueIntegrity, 'coins' | 'unsampledCoinIntegrity'> {
  const coinIds = [...new Set(evidence.trades.map((print) => print.coinId))];
  const coins: Record<string, number> = {};
  for (const coinId of coinIds) {
    const slice: VenueEvidence = {
      exchangeId: evidence.exchangeId,
      trades: evidence.trades.filter((print) => print.coinId === coinId),
      books: evidence.books.filter((book) => book.coinId === coinId),
      // The depth cap judges each coin's volume against its own book (verified-volume.ts).
      reportedVolumeUsd24h: 0,
      depthUsd2pct: null,
    };
    coins[coinId] = absoluteIntegrity(integrityFeatures(slice, copies.share(evidence.exchangeId, coinId)));
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
