// The simulator's answers are a pure function of (seed, time): kept per call so that each attacked run of a seed
// pays only for its attack, not for generating 18,000 books again.
export class CachedProvider {
  /** `keptTimes`, where given: the only moments whose answers are kept. */
  constructor(inner, clock, keptTimes = null) {
    this.inner = inner;
    this.clock = clock;
    this.keptTimes = keptTimes;
    this.name = inner.name;
    this.capabilities = inner.capabilities;
    this.cache = new Map();
  }

  memo(key, load) {
    // Reads between the scored moments (the rotations of a steady state) are each made once: not kept.
    if (this.keptTimes && !this.keptTimes.has(this.clock.now)) return load();
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
  /**
   * Books are kept packed (a Float64Array per side) and unpacked per call: the sampler reads ~18,000 books a
   * run, up to 5,000 levels deep, and as `[price, amount]` arrays they outgrew a 4 GB heap within one seed.
   */
  async getOrderBook(pair, levels, signal) {
    const packed = await this.memo(`book|${pair.exchangeId}|${pair.coinId}|${pair.quote}|${levels}`, () =>
      this.inner.getOrderBook(pair, levels, signal).then(packBook),
    );
    return unpackBook(packed);
  }
  getAnnouncements(...args) {
    return this.inner.getAnnouncements(...args);
  }
}

function packSide(levels) {
  const packed = new Float64Array(levels.length * 2);
  levels.forEach(([price, amount], index) => {
    packed[2 * index] = price;
    packed[2 * index + 1] = amount;
  });
  return packed;
}

function unpackSide(packed) {
  const levels = new Array(packed.length / 2);
  for (let index = 0; index < levels.length; index++)
    levels[index] = [packed[2 * index], packed[2 * index + 1]];
  return levels;
}

function packBook({ bids, asks, ...rest }) {
  return { ...rest, bids: packSide(bids), asks: packSide(asks) };
}

function unpackBook({ bids, asks, ...rest }) {
  return { ...rest, bids: unpackSide(bids), asks: unpackSide(asks) };
}
