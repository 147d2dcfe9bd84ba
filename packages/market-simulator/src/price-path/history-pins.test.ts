import { describe, expect, it } from 'vitest';

import { COIN_CATALOG } from '../catalog/coin-catalog.js';
import { FiatRates } from '../fiat-currencies.js';
import { HistoryPins } from './history-pins.js';
import { ANCHOR_TIME, DAY_MS } from './time-units.js';
import { PricePath } from './price-path.js';
import { PumpSchedule } from '../scenarios.js';

const day = (date: string) => Date.parse(`${date}T00:00:00Z`);

describe('history pins', () => {
  const facts = {
    listed: { date: '2020-01-01', usd: 10 },
    atl: { date: '2020-03-01', usd: 5 },
    ath: { date: '2021-01-01', usd: 100 },
    yearAgo: { date: '2021-06-01', usd: 40 },
  };
  const anchor = { time: day('2022-01-01'), log: Math.log(30) };
  // An unpinned walk with big swings, well outside the authored range near the extremes.
  const wild = (time: number) => 1.5 * Math.sin(time / (17 * DAY_MS));
  const pins = new HistoryPins(facts, anchor, wild);

  it('meets every pin exactly and nothing else reaches the all-time high or low', () => {
    for (const [entry, time] of [
      [facts.listed, day(facts.listed.date)],
      [facts.atl, day(facts.atl.date) + DAY_MS / 2],
      [facts.ath, day(facts.ath.date) + DAY_MS / 2],
      [facts.yearAgo, day(facts.yearAgo.date)],
    ] as const) {
      expect(Math.exp(pins.apply(wild(time), time))).toBeCloseTo(entry.usd, 9);
    }
    let highest = { value: -Infinity, time: 0 };
    let lowest = { value: Infinity, time: 0 };
    for (let time = day('2020-01-01'); time < anchor.time; time += DAY_MS / 4) {
      const value = pins.apply(wild(time), time);
      if (value > highest.value) highest = { value, time };
      if (value < lowest.value) lowest = { value, time };
    }
    expect(highest.time).toBe(day('2021-01-01') + DAY_MS / 2);
    expect(lowest.time).toBe(day('2020-03-01') + DAY_MS / 2);
  });

  it('keeps the order of prices at a given time and leaves the path alone after the anchor', () => {
    const time = day('2020-07-15');
    expect(pins.apply(1, time)).toBeGreaterThan(pins.apply(0.5, time));
    expect(pins.apply(0.5, time)).toBeGreaterThan(pins.apply(-3, time));
    expect(pins.apply(1.234, anchor.time + DAY_MS)).toBe(1.234);
  });

  it('refuses facts that contradict themselves', () => {
    expect(
      () => new HistoryPins({ ...facts, yearAgo: { date: '2021-06-01', usd: 500 } }, anchor, wild),
    ).toThrow(/between/);
    expect(() => new HistoryPins({ ...facts, atl: { date: '2019-01-01', usd: 5 } }, anchor, wild)).toThrow(
      /listing/,
    );
  });
});

describe('the simulator’s history of the authored coins', () => {
  const path = new PricePath(7, COIN_CATALOG, new PumpSchedule([]), new FiatRates(7, ANCHOR_TIME));

  const authored = COIN_CATALOG.flatMap((coin) => (coin.history ? [[coin.id, coin.history] as const] : []));

  it('covers the best-known coins', () => {
    expect(authored.length).toBeGreaterThanOrEqual(10);
  });

  for (const [id, facts] of authored) {
    it(`${id}: listed, all-time high and low, a year ago, as authored`, () => {
      const coin = path.coin(id);
      expect(coin?.pins, `${id} is pinned`).not.toBeNull();
      if (!coin) return;
      expect(coin.launchTime).toBe(day(facts.listed.date));
      expect(path.priceAt(coin, day(facts.listed.date))).toBeCloseTo(facts.listed.usd, 6);
      expect(path.priceAt(coin, day(facts.yearAgo.date)) / facts.yearAgo.usd).toBeCloseTo(1, 9);
      let ath = { value: -Infinity, at: 0 };
      let atl = { value: Infinity, at: 0 };
      for (
        let index = Math.floor(coin.launchTime / DAY_MS);
        index < Math.floor(ANCHOR_TIME / DAY_MS);
        index += 1
      ) {
        const extremes = path.dayExtremes(coin, index);
        if (extremes.high > ath.value) ath = { value: extremes.high, at: extremes.highAt };
        if (extremes.low < atl.value) atl = { value: extremes.low, at: extremes.lowAt };
      }
      expect(Math.exp(ath.value) / facts.ath.usd).toBeCloseTo(1, 6);
      expect(Math.floor(ath.at / DAY_MS) * DAY_MS).toBe(day(facts.ath.date));
      expect(Math.exp(atl.value) / facts.atl.usd).toBeCloseTo(1, 6);
      expect(Math.floor(atl.at / DAY_MS) * DAY_MS).toBe(day(facts.atl.date));
    });
  }
});
