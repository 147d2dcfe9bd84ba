import type { ApiKeyView } from '@coinlens/contract';
import { describe, expect, it } from 'vitest';

import en from '@/locales/en.json';
import vi from '@/locales/vi.json';
import zhHans from '@/locales/zh-Hans.json';
import type { TFunction } from '@/lib/i18n';
import { translate } from '@/lib/i18n/translate';
import {
  apiBaseUrl,
  curlExample,
  formatCount,
  keyHint,
  keyLabel,
  keyUsage,
  perKeyLimit,
} from './api-key-text';

function tOf(catalog: unknown, language: string): TFunction {
  const rules = new Intl.PluralRules(language);
  return (key: string, values?: Record<string, string | number | undefined>) =>
    translate(catalog, rules, key, values);
}

function apiKey(overrides: Partial<ApiKeyView> = {}): ApiKeyView {
  return {
    id: 1,
    label: 'Bot',
    hint: 'x9Qz',
    // 2026-03-04 02:05 UTC, 10:05 in the app's display time (UTC+8).
    created_at: Date.UTC(2026, 2, 4, 2, 5),
    last_used_at: null,
    calls_today: 0,
    calls_total: 0,
    limit_per_minute: 120,
    ...overrides,
  };
}

describe('open API texts', () => {
  it('puts the base URL under the origin, whatever its trailing slash', () => {
    expect(apiBaseUrl('https://coinlens.example')).toBe('https://coinlens.example/api/v3');
    expect(apiBaseUrl('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080/api/v3');
  });

  it('writes a curl line that pings with the key in the demo header', () => {
    expect(curlExample('https://coinlens.example/api/v3', 'cl_abc')).toBe(
      'curl -H "x-cg-demo-api-key: cl_abc" https://coinlens.example/api/v3/ping',
    );
  });

  it('shows the end of a secret after an ellipsis, and counts with separators', () => {
    expect(keyHint('x9Qz')).toBe('…x9Qz');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('trims a name and refuses one of spaces only', () => {
    expect(keyLabel('  Trading bot ')).toBe('Trading bot');
    expect(keyLabel('   ')).toBeNull();
    expect(keyLabel('')).toBeNull();
    expect(keyLabel('x'.repeat(50))).toHaveLength(40);
  });

  it('reads the per-key limit from the keys, and knows none before the first key', () => {
    expect(perKeyLimit([])).toBeNull();
    expect(perKeyLimit([apiKey({ limit_per_minute: 300 })])).toBe(300);
  });

  it('describes a key never used, and one used, in each language', () => {
    const used = apiKey({ last_used_at: Date.UTC(2026, 2, 5, 13, 30), calls_today: 12, calls_total: 4321 });
    expect(keyUsage(apiKey(), tOf(en, 'en'))).toEqual({
      created: 'Created 2026-03-04',
      lastUsed: 'Never used',
      calls: 'Calls: 0 today · 0 in all',
    });
    expect(keyUsage(used, tOf(en, 'en'))).toEqual({
      created: 'Created 2026-03-04',
      lastUsed: 'Last used 2026-03-05 21:30',
      calls: 'Calls: 12 today · 4,321 in all',
    });
    expect(keyUsage(used, tOf(vi, 'vi')).calls).toBe('Lượt gọi: hôm nay 12 · tổng 4,321');
    expect(keyUsage(apiKey(), tOf(zhHans, 'zh-Hans')).lastUsed).toBe('从未使用');
  });
});
