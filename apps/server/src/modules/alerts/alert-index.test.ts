import type { AlertWindow } from '@coinlens/contract';
import { describe, expect, it } from 'vitest';

import { AlertIndex, type AlertMarket, type IndexedAlert } from './alert-index.js';

/** A market whose values the test sets between evaluations. */
class TestMarket implements AlertMarket {
  prices = new Map<string, number>();
  changes = new Map<string, number>();
  scores = new Map<string, number>();
  flagLists = new Map<string, string[]>();
  rates = new Map<string, number>([['eur', 0.5]]);

  price = (coinId: string) => this.prices.get(coinId) ?? null;
  change = (coinId: string, window: AlertWindow) => this.changes.get(`${coinId}:${window}`) ?? null;
  score = (coinId: string) => this.scores.get(coinId) ?? null;
  flags = (coinId: string) => this.flagLists.get(coinId) ?? null;
  rate = (currency: string) => this.rates.get(currency) ?? null;
}

let nextId = 1;
function alert(fields: Partial<IndexedAlert> & Pick<IndexedAlert, 'kind'>): IndexedAlert {
  return {
    id: nextId++,
    userId: 1,
    coinId: 'bitcoin',
    level: null,
    currency: null,
    window: null,
    repeat: 'once',
    cooldownMs: 0,
    lastFiredAt: null,
    firedCount: 0,
    ...fields,
  };
}

/** The ids that fire at each step, after `set` changes the market. */
function run(index: AlertIndex, market: TestMarket, steps: (() => void)[], start = 0, stepMs = 60_000) {
  return steps.map((set, step) => {
    set();
    return index
      .evaluate(market, start + step * stepMs)
      .map((hit) => hit.alert.id)
      .sort((a, b) => a - b);
  });
}

