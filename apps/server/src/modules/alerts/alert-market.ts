import type { AlertWindow } from '@coinlens/contract';

import type { CandleRepository } from '../../market-store/candle.repository.js';
import type { MarketSnapshot } from '../../market-store/market-snapshot.js';
import type { AlertMarket } from './alert-index.js';

const HOUR_MS = 3_600_000;
/** How far before the hour mark a reference candle may be (a gap in the minute candles). */
const REFERENCE_SLACK_MS = 5 * 60_000;

/**
 * The 1 h change the snapshot does not carry: the price now against the close of the 1-minute candle an hour
 * ago, read from the candle store for the coins that 1 h alerts watch, once a minute (`refresh`).
 */
export class HourChange {
  private readonly references = new Map<string, number>();

  constructor(
    private readonly candles: Pick<CandleRepository, 'range'>,
    private readonly now: () => number,
  ) {}

  reference(coinId: string): number | null {
    return this.references.get(coinId) ?? null;
  }

  async refresh(coinIds: Iterable<string>): Promise<void> {
    const hourAgo = this.now() - HOUR_MS;
    const wanted = new Set(coinIds);
    for (const coinId of this.references.keys()) if (!wanted.has(coinId)) this.references.delete(coinId);
    for (const coinId of wanted) {
      const candles = await this.candles.range(coinId, '1m', hourAgo - REFERENCE_SLACK_MS, hourAgo);
      const close = candles.at(-1)?.close;
      if (close !== undefined && close > 0) this.references.set(coinId, close);
      else this.references.delete(coinId);
    }
  }
}

/** The live market as the alert index reads it: the snapshot's prices, changes, scores, flags and rates. */
export function snapshotAlertMarket(snapshot: MarketSnapshot, hourChange: HourChange): AlertMarket {
  const price = (coinId: string) => snapshot.coins.get(coinId)?.price ?? null;
  return {
    price,
    change(coinId: string, window: AlertWindow) {
      if (window === '24h') return snapshot.coins.get(coinId)?.metrics?.change24h ?? null;
      const now = price(coinId);
      const then = hourChange.reference(coinId);
      return now === null || then === null ? null : (now / then - 1) * 100;
    },
    score: (coinId) => snapshot.coins.get(coinId)?.score?.value ?? null,
    flags(coinId) {
      const score = snapshot.coins.get(coinId)?.score;
      return score ? score.detail.flags.map((flag) => flag.kind) : null;
    },
    rate: (currency) => snapshot.rates.get(currency)?.perUsd ?? null,
  };
}
