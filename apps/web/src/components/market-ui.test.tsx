import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { formatCompactMoney, formatMoney } from '../lib/money-format';
import { Change, directionOf } from './Change';
import { sparklinePath } from './Sparkline';

describe('number cells', () => {
  it('prefixes prices with the currency unit and keeps the dash for missing values', () => {
    expect(formatMoney(72265.219, '$')).toBe('$72,265.22');
    expect(formatMoney(0.00001234, '€')).toBe('€0.00001234');
    expect(formatMoney(null, '$')).toBe('-');
  });

  it('abbreviates amounts in the language units', () => {
    expect(formatCompactMoney(2.6e12, '$', 'en')).toBe('$2.60T');
    expect(formatCompactMoney(2.6e12, '¥', 'zh-Hans')).toBe('¥2.60万亿');
    expect(formatCompactMoney(1.5e9, '₫', 'vi')).toBe('₫1.50B');
    expect(formatCompactMoney(undefined, '$', 'en')).toBe('-');
  });

  it('colours a change by its direction, flat when it shows as zero', () => {
    expect(directionOf(1.2)).toBe('up');
    expect(directionOf(-0.01)).toBe('down');
    expect(directionOf(0.004)).toBe('flat');
    expect(directionOf(null)).toBe('flat');
    render(<Change value={-3.456} pill />);
    const cell = screen.getByText('-3.46%');
    expect(cell.className).toContain('cl-down');
    expect(cell.className).toContain('cl-change-pill');
  });

  it('draws a sparkline across the whole box, high values at the top', () => {
    const path = sparklinePath([0, 100], 50, 20);
    expect(path).toBe('M0.0 19.0L50.0 1.0');
    expect(sparklinePath([5], 50, 20)).toBe('');
  });
});
