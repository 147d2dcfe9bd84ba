import { describe, expect, it } from 'vitest';

import { toWallTime } from './portfolio-format';
import {
  draftOf,
  emptyFormValues,
  formFieldOfServer,
  formValuesOf,
  normaliseDecimal,
  decimalOf,
  type TransactionFormValues,
} from './transaction-form';

const NOW = Date.UTC(2026, 10, 27, 12, 0);

function values(overrides: Partial<TransactionFormValues>): TransactionFormValues {
  return { ...emptyFormValues('bitcoin', 'eur', NOW), ...overrides };
}

describe('draftOf', () => {
  it('makes the contract draft from a filled form', () => {
    const result = draftOf(values({ amount: '0,5', price: ' 64250.5 ', fee: '1.2', note: ' dca ' }), NOW);
    expect(result).toEqual({
      ok: true,
      draft: {
        coin_id: 'bitcoin',
        type: 'buy',
        amount: '0.5',
        price: '64250.5',
        price_currency: 'eur',
        fee: '1.2',
        fee_currency: null,
        time: Date.UTC(2026, 10, 27, 12, 0),
        note: 'dca',
      },
    });
  });

  it('names every problem at once with the contract reasons', () => {
    const result = draftOf(
      values({ coinId: '', amount: '0', price: '', fee: '1e3', time: toWallTime(NOW + 3_600_000) }),
      NOW,
    );
    expect(result).toEqual({
      ok: false,
      problems: {
        coinId: 'required',
        amount: 'positive',
        price: 'price_required',
        fee: 'decimal',
        time: 'future',
      },
    });
  });

  it('lets a transfer go without a price but not with a malformed one', () => {
    const transfer = draftOf(values({ type: 'transfer_in', amount: '2' }), NOW);
    expect(transfer.ok && transfer.draft.price).toBeNull();
    expect(draftOf(values({ type: 'transfer_out', amount: '2', price: 'abc' }), NOW)).toEqual({
      ok: false,
      problems: { price: 'decimal' },
    });
  });

  it('refuses a date before the first block, an empty amount and a long note', () => {
    expect(
      draftOf(values({ amount: '', price: '1', time: '2008-12-31T00:00', note: 'x'.repeat(201) }), NOW),
    ).toEqual({
      ok: false,
      problems: { amount: 'required', time: 'date', note: 'note_too_long' },
    });
  });
});

describe('form values', () => {
  it('reads a stored transaction back into the form', () => {
    const form = formValuesOf({
      id: 7,
      coin_id: 'ethereum',
      coin: { symbol: 'ETH', name: 'Ethereum', logo: '' },
      type: 'sell',
      amount: '1.5',
      price: '3000',
      price_currency: 'usd',
      fee: '0',
      fee_currency: 'usd',
      price_usd_rate: '1',
      fee_usd_rate: '1',
      time: NOW,
      note: 'n',
      created_at: NOW,
      updated_at: NOW,
    });
    expect(form).toEqual({
      type: 'sell',
      coinId: 'ethereum',
      amount: '1.5',
      price: '3000',
      currency: 'usd',
      fee: '',
      time: toWallTime(NOW),
      note: 'n',
    });
    expect(draftOf(form, NOW).ok).toBe(true);
  });

  it('maps the server field names to form fields', () => {
    expect(formFieldOfServer('coin_id')).toBe('coinId');
    expect(formFieldOfServer('amount')).toBe('amount');
    expect(formFieldOfServer('price_currency')).toBeNull();
    expect(formFieldOfServer(null)).toBeNull();
  });

  it('reads a lone comma as the decimal point only', () => {
    expect(normaliseDecimal(' 0,25 ')).toBe('0.25');
    expect(normaliseDecimal('1,000.5')).toBe('1,000.5');
  });
});

describe('decimalOf', () => {
  it('writes a price as plain decimal text the contract accepts', () => {
    expect(decimalOf(64250.123456789)).toBe('64250.12346');
    expect(decimalOf(0.00001234)).toBe('0.00001234');
    expect(decimalOf(1e-9)).toBe('0.000000001');
    expect(normaliseDecimal(decimalOf(123456789.5))).toBe('123456789.5');
  });
});
