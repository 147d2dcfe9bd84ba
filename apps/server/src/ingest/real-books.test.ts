import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

import { describe, expect, it } from 'vitest';

import type { BookLevel, MarketDataProvider, OrderBookSnapshot, VenueTicker } from '@coinlens/market-model';
import { judgeVenues, verifiedVolume } from '@coinlens/score';
import { realTapes } from '../../test/support/real-tapes.js';
import { bandDepth } from './book-depth.js';
import { DEFAULT_SAMPLER_OPTIONS, VenueSampler } from './venue-sampler.js';
import { sampleAll } from './testing/sample-all.js';

// Real captures beside the repository (../shared/external/realdata, see each folder's PROVENANCE.md); read in
// place, never copied. Skipped where the folder is absent.
const REALDATA = fileURLToPath(new URL('../../../../../shared/external/realdata/', import.meta.url));
const BTC_STREAM = `${REALDATA}trades/hftbacktest_binance_spot_btcusdt_20240808_raw_stream.jsonl.gz`;
const NKN_DEPTH = `${REALDATA}api_responses/extracted_from_cryptofeed/api.binance.com_api_v3_depth_symbol_NKNUSDT_limit_1000__20211012T002832Z.json`;
const BTC_TICKER = `${REALDATA}api_responses/projecthunter_binance_spot_api_v3_ticker_24hr_BTCUSDT.json`;
const present = [BTC_STREAM, NKN_DEPTH, BTC_TICKER].every((file) => existsSync(file));

interface BinanceDepth {
  bids: [string, string][];
  asks: [string, string][];
}

function book(coinId: string, base: string, depth: BinanceDepth): OrderBookSnapshot {
  const levels = (side: [string, string][]): BookLevel[] =>
    side.map(([price, amount]) => [Number(price), Number(amount)] as const);
  return {
    exchangeId: 'binance',
    coinId,
    base,
    quote: 'USDT',
    bids: levels(depth.bids),
    asks: levels(depth.asks),
    timestamp: 0,
  };
}

/** Binance's REST /api/v3/depth?limit=1000 answer for BTCUSDT at 2024-08-08 23:54, inside hftbacktest's stream. */
function btcBook(): OrderBookSnapshot {
  const line = gunzipSync(readFileSync(BTC_STREAM))
    .toString('utf8')
    .split('\n')
    .find((entry) => entry.includes('"lastUpdateId"'))!;
  return book('bitcoin', 'BTC', JSON.parse(line.slice(line.indexOf(' ') + 1)) as BinanceDepth);
}

/** A Binance serving `served` cut to the levels asked (it holds no more than the capture) and `trades`. */
function binance(served: OrderBookSnapshot, trades = realTapes()[0]!.prints, asked: number[] = []) {
  return {
    capabilities: new Set(['orderBooks', 'trades']),
    getTrades: () =>
      Promise.resolve(trades.map((print) => ({ ...print, exchangeId: 'binance', coinId: served.coinId }))),
    getOrderBook: (_pair: unknown, depth: number) => {
      asked.push(depth);
      return Promise.resolve({
        ...served,
        bids: served.bids.slice(0, depth),
        asks: served.asks.slice(0, depth),
      });
    },
  } as unknown as MarketDataProvider;
}

function ticker(coinId: string, base: string, volumeUsd24h: number, last: number): VenueTicker {
  return {
    exchangeId: 'binance',
    coinId,
    base,
    quote: 'USDT',
    volumeUsd24h,
    last,
    lastUsd: last,
  } as VenueTicker;
}

describe.skipIf(!present)('real Binance books', () => {
  const quoteVolume = present
    ? Number((JSON.parse(readFileSync(BTC_TICKER, 'utf8')) as { quoteVolume: string }).quoteVolume)
    : 0;

  // The captured day's reported BTC/USDT turnover, and Binance's whole reported volume in issue 33's replay.
  it.each([{ reported: quoteVolume }, { reported: 3.74e9 }])(
    'never judges BTC/USDT thin from 1,000 real levels that end 0.33 percent from mid (reported $reported USD)',
    async ({ reported }) => {
      const real = btcBook();
      const sampler = new VenueSampler(binance(real), { ...DEFAULT_SAMPLER_OPTIONS, now: () => 0 });
      const tickers = [ticker('bitcoin', 'BTC', reported, real.bids[0]![0])];
      const samples = await sampleAll(sampler, tickers);
      const reading = (await sampler.depthByVenueCoin(tickers)).get('binance', 'bitcoin')!;
      // Read as deep as the venue served, not crushed by its dust levels: ≈ $14M uncapped within ±0.33 %.
      expect(reading.lowerBound).toBe(true);
      expect(reading.usd).toBeGreaterThan(10e6);
      expect(samples[0]!.depthUsd2pct).toBeNull();

      const { venues } = await judgeVenues(samples);
      expect(venues[0]!.flags).not.toContain('thin_book_for_volume');
      expect(venues[0]!.integrity).toBeGreaterThan(0.5);
      const volume = verifiedVolume([
        {
          exchangeId: 'binance',
          reportedVolumeUsd24h: reported,
          depthUsd2pct: reading.usd,
          depthLowerBound: reading.lowerBound,
          integrity: venues[0]!.integrity,
          priceExcluded: false,
          evidenced: true,
        },
      ]);
      expect(volume.venues[0]!.limitedBy).not.toBe('depth');
      expect(volume.verified).toBeCloseTo(reported * venues[0]!.integrity, 0);
    },
  );

  it('reads a real book ten times deeper until it covers ±2 %, and counts that depth', async () => {
    const real = book('nkn', 'NKN', JSON.parse(readFileSync(NKN_DEPTH, 'utf8')) as BinanceDepth);
    const asked: number[] = [];
    const sampler = new VenueSampler(binance(real, [], asked), {
      ...DEFAULT_SAMPLER_OPTIONS,
      bookLevels: 20,
      now: () => 0,
    });
    const tickers = [ticker('nkn', 'NKN', 5e6, real.bids[0]![0])];
    const [sample] = await sampleAll(sampler, tickers);
    // 20 levels end 0.6 % from mid; 200 reach 9 %.
    expect(asked).toEqual([20, 200]);
    const whole = bandDepth(real, 1)!;
    expect(whole.complete).toBe(true);
    expect(sample!.depthUsd2pct).toBeCloseTo(whole.usd, 6);
    expect((await sampler.depthByVenueCoin(tickers)).get('binance', 'nkn')).toMatchObject({
      lowerBound: false,
    });
  });
});
