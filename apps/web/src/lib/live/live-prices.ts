import type { CoinTick, GlobalTick, LiveFrame } from '@coinlens/contract';
import { useEffect } from 'react';

import { applyLiveChanges } from './apply-live-changes';
import { LiveSocket, defaultLiveUrl } from './live-socket';
import { queryClient } from '../query-client';
import { useSettingsStore } from '../settings-store';
import type { RefreshRate } from '../storage';
import { mergeCoinChanges } from './patch-coins';

const FLUSH_EVERY_MS: Record<Exclude<RefreshRate, 'live' | 'manual'>, number> = {
  '5s': 5_000,
  '10s': 10_000,
  '30s': 30_000,
};

/**
 * Live prices: frames from `/gwapi/ws` are folded into pending changes and applied (apply-live-changes.ts) —
 * at once for "live", every 5/10/30 s otherwise; "manual" keeps no socket. Only answers in the
 * subscription's currency are touched, so nothing refetches.
 */
class LivePrices {
  private readonly pendingCoins = new Map<string, Partial<CoinTick>>();
  private pendingGlobal: Partial<GlobalTick> = {};
  private flushTimer: ReturnType<typeof setInterval> | null = null;
  private rate: RefreshRate = 'live';
  private currency = 'usd';
  private readonly socket = new LiveSocket({
    url: defaultLiveUrl(),
    onFrame: (frame) => this.receive(frame),
  });

  configure(rate: RefreshRate, currency: string): void {
    if (currency !== this.currency) {
      // Values still waiting are in the old currency; the new subscription answers fresh snapshots.
      this.pendingCoins.clear();
      this.pendingGlobal = {};
      this.currency = currency;
      this.socket.setCurrency(currency);
    }
    if (rate === this.rate) return;
    this.rate = rate;
    if (this.flushTimer !== null) clearInterval(this.flushTimer);
    this.flushTimer = null;
    if (rate !== 'live' && rate !== 'manual')
      this.flushTimer = setInterval(() => this.flush(), FLUSH_EVERY_MS[rate]);
  }

  get manual(): boolean {
    return this.rate === 'manual';
  }

  retain(topics: readonly string[]): () => void {
    return this.socket.retain(topics);
  }

  private receive(frame: LiveFrame): void {
    for (const event of frame.events) {
      switch (event.type) {
        case 'snapshot':
          for (const [id, tick] of Object.entries(event.coins ?? {}))
            mergeCoinChanges(this.pendingCoins, id, tick);
          if (event.global) this.pendingGlobal = { ...this.pendingGlobal, ...event.global };
          break;
        case 'coin':
          mergeCoinChanges(this.pendingCoins, event.id, event.changes);
          break;
        case 'global':
          this.pendingGlobal = { ...this.pendingGlobal, ...event.changes };
          break;
        default:
          break;
      }
    }
    if (this.rate === 'live') this.flush();
  }

  private flush(): void {
    const coins = new Map(this.pendingCoins);
    const global = this.pendingGlobal;
    this.pendingCoins.clear();
    this.pendingGlobal = {};
    applyLiveChanges(queryClient, this.currency, coins, global);
  }
}

let instance: LivePrices | null = null;

function livePrices(): LivePrices {
  instance ??= new LivePrices();
  return instance;
}

/** Keeps the live connection in step with the refresh-rate and currency settings (mounted once). */
export function useLiveSettings(): void {
  const rate = useSettingsStore((state) => state.refreshRate);
  const currency = useSettingsStore((state) => state.price.currency_code);
  useEffect(() => livePrices().configure(rate, currency), [rate, currency]);
}

/** Live updates for these coins (and the global stats) while the calling component is mounted. */
export function useLiveTopics(topics: readonly string[]): void {
  useLiveSettings();
  const rate = useSettingsStore((state) => state.refreshRate);
  const key = topics.join(',');
  useEffect(() => {
    if (rate === 'manual' || key === '') return undefined;
    return livePrices().retain(key.split(','));
  }, [key, rate]);
}
