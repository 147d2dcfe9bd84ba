#!/usr/bin/env node
// The score's manipulation-resistance benchmark (docs/score-methodology.md, issue "the score"): deterministic
// scenarios on the simulator, each attack a parameter of the scenario (the detector never reads it), scored by
// the production scorer (MarketScorer over a snapshot built like ingest builds it) and by baselines written here.
// Run `npm run build` first; `npm run bench:score`.
import { performance } from 'node:perf_hooks';

import { ROOT } from './support.mjs';

const dist = (file) => new URL(`../apps/server/dist/${file}`, import.meta.url).href;
const { SimulatorProvider, SCENARIOS, WASH_VENUE, INFLATED_VENUE, SPOOF_VENUE, OUTLIER_VENUE } = await import(
  new URL('../packages/market-simulator/dist/index.js', import.meta.url).href
);
const { MarketSnapshot } = await import(dist('market-store/market-snapshot.js'));
const { EventLoopSlices } = await import(dist('runtime/event-loop-slices.js'));
const { MarketScorer } = await import(dist('ingest/market-scorer.js'));
const { referencePrice, VenueExclusions } = await import(dist('ingest/reference-price.js'));
const { scoreVenues } = await import(dist('scoring/venue-integrity/venue-integrity.js'));
const { coinFactorValues } = await import(dist('scoring/coin-factors.js'));
const { scoreCoins } = await import(dist('scoring/coin-score.js'));

const SEED = 20_261_122;
/** A fixed moment: the simulator is a pure function of time, so every run sees the same market. */
const AT = Date.UTC(2026, 10, 20, 12, 0);
const silentLog = { info() {}, warn() {}, error() {}, debug() {}, child: () => silentLog };
const HONEST = SCENARIOS.honest;

/**
 * Builds the market under `scenario` at each of `times` in turn (one snapshot and scorer, as a running server
 * keeps them) and runs the production scorer at each; answers the state after the last.
 */
async function market(scenario, times = [AT]) {
  let clock = times[0];
  const now = () => clock;
  const provider = new SimulatorProvider({
    seed: SEED,
    now,
    scenario,
    slices: (ms) => new EventLoopSlices(ms),
  });
  const snapshot = new MarketSnapshot(60_000);
  const scorer = new MarketScorer(provider, snapshot, silentLog, now);
  let state;
  for (const time of times) {
    clock = time;
    state = await buildAndScore(provider, snapshot, scorer, time);
  }
  return state;
}

async function buildAndScore(provider, snapshot, scorer, time) {
  const signal = AbortSignal.timeout(600_000);
  const [profiles, exchanges, tickers] = await Promise.all([
    provider.getCoins(signal),
    provider.getExchanges(signal),
    provider.getTickers({}, signal),
  ]);
  const ids = profiles.map((coin) => coin.id);
  const [social, onChain] = await Promise.all([
    provider.getSocial(ids, signal),
    provider.getOnChain(ids, signal),
  ]);
  const byCoin = new Map();
  for (const ticker of tickers) byCoin.set(ticker.coinId, [...(byCoin.get(ticker.coinId) ?? []), ticker]);
  for (const profile of profiles) {
    const reference = referencePrice(byCoin.get(profile.id) ?? [], new VenueExclusions());
    const excluded = new Set(reference?.excluded ?? []);
    const venues = reference
      ? [...reference.healthy, ...reference.excluded].map((ticker) => ({
          ticker,
          excluded: excluded.has(ticker),
        }))
      : [];
    const reported = venues.reduce((sum, venue) => sum + venue.ticker.volumeUsd24h, 0);
    snapshot.coins.set(profile.id, {
      profile,
      rank: 0,
      price: reference?.price ?? null,
      asOf: time,
      degraded: false,
      venues,
      metrics: reference
        ? { circulatingMarketCap: reference.price * profile.circulatingSupply, amount24h: reported }
        : null,
      marketShare: null,
      certification: 'unauthenticated',
      listedAt: null,
      social: social.find((entry) => entry.coinId === profile.id) ?? null,
      onChain: onChain.find((entry) => entry.coinId === profile.id) ?? null,
      score: snapshot.coins.get(profile.id)?.score ?? null,
    });
  }
  for (const profile of exchanges) {
    const pairs = tickers.filter((ticker) => ticker.exchangeId === profile.id);
    snapshot.exchanges.set(profile.id, {
      profile,
      exRank: 0,
      pairCount: pairs.length,
      coinCount: new Set(pairs.map((pair) => pair.coinId)).size,
      amount24h: pairs.reduce((sum, pair) => sum + pair.volumeUsd24h, 0),
      healthyAmount24h: 0,
      asOf: time,
      score: null,
    });
  }
  await scorer.run(signal);
  return { snapshot, scorer, tickers, exchanges, depth: scorer.sampledDepth(tickers) };
}

