import type { MarketDataProvider } from '@coinlens/market-model';
import type { MarketSnapshot } from '../../market-store/market-snapshot.js';

/** Fiat exchange rates per US dollar; a rate that is not a positive number is left out. */
export class RatesJob {
  constructor(
    private readonly provider: MarketDataProvider,
    private readonly snapshot: MarketSnapshot,
  ) {}

  async run(signal: AbortSignal): Promise<void> {
    if (!this.provider.capabilities.has('exchangeRates')) return;
    const { rates, timestamp } = await this.provider.getExchangeRates(signal);
    for (const rate of rates)
      if (Number.isFinite(rate.perUsd) && rate.perUsd > 0)
        this.snapshot.rates.set(rate.code.toLowerCase(), rate);
    this.snapshot.ratesAsOf = timestamp;
  }
}
