import { setTimeout as sleep } from 'node:timers/promises';

import type { MarketDataProvider } from '@coinlens/market-model';
import { NotFoundError, RateLimitedError } from '@coinlens/market-model';
import type { MarketSnapshot } from '../../market-store/market-snapshot.js';
import { referencePrice, VenueExclusions } from '../reference-price.js';

/**
 * How long one run keeps reading coins' venues (one call a coin): on CoinGecko's public tier, at 2.1 s a call
 * shared with every other job, ~15 coins a minute; where calls are cheap, a whole round of 250 in one run.
 */
const VENUES_RUN_BUDGET_MS = 30_000;
/** A coin the source does not know (404) is asked again only after this long. */
const UNKNOWN_COIN_RETRY_MS = 6 * 3_600_000;

/**
 * Where prices come from the source's aggregate quotes (CoinGecko), each coin's venues — spread, ±2 % depth and
 * volume per pair — are read one coin at a time, largest coins first and then round again, for as long as a run's
 * budget allows inside the public rate limit. One coin's failure costs only that coin (it keeps its last venues);
 * a rate limit is waited out when it ends within the run's budget, else it ends the run, and the round resumes at
 * the coin it stopped. Outliers are marked against the same k·MAD
 * band as venue-priced sources; the price stays the source's own.
 */
export class VenuesJob {
  private next = 0;
  /** When every coin's venues had been asked for once (until then the score's trading evidence is growing). */
  firstRoundAt: number | null = null;
  private readonly exclusions = new Map<string, VenueExclusions>();
  /** Coins the source answered 404 for, with when. */
  private readonly unknown = new Map<string, number>();

  constructor(
    private readonly provider: MarketDataProvider,
    private readonly snapshot: MarketSnapshot,
    private readonly now: () => number,
  ) {}

  async run(signal: AbortSignal): Promise<void> {
    if (!this.provider.capabilities.has('tickers')) return;
    const ranked = [...this.snapshot.coins.values()].sort((a, b) => a.rank - b.rank);
    if (ranked.length === 0) return;
    const started = this.now();
    let read = 0;
    try {
      for (let asked = 0; asked < ranked.length;) {
        const left = VENUES_RUN_BUDGET_MS - (this.now() - started);
        if (left <= 0) break;
        const coinId = ranked[this.next % ranked.length]!.profile.id;
        try {
          if (await this.readCoin(coinId, signal)) read++;
        } catch (error) {
          // A short rate limit is waited out inside the run's budget and the same coin asked again.
          if (!(error instanceof RateLimitedError) || error.retryAfterMs >= left) throw error;
          await sleep(error.retryAfterMs, undefined, { signal });
          continue;
        }
        asked++;
        this.next = (this.next + 1) % ranked.length;
        if (this.next === 0) this.firstRoundAt ??= this.now();
      }
    } finally {
      if (read > 0) {
        this.aggregateExchanges();
        this.snapshot.version++;
      }
    }
  }

  /** Reads one coin's venues; false when it was skipped or failed (a rate limit or an abort is thrown). */
  private async readCoin(coinId: string, signal: AbortSignal): Promise<boolean> {
    const unknownSince = this.unknown.get(coinId);
    if (unknownSince !== undefined && this.now() - unknownSince < UNKNOWN_COIN_RETRY_MS) return false;
    let tickers;
    try {
      tickers = await this.provider.getTickers({ coinIds: [coinId] }, signal);
    } catch (error) {
      if (signal.aborted || error instanceof RateLimitedError) throw error;
      if (error instanceof NotFoundError) this.unknown.set(coinId, this.now());
      return false;
    }
    this.unknown.delete(coinId);
    const coin = this.snapshot.coins.get(coinId);
    if (!coin) return false;
    const own = tickers.filter((ticker) => ticker.coinId === coinId);
    let exclusions = this.exclusions.get(coinId);
    if (!exclusions) {
      exclusions = new VenueExclusions();
      this.exclusions.set(coinId, exclusions);
    }
    const excluded = new Set(referencePrice(own, exclusions)?.excluded ?? []);
    coin.venues = own.map((ticker) => ({ ticker, excluded: excluded.has(ticker) }));
    return true;
  }

  /**
   * Each exchange's pairs, coins and turnover: what the source reports of the whole venue where it does (CoinGecko's
   * `/exchanges`: 24 h turnover in BTC, pair and coin counts), else the venues read so far (they fill in round by
   * round). The turnover of pairs outside the outlier band comes off the healthy amount either way.
   */
  private aggregateExchanges(): void {
    const totals = new Map<string, { pairs: number; coins: Set<string>; amount: number; healthy: number }>();
    for (const coin of this.snapshot.coins.values())
      for (const { ticker, excluded } of coin.venues) {
        const entry = totals.get(ticker.exchangeId) ?? { pairs: 0, coins: new Set(), amount: 0, healthy: 0 };
        entry.pairs += 1;
        entry.coins.add(ticker.coinId);
        entry.amount += ticker.volumeUsd24h;
        if (!excluded) entry.healthy += ticker.volumeUsd24h;
        totals.set(ticker.exchangeId, entry);
      }
    const btcUsd = this.snapshot.coins.get('bitcoin')?.price ?? null;
    const now = this.now();
    for (const exchange of this.snapshot.exchanges.values()) {
      const read = totals.get(exchange.profile.id);
      const reported = exchange.profile.reported;
      const volumeBtc = reported?.volumeBtc24h ?? null;
      const reportedUsd = volumeBtc !== null && btcUsd !== null ? volumeBtc * btcUsd : null;
      if (!read && reportedUsd === null) continue;
      const readAmount = read?.amount ?? 0;
      exchange.pairCount = Math.max(reported?.pairs ?? 0, read?.pairs ?? 0);
      exchange.coinCount = Math.max(reported?.coins ?? 0, read?.coins.size ?? 0);
      exchange.amount24h = reportedUsd ?? readAmount;
      exchange.healthyAmount24h = Math.max(0, exchange.amount24h - (readAmount - (read?.healthy ?? 0)));
      exchange.asOf = now;
    }
  }
}