// ---- measures of a coin under each method ------------------------------------------------------------------

// Bitwise's "Real 10" (2019) as far as the catalogue has them (itBit and Bittrex are not in it).
const REAL_TEN = ['binance', 'bitfinex', 'kraken', 'bitstamp', 'gdax', 'bitflyer', 'gemini', 'poloniex'];

function methods(state) {
  const { snapshot, exchanges } = state;
  const reportedOf = (coin) => coin.venues.reduce((sum, venue) => sum + venue.ticker.volumeUsd24h, 0);
  // CoinGecko-style: a venue's volume is capped at B × its daily traffic, B the median volume per visit of the
  // ten most visited venues (the "Bitwise 10" benchmark idea).
  const visits = new Map(exchanges.map((exchange) => [exchange.id, (exchange.monthlyVisits ?? 0) / 30]));
  const venueVolume = new Map();
  for (const coin of snapshot.coins.values())
    for (const venue of coin.venues)
      venueVolume.set(
        venue.ticker.exchangeId,
        (venueVolume.get(venue.ticker.exchangeId) ?? 0) + venue.ticker.volumeUsd24h,
      );
  const topVisited = [...visits.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10);
  const perVisit = topVisited
    .map(([id, daily]) => (daily > 0 ? (venueVolume.get(id) ?? 0) / daily : 0))
    .sort((a, b) => a - b);
  const benchmark = perVisit[Math.floor(perVisit.length / 2)] ?? 0;
  const normalisation = new Map(
    [...venueVolume.entries()].map(([id, volume]) => [
      id,
      volume > 0 ? Math.min(1, (benchmark * (visits.get(id) ?? 0)) / volume) : 1,
    ]),
  );
  return {
    coinlens: (coin) => coin.score?.value ?? null,
    'coinlens verified vol.': (coin) => coin.score?.detail.values.volume.verified ?? null,
    'raw volume': reportedOf,
    'CG-style normalised': (coin) =>
      coin.venues.reduce(
        (sum, venue) => sum + venue.ticker.volumeUsd24h * (normalisation.get(venue.ticker.exchangeId) ?? 1),
        0,
      ),
    'CMC-style liquidity': (coin) =>
      coin.venues.reduce(
        (sum, venue) => sum + (state.depth.get(`${venue.ticker.exchangeId}|${coin.profile.id}`) ?? 0),
        0,
      ),
    'Real 10 whitelist': (coin) =>
      coin.venues
        .filter((venue) => REAL_TEN.includes(venue.ticker.exchangeId))
        .reduce((sum, venue) => sum + venue.ticker.volumeUsd24h, 0),
  };
}

function ranking(state, measure) {
  const coins = [...state.snapshot.coins.values()].filter((coin) => coin.price !== null);
  const values = coins.map((coin) => [coin.profile.id, measure(coin) ?? -1]);
  values.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return new Map(values.map(([id], index) => [id, index + 1]));
}

function volumeCounted(state, name) {
  const measure = methods(state)[name];
  if (name === 'coinlens' || name === 'coinlens verified vol.')
    return (coin) => coin.score?.detail.values.volume.verified ?? 0;
  return measure;
}

