import {
  basisOfHolding,
  quoteOfHolding,
  totalsOfValuation,
  valueHolding,
  valuePortfolio,
  type ProcedureInput,
} from '@coinlens/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { callAs, nextTestAddress, PASSWORD, registerAccount } from './support/accounts.js';
import { FAKE_MARKET_EPOCH, FakeMarketProvider } from './support/fake-market-provider.js';
import { TEST_DIALECTS } from './support/test-databases.js';
import { startTestServerOn, type TestServer } from './support/test-server.js';

const DAY = 86_400_000;

type Draft = ProcedureInput<'appportfolio_msrv/transaction_create'>;

/** A ledger of buys, a partial sell, a coin sold out, a transfer in without a price and a price in euros. */
const LEDGER: readonly Omit<Draft, 'time'>[] = [
  { coin_id: 'bitcoin', type: 'buy', amount: '0.8', price: '61000', fee: '12' },
  { coin_id: 'bitcoin', type: 'sell', amount: '0.3', price: '64000', fee: '4' },
  { coin_id: 'ethereum', type: 'buy', amount: '3', price: '2900', price_currency: 'eur', fee: '3' },
  { coin_id: 'ethereum', type: 'transfer_in', amount: '0.5' },
  { coin_id: 'dogecoin', type: 'buy', amount: '10000', price: '0.25' },
  { coin_id: 'dogecoin', type: 'sell', amount: '10000', price: '0.18' },
  { coin_id: 'solana', type: 'transfer_in', amount: '12' },
];

/**
 * The done-when of issue 36 §2: one ledger, the server's summary and the web's valuation of that answer (the
 * contract's `valuePortfolio` over the answer's holdings, as `LivePortfolio` does) give the same totals.
 */
describe.each(TEST_DIALECTS)('portfolio totals on %s', (dialect) => {
  const clock = FAKE_MARKET_EPOCH;
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServerOn(
      dialect,
      { TRUST_PROXY: 'true' },
      { now: () => clock, marketProvider: new FakeMarketProvider(() => clock) },
    );
  });
  afterAll(() => server.close());

  it('are the same on the server and in the web for one ledger, in any currency', async () => {
    const session = await registerAccount(server, `valuation-${dialect}@example.org`, PASSWORD);
    const call = <P extends 'appportfolio_msrv/transaction_create' | 'appportfolio_msrv/portfolio_summary'>(
      procedure: P,
      payload: ProcedureInput<P>,
    ) =>
      callAs(server, procedure, payload, {
        accessToken: session.AccessToken,
        lang: 'en',
        ip: nextTestAddress(),
      });
    for (const [index, draft] of LEDGER.entries()) {
      const answer = await call('appportfolio_msrv/transaction_create', {
        ...draft,
        time: clock - (LEDGER.length - index) * DAY,
      });
      expect(answer.code, answer.msg).toBe(0);
    }

    // Units per US dollar: the fake market's EUR rate.
    for (const [currency, perUsd] of [
      ['usd', 1],
      ['eur', 0.92],
    ] as const) {
      const answer = await call('appportfolio_msrv/portfolio_summary', { currency });
      expect(answer.code, answer.msg).toBe(0);
      const { holdings, totals } = answer.data;
      expect(holdings.map((holding) => holding.coin_id).sort()).toEqual([
        'bitcoin',
        'dogecoin',
        'ethereum',
        'solana',
      ]);

      const quotes = new Map(holdings.map((holding) => [holding.coin_id, quoteOfHolding(holding)]));
      const web = valuePortfolio(holdings.map(basisOfHolding), quotes);
      expect(totals).toEqual(totalsOfValuation(web));
      for (const holding of holdings) {
        const valuation = valueHolding(basisOfHolding(holding), quoteOfHolding(holding));
        expect([holding.value, holding.unrealised_pnl, holding.unrealised_pnl_percent]).toEqual([
          valuation.value,
          valuation.unrealisedPnl,
          valuation.unrealisedPct,
        ]);
      }
      // What the figures must be, whichever way they are reached.
      expect(totals.total_pnl).toBe(totals.unrealised_pnl + totals.realised_pnl);
      expect(totals.value - totals.cost_basis).toBeCloseTo(totals.unrealised_pnl, 6);
      // BTC: 0.3 × 64,000 − 0.3 / 0.8 of 48,812 − 4 = 891.5; DOGE: 1,800 − 2,500 = −700.
      expect(totals.realised_pnl).toBeCloseTo(191.5 * perUsd, 6);
    }
  });
});
