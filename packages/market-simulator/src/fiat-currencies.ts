/**
 * Fiat currencies and gold with realistic USD rates at the price anchor (late 2026 levels), drifting very
 * slightly and smoothly over time (value noise: ±0.6 % over weeks, ±0.15 % within a day), plus a steady
 * depreciation for the high-inflation currencies. A pure function of (seed, code, time).
 */
import type { DisplayCurrencyCodeOf } from '@coinlens/contract';
import { displayCurrency } from './display-currency.js';
import { smoothNoise, streamKey } from './random.js';

interface RateFacts {
  /** Units per USD at the anchor time. */
  perUsd: number;
  /** Yearly drift of `perUsd` (0.25 = the currency loses a fifth of its value a year). */
  yearlyDrift?: number;
}

export interface FiatCurrency extends RateFacts {
  /** Upper-case ISO 4217 code. */
  code: string;
  name: string;
  unit: string;
}

/** The rate of every fiat display currency, by its code; the order is the order rates are answered in. */
const DISPLAY_FIAT_RATES: Readonly<Record<DisplayCurrencyCodeOf<'fiat'>, RateFacts>> = {
  usd: { perUsd: 1 },
  cny: { perUsd: 7.12 },
  eur: { perUsd: 0.862 },
  jpy: { perUsd: 153.4 },
  krw: { perUsd: 1_438 },
  vnd: { perUsd: 26_310 },
  gbp: { perUsd: 0.758 },
  inr: { perUsd: 88.6 },
  rub: { perUsd: 81.2, yearlyDrift: 0.08 },
  brl: { perUsd: 5.36 },
  try: { perUsd: 42.2, yearlyDrift: 0.25 },
  aud: { perUsd: 1.535 },
  cad: { perUsd: 1.402 },
  chf: { perUsd: 0.803 },
  hkd: { perUsd: 7.776 },
  sgd: { perUsd: 1.302 },
  twd: { perUsd: 30.9 },
  thb: { perUsd: 32.6 },
  idr: { perUsd: 16_650 },
  php: { perUsd: 58.9 },
  myr: { perUsd: 4.17 },
  mxn: { perUsd: 18.45 },
  ars: { perUsd: 1_455, yearlyDrift: 0.3 },
  ngn: { perUsd: 1_452, yearlyDrift: 0.12 },
  zar: { perUsd: 17.3 },
  aed: { perUsd: 3.6725 },
  sar: { perUsd: 3.75 },
  pln: { perUsd: 3.66 },
  sek: { perUsd: 9.48 },
  nok: { perUsd: 10.12 },
  dkk: { perUsd: 6.43 },
  nzd: { perUsd: 1.77 },
  uah: { perUsd: 41.9, yearlyDrift: 0.06 },
  pkr: { perUsd: 281.5, yearlyDrift: 0.05 },
  czk: { perUsd: 20.95 },
  huf: { perUsd: 333 },
  ils: { perUsd: 3.27 },
};

/** Fiat currencies the product does not display that the simulator prices too (a venue quotes in COP). */
const OTHER_FIAT: readonly FiatCurrency[] = [
  { code: 'CLP', name: 'Chilean Peso', unit: 'CLP$', perUsd: 942 },
  { code: 'COP', name: 'Colombian Peso', unit: 'COL$', perUsd: 3_820 },
  { code: 'EGP', name: 'Egyptian Pound', unit: 'E£', perUsd: 47.6, yearlyDrift: 0.1 },
  { code: 'KZT', name: 'Kazakhstani Tenge', unit: '₸', perUsd: 521 },
  { code: 'BDT', name: 'Bangladeshi Taka', unit: '৳', perUsd: 122.2 },
];

export const FIAT_CURRENCIES: readonly FiatCurrency[] = [
  ...Object.entries(DISPLAY_FIAT_RATES).map(([code, rate]) => {
    const shown = displayCurrency(code);
    return { code: code.toUpperCase(), name: shown.en_name, unit: shown.unit, ...rate };
  }),
  ...OTHER_FIAT,
];

/** Gold: troy ounces per USD at the anchor (≈ $4,000 / oz). */
export const GOLD: FiatCurrency = { code: 'XAU', name: 'Gold (troy ounce)', unit: 'oz t', perUsd: 1 / 4_000 };

const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;
const FIAT_BY_CODE = new Map([...FIAT_CURRENCIES, GOLD].map((currency) => [currency.code, currency]));

export function isFiatCode(code: string): boolean {
  return FIAT_BY_CODE.has(code.toUpperCase());
}

/** Smoothly drifting rates, relative to a fixed anchor time. */
export class FiatRates {
  private readonly keys = new Map<string, { slow: number; fast: number }>();

  constructor(
    private readonly seed: number,
    private readonly anchorTime: number,
  ) {}

  /** Units of `code` per USD at `time`; null for an unknown code. */
  perUsd(code: string, time: number): number | null {
    const currency = FIAT_BY_CODE.get(code) ?? FIAT_BY_CODE.get(code.toUpperCase());
    if (!currency) return null;
    if (currency.code === 'USD') return 1;
    return currency.perUsd * Math.exp(this.logDrift(currency, time));
  }

  /** log(perUsd(t) / perUsd(anchor)). */
  logDrift(currency: FiatCurrency, time: number): number {
    let keys = this.keys.get(currency.code);
    if (!keys) {
      keys = {
        slow: streamKey(this.seed, 'fiat-slow', currency.code),
        fast: streamKey(this.seed, 'fiat-fast', currency.code),
      };
      this.keys.set(currency.code, keys);
    }
    const pegged = currency.code === 'HKD' || currency.code === 'AED' || currency.code === 'SAR';
    const scale = pegged ? 0.05 : currency.code === 'XAU' ? 4 : 1;
    const noise = (at: number) =>
      0.006 * smoothNoise(keys.slow, at, 21 * DAY_MS) + 0.0015 * smoothNoise(keys.fast, at, DAY_MS / 4);
    const trend = Math.log1p(currency.yearlyDrift ?? 0) * ((time - this.anchorTime) / YEAR_MS);
    return scale * (noise(time) - noise(this.anchorTime)) + trend;
  }

  /** USD per one unit of `code` (the quote conversion used by tickers). */
  usdPer(code: string, time: number): number | null {
    const perUsd = this.perUsd(code, time);
    return perUsd === null ? null : 1 / perUsd;
  }
}
