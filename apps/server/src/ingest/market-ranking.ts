import type { CoinState, MarketSnapshot } from '../market-store/market-snapshot.js';

const UNCHANGED_PERCENT = 0.01;

/** Where the score puts the exchanges (with its rank hysteresis), best first. */
export interface ExchangeScoreRanking {
  exchangeRanking(): readonly string[];
}

/**
 * Ranks coins by circulating market cap and exchanges by ExRank, and sums the global figures, after every change
 * of prices, metrics or scores.
 */
export class MarketRanking {
  constructor(
    private readonly snapshot: MarketSnapshot,
    private readonly scores: ExchangeScoreRanking,
  ) {}

  rank(): void {
    const coins = [...this.snapshot.coins.values()];
    const capOf = (coin: CoinState) => coin.metrics?.circulatingMarketCap ?? -1;
    coins.sort((a, b) => capOf(b) - capOf(a));
    const total = coins.reduce((sum, coin) => sum + Math.max(0, capOf(coin)), 0);
    let total24hAgo = 0;
    let rising = 0;
    let falling = 0;
    let unchanged = 0;
    coins.forEach((coin, index) => {
      coin.rank = index + 1;
      coin.marketShare = total > 0 && capOf(coin) >= 0 ? (capOf(coin) / total) * 100 : null;
      const change = coin.metrics?.change24h ?? null;
      if (change === null || Math.abs(change) < UNCHANGED_PERCENT) unchanged++;
      else if (change > 0) rising++;
      else falling++;
      total24hAgo +=
        change !== null ? Math.max(0, capOf(coin)) / (1 + change / 100) : Math.max(0, capOf(coin));
    });
    this.snapshot.ranked = coins;
    const share = (id: string) =>
      total > 0 ? (Math.max(0, capOf(this.snapshot.coins.get(id) ?? coins[0]!)) / total) * 100 : 0;
    this.snapshot.global = {
      totalMarketCap: total,
      totalMarketCap24hAgo: total24hAgo,
      totalVolume24h: coins.reduce((sum, coin) => sum + (coin.metrics?.amount24h ?? 0), 0),
      btcDominance: this.snapshot.coins.has('bitcoin') ? share('bitcoin') : 0,
      ethDominance: this.snapshot.coins.has('ethereum') ? share('ethereum') : 0,
      rising,
      falling,
      unchanged,
    };
    // ExRank follows the exchange score (with its rank hysteresis); venues not yet scored follow by healthy
    // (in-band) turnover, so wash or outlier volume never counts.
    const scoreRank = new Map(this.scores.exchangeRanking().map((id, index) => [id, index]));
    const exchanges = [...this.snapshot.exchanges.values()].sort(
      (a, b) =>
        (scoreRank.get(a.profile.id) ?? Infinity) - (scoreRank.get(b.profile.id) ?? Infinity) ||
        b.healthyAmount24h - a.healthyAmount24h,
    );
    exchanges.forEach((exchange, index) => (exchange.exRank = index + 1));
    this.snapshot.exchangesRanked = exchanges;
  }
}
