import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('fills every default for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      // The repository's data folder whatever the working directory (npm start runs in apps/server).
      DATA_DIR: path.resolve(fileURLToPath(new URL('../../../../data/', import.meta.url))),
      APP_ID: 'coinlens-web',
      LOG_LEVEL: 'info',
      BLOCKED_REGIONS: [],
      TRUST_PROXY: false,
      RATE_LIMIT_PER_MINUTE: 600,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('defaults the market to auto with the live sources at their public addresses', () => {
    expect(loadConfig({})).toMatchObject({
      MARKET_SOURCE: 'auto',
      MARKET_AUTO_PROBE_MS: 5_000,
      COINGECKO_BASE_URL: 'https://api.coingecko.com/api/v3',
      DEFILLAMA_BASE_URL: 'https://api.llama.fi',
      COINMETRICS_BASE_URL: 'https://community-api.coinmetrics.io/v4',
      GITHUB_API_URL: 'https://api.github.com',
      CCXT_EXCHANGES: ['binance', 'kraken', 'coinbase', 'bitstamp', 'gemini'],
      CCXT_URL_OVERRIDES: {},
    });
    expect(loadConfig({}).GITHUB_TOKEN).toBeUndefined();
  });

  it('reads the market sources, ccxt venues and URL overrides, and refuses bad ones', () => {
    const config = loadConfig({
      MARKET_SOURCE: 'live',
      MARKET_AUTO_PROBE_MS: '800',
      DEFILLAMA_BASE_URL: 'http://127.0.0.1:4001',
      COINMETRICS_BASE_URL: 'http://127.0.0.1:4004',
      GITHUB_API_URL: 'http://127.0.0.1:4002',
      GITHUB_TOKEN: 'ghp_x',
      CCXT_EXCHANGES: 'kraken, binance',
      CCXT_URL_OVERRIDES: 'binance=http://127.0.0.1:4003,kraken=http://127.0.0.1:4003/k?a=b',
    });
    expect(config).toMatchObject({
      MARKET_SOURCE: 'live',
      MARKET_AUTO_PROBE_MS: 800,
      DEFILLAMA_BASE_URL: 'http://127.0.0.1:4001',
      COINMETRICS_BASE_URL: 'http://127.0.0.1:4004',
      GITHUB_API_URL: 'http://127.0.0.1:4002',
      GITHUB_TOKEN: 'ghp_x',
      CCXT_EXCHANGES: ['kraken', 'binance'],
      CCXT_URL_OVERRIDES: { binance: 'http://127.0.0.1:4003', kraken: 'http://127.0.0.1:4003/k?a=b' },
    });
    for (const source of ['simulator', 'coingecko', 'auto'])
      expect(loadConfig({ MARKET_SOURCE: source }).MARKET_SOURCE).toBe(source);
    expect(() => loadConfig({ MARKET_SOURCE: 'binance' })).toThrow(ConfigError);
    expect(() => loadConfig({ CCXT_EXCHANGES: 'Binance!' })).toThrow(ConfigError);
    expect(() => loadConfig({ CCXT_URL_OVERRIDES: 'binance' })).toThrow(ConfigError);
    expect(() => loadConfig({ DEFILLAMA_BASE_URL: 'ftp://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ COINMETRICS_BASE_URL: 'ftp://x' })).toThrow(ConfigError);
  });

  it('reads news feeds and official sources, and refuses what is not a URL', () => {
    const config = loadConfig({
      NEWS_FEEDS: 'https://cointelegraph.com/rss, https://www.coindesk.com/arc/outboundfeeds/rss/',
      OFFICIAL_SOURCES: 'bitcoin=https://bitcoin.org/en/rss/blog.xml,ethereum=https://blog.ethereum.org/',
    });
    expect(config.NEWS_FEEDS).toEqual([
      'https://cointelegraph.com/rss',
      'https://www.coindesk.com/arc/outboundfeeds/rss/',
    ]);
    expect(config.OFFICIAL_SOURCES).toEqual([
      { coinId: 'bitcoin', url: 'https://bitcoin.org/en/rss/blog.xml' },
      { coinId: 'ethereum', url: 'https://blog.ethereum.org/' },
    ]);
    expect(() => loadConfig({ NEWS_FEEDS: 'ftp://example.org/feed' })).toThrow(ConfigError);
    expect(() => loadConfig({ OFFICIAL_SOURCES: 'https://example.org/' })).toThrow(ConfigError);
  });

  it('refuses an automatic market source in production mode: every instance must run the same one', () => {
    const production = { DATABASE_URL: 'postgres://db/coinlens', REDIS_URL: 'redis://cache:6379' };
    for (const source of [undefined, 'auto'])
      expect(() => loadConfig({ ...production, MARKET_SOURCE: source })).toThrow(/MARKET_SOURCE/);
    expect(loadConfig({ ...production, MARKET_SOURCE: 'live' }).MARKET_SOURCE).toBe('live');
    expect(loadConfig({ DATABASE_URL: production.DATABASE_URL }).MARKET_SOURCE).toBe('auto');
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' })).toMatchObject({
      PORT: 8080,
      DATABASE_URL: undefined,
    });
  });

  it('parses lists, flags and numbers', () => {
    const config = loadConfig({
      BLOCKED_REGIONS: 'kp, ir',
      TRUST_PROXY: 'true',
      PORT: '3000',
      COUNTRY_HEADER: 'CF-IPCountry',
    });
    expect(config.BLOCKED_REGIONS).toEqual(['KP', 'IR']);
    expect(config.TRUST_PROXY).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    expect(config.PORT).toBe(3000);
    expect(config.COUNTRY_HEADER).toBe('cf-ipcountry');
  });

  it('reads the object store for uploads, and refuses half a configuration', () => {
    const embedded = loadConfig({});
    expect(embedded.S3_BUCKET).toBeUndefined();
    expect(embedded).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
    expect(
      loadConfig({
        S3_BUCKET: 'coinlens-uploads',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toMatchObject({
      S3_BUCKET: 'coinlens-uploads',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: true,
    });
    expect(() => loadConfig({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'b-1', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET: is required/);
  });

  it('names every bad variable in one clear error', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', APP_SECRET: 'short', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'APP_SECRET', 'LOG_LEVEL']) expect(message).toContain(name);
    }
  });
});
