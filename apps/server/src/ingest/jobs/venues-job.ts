import type { MarketDataProvider } from '@coinlens/market-model';
import type { MarketSnapshot } from '../../market-store/market-snapshot.js';
import { referencePrice, VenueExclusions } from '../reference-price.js';

/** Coins whose venue tickers one run asks for (one call each on CoinGecko's public tier, 2.1 s apart). */
export const VENUE_BATCH = 8;

/**
 * Where prices come from the source's aggregate quotes (CoinGecko), each coin's venues — spread, ±2 % depth and
 * volume per pair — come a few coins per run, largest coins first and then round again, inside the public
 * rate limit. Outliers are marked against the same k·MAD band as venue-priced sources; the price stays the
 * source's own.
 */
export class VenuesJob {
  private next = 0;
  private readonly exclusions = new Map<string, VenueExclusions>();

  constructor(
    private readonly provider: MarketDataProvider,
    private readonly snapshot: MarketSnapshot,
    private readonly now: () => number,
  ) {}

  async run(signal: AbortSignal): Promise<void> {
    if (!this.provider.capabilities.has('tickers')) return;
    const ranked = [...this.snapshot.coins.values()].sort((a, b) => a.rank - b.rank);
    if (ranked.length === 0) return;
    const batch = Array.from(
      { length: Math.min(VENUE_BATCH, ranked.length) },
      (_, index) => ranked[(this.next + index) % ranked.length]!.profile.id,
    );
    this.next = (this.next + batch.length) % ranked.length;
    const tickers = await this.provider.getTickers({ coinIds: batch }, signal);
    for (const coinId of batch) {
      const coin = this.snapshot.coins.get(coinId);
      const own = tickers.filter((ticker) => ticker.coinId === coinId);
      if (!coin || own.length === 0) continue;
      let exclusions = this.exclusions.get(coinId);
      if (!exclusions) {
        exclusions = new VenueExclusions();
        this.exclusions.set(coinId, exclusions);
      }
      const excluded = new Set(referencePrice(own, exclusions)?.excluded ?? []);
      coin.venues = own.map((ticker) => ({ ticker, excluded: excluded.has(ticker) }));
    }
    this.aggregateExchanges();
    this.snapshot.version++;
  }

  /** Each exchange's pairs, coins and turnover over the venues read so far (they fill in round by round). */
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
    const now = this.now();
    for (const [exchangeId, entry] of totals) {
      const exchange = this.snapshot.exchanges.get(exchangeId);
      if (!exchange) continue;
      exchange.pairCount = entry.pairs;
      exchange.coinCount = entry.coins.size;
      exchange.amount24h = entry.amount;
      exchange.healthyAmount24h = entry.healthy;
      exchange.asOf = now;
    }
  }
}