function spearman(left, right) {
  const ids = [...left.keys()].filter((id) => right.has(id));
  const n = ids.length;
  const sum = ids.reduce((total, id) => total + (left.get(id) - right.get(id)) ** 2, 0);
  return 1 - (6 * sum) / (n * (n * n - 1));
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
};

// ---- the run -------------------------------------------------------------------------------------------------

const clean = await market(HONEST);
const cleanMethods = methods(clean);
const cleanRanks = Object.fromEntries(
  Object.entries(cleanMethods).map(([name, measure]) => [name, ranking(clean, measure)]),
);
// Ground truth: the honest market's reported volume is the true activity (nothing is faked in it).
const truth = ranking(clean, cleanMethods['raw volume']);

// The same market with the 'realistic' scenario's standing manipulation, ranked against the honest truth.
const realistic = await market(SCENARIOS.realistic);
const realisticMethods = methods(realistic);
const realisticQuality = Object.fromEntries(
  Object.entries(realisticMethods).map(([name, measure]) => [
    name,
    spearman(ranking(realistic, measure), truth),
  ]),
);

const attacks = [];
for (const factor of [1, 10, 100]) {
  attacks.push({
    name: `naive wash, one venue, ${factor}×`,
    venue: WASH_VENUE,
    scenario: { ...HONEST, washTradingVenues: [WASH_VENUE], washFactor: factor },
  });
  attacks.push({
    name: `inflated reported volume, ${factor}×`,
    venue: INFLATED_VENUE,
    scenario: { ...HONEST, inflatedVolume: [{ exchangeId: INFLATED_VENUE, factor: factor + 1 }] },
  });
  attacks.push({
    name: `spoofed depth, ${factor}× walls`,
    venue: SPOOF_VENUE,
    scenario: { ...HONEST, spoofingVenues: [SPOOF_VENUE], spoofWallFactor: factor },
  });
  attacks.push({
    name: `adaptive wash (mimics sizes), ${factor}×`,
    venue: WASH_VENUE,
    scenario: { ...HONEST, washTradingVenues: [WASH_VENUE], washFactor: factor, washMimicry: true },
  });
  attacks.push({
    name: `wash over two venues, ${factor}×`,
    venue: WASH_VENUE,
    scenario: { ...HONEST, washTradingVenues: [WASH_VENUE, OUTLIER_VENUE], washFactor: factor },
  });
}

const rows = [];
for (const attack of attacks) {
  const attacked = await market(attack.scenario);
  const attackedMethods = methods(attacked);
  const onVenue = [...attacked.snapshot.coins.values()].filter((coin) =>
    coin.venues.some((venue) => venue.ticker.exchangeId === attack.venue),
  );
  const injected = onVenue.reduce(
    (sum, coin) =>
      sum +
      coin.venues.reduce((s, v) => s + v.ticker.volumeUsd24h, 0) -
      [...clean.snapshot.coins.get(coin.profile.id).venues].reduce((s, v) => s + v.ticker.volumeUsd24h, 0),
    0,
  );
  const integrity = attacked.scorer.integrityOf(attack.venue)?.integrity ?? null;
  const honestIntegrities = [...attacked.snapshot.exchanges.keys()]
    .filter((id) => id !== attack.venue && !attack.scenario.washTradingVenues.includes(id))
    .map((id) => attacked.scorer.integrityOf(id)?.integrity)
    .filter((value) => value !== undefined && value !== null)
    .sort((a, b) => a - b);
  const threshold = honestIntegrities[Math.floor(honestIntegrities.length * 0.01)] ?? 0;
  const row = { attack: attack.name, detected: integrity !== null && integrity < threshold, integrity };
  for (const name of Object.keys(attackedMethods)) {
    const counted = (state) =>
      onVenue.reduce(
        (sum, coin) => sum + (volumeCounted(state, name)(state.snapshot.coins.get(coin.profile.id)) ?? 0),
        0,
      );
    // Volume the flagged venue really traded may be dropped too; only what the attack added is asked about.
    const fakeShare = injected > 0 ? Math.max(0, counted(attacked) - counted(clean)) / injected : null;
    const ranks = ranking(attacked, attackedMethods[name]);
    const lifts = onVenue
      .map((coin) => coin.profile.id)
      .filter((id) => {
        const before = cleanRanks[name].get(id);
        return before >= 51 && before <= 200;
      })
      .map((id) => cleanRanks[name].get(id) - ranks.get(id));
    row[name] = { fakeShare, medianLift: median(lifts), maxLift: lifts.length ? Math.max(...lifts) : null };
  }
  rows.push(row);
}

