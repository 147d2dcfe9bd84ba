// A market under attack: the honest provider's answers transformed by the attack lab for the attacked pairs. The
// attack is a parameter of this wrapper; the scorer only ever sees the market it produces.
import {
  addRestingDepth,
  bookInProportion,
  buyEngagement,
  buyFollowers,
  INFORMED_WASH_FAMILIES,
  injectWash,
  spoofDepth,
} from '@coinlens/attack-lab';

/** Depth a washer parks per dollar of fake daily volume, as honest venues hold (1.2 %). */
const DEPTH_PER_VOLUME = 0.012;

/**
 * `plan`: { wash?: { family, lambda, depth, pairs: Set<"venue|coin">, quotes? }, inflate?: { lambda, pairs, depth? },
 * spoof?: { factor, venues: Set }, social?: { coins: Set, multiple, mode: 'instant'|'drip'|'engagement', at } }.
 * `wash.quotes(pair, from, to, signal)`: the pair's best bid/ask over the tape's span, which the informed
 * families trade against; `inflate.depth`: the inflating venue's book scaled in proportion to its tickers.
 */
export class AttackedProvider {
  constructor(inner, clock, plan, seed) {
    this.inner = inner;
    this.clock = clock;
    this.plan = plan;
    this.seed = seed;
    this.name = inner.name;
    this.capabilities = inner.capabilities;
    this.fakeUsd = new Map();
  }

  key(pair) {
    return `${pair.exchangeId}|${pair.coinId}`;
  }

  washed(pair) {
    return this.plan.wash?.pairs.has(this.key(pair)) ?? false;
  }

  getCoins(signal) {
    return this.inner.getCoins(signal);
  }
  getExchanges(signal) {
    return this.inner.getExchanges(signal);
  }
  getOnChain(ids, signal) {
    return this.inner.getOnChain(ids, signal);
  }
  getAnnouncements(...args) {
    return this.inner.getAnnouncements(...args);
  }

  async getTickers(query, signal) {
    const tickers = await this.inner.getTickers(query, signal);
    return tickers.map((ticker) => {
      const lambda = this.washed(ticker)
        ? this.plan.wash.lambda
        : this.plan.inflate?.pairs.has(this.key(ticker))
          ? this.plan.inflate.lambda
          : 0;
      if (lambda === 0) return ticker;
      this.fakeUsd.set(`${this.key(ticker)}|${ticker.quote}`, lambda * ticker.volumeUsd24h);
      return {
        ...ticker,
        volume24h: ticker.volume24h * (1 + lambda),
        volumeUsd24h: ticker.volumeUsd24h * (1 + lambda),
      };
    });
  }

  /** Fake USD volume added to the tickers of the last `getTickers`. */
  fakeVolumeUsd() {
    return [...this.fakeUsd.values()].reduce((sum, usd) => sum + usd, 0);
  }

  async getTrades(pair, since, signal) {
    const tape = await this.inner.getTrades(pair, since, signal);
    if (!this.washed(pair) || tape.length === 0) return tape;
    const { family, lambda } = this.plan.wash;
    let source;
    if (family === 'copied_tape') {
      const peer = this.plan.wash.sources?.get(pair.coinId);
      if (peer)
        source = await this.inner.getTrades(
          { ...pair, exchangeId: peer.exchangeId, quote: peer.quote },
          since,
          signal,
        );
    }
    const quotes =
      INFORMED_WASH_FAMILIES.includes(family) && this.plan.wash.quotes
        ? await this.plan.wash.quotes(pair, tape[0].timestamp, tape[tape.length - 1].timestamp, signal)
        : undefined;
    return injectWash(family, { tape, lambda, seed: this.seed, source, ...(quotes ? { quotes } : {}) }).tape;
  }

  async getOrderBook(pair, levels, signal) {
    const book = await this.inner.getOrderBook(pair, levels, signal);
    if (this.plan.spoof?.venues.has(pair.exchangeId))
      return spoofDepth(book, this.plan.spoof.factor, this.seed);
    if (this.plan.inflate?.depth && this.plan.inflate.pairs.has(this.key(pair)))
      return bookInProportion(book, this.plan.inflate.lambda, this.seed);
    if (!this.washed(pair) || !this.plan.wash.depth) return book;
    const fake = this.fakeUsd.get(`${this.key(pair)}|${pair.quote}`) ?? 0;
    const mid = ((book.bids[0]?.[0] ?? 0) + (book.asks[0]?.[0] ?? 0)) / 2;
    const usdPerQuote = this.plan.wash.usdPerQuote?.get(`${this.key(pair)}|${pair.quote}`) ?? 1;
    if (!(mid > 0)) return book;
    return addRestingDepth(book, (DEPTH_PER_VOLUME * fake) / usdPerQuote, this.seed);
  }

  async getSocial(ids, signal) {
    const social = (await this.inner.getSocial(ids, signal)).map((entry) => ({
      ...entry,
      suspectedBotShare: null,
    }));
    const plan = this.plan.social;
    if (!plan) return social;
    return social.map((entry) => {
      if (!plan.coins.has(entry.coinId)) return entry;
      const followers = entry.followers.x ?? 0;
      const series = [{ timestamp: entry.timestamp, followers, engagement24h: entry.engagement24h }];
      const [point] =
        plan.mode === 'engagement'
          ? buyEngagement(series, { multiple: plan.multiple, at: plan.at })
          : buyFollowers(series, { multiple: plan.multiple, mode: plan.mode, at: plan.at });
      return {
        ...entry,
        followers: { ...entry.followers, x: point.followers },
        engagement24h: point.engagement24h,
      };
    });
  }
}
