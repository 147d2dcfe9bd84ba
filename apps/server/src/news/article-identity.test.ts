import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { articleKey, canonicalUrl, isNearDuplicateTitle, titleFingerprint } from './article-identity.js';
import type { FeedItem } from './feed-parser.js';
import { parseFeed } from './feed-parser.js';

function item(overrides: Partial<FeedItem>): FeedItem {
  return {
    guid: null,
    url: null,
    title: 'Title',
    summaryHtml: '',
    contentHtml: '',
    imageUrl: null,
    publishedAt: null,
    author: null,
    categories: [],
    ...overrides,
  };
}

describe('canonicalUrl', () => {
  it.each<[string, string | null]>([
    ['HTTPS://News.Example.COM/a/b/?utm_source=rss&utm_medium=feed#top', 'https://news.example.com/a/b'],
    [
      'https://news.example.com/a?b=2&a=1&fbclid=x&gclid=y&ref=tw&UTM_Campaign=z',
      'https://news.example.com/a?a=1&b=2',
    ],
    ['https://news.example.com/a?z=1&a=2&a=1', 'https://news.example.com/a?a=1&a=2&z=1'],
    ['https://news.example.com/', 'https://news.example.com/'],
    ['https://news.example.com', 'https://news.example.com/'],
    ['https://news.example.com//', 'https://news.example.com/'],
    ['https://news.example.com:443/x/', 'https://news.example.com/x'],
    ['http://news.example.com:8080/x///', 'http://news.example.com:8080/x'],
    ['https://news.example.com/a?utm_source=x', 'https://news.example.com/a'],
    ['  https://news.example.com/a  ', 'https://news.example.com/a'],
    ['https://news.example.com/search?q=bitcoin%20price', 'https://news.example.com/search?q=bitcoin+price'],
    ['ftp://news.example.com/a', null],
    ['javascript:alert(1)', null],
    ['mailto:a@example.com', null],
    ['/relative/path', null],
    ['', null],
  ])('%j → %j', (input, expected) => {
    expect(canonicalUrl(input)).toBe(expected);
  });

  it('makes the Cointelegraph-style tracking link equal to the clean one', () => {
    expect(
      canonicalUrl(
        'https://cointelegraph.com/news/x?utm_source=rss_feed&utm_medium=rss&utm_campaign=rss_partner_inbound',
      ),
    ).toBe(canonicalUrl('https://cointelegraph.com/news/x/'));
  });

  it('property: idempotent on any web URL', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
        const once = canonicalUrl(url);
        expect(once).not.toBeNull();
        expect(canonicalUrl(once!)).toBe(once);
      }),
      { numRuns: 500 },
    );
  });

  it('property: ignores query order and tracking parameters', () => {
    const param = fc.tuple(fc.stringMatching(/^[a-z]{1,6}$/), fc.string({ maxLength: 8 }));
    fc.assert(
      fc.property(fc.array(param, { maxLength: 6 }), fc.string({ maxLength: 8 }), (params, tracking) => {
        const kept = params.filter(([name]) => !name.startsWith('utm_') && name !== 'ref');
        const query = (list: Array<[string, string]>) => new URLSearchParams(list).toString();
        const a = canonicalUrl(`https://x.example/p?${query(kept)}`);
        const b = canonicalUrl(
          `https://x.example/p?${query([['utm_source', tracking], ...[...kept].reverse()])}`,
        );
        expect(b).toBe(a);
      }),
    );
  });
});

describe('titleFingerprint', () => {
  it('normalises width, case, punctuation and spaces', () => {
    expect(titleFingerprint('  Bitcoin’s “Big” Rally — U.S. ETFs   see $1.2B inflows!  ')).toBe(
      'bitcoins big rally us etfs see 12b inflows',
    );
    expect(titleFingerprint('ＢＴＣ　突破１０万美元！')).toBe('btc 突破10万美元');
    expect(titleFingerprint('!!!')).toBe('');
  });
});

