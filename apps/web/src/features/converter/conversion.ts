import { formatNumber, formatPrice } from '@coinlens/contract';

/** What can be converted: any coin, or one of the display currencies (not crypto ones: those are coins). */
export type Asset =
  | { kind: 'coin'; id: string; symbol: string; name: string; logo: string }
  | { kind: 'currency'; code: string; unit: string; name: string };

/** The same asset (same coin id or currency code). */
export function sameAsset(a: Asset, b: Asset): boolean {
  if (a.kind === 'coin' && b.kind === 'coin') return a.id === b.id;
  if (a.kind === 'currency' && b.kind === 'currency') return a.code === b.code;
  return false;
}

/** Its short name: a coin's symbol ("ETH") or a currency's code in capitals ("VND"). */
export function assetSymbol(asset: Asset): string {
  return asset.kind === 'coin' ? asset.symbol.toUpperCase() : asset.code.toUpperCase();
}

/** Units of a currency per USD (the `get_gecko_exchange_rates` answer, USD based). */
export type RatesPerUsd = ReadonlyMap<string, number>;

/**
 * What one unit of the asset is worth in USD, or null when unknown. A coin's price arrives in the display
 * currency (so live ticks, which come in that currency, keep it current): divided by that currency's rate.
 */
export function usdPerUnit(
  asset: Asset,
  rates: RatesPerUsd,
  coinPrice: { price: number | null; currency: string } | undefined,
): number | null {
  if (asset.kind === 'currency') {
    const rate = rates.get(asset.code);
    return rate !== undefined && rate > 0 ? 1 / rate : null;
  }
  if (coinPrice === undefined || coinPrice.price === null || !(coinPrice.price > 0)) return null;
  const rate = rates.get(coinPrice.currency);
  return rate !== undefined && rate > 0 ? coinPrice.price / rate : null;
}

/** `amount` of an asset worth `fromUsd` a unit, in units of one worth `toUsd`; null when either is unknown. */
export function convert(amount: number, fromUsd: number | null, toUsd: number | null): number | null {
  if (fromUsd === null || toUsd === null || !(toUsd > 0) || !Number.isFinite(amount)) return null;
  return (amount * fromUsd) / toUsd;
}

/** Significant digits of a coin amount: enough for a trade ticket, not float noise. */
const COIN_SIGNIFICANT_DIGITS = 6;
const COIN_MIN_DECIMALS = 2;
const COIN_MAX_DECIMALS = 12;

/**
 * A converted amount as text. In a currency: the app's price format (2 decimals from 1 up, 4 significant
 * digits below). In a coin: 6 significant digits with 2 to 12 decimals ("1.23457", "0.0000123457",
 * "12,345.68"). Zero shows as "0", a negative amount (never produced here) as given.
 */
export function formatAmount(value: number, target: Asset): string {
  if (value === 0) return '0';
  if (target.kind === 'currency') return formatPrice(value);
  const magnitude = Math.abs(value);
  const exponent = Math.floor(Math.log10(magnitude));
  const decimals = Math.min(
    COIN_MAX_DECIMALS,
    Math.max(COIN_MIN_DECIMALS, COIN_SIGNIFICANT_DIGITS - 1 - exponent),
  );
  return formatNumber(magnitude, decimals);
}

/** "1 ETH = 78,412,345.12 ₫" (a currency's unit after the amount, a coin's symbol after it too). */
export function rateLine(from: Asset, to: Asset, rate: number): string {
  const unit = to.kind === 'currency' ? to.unit : assetSymbol(to);
  return `1 ${assetSymbol(from)} = ${formatAmount(rate, to)} ${unit}`;
}
