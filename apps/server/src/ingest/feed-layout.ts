import type { VenueTicker } from '../market-data/market-model.js';
import type { VenueQuote } from './market-snapshot.js';
import type { VenueColumns } from './reference-price.js';
import { isUsableTicker, venueKey } from './reference-price.js';

/** What one position of the feed holds: the pair's names, and the kept quote its numbers go to. */
interface Position {
  readonly exchangeId: string;
  readonly coinId: string;
  readonly base: string;
  readonly quote: string;
  readonly kept: VenueQuote;
  /** The coin's columns, and this pair's place in them. */
  readonly coin: CoinQuotes;
  readonly slot: number;
  /** The first of this coin's pairs on this exchange, in feed order (an exchange's coin count). */
  readonly firstOfCoinOnExchange: boolean;
}

/** A coin's kept quotes in feed order, with their tickers and the columns the reference price reads. */
export interface CoinQuotes extends VenueColumns {
  readonly quotes: readonly VenueQuote[];
}

/**
 * Where each ticker of the feed goes, learned once and reused while the feed keeps its order, as a steady
 * source does from tick to tick: each position's numbers are copied into a lasting quote (so the provider's
 * fresh tickers die within the tick instead of being promoted to V8's old generation), and each coin's quotes
 * are already grouped. A tick then costs four string comparisons and seven number copies per ticker; only a
 * feed whose pairs or order changed is laid out again, and a pair keeps its quote through that.
 */
export class FeedLayout {
  private positions: Position[] = [];
  private readonly byCoin = new Map<string, CoinQuotes>();
  /** Every pair's kept quote, by coin and pair key. */
  private readonly kept = new Map<string, Map<string, VenueQuote>>();

  /** Copies this tick's tickers into the kept quotes (all included again), laying the feed out anew if needed. */
  fill(tickers: readonly VenueTicker[]): void {
    if (this.positions.length !== tickers.length || !this.fillInPlace(tickers)) {
      this.layOut(tickers);
      this.fillInPlace(tickers);
    }
  }

  /** One pass: checks each position still holds the same pair and copies its numbers; false at the first that does not. */
  private fillInPlace(tickers: readonly VenueTicker[]): boolean {
    const positions = this.positions;
    for (let index = 0; index < tickers.length; index++) {
      const position = positions[index]!;
      const ticker = tickers[index]!;
      if (
        position.exchangeId !== ticker.exchangeId ||
        position.coinId !== ticker.coinId ||
        position.base !== ticker.base ||
        position.quote !== ticker.quote
      )
        return false;
      const { kept, coin, slot } = position;
      overwriteNumbers(kept.ticker, ticker);
      kept.excluded = false;
      coin.prices[slot] = ticker.lastUsd;
      coin.volumes[slot] = ticker.volumeUsd24h;
      coin.usable[slot] = isUsableTicker(ticker) ? 1 : 0;
    }
    return true;
  }

  /** The coin's quotes from the last fill; undefined for a coin without tickers. */
  coin(coinId: string): CoinQuotes | undefined {
    return this.byCoin.get(coinId);
  }

  /** Whether the ticker at `index` of the last fill was excluded from its coin's reference price. */
  excludedAt(index: number): boolean {
    return this.positions[index]?.kept.excluded ?? false;
  }

  firstOfCoinOnExchangeAt(index: number): boolean {
    return this.positions[index]?.firstOfCoinOnExchange ?? false;
  }

  private layOut(tickers: readonly VenueTicker[]): void {
    const used = new Set<VenueQuote>();
    const coinsOnExchanges = new Set<string>();
    const groups = new Map<string, { quotes: VenueQuote[]; tickers: VenueTicker[] }>();
    const placed = tickers.map((ticker) => {
      const kept = this.keptQuote(ticker, used);
      let group = groups.get(ticker.coinId);
      if (!group) groups.set(ticker.coinId, (group = { quotes: [], tickers: [] }));
      const slot = group.quotes.push(kept) - 1;
      group.tickers.push(kept.ticker);
      const coinOnExchange = `${ticker.exchangeId}\u0000${ticker.coinId}`;
      const firstOfCoinOnExchange = !coinsOnExchanges.has(coinOnExchange);
      coinsOnExchanges.add(coinOnExchange);
      return { ticker, kept, slot, firstOfCoinOnExchange };
    });
    this.byCoin.clear();
    for (const [coinId, { quotes, tickers: keptTickers }] of groups)
      this.byCoin.set(coinId, {
        quotes,
        tickers: keptTickers,
        prices: new Float64Array(quotes.length),
        volumes: new Float64Array(quotes.length),
        usable: new Uint8Array(quotes.length),
        excluded: new Uint8Array(quotes.length),
      });
    this.positions = placed.map(({ ticker, kept, slot, firstOfCoinOnExchange }) => ({
      exchangeId: ticker.exchangeId,
      coinId: ticker.coinId,
      base: ticker.base,
      quote: ticker.quote,
      kept,
      coin: this.byCoin.get(ticker.coinId)!,
      slot,
      firstOfCoinOnExchange,
    }));
  }

  /** The pair's lasting quote; a fresh one for a pair already placed in this feed (the same pair twice). */
  private keptQuote(ticker: VenueTicker, used: Set<VenueQuote>): VenueQuote {
    let keptOfCoin = this.kept.get(ticker.coinId);
    if (!keptOfCoin) this.kept.set(ticker.coinId, (keptOfCoin = new Map<string, VenueQuote>()));
    const key = venueKey(ticker);
    let kept = keptOfCoin.get(key);
    if (!kept) {
      kept = { ticker: copyTicker(ticker), excluded: false };
      keptOfCoin.set(key, kept);
    } else if (used.has(kept)) {
      kept = { ticker: copyTicker(ticker), excluded: false };
    }
    used.add(kept);
    return kept;
  }
}

/**
 * One literal shape for every kept ticker, its numbers stored in place when overwritten. A spread copy would
 * take the provider's shape with most fields out of line (and `Object.assign` takes the generic path).
 */
function copyTicker(source: VenueTicker): VenueTicker {
  return {
    exchangeId: source.exchangeId,
    coinId: source.coinId,
    base: source.base,
    quote: source.quote,
    last: source.last,
    lastUsd: source.lastUsd,
    bidUsd: source.bidUsd,
    askUsd: source.askUsd,
    volumeBase24h: source.volumeBase24h,
    volumeUsd24h: source.volumeUsd24h,
    timestamp: source.timestamp,
  };
}

/**
 * The numbers only: the position matched the pair's names. Writing a string into a kept (old-generation)
 * object costs a write barrier; a number is stored in place.
 */
function overwriteNumbers(target: VenueTicker, source: VenueTicker): void {
  target.last = source.last;
  target.lastUsd = source.lastUsd;
  target.bidUsd = source.bidUsd;
  target.askUsd = source.askUsd;
  target.volumeBase24h = source.volumeBase24h;
  target.volumeUsd24h = source.volumeUsd24h;
  target.timestamp = source.timestamp;
}
