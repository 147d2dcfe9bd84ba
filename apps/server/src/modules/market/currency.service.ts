import { DISPLAY_CURRENCIES, ErrorCode } from '@coinlens/contract';
import type { CurrencyEntry } from '@coinlens/contract';

import { ProcedureFailure } from '../../gateway/procedure-failure.js';
import type { Converter, Currencies } from '../../market-store/currency-converter.js';
import type { MarketSnapshot } from '../../market-store/market-snapshot.js';

const USD: Converter = {
  currency: 'usd',
  perUsd: 1,
  convert: (usd) => usd,
  convertNullable: (usd) => usd ?? null,
};

/** The supported currencies and their rates; prices are converted on the server for every price procedure. */
export class CurrencyService implements Currencies {
  constructor(private readonly snapshot: MarketSnapshot) {}

  /** Every catalogue currency; status 1 when a rate is known now, 0 otherwise (USD always 1). */
  supported(): CurrencyEntry[] {
    return DISPLAY_CURRENCIES.map((entry) => ({
      ...entry,
      status: entry.currency_code === 'usd' || this.snapshot.rates.has(entry.currency_code) ? 1 : 0,
    }));
  }

  rates(): { currency_code: string; rate: number; unit: string; currency_type: string }[] {
    return DISPLAY_CURRENCIES.flatMap((entry) => {
      const rate = entry.currency_code === 'usd' ? 1 : this.snapshot.rates.get(entry.currency_code)?.perUsd;
      return rate === undefined
        ? []
        : [
            {
              currency_code: entry.currency_code,
              rate,
              unit: entry.unit,
              currency_type: entry.currency_type,
            },
          ];
    });
  }

  /** 50500 naming `currency` for a code without a rate. */
  converter(code: string): Converter {
    if (code === 'usd') return USD;
    const perUsd = this.snapshot.rates.get(code)?.perUsd;
    if (!DISPLAY_CURRENCIES.some((entry) => entry.currency_code === code) || perUsd === undefined) {
      throw new ProcedureFailure(ErrorCode.ParameterInvalid, 'currency');
    }
    return {
      currency: code,
      perUsd,
      convert: (usd) => usd * perUsd,
      convertNullable: (usd) => (usd === null || usd === undefined ? null : usd * perUsd),
    };
  }
}
