// Ingest cost per tick — validation, outlier exclusion, reference price, metrics, ranks, exchange aggregates —
// apart from the source's own cost: the tickers of each tick are produced first (timed as "source"), then handed
// to MarketIngest.tick (timed as "ingest", wall and CPU time). The default universe is the simulator's (realistic
// scenario, real history); 1,000, 3,000 and 10,000 coins are synthetic universes (1–40 venues a coin, 20.5 on
// average, 200 venues, 60 days of daily history). Target: ingest ≤ 10 ms a tick for the default universe.
// Run: npm run build && npm run bench:tick (BENCH_TICKS, default 30).
import { performance } from 'node:perf_hooks';

import { benchIngestOptions, noCandleStore, printTable, quantile, silentLog } from './support.mjs';

const TICKS = Number(process.env.BENCH_TICKS ?? 30);
const dist = (file) => new URL(`../apps/server/dist/${file}`, import.meta.url).href;
// The server's own heap and allocator settings (apps/server/src/runtime/heap-tuning.ts, native-allocator.ts): the
// collector and glibc's malloc behave as in production (COINLENS_NATIVE_ALLOCATOR=off measures without the latter).
await import(dist('runtime/heap-tuning.js'));
const { nativeAllocatorTuned } = await import(dist('config/native-allocator.js'));
const { SimulatorProvider } = await import(
  new URL('../packages/market-simulator/dist/index.js', import.meta.url).href
);
const { EventLoopSlices } = await import(dist('runtime/event-loop-slices.js'));
const { MarketSnapshot } = await import(dist('market-store/market-snapshot.js'));
const { MarketIngest, DEFAULT_BACKFILL_MS } = await import(dist('ingest/market-ingest.js'));
const { RESOLUTION_MS } = await import(
  new URL('../packages/market-model/dist/index.js', import.meta.url).href
);

const START = Date.UTC(2026, 10, 20, 12, 0, 0, 250);

/** Runs TICKS ticks of a source through ingest: the source's tickers are made first, then handed over. */
async function measure(name, createSource, backfillMs) {
  let clock = START;
  const now = () => clock;
  const source = createSource(now);
  let prepared = [];
  const handedOver = {
    name: source.name,
    capabilities: source.capabilities,
    getCoins: (signal) => source.getCoins(signal),
    getExchanges: (signal) => source.getExchanges(signal),
    getCandles: (query, signal) => source.getCandles(query, signal),
    getTickers: async () => prepared,
  };
  const snapshot = new MarketSnapshot(60_000);
  const ingest = new MarketIngest(
    handedOver,
    snapshot,
    noCandleStore,
    silentLog,
    benchIngestOptions(backfillMs, now),
  );
  const signal = AbortSignal.timeout(3_600_000);
  await ingest.loadProfiles(signal);
  await ingest.loadHistory(signal);
  const sourceMs = [];
  const wallMs = [];
  const cpuMs = [];
  for (let tick = -3; tick < TICKS; tick++) {
    clock += 1_000;
    const sourceStarted = performance.now();
    prepared = await source.getTickers({}, signal);
    const sourceEnded = performance.now();
    const cpuStarted = process.cpuUsage();
    const started = performance.now();
    await ingest.tick(signal);
    const wall = performance.now() - started;
    const cpu = process.cpuUsage(cpuStarted);
    if (tick < 0) continue; // warm-up: caches and JIT
    sourceMs.push(sourceEnded - sourceStarted);
    wallMs.push(wall);
    cpuMs.push((cpu.user + cpu.system) / 1_000);
  }
  const median = (values) =>
    quantile(
      [...values].sort((a, b) => a - b),
      0.5,
    );
  const p95 = (values) =>
    quantile(
      [...values].sort((a, b) => a - b),
      0.95,
    );
  return {
    universe: name,
    coins: snapshot.coins.size,
    pairs: prepared.length,
    source_median_ms: Number(median(sourceMs).toFixed(1)),
    ingest_median_ms: Number(median(wallMs).toFixed(2)),
    ingest_p95_ms: Number(p95(wallMs).toFixed(2)),
    ingest_cpu_median_ms: Number(median(cpuMs).toFixed(2)),
    ingest_us_per_pair: Number(((median(cpuMs) * 1_000) / prepared.length).toFixed(2)),
  };
}

