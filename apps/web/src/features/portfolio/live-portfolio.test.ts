import { totalsOfValuation, type PortfolioHolding } from '@coinlens/contract';
import { describe, expect, it } from 'vitest';

import { LivePortfolio } from './live-portfolio';

function holding(coinId: string, amount: number, costBasis: number, price: number): PortfolioHolding {
  return {
    coin_id: coinId,
    symbol: coinId.toUpperCase(),
    name: coinId,
    local_name: coinId,
    logo: '',
    price,
    change_24h: 0,
    amount,
    average_cost: amount > 0 ? costBasis / amount : null,
    cost_basis: costBasis,
    value: amount * price,
    unrealised_pnl: amount * price - costBasis,
    unrealised_pnl_percent: null,
    realised_pnl: 0,
    allocation: null,
    transaction_count: 1,
  };
}

function element(): HTMLElement {
  return document.createElement('span');
}

describe('LivePortfolio', () => {
  it('writes a tick into the row, the totals and the allocation', () => {
    const live = new LivePortfolio([holding('btc', 1, 100, 100), holding('eth', 10, 100, 10)], '€');
    const rowValue = element();
    const rowPnl = element();
    const total = element();
    const pnl = element();
    const btcShare = element();
    const btcBar = element();
    live.holdingRef('btc', 'value')(rowValue);
    live.holdingRef('btc', 'pnl')(rowPnl);
    live.totalRef('value')(total);
    live.totalRef('pnl')(pnl);
    live.allocationRef('btc', 'share')(btcShare);
    live.allocationRef('btc', 'bar')(btcBar);

    live.update('btc', { price: 300 });

    expect(rowValue.textContent).toBe('€300.00');
    expect(rowPnl.textContent).toBe('+€200.00');
    expect(rowPnl.className).toBe('cl-up');
    expect(total.textContent).toBe('€400.00');
    expect(pnl.textContent).toBe('+€200.00');
    expect(btcShare.textContent).toBe('75.00%');
    expect(btcBar.style.flexGrow).toBe('0.75');
    expect(live.totals().value).toBe(400);

    live.update('btc', { price: 50 });
    expect(rowPnl.textContent).toBe('-€50.00');
    expect(rowPnl.className).toBe('cl-down');
    expect(pnl.textContent).toBe('-€50.00');
  });

  it('keeps the newer quotes of the answer it replaces', () => {
    const first = new LivePortfolio([holding('btc', 1, 100, 100)], '$');
    first.update('btc', { price: 120, change24h: 5 });
    const refetched = new LivePortfolio([holding('btc', 2, 200, 100)], '$', first);
    expect(refetched.quote('btc')).toEqual({ price: 120, change24h: 5 });
    expect(refetched.valuation('btc').value).toBe(240);
  });

  it('leaves the cells alone when a tick moves nothing', () => {
    const live = new LivePortfolio([holding('btc', 1, 100, 100)], '$');
    const total = element();
    total.textContent = 'as rendered';
    live.totalRef('value')(total);
    live.update('btc', { price: 100 });
    expect(total.textContent).toBe('as rendered');
  });

  it('adds up a summary answer as the server does: an unpriced coin in neither value nor cost', () => {
    const unpriced: PortfolioHolding = {
      ...holding('dust', 10, 500, 0),
      price: null,
      change_24h: null,
      value: null,
      unrealised_pnl: null,
      realised_pnl: -100,
    };
    const btc: PortfolioHolding = {
      ...holding('btc', 0.5, 20_000, 50_000),
      change_24h: 25,
      realised_pnl: 1_000,
    };
    const live = new LivePortfolio([btc, unpriced], '$');
    expect(totalsOfValuation(live.totals())).toEqual({
      value: 25_000,
      cost_basis: 20_000,
      unrealised_pnl: 5_000,
      unrealised_pnl_percent: 25,
      realised_pnl: 900,
      total_pnl: 5_900,
      value_change_24h: 5_000,
    });
  });

  it('shows no 24 h move, not a move of 0, when no coin has a 24 h change', () => {
    const live = new LivePortfolio([holding('btc', 1, 100, 100)], '$');
    const change = element();
    const changePct = element();
    live.totalRef('change')(change);
    live.totalRef('changePct')(changePct);
    live.update('btc', { price: 110, change24h: null });
    expect(change.textContent).toBe('-');
    expect(live.totals().change24h).toBeNull();
    live.update('btc', { change24h: 10 });
    expect(change.textContent).toBe('+$10.00');
    expect(changePct.textContent).toBe('+10.00%');
  });
});
