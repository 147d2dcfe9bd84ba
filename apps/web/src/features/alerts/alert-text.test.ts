import type { AlertFiring } from '@coinlens/contract';
import { describe, expect, it } from 'vitest';

import en from '@/locales/en.json';
import vi from '@/locales/vi.json';
import zhHans from '@/locales/zh-Hans.json';
import { translate } from '@/lib/i18n/translate';
import type { TFunction } from '@/lib/i18n';
import { alertSentence, cooldownText, currencyUnit, firingDetail, formatLevelPrice } from './alert-text';

function tOf(catalog: unknown, language: string): TFunction {
  const rules = new Intl.PluralRules(language);
  return (key: string, values?: Record<string, string | number | undefined>) =>
    translate(catalog, rules, key, values);
}

const t = tOf(en, 'en');

const price = (kind: 'price_above' | 'price_below', level: number, currency: string) =>
  ({ kind, level, currency, window: null }) as const;

function firing(overrides: Partial<AlertFiring>): AlertFiring {
  return {
    id: 1,
    alert_id: 1,
    coin_id: 'bitcoin',
    coin_name: 'Bitcoin',
    coin_symbol: 'BTC',
    kind: 'price_above',
    level: 70_000,
    currency: 'usd',
    window: null,
    observed: 70_012.5,
    flag: null,
    time: Date.UTC(2026, 0, 1),
    message_id: 5,
    ...overrides,
  };
}

describe('an alert said as a sentence', () => {
  it('says price levels in their currency, without ".00" on whole amounts', () => {
    expect(alertSentence(price('price_above', 70_000, 'usd'), t)).toBe('Price above $70,000');
    expect(alertSentence(price('price_below', 1_650_000_000, 'vnd'), t)).toBe('Price below ₫1,650,000,000');
    expect(alertSentence(price('price_above', 2.5, 'eur'), t)).toBe('Price above €2.5');
    expect(alertSentence(price('price_below', 0.00001234, 'usd'), t)).toBe('Price below $0.00001234');
  });

  it('says moves with their window and scores with one decimal at most', () => {
    expect(alertSentence({ kind: 'change_up', level: 5, currency: null, window: '1h' }, t)).toBe(
      'Rises 5% within 1 h',
    );
    expect(alertSentence({ kind: 'change_down', level: 2.5, currency: null, window: '24h' }, t)).toBe(
      'Falls 2.5% within 24 h',
    );
    expect(alertSentence({ kind: 'score_above', level: 60, currency: null, window: null }, t)).toBe(
      'Score rises above 60',
    );
    expect(alertSentence({ kind: 'score_below', level: 42.5, currency: null, window: null }, t)).toBe(
      'Score falls below 42.5',
    );
    expect(alertSentence({ kind: 'integrity_flag', level: null, currency: null, window: null }, t)).toBe(
      'New integrity flag',
    );
  });

  it('is said in Vietnamese and Chinese too', () => {
    const alert = { kind: 'change_up', level: 5, currency: null, window: '24h' } as const;
    expect(alertSentence(alert, tOf(vi, 'vi'))).toBe('Tăng 5% trong 24 giờ');
    expect(alertSentence(alert, tOf(zhHans, 'zh-Hans'))).toBe('24小时内上涨 5%');
    expect(alertSentence(price('price_above', 70_000, 'cny'), tOf(zhHans, 'zh-Hans'))).toBe(
      '价格高于 ¥70,000',
    );
  });

  it('falls back to the upper-case code for a currency it does not know', () => {
    expect(currencyUnit('usd')).toBe('$');
    expect(currencyUnit('xyz')).toBe('XYZ ');
    expect(formatLevelPrice(null, 'usd')).toBe('-');
  });
});

describe('a firing of the history', () => {
  it('says what was seen for each kind', () => {
    expect(firingDetail(firing({}), t)).toBe('Price was $70,012.50');
    expect(firingDetail(firing({ kind: 'change_down', observed: -5.214, currency: null }), t)).toBe(
      'Change was -5.21%',
    );
    expect(firingDetail(firing({ kind: 'score_above', observed: 61.25, currency: null }), t)).toBe(
      'Score was 61.3',
    );
    expect(
      firingDetail(firing({ kind: 'integrity_flag', observed: null, flag: 'suspicious_volume' }), t),
    ).toBe('Flag: Suspicious volume');
    expect(firingDetail(firing({ observed: null }), t)).toBe('Price was -');
  });
});

describe('a cooldown', () => {
  it('is said in its largest whole unit', () => {
    expect(cooldownText(t, 15)).toBe('15 min');
    expect(cooldownText(t, 60)).toBe('1 h');
    expect(cooldownText(t, 90)).toBe('90 min');
    expect(cooldownText(t, 1_440)).toBe('1 day');
    expect(cooldownText(t, 10_080)).toBe('7 days');
  });
});
