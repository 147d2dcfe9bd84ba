import { describe, expect, it } from 'vitest';

import { MatchTier, SearchIndex, typoLimit, type SearchEntry } from './search-index.js';
import { boundedEditDistance, searchText } from './search-text.js';

type Kind = 'coin' | 'exchange';

const ENTRIES: SearchEntry<Kind>[] = [
  { id: 'bitcoin', kind: 'coin', symbol: 'BTC', names: ['Bitcoin', '比特币', 'Bitcoin'] },
  { id: 'bitcoin-cash', kind: 'coin', symbol: 'BCH', names: ['Bitcoin Cash', '比特币现金'] },
  { id: 'wrapped-bitcoin', kind: 'coin', symbol: 'WBTC', names: ['Wrapped Bitcoin'] },
  { id: 'bittensor', kind: 'coin', symbol: 'TAO', names: ['Bittensor'] },
  { id: 'ethereum', kind: 'coin', symbol: 'ETH', names: ['Ethereum', '以太坊', 'Ethereum'] },
  { id: 'dong-coin', kind: 'coin', symbol: 'DONG', names: ['Đồng Việt', 'Đồng Việt'] },
  { id: 'binance', kind: 'exchange', names: ['Binance', '币安'] },
  { id: 'bitget', kind: 'exchange', names: ['Bitget'] },
];
const WEIGHT: Record<string, number> = {
  bitcoin: 100,
  'bitcoin-cash': 5,
  'wrapped-bitcoin': 8,
  bittensor: 3,
  ethereum: 50,
  binance: 10,
  bitget: 4,
};
const index = new SearchIndex(ENTRIES);
const ALL = new Set<Kind>(['coin', 'exchange']);
const find = (keyword: string, kinds: ReadonlySet<Kind> = ALL) =>
  index.search(keyword, kinds, (id) => WEIGHT[id] ?? 0);
const ids = (keyword: string, kinds?: ReadonlySet<Kind>) => find(keyword, kinds).map((hit) => hit.id);

describe('search text', () => {
  it('folds case, width, Vietnamese diacritics and đ, and keeps Han characters', () => {
    expect(searchText('  Đồng   VIỆT ')).toBe('dong viet');
    expect(searchText('ＢＴＣ')).toBe('btc');
    expect(searchText('比特币')).toBe('比特币');
  });

  it('measures edit distance within a bound', () => {
    expect(boundedEditDistance('etherum', 'ethereum', 1)).toBe(1);
    expect(boundedEditDistance('bitcion', 'bitcoin', 1)).toBe(1);
    expect(boundedEditDistance('btcioin', 'bitcoin', 1)).toBe(2);
    expect(boundedEditDistance('kitten', 'sitting', 3)).toBe(3);
    expect(boundedEditDistance('abc', 'abcdef', 2)).toBe(3);
    expect(boundedEditDistance('same', 'same', 1)).toBe(0);
  });

  it('forgives no typo in short words, one in middling, two in long ones', () => {
    expect([3, 4, 7, 8].map(typoLimit)).toEqual([0, 1, 1, 2]);
  });
});

describe('the search index', () => {
  it('puts the exact symbol first, then exact names, prefixes and substrings, ties by weight', () => {
    expect(find('btc')[0]).toEqual({ id: 'bitcoin', kind: 'coin', tier: MatchTier.ExactSymbol });
    expect(ids('btc')).toEqual(['bitcoin', 'wrapped-bitcoin']);
    expect(ids('bitcoin')).toEqual(['bitcoin', 'wrapped-bitcoin', 'bitcoin-cash']);
    expect(ids('bit')).toEqual(['bitcoin', 'wrapped-bitcoin', 'bitcoin-cash', 'bitget', 'bittensor']);
  });

  it('finds names in Chinese and Vietnamese without accents', () => {
    expect(ids('比特币')).toEqual(['bitcoin', 'bitcoin-cash']);
    expect(ids('以太')).toEqual(['ethereum']);
    expect(ids('dong viet')).toEqual(['dong-coin']);
    expect(ids('Đồng')).toEqual(['dong-coin']);
  });

  it('forgives typos only where nothing matched exactly', () => {
    expect(find('etherum')).toEqual([{ id: 'ethereum', kind: 'coin', tier: MatchTier.Typo }]);
    expect(ids('binanse')).toEqual(['binance']);
    expect(ids('eth')).toEqual(['ethereum']);
    expect(ids('xyz')).toEqual([]);
  });

  it('narrows to the kinds asked for and ignores blank keywords', () => {
    expect(ids('bi', new Set<Kind>(['exchange']))).toEqual(['binance', 'bitget']);
    expect(ids('   ')).toEqual([]);
  });
});