describe('isNearDuplicateTitle', () => {
  it.each<[string, string, boolean]>([
    ['Bitcoin hits $100K as ETF inflows surge', 'Bitcoin Hits $100K as ETF Inflows Surge!', true],
    ['Bitcoin hits $100K as ETF inflows surge', 'Bitcoin hits $100K as ETF inflows surge: report', true], // 7/8
    [
      'Bitcoin hits $100K as ETF inflows surge',
      'Bitcoin hits $100K as ETF inflows surge, analysts report',
      false,
    ], // 7/9
    ['Bitcoin hits $100K as ETF inflows surge', 'Bitcoin falls below $90K as ETF outflows surge', false],
    [
      'SEC approves spot Ether ETFs from BlackRock, Fidelity and five other issuers today',
      'SEC approves spot Ether ETFs from BlackRock, Fidelity and five other issuers',
      true,
    ],
    ['Bitcoin rallies', 'Bitcoin rallies again', false], // too few tokens for a fuzzy match
    ['Bitcoin price up', 'Bitcoin price down', false],
    ['比特币价格今日突破十万美元大关', '比特币价格今日突破十万美元大关！', true],
    ['比特币价格今日突破十万美元大关创下历史新高', '比特币价格今日突破十万美元大关创历史新高', true],
    ['比特币价格今日突破十万美元', '以太坊价格今日跌破三千美元', false],
    ['', '', false],
    ['!!!', '???', false],
  ])('%j vs %j → %j', (a, b, expected) => {
    expect(isNearDuplicateTitle(a, b)).toBe(expected);
    expect(isNearDuplicateTitle(b, a)).toBe(expected);
  });
});

describe('articleKey', () => {
  const FEED = 'https://news.example.com/rss';

  it('uses the guid scoped by the feed host, then the canonical URL, then a hash', () => {
    expect(articleKey(item({ guid: ' abc-1 ', url: 'https://x.example/1' }), FEED)).toBe(
      'guid:news.example.com:abc-1',
    );
    expect(articleKey(item({ url: 'https://X.example/1/?utm_source=rss' }), FEED)).toBe(
      'url:https://x.example/1',
    );
    const hashed = articleKey(item({ title: 'Only a title' }), FEED);
    expect(hashed).toMatch(/^hash:[0-9a-f]{64}$/);
    expect(articleKey(item({ title: 'Only a title' }), FEED)).toBe(hashed);
    expect(articleKey(item({ title: 'Another title' }), FEED)).not.toBe(hashed);
    expect(articleKey(item({ title: 'Only a title' }), 'https://other.example/rss')).not.toBe(hashed);
  });

  it('keeps equal guids of different feeds apart', () => {
    expect(articleKey(item({ guid: '123' }), 'https://a.example/rss')).not.toBe(
      articleKey(item({ guid: '123' }), 'https://b.example/rss'),
    );
  });

  it('finds the duplicates of a hostile feed: same guid, utm variants, near-identical titles', () => {
    const feed = parseFeed(
      Buffer.from(`<?xml version="1.0"?><rss version="2.0"><channel><title>Dupes</title><link>https://d.example/</link>
        <item><title>Ether ETF approval expected this week, analysts say</title><guid>g-1</guid><link>https://d.example/a</link></item>
        <item><title>Ether ETF approval expected this week, analysts say (updated)</title><guid>g-1</guid><link>https://d.example/a?v=2</link></item>
        <item><title>Solana outage halts block production for hours</title><link>https://d.example/sol?utm_source=rss&amp;utm_medium=feed</link></item>
        <item><title>Solana outage halts block production</title><link>https://D.example/sol/#comments</link></item>
        <item><title>XRP wins court ruling against the SEC in landmark case</title><link>https://d.example/xrp-1</link></item>
        <item><title>XRP Wins Court Ruling Against The SEC In Landmark Case!</title><link>https://d.example/xrp-2</link></item>
        <item><title>Dogecoin jumps after Musk tweet</title><link>https://d.example/doge</link></item>
      </channel></rss>`),
      null,
    );
    const keys = feed.items.map((i) => articleKey(i, 'https://d.example/rss'));
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).toBe(keys[3]);
    expect(keys[4]).not.toBe(keys[5]);
    expect(isNearDuplicateTitle(feed.items[4]!.title, feed.items[5]!.title)).toBe(true);

    const unique: FeedItem[] = [];
    const seenKeys = new Set<string>();
    feed.items.forEach((candidate, index) => {
      if (seenKeys.has(keys[index]!)) return;
      if (unique.some((kept) => isNearDuplicateTitle(kept.title, candidate.title))) return;
      seenKeys.add(keys[index]!);
      unique.push(candidate);
    });
    expect(unique.map((i) => i.url)).toEqual([
      'https://d.example/a',
      'https://d.example/sol?utm_source=rss&utm_medium=feed',
      'https://d.example/xrp-1',
      'https://d.example/doge',
    ]);
  });
});
