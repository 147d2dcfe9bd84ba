/**
 * Public sources read when the market is live and nothing else is configured (`NEWS_FEEDS`, `OFFICIAL_SOURCES`
 * override them): the Quicktake tab then shows today's news in the three app languages, and the top coins'
 * official posts become announcement flashes. Never read with the simulator, so an offline start (and every
 * test) stays off the network.
 */
export const DEFAULT_NEWS_FEEDS: readonly string[] = [
  // English
  'https://www.coindesk.com/arc/outboundfeeds/rss/',
  'https://cointelegraph.com/rss',
  'https://decrypt.co/feed',
  // Vietnamese
  'https://coin68.com/feed/',
  'https://tapchibitcoin.io/feed',
  // Simplified Chinese
  'https://rss.odaily.news/rss/newsflash',
  'https://rss.odaily.news/rss/post',
];

/** Official blogs (feeds) or news pages (watched for changes) of the largest coins, by CoinGecko id. */
export const DEFAULT_OFFICIAL_SOURCES: readonly { coinId: string; url: string }[] = [
  { coinId: 'bitcoin', url: 'https://bitcoincore.org/en/rss.xml' },
  { coinId: 'ethereum', url: 'https://blog.ethereum.org/feed.xml' },
  { coinId: 'solana', url: 'https://solana.com/news/rss.xml' },
  { coinId: 'ripple', url: 'https://ripple.com/insights/' },
  { coinId: 'tether', url: 'https://tether.io/news/' },
  { coinId: 'cardano', url: 'https://cardano.org/news/' },
];

/** The feeds and official sources to read: the configured ones, else the defaults when the market is live. */
export function newsSources(
  configured: { newsFeeds: readonly string[]; officialSources: readonly { coinId: string; url: string }[] },
  live: boolean,
): { newsFeeds: readonly string[]; officialSources: readonly { coinId: string; url: string }[] } {
  return {
    newsFeeds: configured.newsFeeds.length > 0 || !live ? configured.newsFeeds : DEFAULT_NEWS_FEEDS,
    officialSources:
      configured.officialSources.length > 0 || !live ? configured.officialSources : DEFAULT_OFFICIAL_SOURCES,
  };
}
