// Pure computation over synthetic universes (venue integrity, coin factors, ranks, aggregation): how compute grows.
import { coinFactorValues, scoreCoins, scoreVenues } from '@coinlens/score';

export function scaleReport() {
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const rows = [];
  for (const [coins, venues] of [
    [1_000, 200],
    [3_000, 200],
    [10_000, 200],
  ]) {
    const features = Array.from({ length: venues }, (_, index) => ({
      exchangeId: `v${index}`,
      tradeCount: 2_000,
      benfordMad: 0.01 * random(),
      roundSizeShare: 0.3 + 0.2 * random(),
      pairedPrintShare: random() < 0.05 ? 0.9 : 0,
      outsideQuoteShare: 0.02 * random(),
      depthToVolume: 0.01 + 0.03 * random(),
      signClustering: { autocorrelation: 0.4 + 0.4 * random(), count: 2_000 },
      flowPrice: { correlation: 0.2 + 0.4 * random(), buckets: 60 },
      printImpact: { correlation: 0.2 + 0.3 * random(), prints: 2_000 },
      matchedLegs: { share: 0.05 * random(), effectivePrints: 400 },
      copiedShare: 0,
    }));
    const evidence = Array.from({ length: coins }, (_, index) => ({
      coinId: `c${index}`,
      marketCapUsd: 1e6 * Math.exp(8 * random()),
      venues: Array.from({ length: 1 + Math.floor(20 * random()) }, () => ({
        exchangeId: `v${Math.floor(venues * random())}`,
        reportedVolumeUsd24h: 1e4 * Math.exp(6 * random()),
        depthUsd2pct: 1e3 * Math.exp(5 * random()),
        integrity: random(),
        priceExcluded: random() < 0.02,
        evidenced: true,
      })),
      social: { followers: 1e3 * Math.exp(5 * random()), engagement24h: 10 * Math.exp(5 * random()) },
      onChain: {
        activeAddresses24h: 100 * Math.exp(6 * random()),
        top10HolderShare: random(),
        developerCommits30d: Math.floor(100 * random()),
      },
      announcements30d: Math.floor(5 * random()),
      baselines: [],
    }));
    const started = performance.now();
    scoreVenues(features);
    scoreCoins(evidence.map((entry) => coinFactorValues(entry, 100)));
    rows.push({ coins, venues, ms: performance.now() - started });
  }
  return rows;
}
