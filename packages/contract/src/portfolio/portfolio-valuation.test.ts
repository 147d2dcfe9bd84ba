import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  portfolioAllocation,
  valueHolding,
  valuePortfolio,
  type CoinQuote,
  type HoldingBasis,
} from './portfolio-valuation.js';

const btc: HoldingBasis = { coinId: 'bitcoin', amount: 0.5, costBasis: 20_000, realisedPnl: 1_000 };
const eth: HoldingBasis = { coinId: 'ethereum', amount: 4, costBasis: 10_000, realisedPnl: -200 };

function quotes(entries: Record<string, CoinQuote>): Map<string, CoinQuote> {
  return new Map(Object.entries(entries));
}

describe('valueHolding', () => {
  it('values the amount at the price, P&L against the cost basis', () => {
    const valuation = valueHolding(btc, { price: 50_000, change24h: 25 });
    expect(valuation.value).toBe(25_000);
    expect(valuation.unrealisedPnl).toBe(5_000);
    expect(valuation.unrealisedPct).toBe(25);
    // 25,000 now after +25 % was 20,000 a day ago.
    expect(valuation.change24h).toBe(5_000);
  });

  it('has no figures without a price, and no percent without a cost', () => {
    expect(valueHolding(btc, { price: null, change24h: 3 })).toEqual({
      value: null,
      unrealisedPnl: null,
      unrealisedPct: null,
      change24h: null,
    });
    const gift = valueHolding({ ...btc, costBasis: 0 }, { price: 10, change24h: null });
    expect(gift.value).toBe(5);
    expect(gift.unrealisedPnl).toBe(5);
    expect(gift.unrealisedPct).toBeNull();
    expect(gift.change24h).toBeNull();
  });

  it('has no 24 h move for a fall of 100 % or more: no valid value a day ago', () => {
    expect(valueHolding(btc, { price: 1, change24h: -100 }).change24h).toBeNull();
    expect(valueHolding(btc, { price: 1, change24h: -150 }).change24h).toBeNull();
    expect(valueHolding(btc, { price: 1, change24h: -99 }).change24h).toBeCloseTo(0.5 - 50, 9);
  });
});

describe('valuePortfolio', () => {
  it('adds value, cost, unrealised and realised P&L and the 24 h move', () => {
    const totals = valuePortfolio(
      [btc, eth],
      quotes({ bitcoin: { price: 50_000, change24h: 25 }, ethereum: { price: 2_000, change24h: -20 } }),
    );
    expect(totals.value).toBe(25_000 + 8_000);
    expect(totals.costBasis).toBe(30_000);
    expect(totals.unrealisedPnl).toBe(5_000 - 2_000);
    expect(totals.unrealisedPnlPct).toBeCloseTo(10, 10);
    expect(totals.realisedPnl).toBe(800);
    expect(totals.totalPnl).toBe(3_800);
    expect(totals.totalPnlPct).toBeCloseTo((3_800 / 30_000) * 100, 10);
    // BTC 20,000 -> 25,000; ETH 10,000 -> 8,000: +3,000 on 30,000.
    expect(totals.change24h).toBeCloseTo(3_000, 9);
    expect(totals.change24hPct).toBeCloseTo(10, 9);
  });

  it('leaves an unpriced coin out of value and cost but keeps its realised P&L; no 24 h move is null, not 0', () => {
    const totals = valuePortfolio([btc, eth], quotes({ bitcoin: { price: 40_000, change24h: null } }));
    expect(totals.value).toBe(20_000);
    expect(totals.costBasis).toBe(20_000);
    expect(totals.unrealisedPnl).toBe(0);
    expect(totals.realisedPnl).toBe(800);
    expect(totals.change24h).toBeNull();
    expect(totals.change24hPct).toBeNull();
  });

  it('counts a priced coin without a 24 h change as unchanged in the 24 h percent', () => {
    const totals = valuePortfolio(
      [btc, eth],
      quotes({ bitcoin: { price: 40_000, change24h: 25 }, ethereum: { price: 2_500, change24h: -100 } }),
    );
    // BTC 16,000 -> 20,000; ETH 10,000 with no valid prior value.
    expect(totals.change24h).toBeCloseTo(4_000, 9);
    expect(totals.change24hPct).toBeCloseTo((4_000 / 26_000) * 100, 9);
  });

  it('has no percentages for a portfolio that holds nothing', () => {
    const sold = { ...btc, amount: 0, costBasis: 0 };
    const totals = valuePortfolio([sold], quotes({ bitcoin: { price: 40_000, change24h: 1 } }));
    expect(totals.value).toBe(0);
    expect(totals.totalPnl).toBe(1_000);
    expect(totals.unrealisedPnlPct).toBeNull();
    expect(totals.totalPnlPct).toBeNull();
    expect(totals.change24h).toBeNull();
    expect(totals.change24hPct).toBeNull();
  });
});

