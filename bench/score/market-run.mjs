// One scored market: the snapshot built as ingest builds it, then the production MarketScorer over it.
const dist = (file) => new URL(`../../apps/server/dist/${file}`, import.meta.url).href;
const { MarketSnapshot } = await import(dist('market-store/market-snapshot.js'));
const { MarketScorer } = await import(dist('ingest/market-scorer.js'));
const { referencePrice, VenueExclusions } = await import(dist('ingest/reference-price.js'));

const silentLog = { info() {}, warn() {}, error() {}, debug() {}, child: () => silentLog };

/**
 * Scores the market of `provider` at each of `times` in turn with one snapshot and scorer (as a running server
 * keeps them); `clock.now` is set to each time. Between two runs the scorer reads its rotation of tapes, as the
 * score job does after each run: once at the run's time, or `between.rotations` times `between.stepMs` apart from
 * it (the rotations of the runs a server makes in between, without their runs). `afterRun(state, index)`, where
 * given, sees the state after each run. Answers the state after the last.
 */
export async function scoredMarket(
  provider,
  clock,
  times,
  afterRun = () => {},
  between = { rotations: 1, stepMs: 0 },
) {
  const snapshot = new MarketSnapshot(60_000);
  const scorer = new MarketScorer(provider, snapshot, silentLog, () => clock.now);
  let state = null;
  for (const [index, time] of times.entries()) {
    clock.now = time;
    state = await buildAndScore(provider, snapshot, scorer, time);
    await afterRun(state, index);
    if (index < times.length - 1)
      for (let rotation = 0; rotation < between.rotations; rotation++) {
        clock.now = time + rotation * between.stepMs;
        await scorer.rotateTapes(AbortSignal.timeout(600_000));
      }
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
  const socialOf = new Map(social.map((entry) => [entry.coinId, entry]));
  const onChainOf = new Map(onChain.map((entry) => [entry.coinId, entry]));
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
      social: socialOf.get(profile.id) ?? null,
      onChain: onChainOf.get(profile.id) ?? null,
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
  return { snapshot, scorer, tickers, exchanges, depth: await scorer.sampledDepth(tickers) };
}