// Outlier price: one venue prints 10× on a coin; the reference price must not move.
const outlierCoin = 'solana';
const outlier = await market({
  ...HONEST,
  outlierVenues: [{ exchangeId: OUTLIER_VENUE, coinId: outlierCoin, factor: 10 }],
});
const priceMove = Math.abs(
  outlier.snapshot.coins.get(outlierCoin).price / clean.snapshot.coins.get(outlierCoin).price - 1,
);

// Bought followers: 10× the organic followers on small coins; the social component must hardly move.
const followerTargets = [...clean.snapshot.coins.values()]
  .filter((coin) => {
    const rank = cleanRanks.coinlens.get(coin.profile.id);
    return rank >= 51 && rank <= 200;
  })
  .slice(0, 10)
  .map((coin) => coin.profile.id);
const DAY = 86_400_000;
const bought = await market(
  {
    ...HONEST,
    boughtFollowerCoins: followerTargets,
    boughtFollowerMultiple: 10,
    followerPurchaseAt: AT - DAY / 4,
  },
  [AT - DAY, AT],
);
const cleanTwice = await market(HONEST, [AT - DAY, AT]);
// Pump-and-dump: the same ten coins pumped +100 % from an hour before the measurement (rise over 1.5 h),
// scored hourly from six hours before, as a running server would (smoothing included).
const HOUR = 3_600_000;
const series = [AT - 6 * HOUR, AT - 3 * HOUR, AT - HOUR, AT];
const pumped = await market(
  {
    ...HONEST,
    pumpAndDump: followerTargets.map((coinId) => ({
      coinId,
      start: AT - HOUR,
      durationMs: 3 * HOUR,
      magnitude: 1,
    })),
  },
  series,
);
const unpumped = await market(HONEST, series);
const pumpLifts = Object.fromEntries(
  ['coinlens', 'raw volume'].map((name) => {
    const before = ranking(unpumped, methods(unpumped)[name]);
    const after = ranking(pumped, methods(pumped)[name]);
    const lifts = followerTargets.map((id) => before.get(id) - after.get(id));
    return [name, { median: median(lifts), max: Math.max(...lifts) }];
  }),
);
const socialMoves = followerTargets.map((id) => {
  const before = cleanTwice.snapshot.coins.get(id).score?.detail.components.social ?? 0;
  const after = bought.snapshot.coins.get(id).score?.detail.components.social ?? 0;
  return (after - before) * 100;
});

// ---- report --------------------------------------------------------------------------------------------------

const fmt = (value, digits = 2) =>
  value === null || value === undefined ? '—' : Number(value).toFixed(digits);
