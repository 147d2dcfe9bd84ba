/**
 * Which coins each venue lists, in which quote assets, and how a coin's volume splits across venues.
 *
 * - Centralised venues list roughly the top N coins by market cap (a per-venue random jitter on the
 *   ranking, so listings differ), N = catalogue size × (1 − e^(−listedCoinCount/300)) — a venue with 2,000+
 *   real listings carries the whole catalogue, one with 30 carries about 30 — plus its platform token.
 *   Wrapped and liquid-staking tokens rank low on centralised venues.
 * - DEXes list the tokens of their chain (the chain of their platform token; Osmosis: Cosmos-SDK chains;
 *   THORChain: the native L1 coins it swaps) plus multi-chain stablecoins; app-chain DEXes with too few
 *   native tokens (Hyperliquid, dYdX, Cetus) list the top coins as bridged/perp-style markets.
 * - Quote assets come from the venue's own list, in its order (its first is the primary pair). A crypto quote
 *   needs a larger market cap than the base (ETH/BTC, never BTC/ETH) except the DEX's first quote (X/RUNE,
 *   X/WETH); stablecoin bases take fiat or larger stablecoins. Top-10 coins get up to six quotes, top-50
 *   three, top-150 two, the rest one.
 * - Volume shares: each venue spreads its real spotVolumeUsd24h over its coins by their turnover; a coin's
 *   honest venue volumes sum to its candle volume. Within a venue the primary pair takes 70 %.
 * - Each pair carries a small mean-reverting price basis (a few bps; DEXes tens of bps) from smooth noise.
 */
import type { CoinFacts, ExchangeFacts } from './catalog/catalog-schema.js';
import { isFiatCode } from './fiat-currencies.js';
import { trackedCoin } from './price-path/path-coin.js';
import { normalAt, smoothNoise, streamKey } from './random.js';

export type QuoteAsset = { kind: 'fiat'; code: string } | { kind: 'coin'; coinId: string };

export interface Venue {
  readonly index: number;
  readonly id: string;
  readonly facts: ExchangeFacts;
  readonly fictional: boolean;
  readonly dex: boolean;
  /** The chain a DEX lives on; null for centralised venues. */
  readonly chain: string | null;
}

export interface VenuePair {
  readonly venue: Venue;
  readonly coinId: string;
  /** Base symbol. */
  readonly base: string;
  /** Quote symbol as the venue names it ('USDT', 'KRW', 'WETH'). */
  readonly quote: string;
  readonly quoteAsset: QuoteAsset;
  /** Share of the coin's true (honest) volume traded in this pair. */
  readonly share: number;
  readonly primary: boolean;
  /** Typical basis amplitude against the reference price, as a fraction (0.0002 = 2 bps). */
  readonly basisAmplitude: number;
  readonly keys: { basisSlow: number; basisFast: number; book: number; trades: number };
}

/** Quote symbols that are not coin symbols in the catalogue: wrapped natives. */
const QUOTE_ALIASES: Readonly<Record<string, string>> = { WBNB: 'BNB', BTCB: 'BTC', WAVAX: 'AVAX' };
/** THORChain swaps native L1 coins. */
const THORCHAIN_NATIVES = [
  'bitcoin',
  'ethereum',
  'bitcoin-cash',
  'litecoin',
  'dogecoin',
  'avalanche-2',
  'cosmos',
  'binancecoin',
  'ripple',
  'tron',
];
const MIN_CHAIN_TOKENS = 5;
/** DEXes on chains with few catalogue tokens also carry the largest coins as bridged/perp-style markets. */
const BRIDGED_TOP = 40;
const LISTING_SCALE = 300;
const PRIMARY_SHARE = 0.7;

export function marketCapAtAnchor(coin: CoinFacts): number {
  return coin.anchorPriceUsd * coin.circulatingSupply;
}

