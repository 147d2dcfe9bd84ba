/**
 * Authored market history of the best-known coins: when CoinGecko's record of the coin begins (with its first
 * price), the all-time high and low with their days, and the price a year before the simulator's present.
 *
 * Source: CoinGecko's public coin pages (`ath`, `ath_date`, `atl`, `atl_date` of /coins/{id}, and the first
 * day of /coins/{id}/market_chart?days=max), as recorded by the author in late 2025, rounded to three or four
 * significant digits. No network access was available to re-fetch them while writing this file, so treat them
 * as approximate and re-check them against the API before quoting them anywhere outside the simulator.
 * Coins not listed here keep the simulator's unpinned random walk (and its five-year back-fill).
 */
import type { MarketHistoryFacts } from './catalog-types.js';

export const MARKET_HISTORY: Readonly<Record<string, MarketHistoryFacts>> = {
  bitcoin: {
    listed: { date: '2013-04-28', usd: 135.3 },
    atl: { date: '2013-07-06', usd: 67.81 },
    ath: { date: '2025-10-06', usd: 126_080 },
    yearAgo: { date: '2025-11-24', usd: 87_000 },
  },
  ethereum: {
    listed: { date: '2015-08-07', usd: 2.83 },
    atl: { date: '2015-10-20', usd: 0.433 },
    ath: { date: '2025-08-24', usd: 4_946 },
    yearAgo: { date: '2025-11-24', usd: 2_950 },
  },
  ripple: {
    listed: { date: '2013-08-04', usd: 0.0059 },
    atl: { date: '2014-07-07', usd: 0.002686 },
    ath: { date: '2025-07-18', usd: 3.65 },
    yearAgo: { date: '2025-11-24', usd: 2.2 },
  },
  binancecoin: {
    listed: { date: '2017-09-16', usd: 0.107 },
    atl: { date: '2017-10-19', usd: 0.0398 },
    ath: { date: '2025-10-13', usd: 1_370 },
    yearAgo: { date: '2025-11-24', usd: 860 },
  },
  solana: {
    listed: { date: '2020-04-11', usd: 0.957 },
    atl: { date: '2020-05-11', usd: 0.5008 },
    ath: { date: '2025-01-19', usd: 293.3 },
    yearAgo: { date: '2025-11-24', usd: 135 },
  },
  dogecoin: {
    listed: { date: '2013-12-15', usd: 0.000559 },
    atl: { date: '2015-05-06', usd: 0.00008547 },
    ath: { date: '2021-05-08', usd: 0.7316 },
    yearAgo: { date: '2025-11-24', usd: 0.15 },
  },
  cardano: {
    listed: { date: '2017-10-18', usd: 0.0262 },
    atl: { date: '2020-03-13', usd: 0.01925 },
    ath: { date: '2021-09-02', usd: 3.09 },
    yearAgo: { date: '2025-11-24', usd: 0.42 },
  },
  tron: {
    listed: { date: '2017-09-13', usd: 0.0021 },
    atl: { date: '2017-11-12', usd: 0.0018 },
    ath: { date: '2024-12-04', usd: 0.4313 },
    yearAgo: { date: '2025-11-24', usd: 0.28 },
  },
  litecoin: {
    listed: { date: '2013-04-28', usd: 4.35 },
    atl: { date: '2015-01-14', usd: 1.15 },
    ath: { date: '2021-05-10', usd: 410.3 },
    yearAgo: { date: '2025-11-24', usd: 85 },
  },
  chainlink: {
    listed: { date: '2017-11-09', usd: 0.19 },
    atl: { date: '2017-11-29', usd: 0.1482 },
    ath: { date: '2021-05-10', usd: 52.7 },
    yearAgo: { date: '2025-11-24', usd: 12.8 },
  },
};
