import type { PortfolioHolding } from '@coinlens/contract';
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
});