export class VenueMap {
  readonly venues: readonly Venue[];
  private readonly venueById = new Map<string, Venue>();
  private readonly pairsByVenue = new Map<string, VenuePair[]>();
  private readonly pairsByCoin = new Map<string, VenuePair[]>();
  private readonly pairByKey = new Map<string, VenuePair>();
  private readonly coinBySymbol = new Map<string, CoinFacts>();
  private readonly rankOf = new Map<string, number>();
  /** Tracking token id → the id of the coin it tracks. */
  private readonly trackedBy = new Map<string, string>();

  constructor(
    private readonly seed: number,
    private readonly coins: readonly CoinFacts[],
    exchanges: readonly ExchangeFacts[],
    fictionalIds: ReadonlySet<string>,
    turnoverUsd: (coinId: string) => number,
    /** Coins a venue must list whatever its ranking (a scenario's outlier pairs). */
    forcedListings: ReadonlyMap<string, readonly string[]> = new Map(),
  ) {
    for (const coin of coins) this.coinBySymbol.set(coin.symbol.toUpperCase(), coin);
    [...coins]
      .sort((a, b) => marketCapAtAnchor(b) - marketCapAtAnchor(a))
      .forEach((coin, index) => this.rankOf.set(coin.id, index + 1));
    const coinById = new Map(coins.map((coin) => [coin.id, coin]));
    for (const coin of coins) {
      const underlying = trackedCoin(coin, coinById);
      if (underlying) this.trackedBy.set(coin.id, underlying.id);
    }
    this.venues = exchanges.map((facts, index) => {
      const dex = facts.kind === 'dex';
      const chain =
        dex && facts.platformToken !== null ? (coinById.get(facts.platformToken)?.publicChain ?? null) : null;
      return { index, id: facts.id, facts, fictional: fictionalIds.has(facts.id), dex, chain };
    });
    for (const venue of this.venues) this.venueById.set(venue.id, venue);

    const listings = this.venues.map((venue) => {
      const listed = this.listing(venue);
      for (const coinId of forcedListings.get(venue.id) ?? []) {
        const coin = coinById.get(coinId);
        if (coin && !listed.includes(coin) && this.quotesFor(venue, coin).length > 0) listed.push(coin);
      }
      return listed;
    });
    this.ensureEveryCoinListed(listings);
    const weights = this.fitVolumeShares(listings, turnoverUsd);
    this.venues.forEach((venue, venueIndex) => {
      const listed = listings[venueIndex] ?? [];
      const venueWeights = weights[venueIndex] ?? new Map<string, number>();
      for (const coin of listed) {
        const quotes = this.quotesFor(venue, coin);
        const coinShare = venueWeights.get(coin.id) ?? 0;
        quotes.forEach((quote, quoteIndex) => {
          const pairShare =
            quotes.length === 1
              ? 1
              : quoteIndex === 0
                ? PRIMARY_SHARE
                : (1 - PRIMARY_SHARE) / (quotes.length - 1);
          this.addPair(venue, coin, quote, coinShare * pairShare, quoteIndex === 0);
        });
      }
    });
  }

  venue(exchangeId: string): Venue | undefined {
    return this.venueById.get(exchangeId);
  }

  pairs(): VenuePair[] {
    return [...this.pairByKey.values()];
  }

  pairsOfVenue(exchangeId: string): readonly VenuePair[] {
    return this.pairsByVenue.get(exchangeId) ?? [];
  }

  pairsOfCoin(coinId: string): readonly VenuePair[] {
    return this.pairsByCoin.get(coinId) ?? [];
  }

  pair(exchangeId: string, coinId: string, quote: string): VenuePair | undefined {
    return this.pairByKey.get(pairKey(exchangeId, coinId, quote.toUpperCase()));
  }

  /** Market-cap rank at the anchor (1 = largest). */
  rank(coinId: string): number {
    return this.rankOf.get(coinId) ?? this.coins.length;
  }

  /** Log price basis of the pair against the reference price at `time`: smooth, mean-reverting, zero-mean. */
  basis(pair: VenuePair, time: number): number {
    return (
      pair.basisAmplitude *
      (0.75 * smoothNoise(pair.keys.basisSlow, time, 90_000) +
        0.35 * smoothNoise(pair.keys.basisFast, time, 7_000))
    );
  }