describe('portfolioAllocation', () => {
  it('gives each priced holding its share of the value, largest first', () => {
    const slices = portfolioAllocation(
      [eth, btc, { coinId: 'dust', amount: 1, costBasis: 1, realisedPnl: 0 }],
      quotes({ bitcoin: { price: 48_000, change24h: 0 }, ethereum: { price: 2_000, change24h: 0 } }),
    );
    expect(slices).toEqual([
      { coinId: 'bitcoin', share: 0.75 },
      { coinId: 'ethereum', share: 0.25 },
    ]);
  });

  it('is empty when nothing has a value', () => {
    expect(portfolioAllocation([btc], quotes({}))).toEqual([]);
  });
});

const money = fc.double({ min: 0, max: 1e9, noNaN: true });
const signedMoney = fc.double({ min: -1e9, max: 1e9, noNaN: true });
const aQuote: fc.Arbitrary<CoinQuote> = fc.record({
  price: fc.option(money),
  change24h: fc.option(fc.double({ min: -200, max: 1_000, noNaN: true })),
});
const aLedger = fc
  .uniqueArray(
    fc.record({
      coinId: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
      amount: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1e6, noNaN: true })),
      costBasis: money,
      realisedPnl: signedMoney,
      quote: aQuote,
    }),
    { selector: (entry) => entry.coinId, maxLength: 6 },
  )
  .map((entries) => ({
    holdings: entries.map(({ quote: _quote, ...holding }) => holding),
    quotes: new Map(entries.map((entry) => [entry.coinId, entry.quote])),
  }));

describe('valuation properties', () => {
  it('the totals are the sums of the holdings valued one by one, priced ones only for value and cost', () => {
    fc.assert(
      fc.property(aLedger, ({ holdings, quotes: at }) => {
        const totals = valuePortfolio(holdings, at);
        const valued = holdings.map((holding) => ({
          holding,
          ...valueHolding(holding, at.get(holding.coinId)),
        }));
        const priced = valued.filter((entry) => entry.value !== null);
        const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
        expect(totals.value).toBe(sum(priced.map((entry) => entry.value ?? 0)));
        expect(totals.costBasis).toBe(sum(priced.map((entry) => entry.holding.costBasis)));
        expect(totals.realisedPnl).toBe(sum(holdings.map((holding) => holding.realisedPnl)));
        expect(totals.totalPnl).toBe(totals.unrealisedPnl + totals.realisedPnl);
        const moves = valued.filter((entry) => entry.holding.amount > 0 && entry.change24h !== null);
        expect(totals.change24h === null).toBe(moves.length === 0);
      }),
    );
  });

  it('a 24 h move is never claimed from a fall of 100 % or more, and is a finite amount otherwise', () => {
    fc.assert(
      fc.property(money, fc.double({ min: -1e4, max: 1e4, noNaN: true }), (price, change) => {
        const move = valueHolding(
          { coinId: 'a', amount: 1, costBasis: 0, realisedPnl: 0 },
          { price, change24h: change },
        ).change24h;
        if (change <= -100) expect(move).toBeNull();
        else expect(Number.isFinite(move)).toBe(true);
      }),
    );
  });

  it('the allocation shares of what is worth something add up to 1', () => {
    fc.assert(
      fc.property(aLedger, ({ holdings, quotes: at }) => {
        const slices = portfolioAllocation(holdings, at);
        if (valuePortfolio(holdings, at).value > 0) {
          expect(slices.reduce((total, slice) => total + slice.share, 0)).toBeCloseTo(1, 9);
        } else expect(slices).toEqual([]);
      }),
    );
  });
});
