import { describe, expect, it } from 'vitest';

import { loadCcxtErrors, loadExchangeClass } from './ccxt-modules.js';

describe('ccxt modules loaded one venue at a time', () => {
  it('answers the class of a ccxt exchange by its id', async () => {
    for (const id of ['binance', 'kraken', 'coinbase']) {
      const Exchange = await loadExchangeClass(id);
      expect(Exchange).not.toBeNull();
      expect(new Exchange!({}).id).toBe(id);
    }
  });

  it('answers null for an id ccxt does not have, and for anything that is not a plain id', async () => {
    for (const id of ['nosuchvenue', '../ccxt', 'base/errors', 'Binance', '', 'binance.js'])
      expect(await loadExchangeClass(id)).toBeNull();
  });

  it("loads the error classes the venues' own modules throw, so a failure maps by its class", async () => {
    const errors = await loadCcxtErrors();
    const Binance = (await loadExchangeClass('binance'))!;
    const exchange = new Binance({});
    exchange.setMarkets([]);
    let thrown: unknown;
    try {
      exchange.market('NOPE/USDT');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(errors.BadSymbol);
    expect(thrown).toBeInstanceOf(errors.ExchangeError);
    expect(thrown).not.toBeInstanceOf(errors.NetworkError);
  });
});
