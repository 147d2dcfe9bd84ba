import type { DisplayCurrency } from '@coinlens/contract';
import { DISPLAY_CURRENCIES } from '@coinlens/contract';

/** The product's entry for a display currency's lower-case code; a code outside the list is a programming error. */
export function displayCurrency(code: string): DisplayCurrency {
  const entry = DISPLAY_CURRENCIES.find((currency) => currency.currency_code === code);
  if (!entry) throw new Error(`${code} is not a display currency`);
  return entry;
}