  private listing(venue: Venue): CoinFacts[] {
    const candidates = this.candidates(venue);
    // A DEX carries its whole (chain-specific) candidate set; a centralised venue the top N.
    const target = venue.dex
      ? candidates.length
      : Math.max(
          1,
          Math.round(candidates.length * (1 - Math.exp(-venue.facts.listedCoinCount / LISTING_SCALE))),
        );
    const key = streamKey(this.seed, 'listing', venue.id);
    const scored = candidates.map((coin, index) => {
      let score = Math.log(marketCapAtAnchor(coin)) + 1.1 * normalAt(key, index);
      if (!venue.dex && coin.sectors.some((sector) => sector === 'wrapped' || sector === 'liquid-staking'))
        score -= 4;
      return { coin, score };
    });
    scored.sort((a, b) => b.score - a.score);
    const listed = new Set(scored.slice(0, target).map((entry) => entry.coin));
    const platform = this.coins.find((coin) => coin.id === venue.facts.platformToken);
    if (platform) listed.add(platform);
    // Only coins that can be quoted in at least one of the venue's assets.
    return [...listed].filter((coin) => this.quotesFor(venue, coin).length > 0);
  }

  private candidates(venue: Venue): readonly CoinFacts[] {
    if (!venue.dex) return this.coins;
    if (venue.id === 'thorchain') {
      return this.coins.filter(
        (coin) => THORCHAIN_NATIVES.includes(coin.id) || coin.id === venue.facts.platformToken,
      );
    }
    const chain = venue.chain;
    const onChain = this.coins.filter(
      (coin) =>
        (chain !== null && coin.publicChain === chain) ||
        (venue.id === 'osmosis' && (coin.consensus ?? '').includes('CometBFT')) ||
        (coin.stablecoin === true && coin.publicChain === null),
    );
    const native = onChain.filter((coin) => coin.stablecoin !== true);
    if (native.length >= MIN_CHAIN_TOKENS) return onChain;
    const bridged = [...this.coins]
      .filter((coin) => coin.stablecoin !== true && this.trackedBy.get(coin.id) === undefined)
      .sort((a, b) => this.rank(a.id) - this.rank(b.id))
      .slice(0, BRIDGED_TOP);
    return [...new Set([...onChain, ...bridged])];
  }

  /** The quote assets `coin` trades against on `venue`, primary first. */
  private quotesFor(venue: Venue, coin: CoinFacts): { symbol: string; asset: QuoteAsset }[] {
    const rank = this.rank(coin.id);
    const limit = rank <= 10 ? 6 : rank <= 50 ? 3 : rank <= 150 ? 2 : 1;
    const found: { symbol: string; asset: QuoteAsset }[] = [];
    venue.facts.quoteAssets.forEach((symbol, index) => {
      if (found.length >= limit) return;
      const upper = symbol.toUpperCase();
      if (isFiatCode(upper)) {
        found.push({ symbol: upper, asset: { kind: 'fiat', code: upper } });
        return;
      }
      const quoteCoin = this.coinBySymbol.get(QUOTE_ALIASES[upper] ?? upper);
      if (!quoteCoin || quoteCoin.id === coin.id) return;
      // Never a token against its own wrapper (ETH/WETH, WBTC/cbBTC).
      const baseRoot = this.trackedBy.get(coin.id) ?? coin.id;
      const quoteRoot = this.trackedBy.get(quoteCoin.id) ?? quoteCoin.id;
      if (baseRoot === quoteRoot) return;
      const quoteStable = quoteCoin.stablecoin === true;
      const baseStable = coin.stablecoin === true;
      const larger = marketCapAtAnchor(quoteCoin) > marketCapAtAnchor(coin);
      const valid = baseStable ? quoteStable && larger : quoteStable || larger || (venue.dex && index === 0);
      if (valid) found.push({ symbol, asset: { kind: 'coin', coinId: quoteCoin.id } });
    });
    return found;
  }

