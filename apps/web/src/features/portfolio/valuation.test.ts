import { describe, expect, it } from 'vitest';

import { allocation, portfolioTotals, valueHolding, type CoinQuote, type HoldingBasis } from './valuation';

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
});

describe('portfolioTotals', () => {
  it('adds value, cost, unrealised and realised P&L and the 24 h move', () => {
    const totals = portfolioTotals(
      [btc, eth],
      quotes({ bitcoin: { price: 50_000, change24h: 25 }, ethereum: { price: 2_000, change24h: -20 } }),
    );
    expect(totals.value).toBe(25_000 + 8_000);
    expect(totals.costBasis).toBe(30_000);
    expect(totals.unrealisedPnl).toBe(5_000 - 2_000);
    expect(totals.realisedPnl).toBe(800);
    expect(totals.totalPnl).toBe(3_800);
    expect(totals.totalPnlPct).toBeCloseTo((3_800 / 30_000) * 100, 10);
    // BTC 20,000 -> 25,000; ETH 10,000 -> 8,000: +3,000 on 30,000.
    expect(totals.change24h).toBeCloseTo(3_000, 9);
    expect(totals.change24hPct).toBeCloseTo(10, 9);
  });

  it('leaves an unpriced coin out of value and cost but keeps its realised P&L', () => {
    const totals = portfolioTotals([btc, eth], quotes({ bitcoin: { price: 40_000, change24h: null } }));
    expect(totals.value).toBe(20_000);
    expect(totals.costBasis).toBe(20_000);
    expect(totals.unrealisedPnl).toBe(0);
    expect(totals.realisedPnl).toBe(800);
    expect(totals.change24h).toBe(0);
    expect(totals.change24hPct).toBe(0);
  });

  it('has no percentages for a portfolio that holds nothing', () => {
    const sold = { ...btc, amount: 0, costBasis: 0 };
    const totals = portfolioTotals([sold], quotes({ bitcoin: { price: 40_000, change24h: 1 } }));
    expect(totals.value).toBe(0);
    expect(totals.totalPnl).toBe(1_000);
    expect(totals.totalPnlPct).toBeNull();
    expect(totals.change24hPct).toBeNull();
  });
});

describe('allocation', () => {
  it('gives each priced holding its share of the value, largest first', () => {
    const slices = allocation(
      [eth, btc, { coinId: 'dust', amount: 1, costBasis: 1, realisedPnl: 0 }],
      quotes({ bitcoin: { price: 48_000, change24h: 0 }, ethereum: { price: 2_000, change24h: 0 } }),
    );
    expect(slices).toEqual([
      { coinId: 'bitcoin', share: 0.75 },
      { coinId: 'ethereum', share: 0.25 },
    ]);
  });

  it('is empty when nothing has a value', () => {
    expect(allocation([btc], quotes({}))).toEqual([]);
  });
});
