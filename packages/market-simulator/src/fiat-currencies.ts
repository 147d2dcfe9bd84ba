/**
 * Fiat currencies and gold with realistic USD rates at the price anchor (late 2026 levels), drifting very
 * slightly and smoothly over time (value noise: ±0.6 % over weeks, ±0.15 % within a day), plus a steady
 * depreciation for the high-inflation currencies. A pure function of (seed, code, time).
 */
import { smoothNoise, streamKey } from './random.js';

export interface FiatCurrency {
  code: string;
  name: string;
  unit: string;
  /** Units per USD at the anchor time. */
  perUsd: number;
  /** Yearly drift of `perUsd` (0.25 = the currency loses a fifth of its value a year). */
  yearlyDrift?: number;
}

export const FIAT_CURRENCIES: readonly FiatCurrency[] = [
  { code: 'USD', name: 'US Dollar', unit: '$', perUsd: 1 },
  { code: 'CNY', name: 'Chinese Yuan', unit: '¥', perUsd: 7.12 },
  { code: 'EUR', name: 'Euro', unit: '€', perUsd: 0.862 },
  { code: 'JPY', name: 'Japanese Yen', unit: '¥', perUsd: 153.4 },
  { code: 'KRW', name: 'South Korean Won', unit: '₩', perUsd: 1_438 },
  { code: 'VND', name: 'Vietnamese Dong', unit: '₫', perUsd: 26_310 },
  { code: 'GBP', name: 'British Pound', unit: '£', perUsd: 0.758 },
  { code: 'INR', name: 'Indian Rupee', unit: '₹', perUsd: 88.6 },
  { code: 'RUB', name: 'Russian Ruble', unit: '₽', perUsd: 81.2, yearlyDrift: 0.08 },
  { code: 'BRL', name: 'Brazilian Real', unit: 'R$', perUsd: 5.36 },
  { code: 'TRY', name: 'Turkish Lira', unit: '₺', perUsd: 42.2, yearlyDrift: 0.25 },
  { code: 'AUD', name: 'Australian Dollar', unit: 'A$', perUsd: 1.535 },
  { code: 'CAD', name: 'Canadian Dollar', unit: 'C$', perUsd: 1.402 },
  { code: 'CHF', name: 'Swiss Franc', unit: 'CHF', perUsd: 0.803 },
  { code: 'HKD', name: 'Hong Kong Dollar', unit: 'HK$', perUsd: 7.776 },
  { code: 'SGD', name: 'Singapore Dollar', unit: 'S$', perUsd: 1.302 },
  { code: 'TWD', name: 'New Taiwan Dollar', unit: 'NT$', perUsd: 30.9 },
  { code: 'THB', name: 'Thai Baht', unit: '฿', perUsd: 32.6 },
  { code: 'IDR', name: 'Indonesian Rupiah', unit: 'Rp', perUsd: 16_650 },
  { code: 'PHP', name: 'Philippine Peso', unit: '₱', perUsd: 58.9 },
  { code: 'MYR', name: 'Malaysian Ringgit', unit: 'RM', perUsd: 4.17 },
  { code: 'MXN', name: 'Mexican Peso', unit: 'MX$', perUsd: 18.45 },
  { code: 'ARS', name: 'Argentine Peso', unit: 'AR$', perUsd: 1_455, yearlyDrift: 0.3 },
  { code: 'NGN', name: 'Nigerian Naira', unit: '₦', perUsd: 1_452, yearlyDrift: 0.12 },
  { code: 'ZAR', name: 'South African Rand', unit: 'R', perUsd: 17.3 },
  { code: 'AED', name: 'UAE Dirham', unit: 'AED', perUsd: 3.6725 },
  { code: 'SAR', name: 'Saudi Riyal', unit: 'SAR', perUsd: 3.75 },
  { code: 'PLN', name: 'Polish Zloty', unit: 'zł', perUsd: 3.66 },
  { code: 'SEK', name: 'Swedish Krona', unit: 'kr', perUsd: 9.48 },
  { code: 'NOK', name: 'Norwegian Krone', unit: 'kr', perUsd: 10.12 },
  { code: 'DKK', name: 'Danish Krone', unit: 'kr', perUsd: 6.43 },
  { code: 'NZD', name: 'New Zealand Dollar', unit: 'NZ$', perUsd: 1.77 },
  { code: 'UAH', name: 'Ukrainian Hryvnia', unit: '₴', perUsd: 41.9, yearlyDrift: 0.06 },
  { code: 'PKR', name: 'Pakistani Rupee', unit: '₨', perUsd: 281.5, yearlyDrift: 0.05 },
  { code: 'CZK', name: 'Czech Koruna', unit: 'Kč', perUsd: 20.95 },
  { code: 'HUF', name: 'Hungarian Forint', unit: 'Ft', perUsd: 333 },
  { code: 'ILS', name: 'Israeli New Shekel', unit: '₪', perUsd: 3.27 },
  { code: 'CLP', name: 'Chilean Peso', unit: 'CLP$', perUsd: 942 },
  { code: 'COP', name: 'Colombian Peso', unit: 'COL$', perUsd: 3_820 },
  { code: 'EGP', name: 'Egyptian Pound', unit: 'E£', perUsd: 47.6, yearlyDrift: 0.1 },
  { code: 'KZT', name: 'Kazakhstani Tenge', unit: '₸', perUsd: 521 },
  { code: 'BDT', name: 'Bangladeshi Taka', unit: '৳', perUsd: 122.2 },
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
