/**
 * The simulator's shared state: catalogue, price path, venues and the active scenario, plus the pricing
 * helpers every feed (tickers, books, trades) uses so they agree with each other.
 */
import type { CoinFacts, ExchangeFacts } from './catalog/catalog-schema.js';
import { FiatRates } from './fiat-currencies.js';
import { FICTIONAL_VENUE_IDS, FICTIONAL_VENUES } from './fictional-venues.js';
import type { PathCoin } from './price-path/path-coin.js';
import { ANCHOR_TIME } from './price-path/time-units.js';
import { PricePath } from './price-path/price-path.js';
import type { ScenarioConfig } from './scenarios.js';
import { PumpSchedule, scenarioCoinIds, scenarioVenueIds } from './scenarios.js';
import type { QuoteAsset, VenuePair } from './venues.js';
import { VenueMap } from './venues.js';

const DEFAULT_WASH_FACTOR = 25;
const DEFAULT_SPOOF_WALL_FACTOR = 25;

export class SimulatorContext {
  readonly path: PricePath;
  readonly venues: VenueMap;
  readonly fiat: FiatRates;
  readonly pumps: PumpSchedule;
  readonly coinById: ReadonlyMap<string, CoinFacts>;
  /** Real catalogue venues plus the fictional ones the scenario uses. */
  readonly exchanges: readonly ExchangeFacts[];
  readonly washFactor: number;
  readonly spoofWallFactor: number;
  private readonly washVenues: ReadonlySet<string>;
  private readonly spoofVenues: ReadonlySet<string>;
  private readonly inflation = new Map<string, number>();
  /** The scenario's outlier pairs and their price factor, by pair (found once, not keyed per call). */
  private readonly outlierPairs = new Map<VenuePair, number>();
  /**
   * What every pair of a tick shares, worked out once per instant (a tick prices ~20,000 pairs at one instant;
   * a sample of trades walks the seconds, hence a memo each): each coin's true 24 h turnover, by the path's coin
   * index, valid where its stamp is the memo's generation; each quote asset's USD price, by code or coin id.
   */
  private readonly volumeMemo = {
    time: Number.NaN,
    generation: 0,
    values: new Float64Array(0),
    stamps: new Float64Array(0),
  };
  private readonly quoteMemo = { time: Number.NaN, values: new Map<string, number>() };

  constructor(
    readonly seed: number,
    readonly scenario: ScenarioConfig,
    coins: readonly CoinFacts[],
    realExchanges: readonly ExchangeFacts[],
  ) {
    this.coinById = new Map(coins.map((coin) => [coin.id, coin]));
    const usedVenues = scenarioVenueIds(scenario);
    const known = new Set([...realExchanges.map((venue) => venue.id), ...FICTIONAL_VENUE_IDS]);
    const unknownVenues = [...usedVenues].filter((id) => !known.has(id));
    const unknownCoins = [...scenarioCoinIds(scenario)].filter((id) => !this.coinById.has(id));
    if (unknownVenues.length > 0 || unknownCoins.length > 0) {
      throw new Error(
        `simulator scenario names unknown venues [${unknownVenues.join(', ')}] or coins [${unknownCoins.join(', ')}]`,
      );
    }
    this.exchanges = [...realExchanges, ...FICTIONAL_VENUES.filter((venue) => usedVenues.has(venue.id))];
    this.washVenues = new Set(scenario.washTradingVenues);
    this.spoofVenues = new Set(scenario.spoofingVenues);
    for (const { exchangeId, factor } of scenario.inflatedVolume)
      this.inflation.set(exchangeId, (this.inflation.get(exchangeId) ?? 1) * factor);
    this.washFactor = scenario.washFactor ?? DEFAULT_WASH_FACTOR;
    this.spoofWallFactor = scenario.spoofWallFactor ?? DEFAULT_SPOOF_WALL_FACTOR;
    this.fiat = new FiatRates(seed, ANCHOR_TIME);
    this.pumps = new PumpSchedule(scenario.pumpAndDump);
    this.path = new PricePath(seed, coins, this.pumps, this.fiat);
    const fictionalInUse = new Set(
      this.exchanges.filter((venue) => FICTIONAL_VENUE_IDS.has(venue.id)).map((venue) => venue.id),
    );
    const forced = new Map<string, string[]>();
    for (const { exchangeId, coinId } of scenario.outlierVenues)
      forced.set(exchangeId, [...(forced.get(exchangeId) ?? []), coinId]);
    this.venues = new VenueMap(
      seed,
      coins,
      this.exchanges,
      fictionalInUse,
      (coinId) => this.path.coin(coinId)?.dailyUsd ?? 0,
      forced,
    );
    for (const { exchangeId, coinId, factor } of scenario.outlierVenues)
      for (const pair of this.venues.pairsOfVenue(exchangeId))
        if (pair.coinId === coinId) this.outlierPairs.set(pair, factor);
    this.volumeMemo.values = new Float64Array(coins.length);
    this.volumeMemo.stamps = new Float64Array(coins.length);
  }

