/**
 * CoinGecko coin id → Coin Metrics asset id, for the chains whose daily active addresses (`AdrActCnt`) and
 * transaction counts (`TxCnt`) the keyless Community API serves. Checked against Coin Metrics' own archive of
 * its community data (github.com/coinmetrics/data, `csv/<asset>.csv`: both columns present). Left out on purpose,
 * see README.md: Solana (no network data in the community tier), BNB (`bnb` counts the retired BNB Beacon Chain).
 */
export const COINMETRICS_ASSETS: Readonly<Record<string, string>> = {
  bitcoin: 'btc',
  ethereum: 'eth',
  ripple: 'xrp',
  dogecoin: 'doge',
  cardano: 'ada',
  tron: 'trx',
  'bitcoin-cash': 'bch',
  litecoin: 'ltc',
  stellar: 'xlm',
};

/** The Coin Metrics asset of a CoinGecko coin id, or null when the community tier has no activity for it. */
export function coinMetricsAssetOf(coinId: string): string | null {
  return Object.hasOwn(COINMETRICS_ASSETS, coinId) ? (COINMETRICS_ASSETS[coinId] ?? null) : null;
}
