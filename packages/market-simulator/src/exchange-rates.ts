/**
 * Exchange rates at one instant: 40+ fiat currencies drifting slightly around realistic late-2026 levels,
 * gold from the simulated PAX Gold price (so the XAU rate and gold tokens agree), and BTC and ETH as
 * 1 / their path price. `perUsd` is units of the currency per US dollar.
 */
import type { DisplayCurrencyCodeOf } from '@coinlens/contract';
import type { CurrencyRate, ExchangeRates } from '@coinlens/market-model';
import { displayCurrency } from './display-currency.js';
import { FIAT_CURRENCIES, GOLD } from './fiat-currencies.js';
import type { SimulatorContext } from './simulator-context.js';

/** The coin behind each crypto display currency. */
const CRYPTO_COINS: Readonly<Record<DisplayCurrencyCodeOf<'crypto'>, string>> = {
  btc: 'bitcoin',
  eth: 'ethereum',
};
const GOLD_TOKEN = 'pax-gold';

export function buildExchangeRates(context: SimulatorContext, time: number): ExchangeRates {
  const rates: CurrencyRate[] = FIAT_CURRENCIES.map((currency) => ({
    code: currency.code,
    name: currency.name,
    unit: currency.unit,
    type: 'fiat',
    perUsd: context.fiat.perUsd(currency.code, time) ?? currency.perUsd,
  }));
  for (const [code, coinId] of Object.entries(CRYPTO_COINS)) {
    const coin = context.coin(coinId);
    if (!coin) continue;
    const shown = displayCurrency(code);
    rates.push({
      code: code.toUpperCase(),
      name: shown.en_name,
      unit: shown.unit,
      type: 'crypto',
      perUsd: 1 / context.path.priceAt(coin, time),
    });
  }
  const goldToken = context.coin(GOLD_TOKEN);
  const goldPerUsd = goldToken
    ? 1 / context.path.priceAt(goldToken, time)
    : (context.fiat.perUsd(GOLD.code, time) ?? GOLD.perUsd);
  rates.push({ code: GOLD.code, name: GOLD.name, unit: GOLD.unit, type: 'commodity', perUsd: goldPerUsd });
  return { rates, timestamp: time };
}
