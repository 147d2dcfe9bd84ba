import { describe, expect, it } from 'vitest';

import type { ParsedFeed } from './feed-parser.js';
import { FeedParseError, MAX_FEED_ITEMS, parseFeed, parseFeedDate } from './feed-parser.js';

const utf8 = (text: string) => Buffer.from(text, 'utf8');

function rss(items: string, channelExtra = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"
     xmlns:media="http://search.yahoo.com/mrss/" xmlns:dc="http://purl.org/dc/elements/1.1/"
     xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>Example News</title>
    <link>https://news.example.com/</link>
    <atom:link href="https://news.example.com/feed.xml" rel="self" type="application/rss+xml"/>
    ${channelExtra}
    ${items}
  </channel>
</rss>`;
}

function parse(xml: string, contentType: string | null = 'application/rss+xml; charset=utf-8'): ParsedFeed {
  return parseFeed(utf8(xml), contentType);
}

function onlyItem(feed: ParsedFeed) {
  expect(feed.items).toHaveLength(1);
  return feed.items[0]!;
}

describe('parseFeed: RSS 2.0', () => {
  it('reads channel and item fields, content:encoded, dc:creator, media:content and categories', () => {
    const feed = parse(
      rss(`<item>
        <title>Bitcoin &amp; Ether rally</title>
        <link>https://news.example.com/a/1?x=1&amp;y=2</link>
        <guid isPermaLink="false">abc-123</guid>
        <pubDate>Wed, 30 Sep 2026 17:17:54 +0000</pubDate>
        <description><![CDATA[<p>Short <b>summary</b></p>]]></description>
        <content:encoded><![CDATA[<p>Full <i>article</i></p>]]></content:encoded>
        <dc:creator>Jane Doe</dc:creator>
        <dc:creator>John Roe</dc:creator>
        <media:content url="https://img.example.com/1.jpg?w=1&amp;h=2" medium="image" type="image/jpeg"/>
        <category>Markets</category>
        <category domain="tag"><![CDATA[Bitcoin]]></category>
        <category>Markets</category>
      </item>`),
    );
    expect(feed.title).toBe('Example News');
    expect(feed.link).toBe('https://news.example.com/');
    expect(onlyItem(feed)).toEqual({
      guid: 'abc-123',
      url: 'https://news.example.com/a/1?x=1&y=2',
      title: 'Bitcoin & Ether rally',
      summaryHtml: '<p>Short <b>summary</b></p>',
      contentHtml: '<p>Full <i>article</i></p>',
      imageUrl: 'https://img.example.com/1.jpg?w=1&h=2',
      publishedAt: Date.UTC(2026, 8, 30, 17, 17, 54),
      author: 'Jane Doe, John Roe',
      categories: ['Markets', 'Bitcoin'],
    });
  });

  it('does not take atom:link of the channel for the RSS link', () => {
    const feed = parse(
      rss('<item><title>t</title></item>').replace('<link>https://news.example.com/</link>', ''),
    );
    expect(feed.link).toBeNull();
  });

  it('uses a permalink guid as the URL when there is no link, but not a guid marked isPermaLink="false"', () => {
    const feed = parse(
      rss(`<item><title>One</title><guid>https://news.example.com/one</guid></item>
           <item><title>Two</title><guid isPermaLink="false">https://news.example.com/two</guid></item>`),
    );
    expect(feed.items.map((item) => item.url)).toEqual(['https://news.example.com/one', null]);
  });

  it('resolves a relative item link against the channel link and refuses non-http links', () => {
    const feed = parse(
      rss(`<item><title>Rel</title><link>/news/rel</link></item>
           <item><title>JS</title><link>javascript:alert(1)</link></item>
           <item><title>Data</title><link>data:text/html,hi</link></item>`),
    );
    expect(feed.items.map((item) => item.url)).toEqual(['https://news.example.com/news/rel', null, null]);
  });

  it('drops items with neither a title nor a link, keeps items with one of them', () => {
    const feed = parse(
      rss(`<item><description>nothing else</description></item>
           <item><link>https://news.example.com/only-link</link></item>
           <item><title>Only title</title></item>
           <item><title>  </title><link>javascript:void(0)</link></item>`),
    );
    expect(feed.items.map((item) => [item.title, item.url])).toEqual([
      ['', 'https://news.example.com/only-link'],
      ['Only title', null],
    ]);
  });

  it('uses the summary as content when there is no content:encoded, or an empty one', () => {
    const feed = parse(
      rss(`<item><title>a</title><description>&lt;p&gt;Hi&lt;/p&gt;</description><content:encoded/></item>`),
    );
    expect(onlyItem(feed)).toMatchObject({ summaryHtml: '<p>Hi</p>', contentHtml: '<p>Hi</p>' });
  });

  it('finds images in media:group thumbnails, image enclosures and, failing those, the first <img>', () => {
    const feed = parse(
      rss(`<item><title>group</title><media:group>
             <media:content url="https://v.example.com/clip.mp4" type="video/mp4"/>
             <media:thumbnail url="https://img.example.com/thumb.jpg"/></media:group></item>
           <item><title>enclosure</title>
             <enclosure url="https://cdn.example.com/a.mp3" type="audio/mpeg" length="1"/>
             <enclosure url="https://cdn.example.com/b.png" type="image/png" length="1"/></item>
           <item><title>inline</title><link>https://news.example.com/x/</link>
             <description><![CDATA[<img src="data:image/png;base64,AAAA"><p><img alt="a" src='pics/c.webp?a=1&amp;b=2'></p>]]></description></item>
           <item><title>none</title><description>&lt;img src="javascript:alert(1)"&gt;</description></item>`),
    );
    expect(feed.items.map((item) => item.imageUrl)).toEqual([
      'https://img.example.com/thumb.jpg',
      'https://cdn.example.com/b.png',
      null, // the first <img> is a data: URL, which is not an http(s) picture
      null,
    ]);
    const inline = parse(
      rss(`<item><title>inline</title><link>https://news.example.com/x/</link>
             <description><![CDATA[<p><img alt="a" src='pics/c.webp?a=1&amp;b=2'></p>]]></description></item>`),
    );
    expect(onlyItem(inline).imageUrl).toBe('https://news.example.com/x/pics/c.webp?a=1&b=2');
  });

  it('reads the name out of an RSS author e-mail', () => {
    const feed = parse(rss('<item><title>a</title><author>jane@example.com (Jane Doe)</author></item>'));
    expect(onlyItem(feed).author).toBe('Jane Doe');
  });
});

