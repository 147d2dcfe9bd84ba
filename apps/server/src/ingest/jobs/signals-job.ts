import type { Capability, MarketDataProvider } from '@coinlens/market-model';
import type { CoinState, MarketSnapshot } from '../../market-store/market-snapshot.js';

/**
 * Each coin's social, on-chain and developer readings, from the sources that offer them. Each kind has its own
 * source: one that fails costs only its own readings (the others are still read), and the run then fails with
 * the first failure, so the scheduler backs off.
 */
export class SignalsJob {
  constructor(
    private readonly provider: MarketDataProvider,
    private readonly snapshot: MarketSnapshot,
  ) {}

  async run(signal: AbortSignal): Promise<void> {
    const ids = [...this.snapshot.coins.keys()];
    const failures: unknown[] = [];
    const read = async <T extends { coinId: string }>(
      capability: Capability,
      fetch: () => Promise<T[]>,
      keep: (coin: CoinState, reading: T) => void,
    ): Promise<void> => {
      if (!this.provider.capabilities.has(capability)) return;
      try {
        for (const reading of await fetch()) {
          const coin = this.snapshot.coins.get(reading.coinId);
          if (coin) keep(coin, reading);
        }
      } catch (error) {
        if (signal.aborted) throw error;
        failures.push(error);
      }
    };
    await read(
      'social',
      () => this.provider.getSocial(ids, signal),
      (coin, social) => (coin.social = social),
    );
    await read(
      'onChain',
      () => this.provider.getOnChain(ids, signal),
      (coin, onChain) => (coin.onChain = onChain),
    );
    await read(
      'developer',
      () => this.provider.getDeveloper(ids, signal),
      (coin, developer) => (coin.developer = developer),
    );
    if (failures.length > 0) throw failures[0];
  }
}
