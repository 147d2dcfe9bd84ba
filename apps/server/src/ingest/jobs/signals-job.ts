import type { MarketDataProvider } from '@coinlens/market-model';
import type { MarketSnapshot } from '../../market-store/market-snapshot.js';

/** Each coin's social, on-chain and developer readings, from the sources that offer them. */
export class SignalsJob {
  constructor(
    private readonly provider: MarketDataProvider,
    private readonly snapshot: MarketSnapshot,
  ) {}

  async run(signal: AbortSignal): Promise<void> {
    const ids = [...this.snapshot.coins.keys()];
    if (this.provider.capabilities.has('social')) {
      for (const social of await this.provider.getSocial(ids, signal)) {
        const coin = this.snapshot.coins.get(social.coinId);
        if (coin) coin.social = social;
      }
    }
    if (this.provider.capabilities.has('onChain')) {
      for (const onChain of await this.provider.getOnChain(ids, signal)) {
        const coin = this.snapshot.coins.get(onChain.coinId);
        if (coin) coin.onChain = onChain;
      }
    }
    if (this.provider.capabilities.has('developer')) {
      for (const developer of await this.provider.getDeveloper(ids, signal)) {
        const coin = this.snapshot.coins.get(developer.coinId);
        if (coin) coin.developer = developer;
      }
    }
  }
}
