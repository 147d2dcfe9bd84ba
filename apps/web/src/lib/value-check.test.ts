import { describe, expect, it } from 'vitest';

import {
  arrayOf,
  finiteNumber,
  idText,
  nullable,
  oneOf,
  optionalChoice,
  optionalText,
  recordOf,
  shape,
  text,
} from './value-check';

describe('value checks', () => {
  it('accepts the right primitive types only', () => {
    expect(text('a')).toEqual({ ok: true, value: 'a' });
    expect(text(1).ok).toBe(false);
    expect(finiteNumber(Number.NaN).ok).toBe(false);
    expect(idText(42)).toEqual({ ok: true, value: '42' });
    expect(idText({}).ok).toBe(false);
    expect(oneOf(['light', 'dark'] as const)('dark')).toEqual({ ok: true, value: 'dark' });
    expect(oneOf(['light', 'dark'] as const)('blue').ok).toBe(false);
    expect(nullable(text)(null)).toEqual({ ok: true, value: null });
  });

  it('checks arrays, records and shapes item by item, dropping unknown fields', () => {
    expect(arrayOf(text)(['a', 'b'])).toEqual({ ok: true, value: ['a', 'b'] });
    expect(arrayOf(text)(['a', 2]).ok).toBe(false);
    expect(recordOf(text)({ a: 'x' })).toEqual({ ok: true, value: { a: 'x' } });
    expect(recordOf(text)([]).ok).toBe(false);
    const user = shape({ name: text, uid: idText });
    expect(user({ name: 'n', uid: 7, extra: true })).toEqual({ ok: true, value: { name: 'n', uid: '7' } });
    expect(user({ name: 'n' }).ok).toBe(false);
  });

  it('reads a bad or empty query parameter as absent instead of failing', () => {
    expect(optionalText('  btc ')).toEqual({ ok: true, value: 'btc' });
    expect(optionalText('   ')).toEqual({ ok: true, value: undefined });
    expect(optionalChoice(['coin', 'exchange'] as const)('people')).toEqual({ ok: true, value: undefined });
    const search = shape({ keyword: optionalText, type: optionalChoice(['coin'] as const) });
    expect(search({ keyword: 5, type: 'coin' })).toEqual({ ok: true, value: { type: 'coin' } });
  });
});
