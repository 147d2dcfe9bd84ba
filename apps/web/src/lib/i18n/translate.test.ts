import { describe, expect, it } from 'vitest';

import { translate } from './translate';

const catalog = {
  greeting: 'Hello {{name}}, {{ name }}!',
  nested: { deeper: { leaf: 'leaf' } },
  coins_one: '{{count}} coin',
  coins_other: '{{count}} coins',
  onlyOther_other: '{{count}} items',
};
const english = new Intl.PluralRules('en');
const chinese = new Intl.PluralRules('zh-Hans');

describe('translate', () => {
  it('follows dotted keys into nested groups', () => {
    expect(translate(catalog, english, 'nested.deeper.leaf')).toBe('leaf');
  });

  it('fills every placeholder, with or without spaces inside the braces', () => {
    expect(translate(catalog, english, 'greeting', { name: 'Lan' })).toBe('Hello Lan, Lan!');
  });

  it('leaves a placeholder without a value as written', () => {
    expect(translate(catalog, english, 'greeting')).toBe('Hello {{name}}, {{ name }}!');
  });

  it("picks the plural form by the language's rules", () => {
    expect(translate(catalog, english, 'coins', { count: 1 })).toBe('1 coin');
    expect(translate(catalog, english, 'coins', { count: 2 })).toBe('2 coins');
    expect(translate(catalog, english, 'coins', { count: 0 })).toBe('0 coins');
    // Chinese has one form for every number: "other".
    expect(translate(catalog, chinese, 'coins', { count: 1 })).toBe('1 coins');
  });

  it('falls back to the "other" form when the chosen one is missing', () => {
    expect(translate(catalog, english, 'onlyOther', { count: 1 })).toBe('1 items');
  });

  it('answers the default value, else the key itself, for a key the catalog lacks', () => {
    expect(translate(catalog, english, 'coin.issueType.airdrop', { defaultValue: 'airdrop' })).toBe(
      'airdrop',
    );
    expect(translate(catalog, english, 'missing.key')).toBe('missing.key');
    expect(translate(catalog, english, 'nested.deeper')).toBe('nested.deeper');
  });
});
