// Whom the benchmark's attacks aim at, chosen on the honest market of a seed: ten mid-caps (market-cap ranks
// 51–200) listed on the second venue listing most of them; three venues for the multi-venue families, five for
// dilution; the coin's largest other venue as the copier's source.

/** Fake volume as a multiple of the targets' honest volume on the attacked venue(s). */
export const LAMBDA = 10;
/** Dilution: imitation prints at 3× on each of five venues. */
export const DILUTION = { lambda: 3, venues: 5 };

export function attackTargets(clean) {
  const byCap = [...clean.snapshot.coins.values()]
    .filter((coin) => coin.metrics)
    .sort((a, b) => b.metrics.circulatingMarketCap - a.metrics.circulatingMarketCap)
    .map((coin) => coin.profile.id);
  const midCaps = new Set(byCap.slice(50, 200));
  const listing = new Map();
  for (const ticker of clean.tickers)
    if (midCaps.has(ticker.coinId))
      listing.set(ticker.exchangeId, new Set([...(listing.get(ticker.exchangeId) ?? []), ticker.coinId]));
  const listingMost = [...listing.entries()].sort((a, b) => b[1].size - a[1].size).map(([id]) => id);
  const venues = listingMost.slice(1, 4);
  const diluted = listingMost.slice(1, 1 + DILUTION.venues);
  const targets = [...listing.get(venues[0])]
    .sort((a, b) => byCap.indexOf(a) - byCap.indexOf(b))
    .slice(0, 10);
  const usdPerQuote = new Map(
    clean.tickers.map((t) => [`${t.exchangeId}|${t.coinId}|${t.quote}`, t.last > 0 ? t.lastUsd / t.last : 1]),
  );
  // The copier copies the coin's largest other venue.
  const sources = new Map(
    targets.map((coin) => {
      const peer = clean.tickers
        .filter((t) => t.coinId === coin && t.exchangeId !== venues[0])
        .sort((a, b) => b.volumeUsd24h - a.volumeUsd24h)[0];
      return [coin, peer ? { exchangeId: peer.exchangeId, quote: peer.quote } : null];
    }),
  );
  const pairsOn = (list) => new Set(list.flatMap((venue) => targets.map((coin) => `${venue}|${coin}`)));
  return { venues, diluted, targets, sources, usdPerQuote, pairsOn };
}

/** The coin's verified 24 h volume in a scored state (0 unscored). */
export const verifiedOf = (state, coin) =>
  state.snapshot.coins.get(coin)?.score?.detail.values.volume.verified ?? 0;

/** Fake volume counted: the targets' verified volume beyond the clean market's, over the fake volume printed. */
export function fakeCounted(state, clean, provider, targets) {
  const counted = targets.reduce(
    (sum, coin) => sum + Math.max(0, verifiedOf(state, coin) - verifiedOf(clean, coin)),
    0,
  );
  const fake = provider.fakeVolumeUsd();
  return fake > 0 ? counted / fake : NaN;
}

/**
 * The simulator's books once a second over a tape's span, for the informed washers to trade against: a second
 * simulator of the same seed on its own clock (a book is a pure function of seed, pair and second), made by
 * `makeSimulator(clock)`.
 */
export function touchQuotes(makeSimulator) {
  const quoteClock = { now: 0 };
  const quoteSimulator = makeSimulator(quoteClock);
  const quoteCache = new Map();
  return (pair, from, to, signal) => {
    const key = `${pair.exchangeId}|${pair.coinId}|${pair.quote}|${from}|${to}`;
    if (!quoteCache.has(key))
      quoteCache.set(
        key,
        (async () => {
          const quotes = [];
          // From a minute before the tape: the washer looks back at the mid.
          for (let time = Math.floor(from / 1_000) * 1_000 - 60_000; time <= to; time += 1_000) {
            quoteClock.now = time;
            const book = await quoteSimulator.getOrderBook(pair, 1, signal);
            const [bid, ask] = [book.bids[0]?.[0], book.asks[0]?.[0]];
            if (bid > 0 && ask > bid) quotes.push({ timestamp: time, bid, ask });
          }
          return quotes;
        })(),
      );
    return quoteCache.get(key);
  };
}
