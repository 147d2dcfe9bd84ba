/**
 * Real captures of two crypto news feeds (see PROVENANCE.md in the folder): the parser, sanitiser and coin
 * tagger against what publishers really send. Skipped when the shared data folder is not there.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { beforeAll, describe, expect, it } from 'vitest';

import { articleKey, canonicalUrl } from './article-identity.js';
import { createCoinTagger } from './coin-tagger.js';
import type { ParsedFeed } from './feed-parser.js';
import { parseFeed } from './feed-parser.js';
import { htmlToText, sanitiseArticleHtml } from './html-sanitiser.js';
import { decodeXmlText } from './xml-tree.js';

const folder = fileURLToPath(new URL('../../../../../shared/external/realdata/rss/', import.meta.url));

const CAPTURES = [
  { file: 'cointelegraph_rss_2026-09-30.xml', items: 30, host: 'cointelegraph.com' },
  { file: 'coindesk_rss_2026-09-30.xml', items: 25, host: 'www.coindesk.com' },
] as const;

// Both captures were taken on 30 Sep 2026 and hold about two days of items.
const EARLIEST = Date.UTC(2026, 8, 20);
const LATEST = Date.UTC(2026, 9, 1);

const COINS = [
  { id: 'bitcoin', symbol: 'btc', names: ['Bitcoin', '比特币'] },
  { id: 'ethereum', symbol: 'eth', names: ['Ethereum', 'Ether', '以太坊'] },
  { id: 'tether', symbol: 'usdt', names: ['Tether'] },
  { id: 'ripple', symbol: 'xrp', names: ['XRP'] },
  { id: 'solana', symbol: 'sol', names: ['Solana'] },
  { id: 'cardano', symbol: 'ada', names: ['Cardano'] },
  { id: 'polkadot', symbol: 'dot', names: ['Polkadot'] },
  { id: 'dogecoin', symbol: 'doge', names: ['Dogecoin'] },
];

/** The raw `<item>` blocks of a capture, in order, to compare parsed fields with what the file says. */
function rawItems(xml: string): string[] {
  return [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((match) => match[1] ?? '');
}

describe.skipIf(!existsSync(folder))('real feed captures', () => {
  describe.each(CAPTURES)('$file', ({ file, items: expectedItems, host }) => {
    // Read in beforeAll: describe bodies also run when the suite is skipped.
    let xml = '';
    let feed: ParsedFeed = { title: '', link: null, items: [] };
    beforeAll(() => {
      const body = readFileSync(`${folder}${file}`);
      xml = body.toString('utf8');
      feed = parseFeed(body, 'application/rss+xml; charset=utf-8');
    });

    it('has every item, each with a title and an http(s) URL on the publisher host', () => {
      expect(feed.items.length).toBeGreaterThan(10);
      expect(feed.items).toHaveLength(expectedItems);
      expect(feed.title).not.toBe('');
      expect(feed.link).toMatch(/^https:\/\//);
      for (const item of feed.items) {
        expect(item.title.trim()).not.toBe('');
        expect(item.title).not.toMatch(/<|&[a-z#0-9]+;|CDATA/i);
        expect(item.url).toMatch(/^https?:\/\//);
        expect(new URL(item.url!).host).toBe(host);
      }
    });

    it('parses every date to a plausible instant, newest first as published', () => {
      const dates = feed.items.map((item) => item.publishedAt);
      for (const date of dates) {
        expect(date).not.toBeNull();
        expect(date!).toBeGreaterThanOrEqual(EARLIEST);
        expect(date!).toBeLessThan(LATEST);
      }
      const raw = rawItems(xml).map((item) => /<pubDate>([^<]+)<\/pubDate>/.exec(item)?.[1]);
      expect(dates).toEqual(raw.map((text) => Date.parse(text!)));
    });

    it('finds the picture of every item that has a media tag', () => {
      const raw = rawItems(xml);
      expect(raw).toHaveLength(feed.items.length);
      let withMedia = 0;
      feed.items.forEach((item, index) => {
        const mediaUrl = /<media:content[^>]*\burl="([^"]+)"/.exec(raw[index]!)?.[1];
        if (mediaUrl === undefined) return;
        withMedia++;
        expect(item.imageUrl).toBe(decodeXmlText(mediaUrl));
      });
      expect(withMedia).toBeGreaterThan(10);
    });

    it('sanitises every item to inert HTML that keeps its text', () => {
      for (const item of feed.items) {
        for (const html of [item.summaryHtml, item.contentHtml]) {
          const clean = sanitiseArticleHtml(html, item.url ?? feed.link);
          expect(clean).not.toMatch(/<script/i);
          expect(clean).not.toMatch(/\son\w+=/i);
          expect(clean).not.toMatch(/javascript:/i);
          expect(clean).not.toMatch(/\sstyle=/i);
          expect(htmlToText(clean)).toBe(htmlToText(html));
        }
      }
    });

    it('gives every item a distinct identity', () => {
      const keys = feed.items.map((item) => articleKey(item, `https://${host}/rss`));
      expect(new Set(keys).size).toBe(keys.length);
      const urls = feed.items.map((item) => canonicalUrl(item.url!));
      expect(new Set(urls).size).toBe(urls.length);
      for (const url of urls) expect(url).not.toMatch(/utm_/);
    });

    it('tags Bitcoin in every item whose title names it', () => {
      const tag = createCoinTagger(COINS);
      const aboutBitcoin = feed.items.filter((item) => /\bbitcoin\b/i.test(item.title));
      expect(aboutBitcoin.length).toBeGreaterThan(0);
      for (const item of aboutBitcoin) expect(tag(item.title)).toContain('bitcoin');
      for (const item of feed.items.filter((i) => !/bitcoin|btc/i.test(i.title)))
        expect(tag(item.title)).not.toContain('bitcoin');
    });
  });

  it('reads the Cointelegraph specifics: CDATA links with raw "&", authors, categories', () => {
    const feed = parseFeed(readFileSync(`${folder}${CAPTURES[0].file}`), null);
    const first = feed.items[0]!;
    expect(first.url).toBe(
      'https://cointelegraph.com/news/brazils-petrobras-uses-cardano-to-track-sustainable-aviation-fuel-renewable-diesel?utm_source=rss_feed&utm_medium=rss&utm_campaign=rss_partner_inbound',
    );
    expect(first.title).toBe(
      'Brazil’s Petrobras uses Cardano to track sustainable aviation fuel, renewable diesel',
    );
    expect(first.author).toBe('Cointelegraph by Nate Kostar');
    expect(first.categories).toEqual(['Latest News']);
    expect(first.publishedAt).toBe(Date.UTC(2026, 8, 30, 17, 17, 54));
    expect(createCoinTagger(COINS)(first.title)).toEqual(['cardano']);
  });

  it('reads the CoinDesk specifics: several dc:creator, CDATA categories, empty content:encoded', () => {
    const feed = parseFeed(readFileSync(`${folder}${CAPTURES[1].file}`), null);
    const first = feed.items[0]!;
    expect(first.guid).toBe('aae5dfb1-54bc-455f-a89a-5ec5d919c3b0');
    expect(first.categories).toEqual(['News Analysis', 'Regulation', 'Clarity Act', 'Coinbase', 'News']);
    expect(first.contentHtml).toBe(first.summaryHtml);
    expect(first.summaryHtml).toMatch(/^In the first half of this year/);
    expect(feed.items.some((item) => (item.author ?? '').includes(', '))).toBe(true);
  });
});