describe('parseFeed: text handling', () => {
  it('strips tags from titles and decodes entities, including double-escaped ones', () => {
    const feed = parse(
      rss(`<item><title>&lt;b&gt;Bitcoin&lt;/b&gt; &amp;amp; Ether&#8217;s &#x201C;rally&#x201D; &nbsp;now</title></item>
           <item><title><![CDATA[<em>Solana</em> &amp; friends]]></title></item>
           <item><title>A <![CDATA[<B>]]> C</title></item>`),
    );
    expect(feed.items.map((item) => item.title)).toEqual([
      'Bitcoin & Ether’s “rally” now',
      'Solana & friends',
      'A C', // "<B>" inside CDATA is markup in an HTML title, so it goes
    ]);
  });

  it('keeps number-like text as written', () => {
    const feed = parse(rss('<item><title>007</title><guid>1e5</guid></item>'));
    expect(onlyItem(feed)).toMatchObject({ title: '007', guid: '1e5' });
  });

  it('accepts the bare ampersands real feeds contain, and leaves CDATA undecoded', () => {
    const feed = parse(
      rss(`<item><title>AT&T buys & sells</title><link>https://news.example.com/?a=1&b=2</link>
           <description><![CDATA[<p>&amp;lt; stays</p>]]></description></item>`),
    );
    expect(onlyItem(feed)).toMatchObject({
      title: 'AT&T buys & sells',
      url: 'https://news.example.com/?a=1&b=2',
      summaryHtml: '<p>&amp;lt; stays</p>',
    });
  });

  it('caps titles at 300 characters on a word boundary', () => {
    const long = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    const title = onlyItem(parse(rss(`<item><title>  ${long}  </title></item>`))).title;
    expect(title.length).toBeLessThanOrEqual(300);
    expect(title.endsWith('…')).toBe(true);
    expect(long.startsWith(title.slice(0, -1))).toBe(true);
    expect(title.slice(0, -1)).toMatch(/word\d+$/);
  });

  it('removes characters XML forbids instead of failing the feed', () => {
    const feed = parse(rss('<item><title>Bit\u0001coin\u0008 news</title></item>'));
    expect(onlyItem(feed).title).toBe('Bitcoin news');
  });
});

