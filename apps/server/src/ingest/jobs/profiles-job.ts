import type { MarketDataProvider } from '@coinlens/market-model';
import type { MarketSnapshot } from '../../market-store/market-snapshot.js';
import { emptyCoinState, emptyExchangeState } from '../../market-store/market-snapshot.js';

/** Coin and exchange profiles into the snapshot, keeping the live figures of those already there (start-up). */
export class ProfilesJob {
  constructor(
    private readonly provider: MarketDataProvider,
    private readonly snapshot: MarketSnapshot,
    private readonly now: () => number,
  ) {}

  async run(signal: AbortSignal): Promise<void> {
    const [coins, exchanges] = await Promise.all([
      this.provider.getCoins(signal),
      this.provider.getExchanges(signal),
    ]);
    const now = this.now();
    for (const profile of coins) {
      const existing = this.snapshot.coins.get(profile.id);
      this.snapshot.coins.set(profile.id, existing ? { ...existing, profile } : emptyCoinState(profile));
    }
    for (const profile of exchanges) {
      const existing = this.snapshot.exchanges.get(profile.id);
      this.snapshot.exchanges.set(
        profile.id,
        existing ? { ...existing, profile } : emptyExchangeState(profile, now),
      );
    }
    this.snapshot.profilesVersion += 1;
  }
}