const names = Object.keys(cleanMethods);
console.log(
  `Coinlens score benchmark — seed ${SEED}, market at ${new Date(AT).toISOString()}, ${clean.snapshot.coins.size} coins, ${clean.snapshot.exchanges.size} venues`,
);
console.log(`(from ${ROOT})\n`);
console.log(
  'Honest ranking quality: Spearman with the true activity (honest market; raw volume is the truth by construction)',
);
for (const name of names) console.log(`  ${name.padEnd(22)} ${fmt(spearman(cleanRanks[name], truth), 3)}`);
console.log(
  "\nRanking quality under the 'realistic' scenario's standing manipulation (wash, spoofing, inflated volume, outlier prices, bought followers, pumps): Spearman with the honest truth",
);
for (const name of names) console.log(`  ${name.padEnd(22)} ${fmt(realisticQuality[name], 3)}`);
console.log(
  '\nAttacks — fake volume counted (share of injected) · median / max rank lift of coins ranked 51–200 on the attacked venue',
);
console.log(
  `  ${'attack'.padEnd(36)} ${'venue flagged'.padEnd(16)} ${names.map((name) => name.padEnd(24)).join('')}`,
);
for (const row of rows) {
  const cells = names.map((name) =>
    `${fmt(row[name].fakeShare)} · ${fmt(row[name].medianLift, 0)}/${fmt(row[name].maxLift, 0)}`.padEnd(24),
  );
  console.log(
    `  ${row.attack.padEnd(36)} ${`${row.detected ? 'yes' : 'no'} (q=${fmt(row.integrity)})`.padEnd(16)} ${cells.join('')}`,
  );
}
const detected = rows.filter((row) => row.detected).length;
console.log(
  `\nVenue detection at 1 % false positives: ${detected} of ${rows.length} attacked venues flagged`,
);
console.log(
  `One venue printing 10× on ${outlierCoin}: reference price moved ${fmt(priceMove * 100, 3)} % (target < 0.5 %)`,
);
console.log(
  `Bought followers 10× on ${followerTargets.length} coins ranked 51–200: social component moved median ${fmt(median(socialMoves), 1)}, max ${fmt(Math.max(...socialMoves), 1)} percentile points (target ≤ 5)`,
);
console.log(
  `Pump-and-dump (+100 % in 1.5 h) on the same coins, scored hourly: rank lift median / max — coinlens ${fmt(pumpLifts.coinlens.median, 0)} / ${fmt(pumpLifts.coinlens.max, 0)}, raw volume ${fmt(pumpLifts['raw volume'].median, 0)} / ${fmt(pumpLifts['raw volume'].max, 0)}`,
);
console.log(
  `\nFull recompute of the default universe: ${fmt(clean.scorer.lastRun.computeMs, 0)} ms computing (target ≤ 200), plus ${fmt(clean.scorer.lastRun.sampleMs, 0)} ms sampling ${clean.tickers.length} pairs' books and tapes from the simulator`,
);
await scaleReport();

/** The pure computation on synthetic universes: how its cost grows with coins and venues. */
async function scaleReport() {
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  console.log('Synthetic universes (pure computation: venue integrity, coin factors, ranks, aggregation):');
  for (const [coins, venues] of [
    [1_000, 200],
    [3_000, 200],
    [10_000, 200],
  ]) {
    const features = Array.from({ length: venues }, (_, index) => ({
      exchangeId: `v${index}`,
      tradeCount: 2_000,
      benfordMad: 0.005 + 0.01 * random(),
      roundSizeShare: 0.3 + 0.2 * random(),
      pairedPrintShare: random() < 0.05 ? 0.9 : 0,
      sideAlternation: 0.1 * random(),
      outsideQuoteShare: 0.02 * random(),
      depthToVolume: 0.01 + 0.03 * random(),
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
      })),
      social: {
        followers: 1e3 * Math.exp(5 * random()),
        engagement24h: 10 * Math.exp(5 * random()),
        suspectedBotShare: 0.1 * random(),
      },
      onChain: {
        activeAddresses24h: 100 * Math.exp(6 * random()),
        top10HolderShare: random(),
        developerCommits30d: Math.floor(100 * random()),
      },
      announcements30d: Math.floor(5 * random()),
      baseline: null,
    }));
    const started = performance.now();
    scoreVenues(features);
    scoreCoins(evidence.map((entry) => coinFactorValues(entry, 100)));
    console.log(
      `  ${String(coins).padStart(6)} coins × ${venues} venues: ${fmt(performance.now() - started, 0)} ms`,
    );
  }
}