describe('parseFeed: limits', () => {
  it(`parses at most ${MAX_FEED_ITEMS} items`, () => {
    const items = Array.from({ length: 250 }, (_, i) => `<item><title>Item ${i}</title></item>`).join('');
    const feed = parse(rss(items));
    expect(feed.items).toHaveLength(MAX_FEED_ITEMS);
    expect(feed.items.at(-1)?.title).toBe(`Item ${MAX_FEED_ITEMS - 1}`);
  });

  it('keeps an item whose content exceeds 512 KB, with its summary as content', () => {
    const huge = `<p>${'x'.repeat(600 * 1024)}</p>`;
    const feed = parse(
      rss(`<item><title>Huge</title><link>https://news.example.com/huge</link>
             <description>Short version</description>
             <content:encoded><![CDATA[${huge}]]></content:encoded></item>
           <item><title>Huge without summary</title><content:encoded><![CDATA[${huge}]]></content:encoded></item>
           <item><title>Normal</title><content:encoded>ok</content:encoded></item>`),
    );
    expect(feed.items.map((item) => [item.title, item.summaryHtml, item.contentHtml])).toEqual([
      ['Huge', 'Short version', 'Short version'],
      ['Huge without summary', '', ''],
      ['Normal', '', 'ok'],
    ]);
  });

  it('counts the limit in UTF-8 bytes: 200 k Chinese characters (600 KB) are too many', () => {
    const feed = parse(
      rss(`<item><title>中文</title><description>摘要</description>
           <content:encoded>${'币'.repeat(200_000)}</content:encoded></item>`),
    );
    expect(onlyItem(feed).contentHtml).toBe('摘要');
  });
});

