import { describe, expect, it } from 'vitest';

import { DEFAULT_NEWS_FEEDS, DEFAULT_OFFICIAL_SOURCES, newsSources } from './default-sources.js';

const NONE = { newsFeeds: [], officialSources: [] };

describe('newsSources', () => {
  it('reads the default feeds and official sources only when the market is live', () => {
    expect(newsSources(NONE, true)).toEqual({
      newsFeeds: DEFAULT_NEWS_FEEDS,
      officialSources: DEFAULT_OFFICIAL_SOURCES,
    });
    // The simulator means offline (and every test): nothing leaves the machine.
    expect(newsSources(NONE, false)).toEqual(NONE);
  });

  it('prefers what is configured', () => {
    const configured = {
      newsFeeds: ['https://example.org/feed.xml'],
      officialSources: [{ coinId: 'bitcoin', url: 'https://example.org/btc' }],
    };
    expect(newsSources(configured, true)).toEqual(configured);
  });

  it('covers the three app languages', () => {
    const hosts = DEFAULT_NEWS_FEEDS.map((url) => new URL(url).hostname);
    expect(hosts).toEqual(expect.arrayContaining(['cointelegraph.com', 'coin68.com', 'rss.odaily.news']));
  });
});
