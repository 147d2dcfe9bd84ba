// The whole market snapshot after five ticks of a simulator scenario — every coin's price, rank, metrics, venues
// with their numbers and exclusion, every exchange's aggregates, the global figures — as JSON on stdout, from
// the build under ROOT. Run it on two builds (say a worktree of main and your branch, each after `npm run build`)
// and compare the files: a change made for speed must leave every figure as it was.
// Run: node bench/snapshot-dump.mjs ROOT [realistic|adversarial] > snapshot.json
import { benchIngestOptions, noCandleStore, silentLog } from './support.mjs';

const root = process.argv[2] ?? new URL('..', import.meta.url).pathname;
const scenario = process.argv[3] ?? 'realistic';
const dist = (f) => `${root}/apps/server/dist/${f}`;
const { SimulatorProvider } = await import(`${root}/packages/market-simulator/dist/index.js`);
const { EventLoopSlices } = await import(dist('runtime/event-loop-slices.js'));
const { MarketSnapshot } = await import(dist('market-store/market-snapshot.js'));
const { MarketIngest, DEFAULT_BACKFILL_MS } = await import(dist('ingest/market-ingest.js'));
let clock = Date.UTC(2026, 10, 20, 12, 0, 0, 250);
const now = () => clock;
const source = new SimulatorProvider({
  seed: 20_261_122,
  now,
  scenario,
  slices: (ms) => new EventLoopSlices(ms),
});
const snapshot = new MarketSnapshot(60_000);
const ingest = new MarketIngest(
  source,
  snapshot,
  noCandleStore,
  silentLog,
  benchIngestOptions({ ...DEFAULT_BACKFILL_MS, '1m': 0, '1d': 30 * 86_400_000 }, now),
);
const signal = AbortSignal.timeout(600_000);
await ingest.loadProfiles(signal);
await ingest.loadHistory(signal);
const dumps = [];
for (let tick = 0; tick < 5; tick++) {
  clock += 1_000;
  await ingest.tick(signal);
  dumps.push({
    coins: snapshot.ranked.map((c) => ({
      id: c.profile.id,
      rank: c.rank,
      price: c.price,
      degraded: c.degraded,
      share: c.marketShare,
      cert: c.certification,
      listedAt: c.listedAt,
      metrics: c.metrics,
      venues: c.venues.map((v) => [
        v.ticker.exchangeId,
        v.ticker.base,
        v.ticker.quote,
        v.ticker.last,
        v.ticker.lastUsd,
        v.ticker.bidUsd,
        v.ticker.askUsd,
        v.ticker.volumeBase24h,
        v.ticker.volumeUsd24h,
        v.ticker.timestamp,
        v.excluded,
      ]),
    })),
    exchanges: snapshot.exchangesRanked.map((e) => [
      e.profile.id,
      e.exRank,
      e.pairCount,
      e.coinCount,
      e.amount24h,
      e.healthyAmount24h,
    ]),
    global: snapshot.global,
  });
}
process.stdout.write(JSON.stringify(dumps));