describe('parseFeed: rejects what is not a feed', () => {
  const cases: Array<[string, string | Buffer]> = [
    ['empty', ''],
    ['whitespace', '  \n\t '],
    ['JSON', '{"items": []}'],
    ['broken XML (mismatched tags)', '<rss><channel><title>x</channel></rss>'],
    ['broken XML (unclosed)', '<rss version="2.0"><channel><title>x</title><item><title>y</title>'],
    ['broken XML (garbage after the root)', '<rss><channel/></rss><<<'],
    ['an HTML page', '<!DOCTYPE html><html><head><title>Hi</title></head><body><p>Hi<br></body></html>'],
    ['an XHTML page', '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body/></html>'],
    [
      'other XML',
      '<?xml version="1.0"?><sitemapindex><sitemap><loc>https://x</loc></sitemap></sitemapindex>',
    ],
    ['RSS without a channel', '<rss version="2.0"><item><title>x</title></item></rss>'],
    ['binary noise', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0])],
  ];
  it.each(cases)('%s → FeedParseError', (_, input) => {
    const body = typeof input === 'string' ? utf8(input) : input;
    expect(() => parseFeed(body, 'text/xml')).toThrow(FeedParseError);
  });

  it('does not expand entity declarations (billion laughs)', () => {
    const lol = `<?xml version="1.0"?>
<!DOCTYPE rss [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<rss version="2.0"><channel><title>&lol3;</title><item><title>a &lol; b &lol3;</title></item></channel></rss>`;
    const started = performance.now();
    let feed: ParsedFeed | undefined;
    try {
      feed = parseFeed(utf8(lol), null);
    } catch (error) {
      expect(error).toBeInstanceOf(FeedParseError);
    }
    expect(performance.now() - started).toBeLessThan(1_000);
    if (feed !== undefined) {
      expect(feed.items[0]?.title.length ?? 0).toBeLessThan(40);
      expect(feed.items[0]?.title).not.toContain('lollol');
    }
  });

  it('never reads external entities (XXE)', () => {
    const xxe = `<?xml version="1.0"?>
<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<rss version="2.0"><channel><title>x</title><item><title>&xxe;</title></item></channel></rss>`;
    let text = '';
    try {
      text = JSON.stringify(parseFeed(utf8(xxe), null));
    } catch (error) {
      expect(error).toBeInstanceOf(FeedParseError);
    }
    expect(text).not.toContain('root:');
  });

  it('accepts the old RSS 0.91 DOCTYPE with an external DTD', () => {
    const feed = parseFeed(
      utf8(`<?xml version="1.0"?>
<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">
<rss version="0.91"><channel><title>Old</title><link>http://old.example.com/</link>
<item><title>One</title><link>http://old.example.com/1</link></item></channel></rss>`),
      null,
    );
    expect(feed.items.map((item) => item.url)).toEqual(['http://old.example.com/1']);
  });

  it('survives nesting deeper than the parser allows by failing cleanly', () => {
    const deep = rss(
      `<item><title>x</title><description>${'<div>'.repeat(500)}${'</div>'.repeat(500)}</description></item>`,
    );
    expect(() => parse(deep)).toThrow(FeedParseError);
  });
});

describe('parseFeed: character encodings', () => {
  const latin1Feed = `<?xml version="1.0" encoding="ISO-8859-1"?>
<rss version="2.0"><channel><title>Caf\u00e9 cr\u00e8me</title>
<item><title>Caf\u00e9 \u00e0 Z\u00fcrich</title><link>https://x.example/1</link></item></channel></rss>`;

  it('decodes ISO-8859-1 declared in the XML prolog', () => {
    const body = Buffer.from(latin1Feed, 'latin1');
    expect(body.includes(Buffer.from('Caf\u00e9', 'utf8'))).toBe(false); // really not UTF-8
    const feed = parseFeed(body, 'application/rss+xml');
    expect(feed.title).toBe('Café crème');
    expect(feed.items[0]?.title).toBe('Café à Zürich');
  });

  it('decodes GBK declared in the Content-Type charset', () => {
    const gbkBitcoin = Buffer.from([0xb1, 0xc8, 0xcc, 0xd8, 0xb1, 0xd2]); // 比特币
    const body = Buffer.concat([
      Buffer.from('<?xml version="1.0"?><rss version="2.0"><channel><title>'),
      gbkBitcoin,
      Buffer.from('</title><item><title>'),
      gbkBitcoin,
      Buffer.from(' ETF</title><link>https://x.example/1</link></item></channel></rss>'),
    ]);
    const feed = parseFeed(body, 'text/xml; charset="GBK"');
    expect(feed.title).toBe('比特币');
    expect(feed.items[0]?.title).toBe('比特币 ETF');
  });

  it('prefers the Content-Type charset over the prolog', () => {
    const body = Buffer.from(latin1Feed.replace('ISO-8859-1', 'UTF-8'), 'latin1');
    expect(parseFeed(body, 'text/xml; charset=iso-8859-1').items[0]?.title).toBe('Café à Zürich');
  });

  it('reads windows-1252 curly quotes', () => {
    const body = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="windows-1252"?><rss><channel><title>t</title><item><title>'),
      Buffer.from([0x93, 0x48, 0x6f, 0x64, 0x6c, 0x94, 0x20, 0x96, 0x20, 0x80, 0x35]), // “Hodl” – €5
      Buffer.from('</title></item></channel></rss>'),
    ]);
    expect(parseFeed(body, null).items[0]?.title).toBe('“Hodl” – €5');
  });

  it('falls back to UTF-8 for an unknown charset', () => {
    const body = utf8(rss('<item><title>Ünïcödé ✓</title></item>'));
    expect(parseFeed(body, 'text/xml; charset=x-no-such-charset').items[0]?.title).toBe('Ünïcödé ✓');
  });

  it('skips a UTF-8 byte-order mark, which also outranks a wrong header', () => {
    const body = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      utf8(rss('<item><title>Café ✓</title></item>')),
    ]);
    expect(parseFeed(body, 'application/rss+xml').items[0]?.title).toBe('Café ✓');
    expect(parseFeed(body, 'text/xml; charset=iso-8859-1').items[0]?.title).toBe('Café ✓');
  });

  it('reads UTF-16 with a byte-order mark', () => {
    const text = rss('<item><title>以太坊 Ethereum</title></item>').replace('UTF-8', 'UTF-16');
    const body = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(parseFeed(body, null).items[0]?.title).toBe('以太坊 Ethereum');
  });
});