describe('the alert index', () => {
  it('fires a price alert once, on the evaluation where the price crosses its level, in its currency', () => {
    const market = new TestMarket();
    market.prices.set('bitcoin', 100);
    const index = new AlertIndex();
    const above = alert({ kind: 'price_above', level: 110, currency: 'usd' });
    const belowEur = alert({ kind: 'price_below', level: 45, currency: 'eur' });
    const alreadyAbove = alert({ kind: 'price_above', level: 90, currency: 'usd' });
    index.load([above, belowEur, alreadyAbove]);
    const fired = run(index, market, [
      () => market.prices.set('bitcoin', 105),
      () => market.prices.set('bitcoin', 111),
      () => market.prices.set('bitcoin', 100),
      () => market.prices.set('bitcoin', 120),
      () => market.prices.set('bitcoin', 89),
    ]);
    // 89 USD is 44.5 EUR: the EUR alert crosses 45 there; the once alert above 110 does not fire again.
    expect(fired).toEqual([[], [above.id], [], [], [belowEur.id]]);
    expect(index.has(above.id)).toBe(false);
    expect(index.has(alreadyAbove.id)).toBe(true);
  });

  it('does not fire a repeating alert again within its cooldown, and does after it', () => {
    const market = new TestMarket();
    market.prices.set('bitcoin', 100);
    const index = new AlertIndex();
    const repeating = alert({
      kind: 'price_above',
      level: 110,
      currency: 'usd',
      repeat: 'repeat',
      cooldownMs: 150_000,
    });
    index.load([repeating]);
    const fired = run(index, market, [
      () => market.prices.set('bitcoin', 100),
      () => market.prices.set('bitcoin', 111), // fires at 60 s
      () => market.prices.set('bitcoin', 100),
      () => market.prices.set('bitcoin', 111), // 180 s: inside the 150 s cooldown
      () => market.prices.set('bitcoin', 100),
      () => market.prices.set('bitcoin', 111), // 300 s: after it
    ]);
    expect(fired).toEqual([[], [repeating.id], [], [], [], [repeating.id]]);
    expect(repeating.firedCount).toBe(2);
  });

  it('fires change, score and integrity-flag alerts on their crossings', () => {
    const market = new TestMarket();
    market.changes.set('bitcoin:1h', 1);
    market.changes.set('bitcoin:24h', 1);
    market.scores.set('bitcoin', 60);
    market.flagLists.set('bitcoin', ['concentrated_holders']);
    const index = new AlertIndex();
    const up1h = alert({ kind: 'change_up', level: 5, window: '1h' });
    const down24h = alert({ kind: 'change_down', level: 5, window: '24h' });
    const scoreAbove = alert({ kind: 'score_above', level: 70 });
    const scoreBelow = alert({ kind: 'score_below', level: 50 });
    const flag = alert({ kind: 'integrity_flag' });
    index.load([up1h, down24h, scoreAbove, scoreBelow, flag]);
    const fired = run(index, market, [
      () => undefined,
      () => market.changes.set('bitcoin:1h', 6),
      () => market.changes.set('bitcoin:24h', -4),
      () => market.changes.set('bitcoin:24h', -6),
      () => market.scores.set('bitcoin', 71),
      () => market.scores.set('bitcoin', 49),
      () => market.flagLists.set('bitcoin', ['concentrated_holders']),
      () => market.flagLists.set('bitcoin', ['concentrated_holders', 'suspicious_volume']),
    ]);
    expect(fired).toEqual([[], [up1h.id], [], [down24h.id], [scoreAbove.id], [scoreBelow.id], [], [flag.id]]);
    expect(index.size).toBe(0);
  });

  it('compares an added alert with the value it was added at, and follows edits and removals', () => {
    const market = new TestMarket();
    market.prices.set('bitcoin', 100);
    const index = new AlertIndex();
    const existing = alert({ kind: 'price_above', level: 200, currency: 'usd' });
    index.load([existing]);
    index.evaluate(market, 0);
    market.prices.set('bitcoin', 150);
    const added = alert({ kind: 'price_above', level: 120, currency: 'usd' });
    const addedWhileAbove = alert({ kind: 'price_above', level: 140, currency: 'usd' });
    index.put(added, market);
    index.put(addedWhileAbove, market);
    // The evaluation before saw 100; `added` was saved at 150, so 150 → 160 crosses neither of them.
    market.prices.set('bitcoin', 160);
    expect(index.evaluate(market, 1).map((hit) => hit.alert.id)).toEqual([]);
    index.put({ ...existing, level: 170 }, market);
    index.remove(addedWhileAbove.id);
    market.prices.set('bitcoin', 100);
    index.evaluate(market, 2);
    market.prices.set('bitcoin', 180);
    expect(
      index
        .evaluate(market, 3)
        .map((hit) => hit.alert.id)
        .sort(),
    ).toEqual([existing.id, added.id].sort());
  });

  it('finds the same firings as checking every alert, over random moves', () => {
    const market = new TestMarket();
    const index = new AlertIndex();
    const alerts: IndexedAlert[] = [];
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let count = 0; count < 2000; count++) {
      const coinId = `coin-${count % 20}`;
      const kind = random() < 0.5 ? 'price_above' : 'price_below';
      alerts.push(
        alert({
          coinId,
          kind,
          level: 50 + random() * 100,
          currency: random() < 0.5 ? 'usd' : 'eur',
          repeat: 'repeat',
        }),
      );
    }
    for (let coin = 0; coin < 20; coin++) market.prices.set(`coin-${coin}`, 100);
    index.load(alerts.map((entry) => ({ ...entry })));
    index.evaluate(market, 0);
    const last = new Map<string, number>();
    for (let coin = 0; coin < 20; coin++) last.set(`coin-${coin}`, 100);
    let total = 0;
    let lastEur = market.rates.get('eur')!;
    for (let step = 1; step <= 50; step++) {
      for (let coin = 0; coin < 20; coin++) market.prices.set(`coin-${coin}`, 60 + random() * 180);
      // Rates move now and then (the index re-sorts its price levels then).
      if (step % 7 === 0) market.rates.set('eur', 0.3 + random() * 0.4);
      const eur = market.rates.get('eur')!;
      const expected = alerts
        .filter((entry) => {
          const from = last.get(entry.coinId)! * (entry.currency === 'eur' ? lastEur : 1);
          const to = market.prices.get(entry.coinId)! * (entry.currency === 'eur' ? eur : 1);
          const level = entry.level!;
          return entry.kind === 'price_above' ? from <= level && to > level : from >= level && to < level;
        })
        .map((entry) => entry.id)
        .sort((a, b) => a - b);
      const actual = index
        .evaluate(market, step)
        .map((hit) => hit.alert.id)
        .sort((a, b) => a - b);
      expect(actual).toEqual(expected);
      total += actual.length;
      for (let coin = 0; coin < 20; coin++) last.set(`coin-${coin}`, market.prices.get(`coin-${coin}`)!);
      lastEur = eur;
    }
    expect(total).toBeGreaterThan(1000);
  });
});