  /** A coin nobody lists goes to the three venues with the most listings. */
  private ensureEveryCoinListed(listings: CoinFacts[][]): void {
    const listed = new Set(listings.flat().map((coin) => coin.id));
    const broadest = this.venues
      .filter((venue) => !venue.dex && !venue.fictional)
      .sort((a, b) => b.facts.listedCoinCount - a.facts.listedCoinCount)
      .slice(0, 3);
    for (const coin of this.coins) {
      if (listed.has(coin.id)) continue;
      for (const venue of broadest)
        if (this.quotesFor(venue, coin).length > 0) listings[venue.index]?.push(coin);
    }
  }

  /**
   * Each venue spreads its real spotVolumeUsd24h over its coins in proportion to their turnover (with a
   * log-normal jitter and a boost for its own platform token); a coin's share on a venue is then that
   * allocation over the sum of all venues' allocations to the coin. Venue totals stay roughly proportional
   * to their real volume, and a coin's shares sum to 1.
   */
  private fitVolumeShares(
    listings: readonly CoinFacts[][],
    turnoverUsd: (coinId: string) => number,
  ): Map<string, number>[] {
    const key = streamKey(this.seed, 'venue-share');
    const allocations = listings.map((listed, venueIndex) => {
      const venue = this.venues[venueIndex]!;
      const raw = listed.map((coin, coinIndex) => {
        const boost = venue.facts.platformToken === coin.id ? 8 : 1;
        const jitter = Math.exp(0.6 * normalAt(key, venueIndex * 4_096 + coinIndex));
        return [coin.id, turnoverUsd(coin.id) * jitter * boost] as const;
      });
      const total = raw.reduce((sum, [, weight]) => sum + weight, 0) || 1;
      return new Map(
        raw.map(([coinId, weight]) => [coinId, (venue.facts.spotVolumeUsd24h * weight) / total]),
      );
    });
    const sums = new Map<string, number>();
    for (const row of allocations)
      for (const [coinId, usd] of row) sums.set(coinId, (sums.get(coinId) ?? 0) + usd);
    for (const row of allocations)
      for (const [coinId, usd] of row) row.set(coinId, usd / (sums.get(coinId) ?? 1));
    return allocations;
  }

  private addPair(
    venue: Venue,
    coin: CoinFacts,
    quote: { symbol: string; asset: QuoteAsset },
    share: number,
    primary: boolean,
  ): void {
    const rank = this.rank(coin.id);
    // Majors ~1–2 bps, small caps ~10 bps; DEXes several times wider.
    const amplitude = (0.00012 + 0.0009 * Math.min(1, rank / 300)) * (venue.dex ? 4 : 1);
    const label = `${venue.id}|${coin.id}|${quote.symbol}`;
    const pair: VenuePair = {
      venue,
      coinId: coin.id,
      base: coin.symbol,
      quote: quote.symbol,
      quoteAsset: quote.asset,
      share,
      primary,
      basisAmplitude: amplitude,
      keys: {
        basisSlow: streamKey(this.seed, 'basis-slow', label),
        basisFast: streamKey(this.seed, 'basis-fast', label),
        book: streamKey(this.seed, 'book', label),
        trades: streamKey(this.seed, 'trades', label),
      },
    };
    const keyText = pairKey(venue.id, coin.id, quote.symbol.toUpperCase());
    if (this.pairByKey.has(keyText)) return;
    this.pairByKey.set(keyText, pair);
    const venuePairs = this.pairsByVenue.get(venue.id) ?? [];
    venuePairs.push(pair);
    this.pairsByVenue.set(venue.id, venuePairs);
    const coinPairs = this.pairsByCoin.get(coin.id) ?? [];
    coinPairs.push(pair);
    this.pairsByCoin.set(coin.id, coinPairs);
  }
}

function pairKey(exchangeId: string, coinId: string, quote: string): string {
  return `${exchangeId}|${coinId}|${quote}`;
}
