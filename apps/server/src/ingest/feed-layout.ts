import type { VenueTicker } from '@coinlens/market-model';
import type { VenueQuote } from '../market-store/market-snapshot.js';
import type { VenueColumns } from './reference-price.js';
import { isUsableTicker } from './reference-price.js';

/** The numbers of one coin's pairs on one side of the feed, by column (bid and ask NaN for none). */
class TickerNumbers {
  readonly last: Float64Array;
  readonly lastUsd: Float64Array;
  readonly bidUsd: Float64Array;
  readonly askUsd: Float64Array;
  readonly volumeBase24h: Float64Array;
  readonly volumeUsd24h: Float64Array;
  readonly timestamp: Float64Array;

  constructor(pairs: number) {
    this.last = new Float64Array(pairs);
    this.lastUsd = new Float64Array(pairs);
    this.bidUsd = new Float64Array(pairs);
    this.askUsd = new Float64Array(pairs);
    this.volumeBase24h = new Float64Array(pairs);
    this.volumeUsd24h = new Float64Array(pairs);
    this.timestamp = new Float64Array(pairs);
  }

  write(slot: number, ticker: VenueTicker): void {
    this.last[slot] = ticker.last;
    this.lastUsd[slot] = ticker.lastUsd;
    this.bidUsd[slot] = ticker.bidUsd ?? Number.NaN;
    this.askUsd[slot] = ticker.askUsd ?? Number.NaN;
    this.volumeBase24h[slot] = ticker.volumeBase24h;
    this.volumeUsd24h[slot] = ticker.volumeUsd24h;
    this.timestamp[slot] = ticker.timestamp;
  }
}

/**
 * A venue ticker whose numbers are read from its coin's columns: what the snapshot's venues hold. Its names are
 * its own; its numbers are whatever the side it belongs to was last filled with.
 */
class KeptTicker implements VenueTicker {
  constructor(
    readonly exchangeId: string,
    readonly coinId: string,
    readonly base: string,
    readonly quote: string,
    private readonly numbers: TickerNumbers,
    private readonly slot: number,
  ) {}

  get last(): number {
    return this.numbers.last[this.slot] ?? Number.NaN;
  }
  get lastUsd(): number {
    return this.numbers.lastUsd[this.slot] ?? Number.NaN;
  }
  get bidUsd(): number | null {
    const value = this.numbers.bidUsd[this.slot] ?? Number.NaN;
    return Number.isNaN(value) ? null : value;
  }
  get askUsd(): number | null {
    const value = this.numbers.askUsd[this.slot] ?? Number.NaN;
    return Number.isNaN(value) ? null : value;
  }
  get volumeBase24h(): number {
    return this.numbers.volumeBase24h[this.slot] ?? Number.NaN;
  }
  get volumeUsd24h(): number {
    return this.numbers.volumeUsd24h[this.slot] ?? Number.NaN;
  }
  get timestamp(): number {
    return this.numbers.timestamp[this.slot] ?? Number.NaN;
  }
}

/** A venue quote on one side of the feed: excluded when the side's column says so. */
class KeptQuote implements VenueQuote {
  constructor(
    readonly ticker: KeptTicker,
    private readonly excludedColumn: Uint8Array,
    private readonly slot: number,
  ) {}

  get excluded(): boolean {
    return this.excludedColumn[this.slot] === 1;
  }
}

/** A coin's quotes on one side, in feed order, with the columns the reference price reads (and writes). */
export interface CoinQuotes extends VenueColumns {
  readonly quotes: readonly VenueQuote[];
}

interface CoinSide extends CoinQuotes {
  readonly numbers: TickerNumbers;
}

/** The two sides a feed alternates between: the side a tick fills is not the one on show. */
type Sides<T> = readonly [T, T];

/** What one position of the feed holds: the pair's names, and where its numbers go on each side. */
interface Position {
  readonly exchangeId: string;
  readonly coinId: string;
  readonly base: string;
  readonly quote: string;
  readonly coin: Sides<CoinSide>;
  readonly slot: number;
  /** The exchange's place in `exchangeIds`. */
  readonly exchange: number;
  /** The first of this coin's pairs on this exchange, in feed order (an exchange's coin count). */
  readonly firstOfCoinOnExchange: boolean;
}

/** What the last fill says of one exchange. */
export interface ExchangeFeedTotals {
  readonly pairs: number;
  readonly coinCount: number;
  /** Reported 24 h turnover in USD, all pairs with usable numbers. */
  readonly amount: number;
  /** The same over the pairs inside their coin's price band. */
  readonly healthyAmount: number;
}

/**
 * Where each ticker of the feed goes, learned once and reused while the feed keeps its order, as a steady
 * source does from tick to tick. A tick copies each ticker's numbers into its coin's columns (four string
 * comparisons and seven numbers a ticker), so the provider's fresh tickers die within the tick instead of being
 * promoted to V8's old generation, the reference price reads dense columns, and the quotes the snapshot shows
 * read their numbers from there. Only a feed whose pairs or order changed is laid out again.
 *
 * Every pair has two quotes, and ticks alternate between them: a tick fills the side not on show (the
 * snapshot's venues hold the other), so ingest can work through a tick in slices and publish it at once, and
 * no reader in between sees a venue's new numbers next to its coin's old price. The sides swap only when a
 * tick is published (`markShown`): a tick abandoned half-way leaves the side on show untouched. A new layout
 * brings new quotes; those on show keep the numbers they had.
 */
