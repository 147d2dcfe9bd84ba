import { ErrorCode, PORTFOLIO_TRANSACTION_LIMIT } from '@coinlens/contract';
import type {
  PortfolioProblem,
  PortfolioTransaction,
  ProcedureInput,
  ProcedureName,
} from '@coinlens/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { callAs, nextTestAddress, PASSWORD, registerAccount } from './support/accounts.js';
import { FAKE_MARKET_EPOCH, FakeMarketProvider } from './support/fake-market-provider.js';
import { TEST_DIALECTS } from './support/test-databases.js';
import { startTestServerOn, type TestServer } from './support/test-server.js';

const DAY = 86_400_000;
/** The fake market's EUR rate (units per US dollar). */
const EUR_PER_USD = 0.92;

describe.each(TEST_DIALECTS)('portfolio on %s', (dialect) => {
  const clock = FAKE_MARKET_EPOCH;
  const provider = new FakeMarketProvider(() => clock);
  let server: TestServer;
  let counter = 0;

  beforeAll(async () => {
    server = await startTestServerOn(
      dialect,
      { TRUST_PROXY: 'true' },
      { now: () => clock, marketProvider: provider },
    );
  });
  afterAll(() => server.close());

  async function newUser(): Promise<string> {
    counter += 1;
    const session = await registerAccount(server, `portfolio-${counter}-${dialect}@example.org`, PASSWORD);
    return session.AccessToken;
  }

  const call = <P extends ProcedureName>(
    token: string | undefined,
    procedure: P,
    payload: ProcedureInput<P>,
    lang = 'en',
  ) =>
    callAs(server, procedure, payload, {
      ...(token ? { accessToken: token } : {}),
      lang,
      ip: nextTestAddress(),
    });

  async function create(token: string, draft: ProcedureInput<'appportfolio_msrv/transaction_create'>) {
    const answer = await call(token, 'appportfolio_msrv/transaction_create', draft);
    expect(answer.code, answer.msg).toBe(0);
    return answer.data;
  }

  async function summary(token: string, currency = 'usd') {
    const answer = await call(token, 'appportfolio_msrv/portfolio_summary', { currency });
    expect(answer.code, answer.msg).toBe(0);
    return answer.data;
  }

  async function allTransactions(token: string): Promise<PortfolioTransaction[]> {
    const answer = await call(token, 'appportfolio_msrv/transaction_list', { page: 1, page_size: 100 });
    expect(answer.code, answer.msg).toBe(0);
    return answer.data.list;
  }

  const problemOf = (answer: { code: number; data: unknown }) => {
    expect(answer.code).toBe(ErrorCode.ParameterInvalid);
    return answer.data as PortfolioProblem;
  };

  it('records, lists, changes and deletes a transaction, keeping the decimals exactly as typed', async () => {
    const token = await newUser();
    const created = await create(token, {
      coin_id: 'bitcoin',
      type: 'buy',
      amount: '0.50',
      price: '060000.10',
      fee: '1.000000000000000001',
      time: clock - 3 * DAY,
      note: 'first',
    });
    expect(created).toMatchObject({
      coin_id: 'bitcoin',
      coin: { symbol: 'BTC' },
      amount: '0.5',
      price: '60000.1',
      price_currency: 'usd',
      fee: '1.000000000000000001',
      fee_currency: 'usd',
      price_usd_rate: '1',
      note: 'first',
    });

    const changed = await call(token, 'appportfolio_msrv/transaction_update', {
      id: created.id,
      coin_id: 'bitcoin',
      type: 'buy',
      amount: '0.25',
      price: '58000',
      price_currency: 'eur',
      time: clock - 2 * DAY,
    });
    expect(changed.code, changed.msg).toBe(0);
    expect(changed.data).toMatchObject({
      id: created.id,
      amount: '0.25',
      price_currency: 'eur',
      fee: '0',
      note: '',
    });
    expect(Number(changed.data.price_usd_rate)).toBeCloseTo(EUR_PER_USD, 10);

    const list = await call(token, 'appportfolio_msrv/transaction_list', {
      page: 1,
      page_size: 10,
      coin_id: 'bitcoin',
    });
    expect(list.data).toMatchObject({ total: 1, list: [{ id: created.id, amount: '0.25' }] });

    expect((await call(token, 'appportfolio_msrv/transaction_delete', { id: created.id })).code).toBe(0);
    expect((await call(token, 'appportfolio_msrv/transaction_delete', { id: created.id })).code).toBe(
      ErrorCode.NotFound,
    );
    expect(await allTransactions(token)).toEqual([]);
  });

  it('refuses what the schema cannot see: no price, an unknown coin, a future time, a currency without a rate', async () => {
    const token = await newUser();
    const base = { coin_id: 'bitcoin', type: 'sell' as const, amount: '1', time: clock - DAY };
    const noPrice = await call(token, 'appportfolio_msrv/transaction_create', base);
    expect(problemOf(noPrice)).toMatchObject({ column: 'price', reason: 'price_required' });
    expect(noPrice.msg).toBe('price: a buy or sell needs a price');

    const unknown = await call(token, 'appportfolio_msrv/transaction_create', {
      ...base,
      coin_id: 'nocoin',
      price: '1',
    });
    expect(problemOf(unknown)).toMatchObject({ column: 'coin_id', reason: 'coin_unknown' });
    const future = await call(token, 'appportfolio_msrv/transaction_create', {
      ...base,
      price: '1',
      time: clock + DAY,
    });
    expect(problemOf(future)).toMatchObject({ column: 'time', reason: 'future' });
    const noRate = await call(token, 'appportfolio_msrv/transaction_create', {
      ...base,
      type: 'buy',
      price: '1',
      price_currency: 'jpy',
    });
    expect(problemOf(noRate)).toMatchObject({ column: 'price_currency', reason: 'currency' });
    const schema = await call(token, 'appportfolio_msrv/transaction_create', {
      ...base,
      price: '1',
      amount: '0',
    });
    expect(schema.code).toBe(ErrorCode.ParameterInvalid);
    const visitor = await call(undefined, 'appportfolio_msrv/portfolio_summary', {});
    expect(visitor.code).not.toBe(0);
    expect(await allTransactions(token)).toEqual([]);
  });

  it('computes average-cost P&L by hand: fees in the cost, a partial sell, a price in euros, in USD and EUR', async () => {
    const token = await newUser();
    await create(token, {
      coin_id: 'bitcoin',
      type: 'buy',
      amount: '2',
      price: '50000',
      fee: '20',
      time: clock - 5 * DAY,
    });
    await create(token, {
      coin_id: 'bitcoin',
      type: 'buy',
      amount: '1',
      price: '56000',
      fee: '10',
      time: clock - 4 * DAY,
    });
    // Cost 156,030 for 3 BTC: 52,010 each. Selling 1.5 removes 78,015 and realises 90,000 − 78,015 − 15 = 11,970.
    await create(token, {
      coin_id: 'bitcoin',
      type: 'sell',
      amount: '1.5',
      price: '60000',
      fee: '15',
      time: clock - 3 * DAY,
    });
    // 1 ETH at 920 EUR with a 9.2 EUR fee: 1,000 + 10 US dollars at the recorded 0.92.
    await create(token, {
      coin_id: 'ethereum',
      type: 'buy',
      amount: '1',
      price: '920',
      price_currency: 'eur',
      fee: '9.2',
      time: clock - 2 * DAY,
    });

    const usd = await summary(token);
    const btc = usd.holdings.find((holding) => holding.coin_id === 'bitcoin');
    const eth = usd.holdings.find((holding) => holding.coin_id === 'ethereum');
    if (!btc?.price || !eth?.price) throw new Error('both coins have a price');
    expect(btc).toMatchObject({
      amount: 1.5,
      average_cost: 52_010,
      cost_basis: 78_015,
      realised_pnl: 11_970,
    });
    expect(btc.unrealised_pnl).toBeCloseTo(1.5 * btc.price - 78_015, 6);
    expect(btc.unrealised_pnl_percent).toBeCloseTo(((1.5 * btc.price - 78_015) / 78_015) * 100, 6);
    expect(eth).toMatchObject({ amount: 1, realised_pnl: 0, transaction_count: 1 });
    expect(eth.cost_basis).toBeCloseTo(1_010, 9);
    const value = 1.5 * btc.price + eth.price;
    expect(btc.allocation).toBeCloseTo(((1.5 * btc.price) / value) * 100, 9);
    expect(usd.totals.value).toBeCloseTo(value, 6);
    expect(usd.totals.cost_basis).toBeCloseTo(79_025, 6);
    expect(usd.totals.realised_pnl).toBe(11_970);
    expect(usd.totals.total_pnl).toBeCloseTo(value - 79_025 + 11_970, 6);
    expect(usd.holdings.map((holding) => holding.coin_id)).toEqual(['bitcoin', 'ethereum']);

    const eur = await summary(token, 'eur');
    const btcEur = eur.holdings.find((holding) => holding.coin_id === 'bitcoin');
    expect(eur.currency).toBe('eur');
    expect(btcEur?.cost_basis).toBeCloseTo(78_015 * EUR_PER_USD, 6);
    expect(btcEur?.realised_pnl).toBeCloseTo(11_970 * EUR_PER_USD, 6);
    expect(btcEur?.price).toBeCloseTo(btc.price * EUR_PER_USD, 6);
    expect(eur.holdings.find((holding) => holding.coin_id === 'ethereum')?.cost_basis).toBeCloseTo(
      920 + 9.2,
      6,
    );
  });

  it('refuses to sell more than is held at that time, and a delete or change that would leave a sell uncovered', async () => {
    const token = await newUser();
    const buy = await create(token, {
      coin_id: 'solana',
      type: 'buy',
      amount: '10',
      price: '150',
      time: clock - 5 * DAY,
    });
    await create(token, {
      coin_id: 'solana',
      type: 'sell',
      amount: '4',
      price: '170',
      time: clock - 3 * DAY,
    });

    const tooMuch = await call(token, 'appportfolio_msrv/transaction_create', {
      coin_id: 'solana',
      type: 'transfer_out',
      amount: '6.000000000000000001',
      time: clock - DAY,
    });
    expect(problemOf(tooMuch)).toMatchObject({ reason: 'oversold', coin: 'SOL', held: '6' });
    expect(tooMuch.msg).toBe('amount: more SOL leaves than is held at that time (6)');
    // Before the buy there was nothing to sell.
    const early = await call(token, 'appportfolio_msrv/transaction_create', {
      coin_id: 'solana',
      type: 'sell',
      amount: '1',
      price: '100',
      time: clock - 6 * DAY,
    });
    expect(problemOf(early)).toMatchObject({ reason: 'oversold', held: '0' });
    expect(
      problemOf(await call(token, 'appportfolio_msrv/transaction_delete', { id: buy.id })),
    ).toMatchObject({
      column: 'id',
      reason: 'oversold',
    });
    const shrink = await call(token, 'appportfolio_msrv/transaction_update', {
      id: buy.id,
      coin_id: 'solana',
      type: 'buy',
      amount: '3',
      price: '150',
      time: clock - 5 * DAY,
    });
    expect(problemOf(shrink)).toMatchObject({ reason: 'oversold' });
    expect((await allTransactions(token)).map((transaction) => transaction.amount)).toEqual(['4', '10']);
  });

  it('imports a generic file of ten trades, skips them as duplicates the second time, and shows P&L in EUR', async () => {
    const token = await newUser();
    const csv = [
      'Date,Type,Coin,Amount,Price,Fee,Currency,Notes',
      '2026-01-02,Buy,BTC,0.1,40000,5,USD,',
      '2026-01-03 10:00,BUY,eth,2,2000,2,usd,"first, ETH"',
      '2026-01-04T08:30:00Z,bought,SOL,10,100,1,USD,',
      '2026-02-01T00:00:00+07:00,Sell,btc,0.05,50000,2.5,USD,',
      '1769904000,deposit,DOGE,1000,,0,USD,from cold wallet',
      '2026-02-03,Purchase,ethereum,1,1840,1.84,EUR,euros',
      '2026-02-04,sold,SOL,5,120,1,USD,',
      '2026-02-05,Withdrawal,DOGE,100,,1,USD,',
      '2026-02-06,Transfer In,LINK,20,15,0,USD,',
      '1770508800000,Sale,link,5,18,0.5,USD,',
    ].join('\n');
    const first = await call(token, 'appportfolio_msrv/portfolio_import', { format: 'generic', csv });
    expect(first.code, first.msg).toBe(0);
    expect(first.data).toEqual({ imported: 10, duplicates: 0, duplicate_lines: [] });
    const again = await call(token, 'appportfolio_msrv/portfolio_import', { format: 'generic', csv });
    expect(again.data).toEqual({
      imported: 0,
      duplicates: 10,
      duplicate_lines: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    });

    const list = await allTransactions(token);
    expect(list).toHaveLength(10);
    expect(list.find((transaction) => transaction.note === 'first, ETH')).toMatchObject({
      time: Date.UTC(2026, 0, 3, 10),
      amount: '2',
    });
    expect(
      list.find((transaction) => transaction.coin_id === 'bitcoin' && transaction.type === 'sell')?.time,
    ).toBe(Date.UTC(2026, 0, 31, 17));
    expect(
      list.find((transaction) => transaction.coin_id === 'dogecoin' && transaction.type === 'transfer_in')
        ?.time,
    ).toBe(1_769_904_000_000);

    const eur = await summary(token, 'eur');
    const btc = eur.holdings.find((holding) => holding.coin_id === 'bitcoin');
    // 0.1 BTC cost 4,005 USD; selling half removes 2,002.5 and realises 2,500 − 2,002.5 − 2.5 = 495 USD.
    expect(btc?.amount).toBeCloseTo(0.05, 12);
    expect(btc?.cost_basis).toBeCloseTo(2_002.5 * EUR_PER_USD, 6);
    expect(btc?.realised_pnl).toBeCloseTo(495 * EUR_PER_USD, 6);
    // 10 SOL cost 1,001; selling 5 removes 500.5 and realises 600 − 500.5 − 1 = 98.5.
    expect(eur.holdings.find((holding) => holding.coin_id === 'solana')?.realised_pnl).toBeCloseTo(
      98.5 * EUR_PER_USD,
      6,
    );
    // A deposit without a price joins at zero cost (nothing held before); the withdrawal's fee is a realised loss.
    expect(eur.holdings.find((holding) => holding.coin_id === 'dogecoin')).toMatchObject({
      amount: 900,
      cost_basis: 0,
    });
    expect(eur.holdings.find((holding) => holding.coin_id === 'dogecoin')?.realised_pnl).toBeCloseTo(
      -EUR_PER_USD,
      9,
    );
    expect(eur.holdings).toHaveLength(5);
  });

  it('refuses a bad file with the line and column in each language, importing nothing', async () => {
    const token = await newUser();
    await create(token, {
      coin_id: 'bitcoin',
      type: 'buy',
      amount: '1',
      price: '1000',
      time: clock - 30 * DAY,
    });
    const header = 'date,type,coin,amount,price,fee';
    const cases: [string, string, Partial<PortfolioProblem>][] = [
      [
        `${header}\n2026-01-01,buy,BTC,1,100,0\n2026-01-02,buy,BTC,0,100,0`,
        'Line 3, amount: must be greater than 0',
        { line: 3, column: 'amount', reason: 'positive' },
      ],
      [
        `${header}\n2026-01-01,buy,BTC,1,100,0\n\n2026-13-01,buy,BTC,1,100,0`,
        'Line 4, date: not a date (use ISO 8601, e.g. 2024-05-01T12:30:00Z)',
        { line: 4, reason: 'date' },
      ],
      [
        `${header}\n2026-01-01,swap,BTC,1,100,0`,
        'Line 2, type: unknown type (buy, sell, transfer_in, transfer_out)',
        { reason: 'type' },
      ],
      [`${header}\n2026-01-01,buy,NOPE,1,100,0`, 'Line 2, coin: unknown coin', { reason: 'coin_unknown' }],
      [`${header}\n2026-01-01,buy,BTC,1,1e5,0`, 'Line 2, price: not a decimal number', { reason: 'decimal' }],
      [
        `${header}\n2026-01-01,sell,BTC,1,,0`,
        'Line 2, price: a buy or sell needs a price',
        { reason: 'price_required' },
      ],
      [`${header}\n2026-01-01,buy,BTC,1,100`, 'Line 2: wrong number of columns', { reason: 'column_count' }],
      [`${header}\n2026-01-01,buy,"BTC,1,100,0`, 'Line 2: unclosed or stray quote', { reason: 'quote' }],
      [
        'when,what\n2026-01-01,buy',
        'Line 1, date: the header does not match the format',
        { line: 1, reason: 'header' },
      ],
      [header, 'Line 2: the file has no transactions', { reason: 'empty_file' }],
      // Selling 2 of the 0.5 held then (the stored buy is later).
      [
        `${header}\n2026-01-01,buy,BTC,0.5,100,0\n2026-01-02,sell,BTC,2,100,0`,
        'Line 3, amount: more BTC leaves than is held at that time (0.5)',
        { line: 3, reason: 'oversold' },
      ],
    ];
    for (const [csv, message, problem] of cases) {
      const answer = await call(token, 'appportfolio_msrv/portfolio_import', { format: 'generic', csv });
      expect(answer.msg, csv).toBe(message);
      expect(problemOf(answer), csv).toMatchObject({ field: 'csv', ...problem });
    }
    const vi = await call(
      token,
      'appportfolio_msrv/portfolio_import',
      { format: 'generic', csv: cases[0]?.[0] ?? '' },
      'vi',
    );
    expect(vi.msg).toBe('Dòng 3, amount: phải lớn hơn 0');
    const zh = await call(
      token,
      'appportfolio_msrv/portfolio_import',
      { format: 'generic', csv: cases[0]?.[0] ?? '' },
      'zh',
    );
    expect(zh.msg).toBe('第 3 行, amount：必须大于 0');
    expect(await allTransactions(token)).toHaveLength(1);
  });

  it('exports in its own format and imports that file back exactly', async () => {
    const token = await newUser();
    await create(token, {
      coin_id: 'pepe',
      type: 'buy',
      amount: '123456789.123456789',
      price: '0.000009876543210001',
      time: clock - 9 * DAY,
    });
    await create(token, {
      coin_id: 'ethereum',
      type: 'buy',
      amount: '1.5',
      price: '3000',
      price_currency: 'eur',
      fee: '0.001',
      fee_currency: 'btc',
      time: clock - 8 * DAY + 123,
      note: '=SUM(A1) "quoted", two\nlines',
    });
    await create(token, {
      coin_id: 'ethereum',
      type: 'transfer_out',
      amount: '0.5',
      fee: '1',
      time: clock - 7 * DAY,
      note: "'-dip",
    });
    await create(token, {
      coin_id: 'ethereum',
      type: 'transfer_in',
      amount: '0.25',
      price: '2500',
      price_currency: 'vnd',
      time: clock - 6 * DAY,
    });

    const exported = await call(token, 'appportfolio_msrv/portfolio_export', {});
    expect(exported.code, exported.msg).toBe(0);
    expect(exported.data.file_name).toBe(
      `coinlens-portfolio-${new Date(clock).toISOString().slice(0, 10)}.csv`,
    );
    expect(exported.data.csv.split('\r\n')[0]).toBe(
      'coinlens.v1.time,coinlens.v1.type,coinlens.v1.coin_id,coinlens.v1.amount,coinlens.v1.price,coinlens.v1.price_currency,coinlens.v1.price_usd_rate,coinlens.v1.fee,coinlens.v1.fee_currency,coinlens.v1.fee_usd_rate,coinlens.v1.note',
    );
    expect(exported.data.csv).toContain(`"'=SUM(A1) ""quoted"", two\nlines"`);

    const other = await newUser();
    const imported = await call(other, 'appportfolio_msrv/portfolio_import', {
      format: 'coinlens',
      csv: exported.data.csv,
    });
    expect(imported.data).toEqual({ imported: 4, duplicates: 0, duplicate_lines: [] });
    const strip = (list: PortfolioTransaction[]) =>
      list.map(({ id: _id, created_at: _created, updated_at: _updated, ...rest }) => rest);
    expect(strip(await allTransactions(other))).toEqual(strip(await allTransactions(token)));
    expect((await call(other, 'appportfolio_msrv/portfolio_export', {})).data.csv).toBe(exported.data.csv);
    expect(await summary(other)).toEqual(await summary(token));
  });

  it('holds at most PORTFOLIO_TRANSACTION_LIMIT transactions: the next create or import answers 3009', async () => {
    const token = await newUser();
    const rows = Array.from(
      { length: PORTFOLIO_TRANSACTION_LIMIT - 1 },
      (_, index) => `${new Date(clock - 100 * DAY + index * 60_000).toISOString()},buy,BTC,1,${index + 1},0`,
    );
    const filled = await call(token, 'appportfolio_msrv/portfolio_import', {
      format: 'generic',
      csv: ['date,type,coin,amount,price,fee', ...rows].join('\n'),
    });
    expect(filled.data).toMatchObject({ imported: PORTFOLIO_TRANSACTION_LIMIT - 1, duplicates: 0 });
    const twoMore = await call(token, 'appportfolio_msrv/portfolio_import', {
      format: 'generic',
      csv: 'date,type,coin,amount,price,fee\n2026-01-01,buy,ETH,1,1,0\n2026-01-02,buy,ETH,1,1,0',
    });
    expect(twoMore).toMatchObject({
      code: ErrorCode.LimitExceeded,
      msg: `A portfolio holds at most ${PORTFOLIO_TRANSACTION_LIMIT} transactions`,
    });
    const draft = { coin_id: 'ethereum', type: 'buy' as const, amount: '1', price: '1', time: clock - DAY };
    await create(token, draft);
    expect((await call(token, 'appportfolio_msrv/transaction_create', draft)).code).toBe(
      ErrorCode.LimitExceeded,
    );
    const list = await call(token, 'appportfolio_msrv/transaction_list', { page: 1, page_size: 1 });
    expect(list.data.total).toBe(PORTFOLIO_TRANSACTION_LIMIT);
  });

  it('keeps each user to their own transactions', async () => {
    const alice = await newUser();
    const bob = await newUser();
    const mine = await create(alice, {
      coin_id: 'bitcoin',
      type: 'buy',
      amount: '1',
      price: '1',
      time: clock - DAY,
    });
    const draft = { coin_id: 'bitcoin', type: 'buy' as const, amount: '2', price: '1', time: clock - DAY };
    expect((await call(bob, 'appportfolio_msrv/transaction_update', { id: mine.id, ...draft })).code).toBe(
      ErrorCode.NotFound,
    );
    expect((await call(bob, 'appportfolio_msrv/transaction_delete', { id: mine.id })).code).toBe(
      ErrorCode.NotFound,
    );
    expect(await allTransactions(bob)).toEqual([]);
    expect((await summary(bob)).holdings).toEqual([]);
    expect((await call(bob, 'appportfolio_msrv/portfolio_export', {})).data.csv.split('\r\n')).toHaveLength(
      2,
    );
    expect((await call(bob, 'appportfolio_msrv/portfolio_history', { range: 'all' })).data.points).toEqual(
      [],
    );
    expect((await allTransactions(alice)).map((transaction) => transaction.amount)).toEqual(['1']);
  });

  it('charts the value over time from the candles: amounts held then × the close', async () => {
    const token = await newUser();
    await create(token, {
      coin_id: 'bitcoin',
      type: 'buy',
      amount: '2',
      price: '90000',
      time: clock - 3 * DAY,
    });
    await create(token, { coin_id: 'bitcoin', type: 'sell', amount: '1', price: '95000', time: clock - DAY });
    const week = await call(token, 'appportfolio_msrv/portfolio_history', { range: 'week', currency: 'usd' });
    expect(week.code, week.msg).toBe(0);
    const points = week.data.points;
    const [first] = points;
    const last = points.at(-1);
    if (!first || !last) throw new Error('points expected');
    // Starts at the hour of the first transaction, one point an hour, and ends now at the current price.
    expect(first.time).toBe(Math.floor((clock - 3 * DAY) / 3_600_000) * 3_600_000);
    expect(points.slice(0, -1).every((point, index) => point.time === first.time + index * 3_600_000)).toBe(
      true,
    );
    expect(last.time).toBe(clock);
    const btc = (await summary(token)).holdings[0];
    expect(last.value).toBeCloseTo(1 * (btc?.price ?? 0), 6);
    // Two coins held before the sell, one after: the value halves (give or take a day's drift of 2 %).
    const before = points.find((point) => point.time === clock - 2 * DAY)?.value ?? 0;
    const after = points.find((point) => point.time === clock - DAY + 3_600_000)?.value ?? 0;
    expect(after / before).toBeGreaterThan(0.45);
    expect(after / before).toBeLessThan(0.55);
    const eur = await call(token, 'appportfolio_msrv/portfolio_history', { range: 'week', currency: 'eur' });
    expect(eur.data.points.at(-1)?.value).toBeCloseTo(last.value * EUR_PER_USD, 6);
  });
});
