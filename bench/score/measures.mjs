// Rankings, rank correlations, intervals and detection rates of the score benchmark.

// Bitwise's "Real 10" (2019) as far as the catalogue has them (itBit and Bittrex are not in it).
const REAL_TEN = ['binance', 'bitfinex', 'kraken', 'bitstamp', 'gdax', 'bitflyer', 'gemini', 'poloniex'];

/** Each method's measure of a coin: ours, and the four baselines. */
export function methods(state) {
  const { snapshot, exchanges } = state;
  const reportedOf = (coin) => coin.venues.reduce((sum, venue) => sum + venue.ticker.volumeUsd24h, 0);
  // CoinGecko-style: a venue's volume capped at B × its daily traffic, B the median volume per visit of the ten
  // most visited venues.
  const visits = new Map(exchanges.map((exchange) => [exchange.id, (exchange.monthlyVisits ?? 0) / 30]));
  const venueVolume = new Map();
  for (const coin of snapshot.coins.values())
    for (const venue of coin.venues)
      venueVolume.set(
        venue.ticker.exchangeId,
        (venueVolume.get(venue.ticker.exchangeId) ?? 0) + venue.ticker.volumeUsd24h,
      );
  const perVisit = [...visits.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
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
    'raw volume': reportedOf,
    'CG-style normalised': (coin) =>
      coin.venues.reduce(
        (sum, venue) => sum + venue.ticker.volumeUsd24h * (normalisation.get(venue.ticker.exchangeId) ?? 1),
        0,
      ),
    'CMC-style liquidity': (coin) =>
      coin.venues.reduce(
        (sum, venue) => sum + (state.depth.get(venue.ticker.exchangeId, coin.profile.id)?.usd ?? 0),
        0,
      ),
    'Real 10 whitelist': (coin) =>
      coin.venues
        .filter((venue) => REAL_TEN.includes(venue.ticker.exchangeId))
        .reduce((sum, venue) => sum + venue.ticker.volumeUsd24h, 0),
  };
}

/** Rank (1 = first) of every priced coin by `measure`, ties broken by id. */
export function ranking(state, measure) {
  const coins = [...state.snapshot.coins.values()].filter((coin) => coin.price !== null);
  const values = coins.map((coin) => [coin.profile.id, measure(coin) ?? -1]);
  values.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return new Map(values.map(([id], index) => [id, index + 1]));
}

/** Rank of every coin by a map of values. */
export function rankingOf(values) {
  const sorted = [...values.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return new Map(sorted.map(([id], index) => [id, index + 1]));
}

export function spearman(left, right) {
  const ids = [...left.keys()].filter((id) => right.has(id));
  const rank = (map) => rankingOf(new Map(ids.map((id) => [id, -map.get(id)])));
  const a = rank(left);
  const b = rank(right);
  const n = ids.length;
  const sum = ids.reduce((total, id) => total + (a.get(id) - b.get(id)) ** 2, 0);
  return 1 - (6 * sum) / (n * (n * n - 1));
}

/** Kendall's τ-a over the common ids (O(n²); n ≈ 300). */
export function kendall(left, right) {
  const ids = [...left.keys()].filter((id) => right.has(id));
  let concordant = 0;
  let discordant = 0;
  for (let i = 0; i < ids.length; i++)
    for (let j = i + 1; j < ids.length; j++) {
      const product = (left.get(ids[i]) - left.get(ids[j])) * (right.get(ids[i]) - right.get(ids[j]));
      if (product > 0) concordant++;
      else if (product < 0) discordant++;
    }
  return (concordant - discordant) / ((ids.length * (ids.length - 1)) / 2);
}

export const median = (values) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Mean and its 95 % percentile-bootstrap interval over the per-seed values (seeded, so reproducible). */
export function interval(values, resamples = 2_000) {
  const finite = values.filter((value) => Number.isFinite(value));
  if (finite.length === 0) return { mean: NaN, low: NaN, high: NaN };
  let state = 12_345;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const means = Array.from({ length: resamples }, () =>
    mean(Array.from({ length: finite.length }, () => finite[Math.floor(random() * finite.length)])),
  ).sort((a, b) => a - b);
  return {
    mean: mean(finite),
    low: means[Math.floor(0.025 * resamples)],
    high: means[Math.floor(0.975 * resamples)],
  };
}

/** ROC AUC of "attacked venues score lower integrity than honest ones" (ties count half). */
export function auc(attacked, honest) {
  let wins = 0;
  for (const a of attacked) for (const h of honest) wins += a < h ? 1 : a === h ? 0.5 : 0;
  return wins / (attacked.length * honest.length);
}