describe('parseFeed: Atom 1.0', () => {
  const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" xml:base="https://blog.example.org/">
  <title type="html">Chain &amp;lt;Blog&amp;gt;</title>
  <link rel="self" href="https://blog.example.org/atom.xml"/>
  <link rel="alternate" type="text/html" href="https://blog.example.org/"/>
  <author><name>Feed Author</name></author>
  <id>urn:uuid:feed</id>
  <updated>2026-09-30T10:00:00Z</updated>
  <entry>
    <title type="text">Ethereum &lt;3 upgrade</title>
    <link rel="self" href="/entries/1.xml"/>
    <link rel="alternate" type="text/html" href="posts/1"/>
    <link rel="enclosure" type="image/jpeg" href="/img/1.jpg"/>
    <id>urn:uuid:1</id>
    <published>2026-09-30T08:00:00+02:00</published>
    <updated>2026-09-30T09:00:00Z</updated>
    <author><name>Alice</name></author>
    <author><name>Bob</name></author>
    <category term="eth" label="Ethereum"/>
    <category term="defi"/>
    <summary type="text">1 &lt; 2 &amp; more</summary>
    <content type="html">&lt;p&gt;Hello &lt;b&gt;world&lt;/b&gt;&lt;/p&gt;</content>
  </entry>
  <entry>
    <title>XHTML entry</title>
    <link href="https://elsewhere.example.net/2"/>
    <id>urn:uuid:2</id>
    <updated>2026-09-29T12:30:00.250Z</updated>
    <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Hi <b>there</b> &amp; <a href="/x">link</a></p><br/></div></content>
  </entry>
  <entry>
    <title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Only <i>a</i> title</div></title>
    <id>urn:uuid:3</id>
    <content src="https://blog.example.org/out-of-line"/>
    <media:thumbnail url="https://blog.example.org/t3.png"/>
  </entry>
</feed>`;

  it('reads entries, links, text constructs, dates, authors and categories', () => {
    const feed = parse(atom, 'application/atom+xml');
    expect(feed.title).toBe('Chain <Blog>');
    expect(feed.link).toBe('https://blog.example.org/');
    expect(feed.items).toHaveLength(3);
    const [first, second, third] = feed.items;
    expect(first).toEqual({
      guid: 'urn:uuid:1',
      url: 'https://blog.example.org/posts/1',
      title: 'Ethereum <3 upgrade',
      summaryHtml: '1 &lt; 2 &amp; more',
      contentHtml: '<p>Hello <b>world</b></p>',
      imageUrl: 'https://blog.example.org/img/1.jpg',
      publishedAt: Date.UTC(2026, 8, 30, 6, 0, 0),
      author: 'Alice, Bob',
      categories: ['Ethereum', 'defi'],
    });
    expect(second).toMatchObject({
      url: 'https://elsewhere.example.net/2',
      title: 'XHTML entry',
      contentHtml: '<p>Hi <b>there</b> &amp; <a href="/x">link</a></p><br>',
      publishedAt: Date.UTC(2026, 8, 29, 12, 30, 0, 250),
      author: 'Feed Author',
    });
    expect(third).toMatchObject({
      title: 'Only a title',
      url: null,
      contentHtml: '',
      imageUrl: 'https://blog.example.org/t3.png',
      publishedAt: null,
    });
  });
});

describe('parseFeed: RSS 1.0 / RDF', () => {
  it('reads items beside the channel, rdf:about and dc:date', () => {
    const feed = parse(
      `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
         xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel rdf:about="https://rdf.example.jp/">
    <title>RDF ニュース</title><link>https://rdf.example.jp/</link>
    <items><rdf:Seq><rdf:li rdf:resource="https://rdf.example.jp/1"/></rdf:Seq></items>
  </channel>
  <item rdf:about="https://rdf.example.jp/1">
    <title>ビットコイン急騰</title><link>https://rdf.example.jp/1</link>
    <description>本文</description>
    <dc:date>2026-09-30T09:15:00+09:00</dc:date>
    <dc:creator>記者</dc:creator>
    <dc:subject>暗号資産</dc:subject>
  </item>
</rdf:RDF>`,
      'application/rdf+xml',
    );
    expect(feed).toEqual({
      title: 'RDF ニュース',
      link: 'https://rdf.example.jp/',
      items: [
        {
          guid: 'https://rdf.example.jp/1',
          url: 'https://rdf.example.jp/1',
          title: 'ビットコイン急騰',
          summaryHtml: '本文',
          contentHtml: '本文',
          imageUrl: null,
          publishedAt: Date.UTC(2026, 8, 30, 0, 15),
          author: '記者',
          categories: ['暗号資産'],
        },
      ],
    });
  });
});

describe('parseFeedDate', () => {
  const cases: Array<[string, number | null]> = [
    ['Wed, 30 Sep 2026 17:17:54 +0000', Date.UTC(2026, 8, 30, 17, 17, 54)],
    ['Wed, 30 Sep 2026 17:17:54 GMT', Date.UTC(2026, 8, 30, 17, 17, 54)],
    ['30 Sep 2026 17:17 +0200', Date.UTC(2026, 8, 30, 15, 17)],
    ['Wed, 30 Sep 26 17:17:54 EST', Date.UTC(2026, 8, 30, 22, 17, 54)],
    ['Wednesday, 30 September 2026 17:17:54 PDT', Date.UTC(2026, 9, 1, 0, 17, 54)],
    ['Wed, 30 Sep 2026 17:17:54 GMT+0800', Date.UTC(2026, 8, 30, 9, 17, 54)],
    ['Wed, 30 Sep 2026 17:17:54', Date.UTC(2026, 8, 30, 17, 17, 54)],
    ['2026-09-30T17:17:54Z', Date.UTC(2026, 8, 30, 17, 17, 54)],
    ['2026-09-30T17:17:54.5+05:30', Date.UTC(2026, 8, 30, 11, 47, 54, 500)],
    ['2026-09-30 17:17:54', Date.UTC(2026, 8, 30, 17, 17, 54)],
    ['2026-09-30', Date.UTC(2026, 8, 30)],
    ['Wed, 31 Feb 2026 10:00:00 GMT', null],
    ['yesterday', null],
    ['', null],
    ['0000-01-01T00:00:00Z', null],
  ];
  it.each(cases)('%j → %j', (text, expected) => {
    expect(parseFeedDate(text)).toBe(expected);
  });
});