  coin(coinId: string): PathCoin | undefined {
    return this.path.coin(coinId);
  }

  isWashVenue(exchangeId: string): boolean {
    return this.washVenues.has(exchangeId);
  }

  isSpoofVenue(exchangeId: string): boolean {
    return this.spoofVenues.has(exchangeId);
  }

  /** Multiplier on the venue's reported 24h volume (1 = honest). */
  volumeInflation(exchangeId: string): number {
    return this.inflation.get(exchangeId) ?? 1;
  }

  /** Multiplier on the pair's reported price (1 = honest). */
  priceDistortion(pair: VenuePair): number {
    return this.outlierPairs.size === 0 ? 1 : (this.outlierPairs.get(pair) ?? 1);
  }

  /** USD price of one unit of the quote asset, memoised per instant. */
  quoteUsd(asset: QuoteAsset, time: number): number {
    const memo = this.quoteMemo;
    if (memo.time !== time) {
      memo.time = time;
      memo.values.clear();
    }
    const name = asset.kind === 'fiat' ? asset.code : asset.coinId;
    const cached = memo.values.get(name);
    if (cached !== undefined) return cached;
    const value = this.quoteUsdUncached(asset, time);
    memo.values.set(name, value);
    return value;
  }

  private quoteUsdUncached(asset: QuoteAsset, time: number): number {
    if (asset.kind === 'fiat') return this.fiat.usdPer(asset.code, time) ?? 1;
    const coin = this.path.coin(asset.coinId);
    return coin ? this.path.priceAt(coin, time) : 1;
  }

  /** The pair's own mid price in USD: reference price × its basis × any scenario distortion. */
  pairMidUsd(pair: VenuePair, time: number): number {
    const coin = this.path.coin(pair.coinId);
    if (!coin) return Number.NaN;
    return (
      Math.exp(this.path.logPriceAt(coin, time) + this.venues.basis(pair, time)) * this.priceDistortion(pair)
    );
  }

  /** The coin's true (honest) USD turnover over the 24 h before `time`, memoised per instant. */
  coinVolumeUsd24h(coinId: string, time: number): number {
    const coin = this.path.coin(coinId);
    if (!coin) return 0;
    const memo = this.volumeMemo;
    if (memo.time !== time) {
      memo.time = time;
      memo.generation++;
    }
    if (memo.stamps[coin.index] === memo.generation) return memo.values[coin.index] ?? 0;
    const value = this.path.volumeUsd24h(coin, time);
    memo.values[coin.index] = value;
    memo.stamps[coin.index] = memo.generation;
    return value;
  }

  /** The pair's true 24h USD turnover (what honest trading produced). */
  pairTrueVolumeUsd24h(pair: VenuePair, time: number): number {
    return this.coinVolumeUsd24h(pair.coinId, time) * pair.share;
  }

  /** What the venue reports: true volume, plus wash volume on wash venues, times any inflation. */
  pairReportedVolumeUsd24h(pair: VenuePair, time: number): number {
    const trueVolume = this.pairTrueVolumeUsd24h(pair, time);
    const wash = this.isWashVenue(pair.venue.id) ? this.washFactor * trueVolume : 0;
    return (trueVolume + wash) * this.volumeInflation(pair.venue.id);
  }
}
