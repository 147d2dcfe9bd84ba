import { describe, expect, it } from 'vitest';

import { PORTFOLIO_IMPORT_MAX_CHARS, PORTFOLIO_NOTE_MAX_LENGTH } from '../validation/limits.js';
import { portfolioProblemMessage } from '../validation/portfolio-problems.js';
import { portfolioProcedures } from './portfolio.schema.js';

const create = portfolioProcedures['appportfolio_msrv/transaction_create'].input;
const importInput = portfolioProcedures['appportfolio_msrv/portfolio_import'].input;
const draft = {
  coin_id: 'bitcoin',
  type: 'buy',
  amount: '0.5',
  price: '64250.25',
  time: Date.UTC(2024, 0, 2),
};

describe('the portfolio schema', () => {
  it('fills in the defaults and keeps decimals as the exact text typed', () => {
    expect(create.parse({ ...draft, amount: ' 0.000000000000000001 ', price_currency: 'EUR' })).toEqual({
      ...draft,
      amount: '0.000000000000000001',
      price_currency: 'eur',
      fee: '0',
      note: '',
    });
  });

  it('refuses zero, negative, exponent and over-precise amounts, unknown types and currencies, old times', () => {
    for (const change of [
      { amount: '0' },
      { amount: '0.000' },
      { amount: '-1' },
      { amount: '1e3' },
      { amount: 1 },
      { amount: '0.0000000000000000001' },
      { amount: '123456789012345678901' },
      { price: '1,5' },
      { fee: '-0.1' },
      { type: 'swap' },
      { price_currency: 'xyz' },
      { fee_currency: 'doge' },
      { time: Date.UTC(2008, 11, 31) },
      { time: 1.5 },
      { note: 'x'.repeat(PORTFOLIO_NOTE_MAX_LENGTH + 1) },
      { coin_id: ' ' },
    ]) {
      expect(create.safeParse({ ...draft, ...change }).success, JSON.stringify(change)).toBe(false);
    }
  });

  it('bounds an import by its size and format', () => {
    expect(importInput.safeParse({ format: 'generic', csv: 'date,type\n' }).success).toBe(true);
    expect(importInput.safeParse({ format: 'excel', csv: 'date,type\n' }).success).toBe(false);
    expect(importInput.safeParse({ format: 'generic', csv: '' }).success).toBe(false);
    expect(
      importInput.safeParse({ format: 'coinlens', csv: 'x'.repeat(PORTFOLIO_IMPORT_MAX_CHARS + 1) }).success,
    ).toBe(false);
  });

  it('names the line and the column of a problem in each language', () => {
    const problem = { field: 'csv', line: 4, column: 'amount', reason: 'positive' } as const;
    expect(portfolioProblemMessage(problem, 'en')).toBe('Line 4, amount: must be greater than 0');
    expect(portfolioProblemMessage(problem, 'vi')).toBe('Dòng 4, amount: phải lớn hơn 0');
    expect(portfolioProblemMessage(problem, 'zh-Hans')).toBe('第 4 行, amount：必须大于 0');
    expect(
      portfolioProblemMessage(
        { field: 'amount', line: null, column: null, reason: 'oversold', coin: 'BTC', held: '0.5' },
        'en',
      ),
    ).toBe('more BTC leaves than is held at that time (0.5)');
  });
});
