import { describe, expect, it } from 'vitest';

import { DAY_MS } from './price-path/time-units.js';
import { FOLLOWER_PURCHASE_AT, SCENARIOS } from './scenarios.js';
import { SimulatorProvider } from './simulator-provider.js';

const NOW = Date.UTC(2026, 10, 22, 15, 30, 12, 345);
const signal = new AbortController().signal;

/** The simulator fills every figure the model lets a source leave unknown. */
function known(value: number | null): number {
  if (value === null) throw new Error('the simulator left a figure unknown');
  return value;
}

function at(time: number, scenario: 'honest' | 'realistic' = 'realistic'): SimulatorProvider {
  return new SimulatorProvider({ seed: 42, now: () => time, scenario });
}

describe('social series', () => {
  const bought = SCENARIOS.realistic.boughtFollowerCoins;

  it('jump for bought-follower coins while engagement stays flat', async () => {
    expect(bought.length).toBe(2);
    const before = await at(FOLLOWER_PURCHASE_AT - DAY_MS).getSocial(bought, signal);
    const after = await at(FOLLOWER_PURCHASE_AT + 2 * DAY_MS).getSocial(bought, signal);
    before.forEach((earlier, index) => {
      const later = after[index]!;
      expect(known(later.followers.x) / known(earlier.followers.x)).toBeGreaterThan(2.5);
      expect(known(later.followers.telegram) / known(earlier.followers.telegram)).toBeGreaterThan(1.8);
      expect(known(later.followers.reddit) / known(earlier.followers.reddit)).toBeLessThan(1.1);
      // Engagement does not follow the new followers.
      expect(known(later.engagement24h) / known(earlier.engagement24h)).toBeLessThan(2);
      expect(earlier.suspectedBotShare).toBeLessThan(0.2);
      expect(later.suspectedBotShare).toBeGreaterThan(0.5);
    });
    const honest = await at(FOLLOWER_PURCHASE_AT + 2 * DAY_MS, 'honest').getSocial(bought, signal);
    honest.forEach((snapshot, index) =>
      expect(known(snapshot.followers.x)).toBeLessThan(known(after[index]!.followers.x) / 2),
    );
  });

  it('scale with market cap and grow slowly', async () => {
    const [bitcoin, small] = await at(NOW).getSocial(['bitcoin', 'bitcoin-gold'], signal);
    expect(known(bitcoin!.followers.x)).toBeGreaterThan(known(small!.followers.x) * 10);
    const [later] = await at(NOW + 180 * DAY_MS).getSocial(['bitcoin'], signal);
    const growth = known(later!.followers.x) / known(bitcoin!.followers.x);
    expect(growth).toBeGreaterThan(0.8);
    expect(growth).toBeLessThan(1.4);
  });
});

describe('on-chain series', () => {
  it('grow holders, keep concentration stable and favour layer-1 developers', async () => {
    const [bitcoin, ethereum, meme, small] = await at(NOW).getOnChain(
      ['bitcoin', 'ethereum', 'pepe', 'mobox'],
      signal,
    );
    const [bitcoinLater] = await at(NOW + 90 * DAY_MS).getOnChain(['bitcoin'], signal);
    expect(known(bitcoinLater!.holderAddresses)).toBeGreaterThan(known(bitcoin!.holderAddresses));
    expect(Math.abs(known(bitcoinLater!.top10HolderShare) - known(bitcoin!.top10HolderShare))).toBeLessThan(
      0.01,
    );
    expect(known(bitcoin!.top10HolderShare)).toBeLessThan(known(small!.top10HolderShare));
    expect(known(meme!.top10HolderShare)).toBeGreaterThan(known(bitcoin!.top10HolderShare));
    expect(known(ethereum!.developerCommits30d)).toBeGreaterThan(known(meme!.developerCommits30d));
    expect(known(bitcoin!.activeAddresses24h)).toBeGreaterThan(known(small!.activeAddresses24h));
    for (const snapshot of [bitcoin, ethereum, meme, small]) {
      expect(known(snapshot!.top10HolderShare)).toBeGreaterThan(0);
      expect(known(snapshot!.top10HolderShare)).toBeLessThan(1);
    }
  });
});

describe('pump-and-dump episodes', () => {
  it('show in the realistic scenario’s daily candles and volume of the pumped coin', async () => {
    const [episode] = SCENARIOS.realistic.pumpAndDump;
    const sim = at(NOW);
    const dayStart = Math.floor(NOW / DAY_MS) * DAY_MS - 5 * DAY_MS;
    const pumpStart = dayStart + (episode!.start % DAY_MS);
    const hours = await sim.getCandles(
      { coinId: episode!.coinId, resolution: '1h', from: dayStart, to: dayStart + DAY_MS },
      signal,
    );
    const inPump = hours.filter(
      (candle) => candle.time >= pumpStart && candle.time < pumpStart + episode!.durationMs,
    );
    const outside = hours.filter(
      (candle) =>
        candle.time < pumpStart - 3_600_000 || candle.time >= pumpStart + episode!.durationMs + 3_600_000,
    );
    const maxHigh = Math.max(...inPump.map((candle) => candle.high));
    const baseline = Math.max(...outside.map((candle) => candle.high));
    expect(maxHigh / baseline).toBeGreaterThan(1 + episode!.magnitude / 2);
    const meanAmount = (list: typeof hours) =>
      list.reduce((sum, candle) => sum + candle.amount, 0) / list.length;
    expect(meanAmount(inPump) / meanAmount(outside)).toBeGreaterThan(4);
    const honest = at(NOW, 'honest');
    const calm = await honest.getCandles(
      { coinId: episode!.coinId, resolution: '1h', from: dayStart, to: dayStart + DAY_MS },
      signal,
    );
    expect(Math.max(...calm.map((candle) => candle.high)) / baseline).toBeLessThan(1.3);
  });
});
