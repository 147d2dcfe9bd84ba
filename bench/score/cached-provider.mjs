// The simulator's answers are a pure function of (seed, time): kept per call so that each attacked run of a seed
// pays only for its attack, not for generating 18,000 books again.
export class CachedProvider {
  constructor(inner, clock) {
    this.inner = inner;
    this.clock = clock;
    this.name = inner.name;
    this.capabilities = inner.capabilities;
    this.cache = new Map();
  }

  memo(key, load) {
    const full = `${this.clock.now}|${key}`;
    if (!this.cache.has(full)) this.cache.set(full, load());
    return this.cache.get(full);
  }

  getCoins(signal) {
    return this.memo('coins', () => this.inner.getCoins(signal));
  }
  getExchanges(signal) {
    return this.memo('exchanges', () => this.inner.getExchanges(signal));
  }
  getTickers(query, signal) {
    return this.memo(`tickers|${JSON.stringify(query)}`, () => this.inner.getTickers(query, signal));
  }
  getSocial(ids, signal) {
    return this.memo('social', () => this.inner.getSocial(ids, signal));
  }
  getOnChain(ids, signal) {
    return this.memo('onchain', () => this.inner.getOnChain(ids, signal));
  }
  getTrades(pair, since, signal) {
    return this.memo(`trades|${pair.exchangeId}|${pair.coinId}|${pair.quote}|${since}`, () =>
      this.inner.getTrades(pair, since, signal),
    );
  }
  getOrderBook(pair, levels, signal) {
    return this.memo(`book|${pair.exchangeId}|${pair.coinId}|${pair.quote}|${levels}`, () =>
      this.inner.getOrderBook(pair, levels, signal),
    );
  }
  getAnnouncements(...args) {
    return this.inner.getAnnouncements(...args);
  }
}