/** A synthetic universe of `coinCount` coins on 200 venues, cheap to produce, so ingest dominates. */
function synthetic(coinCount) {
  return (now) => {
    const venuesOf = (index) => 1 + ((index * 7_919) % 40);
    const coins = Array.from({ length: coinCount }, (_, index) => ({
      id: `coin-${index}`,
      symbol: `C${index}`,
      name: `Coin ${index}`,
      localNames: {},
      logo: '',
      circulatingSupply: 1e6 * (1 + (index % 97)),
      totalSupply: 2e6 * (1 + (index % 97)),
      maxSupply: null,
      issueDate: null,
      issueType: null,
      publicChain: null,
      consensus: null,
      blockTimeSeconds: null,
      coreAlgorithm: null,
      mining: null,
      sectors: [],
      links: index % 3 === 0 ? { website: 'https://example.org', x: 'https://x.com/example' } : {},
      description: null,
      stablecoin: false,
    }));
    const priceAt = (index, time) =>
      (1 + (index % 500)) * Math.exp(0.05 * Math.sin(time / 3_600_000 + index));
    return {
      name: 'synthetic',
      capabilities: new Set(['coins', 'exchanges', 'tickers', 'candles']),
      getCoins: async () => coins,
      getExchanges: async () =>
        Array.from({ length: 200 }, (_, index) => ({
          id: `venue-${index}`,
          name: `Venue ${index}`,
          localNames: {},
        })),
      getTickers: async () => {
        const time = now();
        const tickers = [];
        for (let index = 0; index < coinCount; index++) {
          const price = priceAt(index, time);
          for (let venue = 0; venue < venuesOf(index); venue++) {
            // One venue in 50 quotes 1.5× the market: the outlier band has something to exclude.
            const distortion =
              (index + venue) % 50 === 0 ? 1.5 : 1 + 0.001 * Math.sin(index * 13 + venue * 7 + time / 1_000);
            const lastUsd = price * distortion;
            const volumeUsd24h = 1e4 * (1 + ((index * 31 + venue * 17) % 1_000));
            tickers.push({
              exchangeId: `venue-${(index * 3 + venue * 11) % 200}`,
              coinId: `coin-${index}`,
              base: `C${index}`,
              quote: venue % 4 === 0 ? 'USD' : 'USDT',
              last: lastUsd,
              lastUsd,
              bidUsd: lastUsd * 0.999,
              askUsd: lastUsd * 1.001,
              volumeBase24h: volumeUsd24h / lastUsd,
              volumeUsd24h,
              timestamp: time,
            });
          }
        }
        return tickers;
      },
      getCandles: async ({ coinId, resolution, from, to }) => {
        const index = Number(coinId.slice('coin-'.length));
        const size = RESOLUTION_MS[resolution];
        const candles = [];
        for (let time = Math.ceil(from / size) * size; time < to; time += size) {
          const open = priceAt(index, time);
          const close = priceAt(index, time + size);
          candles.push({
            time,
            open,
            high: Math.max(open, close) * 1.002,
            low: Math.min(open, close) * 0.998,
            close,
            volume: 1_000,
            amount: 1_000 * close,
          });
        }
        return candles;
      },
    };
  };
}

const NO_MINUTES = { ...DEFAULT_BACKFILL_MS, '1m': 0 };
const rows = [
  await measure(
    'default (simulator)',
    (now) => new SimulatorProvider({ seed: 20_261_122, now, slices: (ms) => new EventLoopSlices(ms) }),
    NO_MINUTES,
  ),
];
for (const coins of [1_000, 3_000, 10_000])
  rows.push(await measure(`synthetic ${coins}`, synthetic(coins), { ...NO_MINUTES, '1d': 60 * 86_400_000 }));
const target = rows[0].ingest_median_ms <= 10;
process.stdout.write(
  `${JSON.stringify({ ticks: TICKS, native_allocator_tuned: nativeAllocatorTuned, rows, pass: target })}\n`,
);
printTable(rows);
const growth = rows
  .slice(1)
  .map((row) => `${row.coins}: ${row.ingest_us_per_pair} µs/pair`)
  .join(', ');
process.stdout.write(
  `default universe: ingest ${rows[0].ingest_median_ms} ms a tick median (target ≤ 10), source ${rows[0].source_median_ms} ms; growth ${growth}: ${target ? 'PASS' : 'FAIL'}\n`,
);