export class FeedLayout {
  private positions: Position[] = [];
  private readonly byCoin = new Map<string, Sides<CoinSide>>();
  private exchangeIds: string[] = [];
  /** The side fills write: the one not on show. */
  private side: 0 | 1 = 0;

  /** Copies this tick's tickers into the side not on show (every quote included again), laid out anew if needed. */
  fill(tickers: readonly VenueTicker[]): void {
    if (this.positions.length !== tickers.length || !this.fillInPlace(tickers)) {
      this.layOut(tickers);
      this.fillInPlace(tickers);
    }
  }

  /** The last fill is on show now (published): the next fill writes the other side. */
  markShown(): void {
    this.side = this.side === 0 ? 1 : 0;
  }

  /** The coin's quotes from the last fill; undefined for a coin without tickers. */
  coin(coinId: string): CoinQuotes | undefined {
    return this.byCoin.get(coinId)?.[this.side];
  }

  /**
   * Each exchange of the last fill with its totals, summed in feed order (call after the coins' reference prices,
   * which decide what is excluded).
   */
  forEachExchange(visit: (exchangeId: string, totals: ExchangeFeedTotals) => void): void {
    const count = this.exchangeIds.length;
    const pairs = new Uint32Array(count);
    const coins = new Uint32Array(count);
    const amounts = new Float64Array(count);
    const healthyAmounts = new Float64Array(count);
    const side = this.side;
    for (const position of this.positions) {
      const coin = position.coin[side];
      const volume = coin.numbers.volumeUsd24h[position.slot] ?? Number.NaN;
      const exchange = position.exchange;
      pairs[exchange]! += 1;
      if (position.firstOfCoinOnExchange) coins[exchange]! += 1;
      // A pair whose numbers are unusable (a NaN or negative volume, no price) adds no turnover.
      if (coin.usable[position.slot] !== 1) continue;
      amounts[exchange]! += volume;
      if (coin.excluded[position.slot] !== 1) healthyAmounts[exchange]! += volume;
    }
    this.exchangeIds.forEach((exchangeId, exchange) =>
      visit(exchangeId, {
        pairs: pairs[exchange] ?? 0,
        coinCount: coins[exchange] ?? 0,
        amount: amounts[exchange] ?? 0,
        healthyAmount: healthyAmounts[exchange] ?? 0,
      }),
    );
  }

  /** One pass: checks each position still holds the same pair and copies its numbers; false at the first that does not. */
  private fillInPlace(tickers: readonly VenueTicker[]): boolean {
    const positions = this.positions;
    const side = this.side;
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
      const coin = position.coin[side];
      const slot = position.slot;
      coin.numbers.write(slot, ticker);
      coin.usable[slot] = isUsableTicker(ticker) ? 1 : 0;
      coin.excluded[slot] = 0;
    }
    return true;
  }

  private layOut(tickers: readonly VenueTicker[]): void {
    const coinsOnExchanges = new Set<string>();
    const groups = new Map<string, VenueTicker[]>();
    const slots = tickers.map((ticker) => {
      let group = groups.get(ticker.coinId);
      if (!group) groups.set(ticker.coinId, (group = []));
      return group.push(ticker) - 1;
    });
    this.byCoin.clear();
    for (const [coinId, pairs] of groups) this.byCoin.set(coinId, [coinSide(pairs), coinSide(pairs)]);
    const exchangeIndex = new Map<string, number>();
    for (const { exchangeId } of tickers)
      if (!exchangeIndex.has(exchangeId)) exchangeIndex.set(exchangeId, exchangeIndex.size);
    this.exchangeIds = [...exchangeIndex.keys()];
    this.positions = tickers.map((ticker, index) => {
      const coinOnExchange = `${ticker.exchangeId}\u0000${ticker.coinId}`;
      const firstOfCoinOnExchange = !coinsOnExchanges.has(coinOnExchange);
      coinsOnExchanges.add(coinOnExchange);
      return {
        exchangeId: ticker.exchangeId,
        coinId: ticker.coinId,
        base: ticker.base,
        quote: ticker.quote,
        coin: this.byCoin.get(ticker.coinId)!,
        slot: slots[index]!,
        exchange: exchangeIndex.get(ticker.exchangeId)!,
        firstOfCoinOnExchange,
      };
    });
  }
}

/** One side of a coin: fresh columns, and a quote per pair reading from them. */
function coinSide(pairs: readonly VenueTicker[]): CoinSide {
  const numbers = new TickerNumbers(pairs.length);
  const excluded = new Uint8Array(pairs.length);
  const tickers = pairs.map(
    (pair, slot) => new KeptTicker(pair.exchangeId, pair.coinId, pair.base, pair.quote, numbers, slot),
  );
  return {
    quotes: tickers.map((ticker, slot) => new KeptQuote(ticker, excluded, slot)),
    tickers,
    numbers,
    prices: numbers.lastUsd,
    volumes: numbers.volumeUsd24h,
    usable: new Uint8Array(pairs.length),
    excluded,
  };
}
